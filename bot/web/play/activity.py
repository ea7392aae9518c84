"""The Discord Activity (docs/web.md, "The Discord Activity"): the board component inside a
Discord channel. Discord opens `/activity` in a frame at APPLICATION_ID.discordsays.com,
whose requests reach this server through Discord's proxy path (`/.proxy/`). The page asks
the Discord client for an OAuth2 code (the Embedded App SDK's AUTHORIZE), and this server
exchanges it with the application's secret at Discord (`/oauth2/token`), asks Discord whom
its access token names (`/users/@me`) and opens a session for that Discord user; the page
then sends the SDK's AUTHENTICATE and plays through the board's API with its session as a
bearer token (no cookie: a frame inside Discord is another site's). The Activity shows the
person's game in the channel it was opened in, or, to someone Discord says is in that
channel's Activity, the game the channel shows."""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import quote

import aiohttp
from aiohttp import web

from bot.i18n import text, translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from bot.settings import WebSettings
from bot.web.guards import SIGN_INS_PER_WINDOW, TOO_MANY, RateLimit, client_address
from bot.web.language import reader_language
from bot.web.links import start_parameter
from bot.web.play.board_api import Answer, BoardApi, Reader, json_body
from bot.web.play.board_page import board_page
from bot.web.play.sessions import CROSS_SITE, origin_of
from storage import ChatRef

logger = logging.getLogger(__name__)

NOT_SET_UP = text("The Discord Activity is not set up on this bot.")
NOT_CONFIRMED = text("Discord did not confirm who you are. Close the Activity and open it again.")
UNREACHABLE = text("Discord cannot be reached just now; try again in a moment.")
SIGNED_OUT = text("Your session ended. Close the Activity and open it again.")
# Discord's answers longer than this are no answer of Discord's.
WAIT = aiohttp.ClientTimeout(total=10)


class Activity:
    def __init__(self, service: GameService, settings: WebSettings) -> None:
        self.service = service
        self.settings = settings
        self.api = BoardApi(service, settings, "/activity/api", self._reader)
        self.sign_ins = RateLimit(service.kernel.clock, SIGN_INS_PER_WINDOW)
        client = settings.discord_client
        # Inside Discord the page's origin is the application's own at discordsays.com.
        self.origins = {origin_of(settings.url)}
        if client is not None:
            self.origins.add(f"https://{client.client_id}.discordsays.com")

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/activity", self.page),
            web.post("/activity/token", self.token),
            *self.api.routes(),
        ]

    def opened_by_discord(self, request: web.Request) -> bool:
        """Whether Discord opens the Activity with this request: the root of the URL
        mapping with the launch's parameters (a frame and an instance)."""
        query = request.query
        return self.settings.discord_client is not None and "frame_id" in query

    async def page(self, request: web.Request) -> web.Response:
        client = self.settings.discord_client
        language = reader_language(request)
        if client is None:
            raise web.HTTPNotFound
        return board_page(language, "activity", {"client": client.client_id})

    async def token(self, request: web.Request) -> web.Response:
        """The SDK's OAuth2 code exchanged for a session of the Discord user it names, and
        the game he plays in the Activity's channel."""
        language = reader_language(request)
        try:
            if self.settings.discord_client is None:
                raise Answer(503, NOT_SET_UP)
            self._same_site(request)
            if not self.sign_ins.allows(client_address(request)):
                raise Answer(429, TOO_MANY)
            body = await json_body(request)
            code, channel = body.get("code"), body.get("channel")
            if not (isinstance(code, str) and isinstance(channel, str) and 0 < len(code) < 200):
                raise Answer(400, NOT_CONFIRMED)
            access, user = await self._discord_user(code)
            name = str(user.get("global_name") or user.get("username") or user["id"])
            locale = user.get("locale")
            actor = Actor(
                "discord", str(user["id"]), name, locale if isinstance(locale, str) else None
            )
            session = await self.service.web_sessions.session_for(actor)
            instance = body.get("instance")
            seen = await self._instance_channel(str(instance or ""), actor.user_id)
            game = await self._channel_game(actor, seen or channel, watching=seen is not None)
        except Answer as answer:
            refused = {"refused": translate(language, answer.reason)}
            return web.json_response(refused, status=answer.status)
        start = start_parameter(self.settings, game) if game is not None else ""
        return web.json_response({"session": session.token, "access_token": access, "start": start})

    async def _discord_user(self, code: str) -> tuple[str, dict[str, Any]]:
        """Discord's access token for the code, and the user it names."""
        client = self.settings.discord_client
        if client is None:
            raise Answer(503, NOT_SET_UP)
        api = self.settings.discord_api
        form = {
            "client_id": client.client_id,
            "client_secret": client.secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        try:
            async with aiohttp.ClientSession(timeout=WAIT) as http:
                async with http.post(f"{api}/oauth2/token", data=form) as response:
                    granted = await response.json(content_type=None)
                    if response.status != 200 or "access_token" not in granted:
                        logger.info("Discord refused an Activity's code: %s", granted)
                        raise Answer(401, NOT_CONFIRMED)
                access = str(granted["access_token"])
                bearer = {"Authorization": f"Bearer {access}"}
                async with http.get(f"{api}/users/@me", headers=bearer) as response:
                    user = await response.json(content_type=None)
                    if response.status != 200 or "id" not in user:
                        raise Answer(401, NOT_CONFIRMED)
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            logger.warning("Discord's OAuth2 could not be reached: %s", error)
            raise Answer(502, UNREACHABLE) from error
        return access, user

    async def _channel_game(self, actor: Actor, channel: str, watching: bool) -> int | None:
        """The person's game in progress that lives in the Activity's channel; else, when
        Discord said he is in that channel's Activity (`watching`), the game the channel
        shows, to watch."""
        here = ChatRef("discord", channel)
        for game_id, _ in await self.service.records.games_in_progress(actor):
            state = await self.service.kernel.current(game_id)
            if state.record.chat == here:
                return game_id
        if watching:
            for row in await self.service.records.games_seen_in(here):
                if row.game_id is not None:
                    return row.game_id
        return None

    async def _instance_channel(self, instance: str, user_id: str) -> str | None:
        """The channel of the Activity's instance, as Discord tells the bot (the page's own
        word for it is anyone's to forge), if `user_id` is in it; None where Discord does not
        say so or the bot has no token to ask with."""
        client = self.settings.discord_client
        if client is None or client.bot_token is None or not instance.isascii():
            return None
        address = (
            f"{self.settings.discord_api}/applications/{client.client_id}"
            f"/activity-instances/{quote(instance, safe='')}"
        )
        bot = {"Authorization": f"Bot {client.bot_token}"}
        try:
            async with (
                aiohttp.ClientSession(timeout=WAIT) as http,
                http.get(address, headers=bot) as response,
            ):
                found = await response.json(content_type=None)
                if response.status != 200:
                    return None
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            logger.warning("Discord did not say where an Activity runs: %s", error)
            return None
        location = found.get("location") or {}
        channel = location.get("channel_id")
        if user_id not in found.get("users", ()) or not isinstance(channel, str):
            return None
        return channel

    def _same_site(self, request: web.Request) -> None:
        if request.headers.get("Origin") not in self.origins:
            raise Answer(403, CROSS_SITE)

    async def _reader(self, request: web.Request, _body: dict[str, Any]) -> Reader:
        """The Activity's reader: its session, sent as a bearer token."""
        self._same_site(request)
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        actor = await self.service.web_sessions.reader(token) if scheme == "Bearer" else None
        if actor is None:
            raise Answer(401, SIGNED_OUT)
        return Reader(actor)
