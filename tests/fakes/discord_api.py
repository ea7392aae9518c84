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

This module assembles the fake and routes its REST calls; its parts are mixins on the shared
state (discord_state.py): the gateway (discord_gateway.py), the interactions a test injects
(discord_interactions.py) and the client's answers to them (discord_answers.py), channel
messages and uploads (discord_messages.py), channels, direct messages and threads
(discord_channels.py), application commands and the Activity (discord_commands.py); the
checks of components are in discord_components.py, the ids, error codes and records in
discord_common.py.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from aiohttp import BodyPartReader, web

from tests.fakes.discord_answers import InteractionAnswersMixin
from tests.fakes.discord_common import (
    ALL_PERMISSIONS,
    ALREADY_ACKNOWLEDGED,
    APPLICATION_ID,
    ATTACHMENT_OPTION,
    ATTACHMENT_SIZE_LIMIT,
    BOT_USER,
    CANNOT_SEND_TO_USER,
    ENTRY_POINT,
    ENTRY_POINT_REMOVED,
    EPHEMERAL,
    GUILD_ID,
    INTERACTION_DEADLINE,
    INTERACTION_TOKEN_LIFETIME,
    INVALID_FORM_BODY,
    INVALID_WEBHOOK_TOKEN,
    MEMBER_PERMISSIONS,
    MISSING_PERMISSIONS,
    REQUEST_ENTITY_TOO_LARGE,
    TOKEN,
    UNKNOWN_CHANNEL,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    Call,
    Failure,
    FakeInteraction,
    Refusal,
    json_response,
    member,
    user_object,
)
from tests.fakes.discord_components import (
    LINK_SCHEMES,
    LINK_STYLE,
    PREMIUM_STYLE,
    URL_LIMIT,
    custom_ids,
    find_component,
    message_problems,
)
from tests.fakes.discord_interactions import InteractionsMixin

# The fake's public names, which its modules define: the tests import them from here.
__all__ = [
    "ACTIVITY_INSTANCE",
    "ALL_PERMISSIONS",
    "ALREADY_ACKNOWLEDGED",
    "APPLICATION_ID",
    "ATTACHMENT_OPTION",
    "ATTACHMENT_SIZE_LIMIT",
    "BOT_USER",
    "CANNOT_SEND_TO_USER",
    "ENTRY_POINT",
    "ENTRY_POINT_REMOVED",
    "EPHEMERAL",
    "GUILD_ID",
    "INTERACTION_DEADLINE",
    "INTERACTION_TOKEN_LIFETIME",
    "INVALID_FORM_BODY",
    "INVALID_WEBHOOK_TOKEN",
    "LINK_SCHEMES",
    "LINK_STYLE",
    "MEMBER_PERMISSIONS",
    "MISSING_PERMISSIONS",
    "PREMIUM_STYLE",
    "REQUEST_ENTITY_TOO_LARGE",
    "TOKEN",
    "UNKNOWN_CHANNEL",
    "UNKNOWN_INTERACTION",
    "UNKNOWN_MESSAGE",
    "URL_LIMIT",
    "Call",
    "Failure",
    "FakeDiscord",
    "FakeInteraction",
    "custom_ids",
    "find_component",
    "member",
    "message_problems",
]

ACTIVITY_INSTANCE = re.compile(r"/applications/\d+/activity-instances/[^/]+")


class FakeDiscord(InteractionsMixin, InteractionAnswersMixin):
    """The fake gateway and REST API. `await start()`, point the client at `api_url` and
    `gateway_url`, then inject interactions and read what the client did."""

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

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        if (request.method, path) == ("POST", "/oauth2/token"):
            return await self.oauth.token(request)
        if request.method == "GET" and ACTIVITY_INSTANCE.fullmatch(path):
            return self._activity_instance(request, path)
        person = self.oauth.user(request.headers.get("Authorization", ""))
        if (request.method, path) == ("GET", "/users/@me") and person is not None:
            return json_response(person, 200)
        payload, files = await _read_body(request)
        call = Call(request.method, path, payload, files)
        self.calls.append(call)
        if (request.method, path) == ("GET", "/users/@me") and (
            request.headers.get("Authorization") != f"Bot {TOKEN}"
        ):
            call.status = 401
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        for failure in self._failures:
            if failure.method == request.method and failure.path.search(path):
                self._failures.remove(failure)
                call.status = failure.status
                return json_response(failure.body, failure.status, failure.headers)
        try:
            status, body = self._answer(request.method, path, payload, files, request.query)
        except Refusal as refusal:
            call.status = refusal.status
            return json_response(refusal.body, refusal.status)
        call.status = status
        if body is None:
            return web.Response(status=204)
        return json_response(body, status)

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
                "owner": user_object("700000000000000001", "Owner"),
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
        raise Refusal(404, 0, f"the fake does not know {method} {path}")


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
