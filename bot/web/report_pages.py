"""A tournament's page (its standings, picture and games, each game the reader may see
linked) and a player's (ratings and recent games, as /profile shows them): the service's own
answers as pages. Only ids the service gives as ids become links; words are never read for
numbers."""

from __future__ import annotations

import base64
from html import escape

from aiohttp import web

from bot.i18n import text, translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, FileReady, Reply, ServiceError
from bot.settings import WebSettings
from bot.web.access import NOWHERE, Refused, known_number, named_chat, onlooker, tournament_chat
from bot.web.language import reader_language
from bot.web.lists import game_list
from bot.web.live import Onlookers
from bot.web.pages import page, said
from bot.web.signing import player_subject, signed, tournament_subject

# The tournament's page follows its event stream: the standings and games in place.
LIVE_SCRIPT = """
const s=new EventSource(location.pathname+'/events'+location.search);
s.onmessage=e=>{document.getElementById('live').innerHTML=JSON.parse(e.data).html;
document.body.dataset.shown=(+document.body.dataset.shown||0)+1;};
"""


class ReportPages:
    def __init__(self, service: GameService, settings: WebSettings, onlookers: Onlookers) -> None:
        self.service = service
        self.settings = settings
        self.onlookers = onlookers

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/tournament/{tournament}", self.tournament),
            web.get("/tournament/{tournament}/events", self.tournament_events),
            web.get("/player/{platform}/{user}", self.player),
        ]

    @staticmethod
    def _shown(language: str, events: list[Event]) -> str:
        """Replies as text, pictures as images: nothing in them is a link."""
        parts = []
        for event in events:
            if isinstance(event, Reply):
                parts.append(said(language, event.text))
            elif isinstance(event, FileReady) and event.name.endswith(".png"):
                picture = base64.b64encode(event.content).decode()
                parts.append(f'<img alt="" src="data:image/png;base64,{picture}">')
        return "".join(parts)

    async def tournament(self, request: web.Request) -> web.Response:
        language = reader_language(request)
        number = known_number(request.match_info["tournament"])
        body = await self._tournament(request, language, number)
        return page(
            language,
            text("Tournament #{id}", id=number),
            f'<div id="live">{body}</div>',
            LIVE_SCRIPT,
        )

    async def tournament_events(self, request: web.Request) -> web.StreamResponse:
        """The tournament's page as server-sent events: now, then after each change (a game
        ended, a round paired, the end)."""
        language = reader_language(request)
        number = known_number(request.match_info["tournament"])
        await self._tournament(request, language, number)  # refused before the stream opens

        async def view(_: Event | None) -> dict[str, object]:
            return {"html": await self._tournament(request, language, number)}

        return await self.onlookers.stream(request, tournament_subject(number), view, lambda: True)

    async def _tournament(self, request: web.Request, language: str, number: int) -> str:
        """The standings, the picture and the games, as the reader may see them."""
        chat = tournament_chat(self.settings, request)
        reader = onlooker(language)
        try:
            standings = await self.service.reports.show(reader, chat, number)
            rows = await self.service.reports.game_rows(reader, chat, number)
        except ServiceError as error:
            raise Refused(error.reason) from error
        return (
            self._shown(language, standings)
            + f"<h2>{escape(translate(language, text('Games')))}</h2>"
            + game_list(
                self.settings,
                language,
                rows,
                text("No games yet in tournament #{id}.", id=number),
                "games",
            )
        )

    async def player(self, request: web.Request) -> web.Response:
        """The player's profile; his current games linked where the chat his link was given
        in may see them (a link given in no chat: only what every chat sees)."""
        language = reader_language(request)
        platform, user = request.match_info["platform"], request.match_info["user"]
        chat = named_chat(request)
        subject = player_subject(platform, user, chat)
        if not signed(self.settings.secret, subject, request.query.get("t")):
            raise Refused(text("There is no such page."))
        someone = Actor(platform, user, user)
        try:
            shown = await self.service.ratings.profile_page(
                onlooker(language), someone, chat or NOWHERE
            )
        except ServiceError as error:
            raise Refused(error.reason) from error
        body = (
            self._shown(language, [*shown.lines, shown.chart])
            + f"<h2>{escape(translate(language, text('Games')))}</h2>"
            + game_list(self.settings, language, shown.games, text("No game in progress."), "games")
        )
        return page(language, text("Player"), body)
