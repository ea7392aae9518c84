"""A fake Discord for end-to-end tests: the gateway websocket and the REST API on 127.0.0.1.

The real discord.py client connects to it (through DISCORD_API_URL / DISCORD_GATEWAY_URL):
the gateway says HELLO, takes IDENTIFY, sends READY, acks heartbeats and delivers the
INTERACTION_CREATE events a test injects; the REST side answers what the front end calls
(application commands, interaction callbacks, webhooks, channel messages) and records every
call. Like Discord, it refuses what breaks the limits (component counts and lengths, content,
embeds, every documented rule of application commands: tests/fakes/discord_rules.py) and an
interaction answered after 3 seconds; those refusals are kept in `violations` so that a test
can assert there were none. Tests can make the next matching call fail with a 429
(retry_after, as Discord sends it), a 404 Unknown Message or a 403.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

from aiohttp import BodyPartReader, WSMsgType, web

from tests.fakes import discord_rules
from tests.fakes.discord_oauth import FakeOAuth
from tests.waiting import eventually

# The bot token the fake accepts; login with another gets 401 Unauthorized, as on Discord.
TOKEN = "RmFrZURpc2NvcmRCb3RJZA.GfAkEs.fake-token-of-the-test-gateway-0000"
APPLICATION_ID = 900000000000000001
BOT_USER = {
    "id": "900000000000000002",
    "username": "damas-bot",
    "global_name": "Damas",
    "discriminator": "0",
    "avatar": None,
    "bot": True,
}
GUILD_ID = "800000000000000001"
INTERACTION_DEADLINE = 3.0
# "Interaction tokens are valid for 15 minutes": follow-ups and edits of the answer after that
# are refused (Discord: 401, 50027 Invalid Webhook Token).
INTERACTION_TOKEN_LIFETIME = 15 * 60.0
INVALID_WEBHOOK_TOKEN = 50027
EPHEMERAL = 64
# What a member may upload (no Nitro, a server without boosts): Discord refuses more with 413,
# 40005 "Request entity too large"; interactions tell the bot as `attachment_size_limit`.
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
REQUEST_ENTITY_TOO_LARGE = 40005
ATTACHMENT_OPTION = 11

ACTIVITY_INSTANCE = re.compile(r"/applications/\d+/activity-instances/[^/]+")
# An application command of type 4 (PRIMARY_ENTRY_POINT): the Activity's launcher.
ENTRY_POINT = 4
# Discord's own error codes, as its JSON error bodies carry them.
ENTRY_POINT_REMOVED = 50240
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_INTERACTION = 10062
MISSING_PERMISSIONS = 50013
INVALID_FORM_BODY = 50035
ALREADY_ACKNOWLEDGED = 40060
CANNOT_SEND_TO_USER = 50007


@dataclass
class Call:
    """One REST request the client made, with its JSON payload and attached files."""

    method: str
    path: str
    payload: dict[str, Any] | list[Any] | None
    files: dict[str, bytes]
    status: int = 200


@dataclass
class Failure:
    """A failure to give, once, to the next call whose method and path match."""

    method: str
    path: re.Pattern[str]
    status: int
    body: dict[str, Any]
    headers: dict[str, str]


@dataclass
class FakeInteraction:
    """An interaction the test sent, and how the client answered it."""

    id: int
    token: str
    payload: dict[str, Any]
    created: float
    response: dict[str, Any] | None = None
    original: dict[str, Any] | None = None
    edits: int = 0
    followups: list[dict[str, Any]] = field(default_factory=list)
    settled: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def response_type(self) -> int | None:
        return self.response["type"] if self.response else None

    @property
    def ephemeral_text(self) -> str:
        """What the person who acted read: the edited deferred answer (or the message)."""
        return self.original["content"] if self.original else ""


def _user(user_id: str, name: str) -> dict[str, Any]:
    return {
        "id": user_id,
        "username": name.lower(),
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
    }


# Permission bits as Discord sends them (a decimal string): an ordinary member's (view
# channels, send messages, embed links, attach files, read history, use application commands)
# and everything.
MEMBER_PERMISSIONS = str(1 << 10 | 1 << 11 | 1 << 14 | 1 << 15 | 1 << 16 | 1 << 31)
ALL_PERMISSIONS = "2251799813685247"


def member(user_id: str, name: str, permissions: str = ALL_PERMISSIONS) -> dict[str, Any]:
    """A guild member as interactions carry it, with their permissions in the channel."""
    return {
        "user": _user(user_id, name),
        "roles": [],
        "joined_at": "2026-01-01T00:00:00+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
        "nick": None,
        "permissions": permissions,
    }


def _check_components(rows: list[dict[str, Any]], problems: list[str]) -> None:
    if len(rows) > 5:
        problems.append(f"{len(rows)} action rows (at most 5)")
    for row in rows:
        children = row.get("components", [])
        if row.get("type") != 1:
            problems.append("a top-level component that is not an action row")
        selects = [child for child in children if child.get("type") in (3, 5, 6, 7, 8)]
        if selects and len(children) > 1:
            problems.append("a select menu shares its action row")
        if len(children) > 5:
            problems.append(f"{len(children)} components in one row (at most 5)")
        for child in children:
            _check_component(child, problems)


def _modal_problems(data: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    if len(data.get("title", "")) > 45:
        problems.append("modal title longer than 45")
    if len(data.get("custom_id", "")) > 100:
        problems.append("modal custom_id longer than 100")
    _check_components(data.get("components", []), problems)
    return problems


def _check_component(child: dict[str, Any], problems: list[str]) -> None:
    """One button, select menu or text input of an action row."""
    custom_id = child.get("custom_id")
    if custom_id is not None and not 1 <= len(custom_id) <= 100:
        problems.append(f"custom_id {custom_id!r} longer than 100")
    if child.get("type") == 2:
        _check_button(child, problems)
    if child.get("type") == 3:
        options = child.get("options", [])
        if not 1 <= len(options) <= 25:
            problems.append(f"{len(options)} select options (1 to 25)")
        for option in options:
            if len(option["label"]) > 100 or len(option["value"]) > 100:
                problems.append(f"select option {option!r} too long")
        if len(child.get("placeholder") or "") > 150:
            problems.append("select placeholder longer than 150")
    if child.get("type") == 4 and len(child.get("label") or "") > 45:
        problems.append("text input label longer than 45")


# "Button Styles": a link button (style 5) opens its url and sends no interaction; a premium
# one (6) names a SKU; the others send their custom_id.
LINK_STYLE, PREMIUM_STYLE = 5, 6
URL_LIMIT = 512
# Discord refuses any other scheme in a link button ("Scheme must be one of ...").
LINK_SCHEMES = ("http", "https", "discord")


def _check_button(button: dict[str, Any], problems: list[str]) -> None:
    """ "Button Object": a label of at most 80 characters; a link button has a url (at most
    512, http, https or discord) and no custom_id, a non-link non-premium button a
    custom_id and no url."""
    if len(button.get("label") or "") > 80:
        problems.append(f"button label {button['label']!r} longer than 80")
    style = button.get("style")
    if style == LINK_STYLE:
        url = button.get("url")
        if not url:
            problems.append("a link button without a url")
        elif len(url) > URL_LIMIT:
            problems.append(f"a link button url longer than {URL_LIMIT}")
        elif urlparse(url).scheme not in LINK_SCHEMES:
            problems.append(f"Scheme {urlparse(url).scheme!r} is not supported")
        if "custom_id" in button:
            problems.append("a link button with a custom_id")
    elif style != PREMIUM_STYLE:
        if "url" in button:
            problems.append(f"a url on a button of style {style}")
        if not button.get("custom_id"):
            problems.append(f"a button of style {style} without a custom_id")


def message_problems(payload: dict[str, Any]) -> list[str]:
    """What Discord would refuse in a message payload: its content and embeds
    (discord_rules.message_limit_problems, "content: Must be 2000 or fewer in length.
    (BASE_TYPE_MAX_LENGTH)"), its components."""
    problems = [str(problem) for problem in discord_rules.message_limit_problems(payload)]
    _check_components(payload.get("components") or [], problems)
    return problems


class FakeDiscord:
    """The fake gateway and REST API. `await start()`, point the client at `api_url` and
    `gateway_url`, then inject interactions and read what the client did."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.violations: list[str] = []
        self.commands: list[dict[str, Any]] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.files: dict[int, dict[str, bytes]] = {}
        # Files people uploaded, by their CDN path, and the paths the bot fetched.
        self.uploads: dict[str, bytes] = {}
        self.fetched: list[str] = []
        self.interactions: dict[str, FakeInteraction] = {}
        # The Activity's OAuth2: codes, access tokens (tests/fakes/discord_oauth.py).
        self.oauth = FakeOAuth()
        # The application's Entry Point command, once Activities are enabled.
        self.entry_point: dict[str, Any] | None = None
        # The Activity's instances by their ids (GET .../activity-instances/ID).
        self.activity_instances: dict[str, dict[str, Any]] = {}
        self.denied_channels: set[str] = set()
        # The channels where the bot triggered its typing indicator, in order.
        self.typing: list[str] = []
        self.threads: dict[str, dict[str, Any]] = {}
        # Direct message channels (channel id -> user id); people who take no direct messages.
        self.dms: dict[str, str] = {}
        self.closed_dms: set[str] = set()
        # Discord's 3 seconds; a test may shorten it to prove that slow work is acked first.
        self.deadline = INTERACTION_DEADLINE
        self.token_lifetime = INTERACTION_TOKEN_LIFETIME
        self._failures: list[Failure] = []
        self._ids = itertools.count(1_000_000_000_000_000_000)
        self._sequence = itertools.count(1)
        self._sockets: list[web.WebSocketResponse] = []
        # Sharded clients: each socket's [shard id, shard count], as its IDENTIFY gave them.
        self._shards: dict[web.WebSocketResponse, list[int]] = {}
        # Channels of other guilds than GUILD_ID (channel id -> guild id).
        self.channel_guilds: dict[str, str] = {}
        self.identified = asyncio.Event()
        self.identifications = 0
        self.resumed = asyncio.Event()
        self.resumptions = 0
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- running ---------------------------------------------------------------------------------

    async def start(self, port: int = 0) -> None:
        """Serve on `port` of 127.0.0.1 (0: a free one)."""
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_get("/attachments/{tail:.*}", self._cdn)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        server = site._server
        assert isinstance(server, asyncio.Server)
        assert server.sockets
        self.port = server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        for socket in self._sockets:
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def _snowflake(self) -> int:
        return next(self._ids)

    # -- the gateway -----------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self._sockets.append(socket)
        await socket.send_json({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            frame = json.loads(message.data)
            if frame["op"] == 1:
                await socket.send_json({"op": 11, "d": None, "s": None, "t": None})
            elif frame["op"] == 2:
                self.identifications += 1
                shard = frame["d"].get("shard") or [0, 1]
                if frame["d"].get("shard"):
                    self._shards[socket] = shard
                await socket.send_json(
                    {
                        "op": 0,
                        "t": "READY",
                        "s": next(self._sequence),
                        "d": {
                            "v": 10,
                            "user": BOT_USER,
                            "guilds": [],
                            "session_id": f"session-{self.identifications}",
                            "resume_gateway_url": self.gateway_url,
                            "application": {"id": str(APPLICATION_ID), "flags": 0},
                            "shard": shard,
                        },
                    }
                )
                self.identified.set()
            elif frame["op"] == 6:
                self.resumptions += 1
                resumed = {"op": 0, "t": "RESUMED", "s": next(self._sequence), "d": {}}
                await socket.send_json(resumed)
                self.resumed.set()
        self._sockets.remove(socket)
        self._shards.pop(socket, None)
        return socket

    async def drop_connection(self) -> None:
        """Close the gateway connection as Discord does now and then (4000: reconnect)."""
        self.resumed.clear()
        for socket in list(self._sockets):
            await socket.close(code=4000, message=b"unknown error")

    async def _dispatch(self, event: str, data: dict[str, Any]) -> None:
        if not self._sockets:
            raise AssertionError("no client is connected to the fake gateway")
        await self._socket_for(data).send_json(
            {"op": 0, "t": event, "s": next(self._sequence), "d": data}
        )

    def _socket_for(self, data: dict[str, Any]) -> web.WebSocketResponse:
        """Discord's rule: a guild's events go to shard (guild id >> 22) % shard count."""
        if not self._shards:
            return self._sockets[-1]
        for socket, (shard, count) in self._shards.items():
            if (int(data.get("guild_id") or 0) >> 22) % count == shard:
                return socket
        raise AssertionError(f"no client runs the shard of guild {data.get('guild_id')}")

    def guild_of(self, channel_id: str) -> str:
        return self.channel_guilds.get(channel_id, GUILD_ID)

    # -- injecting interactions ------------------------------------------------------------------

    def _channel(self, channel_id: str) -> dict[str, Any]:
        if channel_id in self.threads:
            return self.threads[channel_id]
        return {
            "id": channel_id,
            "type": 0,
            "guild_id": self.guild_of(channel_id),
            "name": f"channel-{channel_id}",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
        }

    async def _interact(
        self,
        kind: int,
        data: dict[str, Any],
        who: dict[str, Any],
        channel_id: str,
        locale: str,
        message: dict[str, Any] | None = None,
        guild_locale: str = "en-US",
    ) -> FakeInteraction:
        interaction_id = self._snowflake()
        token = f"token-{interaction_id}"
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(APPLICATION_ID),
            "type": kind,
            "data": data,
            "guild_id": self.guild_of(channel_id),
            "channel_id": channel_id,
            "channel": self._channel(channel_id),
            "member": who,
            "token": token,
            "version": 1,
            "locale": locale,
            "guild_locale": guild_locale,
            "app_permissions": "2251799813685247",
            "entitlements": [],
            "authorizing_integration_owners": {"0": self.guild_of(channel_id)},
            "context": 0,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if message is not None:
            payload["message"] = message
        interaction = FakeInteraction(interaction_id, token, payload, time.monotonic())
        self.interactions[token] = interaction
        await self._dispatch("INTERACTION_CREATE", payload)
        return interaction

    async def slash(
        self,
        who: dict[str, Any],
        channel_id: str,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str = "en-US",
        users: dict[str, dict[str, Any]] | None = None,
        guild_locale: str = "en-US",
        subcommand: str | None = None,
    ) -> FakeInteraction:
        """Run a slash command (`subcommand`: one of its subcommands); user options take
        members given in `users` by id; `guild_locale` is the server's preferred locale."""
        command = next((item for item in self.commands if item["name"] == name), None)
        if command is None:
            raise AssertionError(f"/{name} was not registered; registered: {self.command_names}")
        declared = command.get("options", [])
        if subcommand is not None:
            [sub] = [o for o in declared if o["name"] == subcommand and o["type"] == 1]
            declared = sub.get("options", [])
        types = {option["name"]: option["type"] for option in declared}
        # An attachment option holds the attachment's id; the attachment comes resolved.
        attachments = {
            value["id"]: value
            for key, value in (options or {}).items()
            if types[key] == ATTACHMENT_OPTION
        }
        given = [
            {
                "name": key,
                "type": types[key],
                "value": value["id"] if types[key] == ATTACHMENT_OPTION else value,
            }
            for key, value in (options or {}).items()
        ]
        if subcommand is not None:
            given = [{"name": subcommand, "type": 1, "options": given}]
        data: dict[str, Any] = {
            "id": command["id"],
            "name": name,
            "type": 1,
            "guild_id": self.guild_of(channel_id),
            "options": given,
        }
        resolved: dict[str, Any] = {}
        if users:
            resolved["users"] = {key: value["user"] for key, value in users.items()}
            resolved["members"] = {
                key: {k: v for k, v in value.items() if k != "user"} for key, value in users.items()
            }
        if attachments:
            resolved["attachments"] = attachments
        if resolved:
            data["resolved"] = resolved
        return await self._interact(2, data, who, channel_id, locale, guild_locale=guild_locale)

    async def autocomplete(
        self, who: dict[str, Any], channel_id: str, name: str, option: str, typed: str
    ) -> FakeInteraction:
        command = next(item for item in self.commands if item["name"] == name)
        data = {
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": [{"name": option, "type": 3, "value": typed, "focused": True}],
        }
        return await self._interact(4, data, who, channel_id, "en-US")

    async def click(
        self,
        who: dict[str, Any],
        message: dict[str, Any],
        custom_id: str,
        values: list[str] | None = None,
        *,
        locale: str = "en-US",
        offered: bool = True,
        guild_locale: str = "en-US",
    ) -> FakeInteraction:
        """Press a button (or choose `values` in a select menu) of a message; `offered=False`
        sends values the menu does not offer (a garbled or forged interaction)."""
        component = find_component(message, custom_id)
        if component is None:
            raise AssertionError(f"the message has no component {custom_id!r}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            allowed = {option["value"] for option in component.get("options", [])}
            assert set(values) <= allowed or not offered, f"{values} are not options of {custom_id}"
            data["values"] = values
        return await self._interact(
            3, data, who, message["channel_id"], locale, message, guild_locale
        )

    async def click_stray(
        self, who: dict[str, Any], message: dict[str, Any], custom_id: str
    ) -> FakeInteraction:
        """Press a button whose custom id the message does not (or no longer) show: one of
        an older version of the bot, or a garbled one."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(3, data, who, message["channel_id"], "en-US", message)

    def unanswered(self) -> list[FakeInteraction]:
        """Interactions the client never even tried to answer: "This interaction failed"."""
        answered = {call.path.split("/")[3] for call in self.calls if "/interactions/" in call.path}
        return [item for item in self.interactions.values() if item.token not in answered]

    async def submit(
        self, who: dict[str, Any], channel_id: str, custom_id: str, fields: dict[str, str]
    ) -> FakeInteraction:
        """Submit a modal with the values of its text inputs."""
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in fields.items()
        ]
        return await self._interact(
            5, {"custom_id": custom_id, "components": rows}, who, channel_id, "en-US"
        )

    # -- reading what the client did -------------------------------------------------------------

    @property
    def command_names(self) -> list[str]:
        return [command["name"] for command in self.commands]

    def channel_messages(self, channel_id: str) -> list[dict[str, Any]]:
        """The public messages of a channel still there, oldest first."""
        return [
            message
            for message in self.messages.values()
            if message["channel_id"] == channel_id
            and not message["flags"] & EPHEMERAL
            and not message.get("deleted")
        ]

    def delete_message(self, message_id: str) -> None:
        """Someone deleted a message: editing it now gives 404 Unknown Message."""
        self.messages[int(message_id)]["deleted"] = True

    def fail_next(
        self,
        method: str,
        path: str,
        status: int,
        *,
        retry_after: float = 0.0,
        code: int = 0,
    ) -> None:
        """The next call matching `method` and the regex `path` fails with `status`."""
        if status == 429:
            body: dict[str, Any] = {
                "message": "You are being rate limited.",
                "retry_after": retry_after,
                "global": False,
            }
            headers = {
                "Retry-After": str(retry_after),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": str(retry_after),
                "X-RateLimit-Bucket": "fake-bucket",
                "X-RateLimit-Scope": "user",
                "Via": "1.1 google",
            }
        else:
            body, headers = {"message": "Failure", "code": code}, {}
        self._failures.append(Failure(method, re.compile(path), status, body, headers))

    def calls_to(self, method: str, path: str) -> list[Call]:
        pattern = re.compile(path)
        return [call for call in self.calls if call.method == method and pattern.search(call.path)]

    async def wait_for(
        self, condition: Callable[[], object], timeout: float = 5.0, what: str = "a condition"
    ) -> None:
        await eventually(condition, what, timeout)

    async def settled(self, interaction: FakeInteraction, timeout: float = 5.0) -> FakeInteraction:
        """Wait until the client gave the interaction its final answer."""
        try:
            await asyncio.wait_for(interaction.settled.wait(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"interaction {interaction.payload['type']} {interaction.payload['data']} "
                f"got no final answer (response: {interaction.response})"
            ) from None
        return interaction

    # -- REST ------------------------------------------------------------------------------------

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        """An uploaded file at its attachment's url; a url no longer served (the file deleted,
        the link expired) answers as Discord's CDN does."""
        self.fetched.append(request.path)
        content = self.uploads.get(request.path)
        if content is None:
            return web.Response(status=404, text="This content is no longer available.")
        return web.Response(body=content, content_type="application/octet-stream")

    def upload(self, channel_id: str, name: str, content: bytes) -> dict[str, Any]:
        """A file a person attaches (to a slash command's attachment option): the attachment
        object, its url served by the fake's CDN. Discord takes no upload over the limit."""
        if len(content) > ATTACHMENT_SIZE_LIMIT:
            raise _Refusal(413, REQUEST_ENTITY_TOO_LARGE, "Request entity too large")
        attachment_id = str(self._snowflake())
        path = f"/attachments/{channel_id}/{attachment_id}/{name}"
        self.uploads[path] = content
        url = f"http://127.0.0.1:{self.port}{path}"
        return {
            "id": attachment_id,
            "filename": name,
            "size": len(content),
            "url": url,
            "proxy_url": url,
            "content_type": "application/octet-stream",
        }

    def expire(self, attachment: dict[str, Any]) -> None:
        """An attachment's url stops being served."""
        self.uploads.pop(urlparse(attachment["url"]).path)

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        if (request.method, path) == ("POST", "/oauth2/token"):
            return await self.oauth.token(request)
        if request.method == "GET" and ACTIVITY_INSTANCE.fullmatch(path):
            return self._activity_instance(request, path)
        person = self.oauth.user(request.headers.get("Authorization", ""))
        if (request.method, path) == ("GET", "/users/@me") and person is not None:
            return _json(person, 200)
        payload, files = await _read_body(request)
        call = Call(request.method, path, payload, files)
        self.calls.append(call)
        if (request.method, path) == ("GET", "/users/@me") and (
            request.headers.get("Authorization") != f"Bot {TOKEN}"
        ):
            call.status = 401
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        for failure in self._failures:
            if failure.method == request.method and failure.path.search(path):
                self._failures.remove(failure)
                call.status = failure.status
                return _json(failure.body, failure.status, failure.headers)
        try:
            status, body = self._answer(request.method, path, payload, files, request.query)
        except _Refusal as refusal:
            call.status = refusal.status
            return _json(refusal.body, refusal.status)
        call.status = status
        if body is None:
            return web.Response(status=204)
        return _json(body, status)

    def _answer(
        self,
        method: str,
        path: str,
        payload: Any,
        files: dict[str, bytes],
        query: Any,
    ) -> tuple[int, Any]:
        parts = path.strip("/").split("/")
        if (method, path) == ("GET", "/users/@me"):
            return 200, BOT_USER
        if (method, path) == ("GET", "/oauth2/applications/@me"):
            return 200, {
                "id": str(APPLICATION_ID),
                "name": "damas-bot",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": _user("700000000000000001", "Owner"),
                "verify_key": "0" * 64,
                "flags": 0,
            }
        if (method, path) == ("GET", "/gateway/bot"):
            return 200, {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        if method == "GET" and parts[0] == "applications" and parts[-1] == "commands":
            return 200, self.commands
        if method == "PUT" and parts[0] == "applications" and parts[-1] == "commands":
            return 200, self._overwrite_commands(payload)
        if parts[0] == "interactions" and parts[-1] == "callback":
            return self._callback(parts[2], payload, files, query)
        if parts[0] == "webhooks":
            return self._webhook(method, parts, payload, files)
        if (method, path) == ("POST", "/users/@me/channels"):
            return 200, self._open_dm(str(payload["recipient_id"]))
        if method == "POST" and parts[0] == "channels" and parts[2:] == ["threads"]:
            return self._open_thread(parts[1], payload)
        if parts[0] == "channels" and parts[2:3] == ["messages"]:
            return self._channel_message(method, parts, payload, files)
        if (method, parts[0], parts[2:]) == ("POST", "channels", ["typing"]):
            return self._typing(parts[1])
        raise _Refusal(404, 0, f"the fake does not know {method} {path}")

    def _typing(self, channel_id: str) -> tuple[int, Any]:
        """Trigger Typing Indicator: 204 No Content; the bot needs Send Messages there."""
        if not channel_id.isdecimal():
            raise _Refusal(404, UNKNOWN_CHANNEL, "Unknown Channel")
        if channel_id in self.denied_channels:
            raise _Refusal(403, MISSING_PERMISSIONS, "Missing Permissions")
        self.typing.append(channel_id)
        return 204, None

    def _open_dm(self, user_id: str) -> dict[str, Any]:
        channel_id = next((dm for dm, user in self.dms.items() if user == user_id), None)
        if channel_id is None:
            channel_id = str(self._snowflake())
            self.dms[channel_id] = user_id
        return {
            "id": channel_id,
            "type": 1,
            "recipients": [_user(user_id, f"user-{user_id}")],
            "last_message_id": None,
        }

    def direct_messages(self, user_id: str) -> list[dict[str, Any]]:
        """The messages the bot sent to a person privately."""
        return [
            message
            for channel_id, user in self.dms.items()
            if user == user_id
            for message in self.channel_messages(channel_id)
        ]

    def _open_thread(self, parent_id: str, payload: dict[str, Any]) -> tuple[int, Any]:
        if parent_id in self.denied_channels:
            raise _Refusal(403, MISSING_PERMISSIONS, "Missing Permissions")
        if not 1 <= len(payload.get("name", "")) <= 100:
            self.violations.append(f"thread name {payload.get('name')!r}")
            raise _Refusal(400, INVALID_FORM_BODY, "thread name of 1 to 100 characters")
        thread = {
            "id": str(self._snowflake()),
            "guild_id": GUILD_ID,
            "parent_id": parent_id,
            "owner_id": BOT_USER["id"],
            "name": payload["name"],
            "type": payload.get("type", 11),
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": payload.get("auto_archive_duration", 1440),
                "archive_timestamp": "2026-01-01T00:00:00+00:00",
                "locked": False,
            },
        }
        self.threads[thread["id"]] = thread
        return 201, thread

    def _overwrite_commands(self, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A bulk overwrite, global or of a guild, checked as Discord checks it
        (tests/fakes/discord_rules.py)."""
        entry_points = [command for command in commands if command.get("type") == ENTRY_POINT]
        commands = [command for command in commands if command.get("type") != ENTRY_POINT]
        if self.entry_point is not None and not entry_points:
            message = (
                "You cannot remove this app's Entry Point command in a bulk update operation. "
                "Please include the Entry Point command in your update request or delete it "
                "separately."
            )
            self.violations.append(f"application commands: {message}")
            raise _Refusal(400, ENTRY_POINT_REMOVED, message)
        refused = discord_rules.refusal(commands)
        if refused is not None:
            problems = discord_rules.command_problems(commands) or [refused["message"]]
            self.violations.extend(f"application commands: {problem}" for problem in problems)
            raise _Refusal(400, refused["code"], refused["message"], refused.get("errors"))
        self.commands = [
            {
                **command,
                "id": str(self._snowflake()),
                "application_id": str(APPLICATION_ID),
                "version": "1",
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
            }
            for command in commands
        ]
        if self.entry_point is not None:
            self.commands.append(self.entry_point)
        return self.commands

    def enable_activities(self) -> None:
        """Activities enabled in the developer portal: Discord adds the application's Entry
        Point command, which launches the Activity (DISCORD_LAUNCH_ACTIVITY handler)."""
        self.entry_point = {
            "id": str(self._snowflake()),
            "application_id": str(APPLICATION_ID),
            "version": "1",
            "type": ENTRY_POINT,
            "handler": 2,
            "name": "launch",
            "description": "",
            "integration_types": [0, 1],
            "contexts": [0, 1, 2],
        }
        self.commands.append(self.entry_point)

    def _checked(self, payload: dict[str, Any]) -> None:
        """Refuse a message as Discord does: 400, 50035 Invalid Form Body, the refused fields
        by path (content and embeds; a component's problem under `components`)."""
        problems = message_problems(payload)
        if not problems:
            return
        self.violations.extend(problems)
        fields = discord_rules.message_limit_problems(payload)
        components: list[str] = []
        _check_components(payload.get("components") or [], components)
        fields += [
            discord_rules.Problem(("components",), "COMPONENT_INVALID", problem)
            for problem in components
        ]
        body = discord_rules.form_body_error(fields)
        raise _Refusal(400, INVALID_FORM_BODY, body["message"], body["errors"])

    def _new_message(
        self,
        channel_id: str,
        payload: dict[str, Any],
        files: dict[str, bytes],
        *,
        flags: int = 0,
        interaction: FakeInteraction | None = None,
    ) -> dict[str, Any]:
        self._checked(payload)
        message_id = self._snowflake()
        message = {
            "id": str(message_id),
            "channel_id": channel_id,
            "type": 0 if interaction is None else 20,
            "author": BOT_USER,
            "content": payload.get("content") or "",
            "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [],
            "attachments": self._attachments(files),
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "flags": flags | (payload.get("flags") or 0),
        }
        if interaction is not None:
            message["webhook_id"] = str(APPLICATION_ID)
        self.messages[message_id] = message
        self.files[message_id] = files
        return message

    def _attachments(self, files: dict[str, bytes]) -> list[dict[str, Any]]:
        return [
            {
                "id": str(self._snowflake()),
                "filename": name,
                "size": len(content),
                "url": f"http://127.0.0.1:{self.port}/attachments/{name}",
                "proxy_url": f"http://127.0.0.1:{self.port}/attachments/{name}",
            }
            for name, content in files.items()
        ]

    def _edit(
        self, message: dict[str, Any], payload: dict[str, Any], files: dict[str, bytes]
    ) -> dict[str, Any]:
        if message.get("deleted"):
            raise _Refusal(404, UNKNOWN_MESSAGE, "Unknown Message")
        self._checked(payload)
        for key in ("content", "embeds", "components"):
            if key in payload:
                message[key] = payload[key] or ([] if key != "content" else "")
        if files:
            message["attachments"] = self._attachments(files)
            self.files[int(message["id"])] = files
        elif "attachments" in payload:
            kept = {str(item.get("id")) for item in payload["attachments"] or []}
            message["attachments"] = [item for item in message["attachments"] if item["id"] in kept]
        message["edited_timestamp"] = "2026-01-01T00:00:01+00:00"
        return message

    def _interaction(self, token: str) -> FakeInteraction:
        interaction = self.interactions.get(token)
        if interaction is None:
            raise _Refusal(404, UNKNOWN_INTERACTION, "Unknown interaction")
        return interaction

    def _answerable(self, token: str) -> FakeInteraction:
        """The interaction of `token`, if it may still get its first answer (else refused)."""
        interaction = self._interaction(token)
        late = time.monotonic() - interaction.created
        if late > self.deadline:
            self.violations.append(f"interaction answered after {late:.1f} s")
            raise _Refusal(404, UNKNOWN_INTERACTION, "Unknown interaction")
        if interaction.response is not None:
            self.violations.append("interaction acknowledged twice")
            raise _Refusal(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
        return interaction

    def _activity_instance(self, request: web.Request, path: str) -> web.Response:
        """Get Activity Instance: where an instance of the application's Activity runs and
        who is in it, for the bot's token only."""
        if request.headers.get("Authorization") != f"Bot {TOKEN}":
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        application, instance = path.split("/")[2], path.split("/")[4]
        found = self.activity_instances.get(instance)
        if application != str(APPLICATION_ID) or found is None:
            return _json({"message": "404: Not Found", "code": 0}, 404)
        return _json(found, 200)

    def activity_instance(self, instance: str, channel: str, users: list[str]) -> None:
        """An Activity's instance running in `channel` with `users` in it (Discord's
        ActivityInstance object)."""
        self.activity_instances[instance] = {
            "application_id": str(APPLICATION_ID),
            "instance_id": instance,
            "launch_id": str(next(self._ids)),
            "location": {
                "id": f"gc-{GUILD_ID}-{channel}",
                "kind": "gc",
                "channel_id": channel,
                "guild_id": GUILD_ID,
            },
            "users": users,
        }

    def _callback(
        self, token: str, payload: dict[str, Any], files: dict[str, bytes], query: Any
    ) -> tuple[int, Any]:
        interaction = self._answerable(token)
        kind = payload["type"]
        data = payload.get("data") or {}
        interaction.response = payload
        channel_id = interaction.payload["channel_id"]
        resource: dict[str, Any] = {"type": kind}
        if kind == 9:
            problems = _modal_problems(data)
            if problems:
                self.violations.extend(problems)
                raise _Refusal(400, INVALID_FORM_BODY, "; ".join(problems))
            interaction.settled.set()
        elif kind == 8:
            if len(data.get("choices", [])) > 25:
                self.violations.append("more than 25 autocomplete choices")
            interaction.settled.set()
        elif kind in (4, 5):
            interaction.original = self._new_message(
                channel_id, data, files, flags=data.get("flags", 0), interaction=interaction
            )
            if kind == 4:
                interaction.settled.set()
            resource["message"] = interaction.original
        elif kind == 6:
            # A component's deferred update: the original response is the component's message.
            source = interaction.payload.get("message")
            assert source is not None, "a deferred update of an interaction without message"
            interaction.original = self.messages[int(source["id"])]
        elif kind == 12:
            # LAUNCH_ACTIVITY: the person's client opens the application's Activity in the
            # channel; for a command or a component, never an autocomplete's answer.
            if interaction.payload["type"] == 4:
                self.violations.append("an Activity launched from an autocomplete")
                raise _Refusal(400, INVALID_FORM_BODY, "Invalid interaction response type")
            interaction.settled.set()
        elif kind == 7:
            source = interaction.payload.get("message")
            assert source is not None, "an UPDATE_MESSAGE answer to an interaction without message"
            interaction.original = self._edit(self.messages[int(source["id"])], data, files)
            interaction.settled.set()
        body = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.payload["type"],
                "response_message_id": interaction.original["id"] if interaction.original else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(data.get("flags", 0) & EPHEMERAL),
            },
            "resource": resource,
        }
        return 200, body if "with_response" in query else None

    def _webhook(
        self, method: str, parts: list[str], payload: Any, files: dict[str, bytes]
    ) -> tuple[int, Any]:
        interaction = self._interaction(parts[2])
        if interaction.response is None:
            self.violations.append("a webhook call before the interaction was acknowledged")
            raise _Refusal(404, 10015, "Unknown Webhook")
        age = time.monotonic() - interaction.created
        if age > self.token_lifetime:
            self.violations.append(f"a webhook call {age:.1f} s after the interaction")
            raise _Refusal(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        if len(parts) == 3 and method == "POST":
            message = self._new_message(
                interaction.payload["channel_id"],
                payload,
                files,
                flags=payload.get("flags", 0),
                interaction=interaction,
            )
            interaction.followups.append(message)
            return 200, message
        if parts[3:4] == ["messages"] and method == "PATCH":
            target = parts[4]
            if target == "@original":
                if interaction.original is None:
                    raise _Refusal(404, UNKNOWN_MESSAGE, "Unknown Message")
                message = self._edit(interaction.original, payload, files)
                interaction.edits += 1
                interaction.settled.set()
            else:
                message = self._edit(self.messages[int(target)], payload, files)
            return 200, message
        if parts[3:5] == ["messages", "@original"] and method == "DELETE":
            if interaction.original is None or interaction.original.get("deleted"):
                raise _Refusal(404, UNKNOWN_MESSAGE, "Unknown Message")
            interaction.original["deleted"] = True
            interaction.settled.set()
            return 204, None
        raise _Refusal(404, 0, f"the fake does not know {method} /{'/'.join(parts)}")

    def _channel_message(
        self, method: str, parts: list[str], payload: Any, files: dict[str, bytes]
    ) -> tuple[int, Any]:
        channel_id = parts[1]
        if channel_id in self.denied_channels:
            raise _Refusal(403, MISSING_PERMISSIONS, "Missing Permissions")
        if channel_id in self.dms and self.dms[channel_id] in self.closed_dms:
            raise _Refusal(403, CANNOT_SEND_TO_USER, "Cannot send messages to this user")
        if method == "POST" and len(parts) == 3:
            return 200, self._new_message(channel_id, payload, files)
        message = self.messages.get(int(parts[3]))
        if message is None or message.get("deleted") or message["channel_id"] != channel_id:
            raise _Refusal(404, UNKNOWN_MESSAGE, "Unknown Message")
        if method == "PATCH":
            return 200, self._edit(message, payload, files)
        if method == "DELETE":
            message["deleted"] = True
            return 204, None
        raise _Refusal(404, 0, f"the fake does not know {method} /{'/'.join(parts)}")


def _json(body: Any, status: int, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py reads a body as JSON only with exactly this content type, as Discord sends it.
    return web.Response(
        body=json.dumps(body).encode(),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


class _Refusal(Exception):
    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        # Discord's form-body errors, nested by the path of each refused field.
        self.errors = errors

    @property
    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


async def _read_body(request: web.Request) -> tuple[Any, dict[str, bytes]]:
    """The JSON payload of a request (plain or `payload_json` of a multipart form) and its
    files by file name."""
    if request.content_type.startswith("multipart/"):
        payload: Any = None
        files: dict[str, bytes] = {}
        reader = await request.multipart()
        async for part in reader:
            assert isinstance(part, BodyPartReader), "a form of plain parts, none nested"
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            elif part.filename:
                files[part.filename] = bytes(await part.read())
        return payload, files
    raw = await request.read()
    return (json.loads(raw) if raw else None), {}


def find_component(message: dict[str, Any], custom_id: str) -> dict[str, Any] | None:
    for row in message.get("components", []):
        for component in row.get("components", []):
            if component.get("custom_id") == custom_id:
                found: dict[str, Any] = component
                return found
    return None


def custom_ids(message: dict[str, Any]) -> list[str]:
    return [
        component["custom_id"]
        for row in message.get("components", [])
        for component in row.get("components", [])
        if "custom_id" in component
    ]
