"""A fake Telegram Bot API server on 127.0.0.1 for end-to-end tests of bot.telegram.

The real `Application` talks to it over HTTP as it would to api.telegram.org. The tests play
the people: `send_text` and `press` queue updates for getUpdates; every call the bot makes is
recorded (`calls`) and the chats keep their messages (`messages`), photos and documents. It is
strict where Telegram is: every documented limit of the methods it answers
(tests/fakes/telegram_rules.py: texts and captions after entities parsing, HTML that Telegram
cannot parse, buttons and their callback data, command lists, scopes and languages, the
bot's descriptions, parameters the methods do not document), more than 100 buttons or 8 in a
row, an edit that changes nothing ("message is not modified"), an edit of a deleted message,
writing to a person who never started the bot or to a group that removed it, answering one
callback query twice, a topic opened where the chat is no forum or the bot may not
manage topics, a message sent to a topic that does not exist. It can answer the next
calls of a method with a 429 (`flood`) or answer them late (`delay`) to make them time out,
and apply edits of a board late (`slow_edits`), so that a later call overtakes them. It holds
the bot to Telegram's flood limits (tests/fakes/telegram_limits.py), on a faster clock with
`limit_scale` below 1 (the tests', which play whole games), or not at all with None.

Its webhook is the Bot API's: setWebhook (an HTTPS address on port 443, 80, 88 or 8443, a
secret token of A-Z a-z 0-9 _ -), getWebhookInfo, deleteWebhook, and getUpdates refused with
409 while a webhook is set. It pushes each update to the webhook (a POST of the update's
JSON with the X-Telegram-Bot-Api-Secret-Token header) over at most `max_connections`
connections at once, and sends again, after a growing pause, every update whose push did not
get a 2xx answer. The public address is reached where `route` says (the proxy in front of
the bot, on 127.0.0.1), as Telegram reaches it through DNS.

This module assembles the fake and serves its HTTP requests; its parts are mixins on the
shared state (telegram_state.py), one a purpose: the people and what they do
(telegram_people.py), callback queries (telegram_callbacks.py), the faults a test injects
(telegram_faults.py), what tests read (telegram_reading.py), and the methods by kind:
getUpdates and the webhook (telegram_updates.py), the bot's profile (telegram_profile.py),
sending (telegram_sending.py), editing (telegram_editing.py), chats, topics and files
(telegram_chats.py); the token, the records and the error answer are in telegram_common.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from aiohttp import web

from tests.fakes.telegram_callbacks import CallbackQueriesMixin
from tests.fakes.telegram_chats import MAX_TOPIC_NAME, ChatsMixin
from tests.fakes.telegram_common import (
    BOT_ID,
    BOT_USERNAME,
    PNG_SIGNATURE,
    TOKEN,
    ApiError,
    Call,
    Fault,
    error_response,
)
from tests.fakes.telegram_editing import NOT_MODIFIED, EditingMixin
from tests.fakes.telegram_faults import FaultsMixin
from tests.fakes.telegram_people import PeopleMixin
from tests.fakes.telegram_profile import ProfileMixin
from tests.fakes.telegram_reading import ReadingMixin
from tests.fakes.telegram_sending import SendingMixin
from tests.fakes.telegram_state import MAX_BUTTONS, MAX_BUTTONS_PER_ROW
from tests.fakes.telegram_updates import (
    DEFAULT_WEBHOOK_CONNECTIONS,
    SECRET_HEADER,
    WEBHOOK_ACTIVE,
    UpdatesMixin,
)

# The fake's public names, which its modules define: the tests import them from here.
__all__ = [
    "BOT_ID",
    "BOT_USERNAME",
    "DEFAULT_WEBHOOK_CONNECTIONS",
    "JSON_PARAMETERS",
    "MAX_BUTTONS",
    "MAX_BUTTONS_PER_ROW",
    "MAX_TOPIC_NAME",
    "NOT_MODIFIED",
    "NUMBER_PARAMETERS",
    "PNG_SIGNATURE",
    "SECRET_HEADER",
    "SLOW_EDITS",
    "TOKEN",
    "WEBHOOK_ACTIVE",
    "ApiError",
    "Call",
    "FakeBotApi",
]

# Parameters that python-telegram-bot sends JSON-encoded; everything else stays text.
JSON_PARAMETERS = frozenset(
    {
        "reply_markup",
        "media",
        "commands",
        "scope",
        "allowed_updates",
        "entities",
        "caption_entities",
        "reply_parameters",
        "link_preview_options",
    }
)
NUMBER_PARAMETERS = frozenset(
    {
        "message_id",
        "offset",
        "limit",
        "timeout",
        "reply_to_message_id",
        "cache_time",
        "message_thread_id",
        "max_connections",
    }
)
SLOW_EDITS = frozenset({"editMessageMedia", "editMessageCaption"})


class FakeBotApi(
    PeopleMixin,
    CallbackQueriesMixin,
    FaultsMixin,
    ReadingMixin,
    UpdatesMixin,
    ProfileMixin,
    SendingMixin,
    EditingMixin,
    ChatsMixin,
):
    """The fake server. `await start()`, point the bot at `url`, `await close()`."""

    def mirror(self) -> FakeBotApi:
        """Another Bot API server of the same Telegram: the same people, chats and messages
        (a message either sends is one message, and a press is answered once), but updates of
        its own, for a second process to poll (two processes that share one bot's updates, as
        behind a webhook's proxy, each with its own calls). Its flood limits are its own, as
        the two fakes of the tests before it had, although Telegram counts a token's calls
        together: the processes' shared pacing is tested behind a webhook on one fake
        (tests/bot/test_shared_pacing_processes.py)."""
        twin = FakeBotApi(limit_scale=self.limits.scale if self.limits else None)
        for name in (
            "messages",
            "photos",
            "documents",
            "sent_files",
            "file_paths",
            "answers",
            "pressed_at",
            "answered_at",
            "chats",
            "users",
            "admins",
            "violations",
            "_query_ids",
            "_file_ids",
        ):
            setattr(twin, name, getattr(self, name))
        return twin

    async def start(self) -> str:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_get("/file/bot{token}/{path:.+}", self._download)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        assert self._runner.addresses, "the fake Bot API did not bind a port"
        port = self._runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}"
        return self.url

    async def close(self) -> None:
        self._new_update.set()  # ends a long poll still waiting, whose client is gone
        if self._pusher is not None:
            self._pusher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pusher
        if self._runner is not None:
            await self._runner.cleanup()

    async def _handle(self, request: web.Request) -> web.Response:
        if self._cut_off(request):
            return web.Response(status=503)  # never reaches the client: the line is cut
        if request.match_info["token"] != TOKEN:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        method = request.match_info["method"]
        params, files = await self._read(request)
        call = Call(method, params, files)
        self.calls.append(call)
        faults = self._faults.get(method)
        fault = faults.pop(0) if faults else None
        try:
            handler = self._handler(method, params, fault)
            if method in SLOW_EDITS and self.edit_delay:
                self.edits_waiting += 1
                try:
                    await asyncio.sleep(self.edit_delay)
                finally:
                    self.edits_waiting -= 1
                if request.transport is None or request.transport.is_closing():
                    # The bot went away meanwhile (killed): the edit never lands.
                    call.error = "cut off"
                    return web.Response(status=499)
            result = handler(params, files)
            if asyncio.iscoroutine(result):
                result = await result
            if self._cut_off(request):  # the line went down while the call waited
                return web.Response(status=503)
        except ApiError as error:
            call.error = error.description
            return error_response(error)
        if fault is not None and fault.delay:
            # The work is done, as on Telegram, but the answer comes too late for the client.
            await asyncio.sleep(fault.delay)
        return web.json_response({"ok": True, "result": result})

    async def _download(self, request: web.Request) -> web.Response:
        """A file's download address, as getFile lends it (`file_path`) to the bot's token."""
        if self._cut_off(request):
            return web.Response(status=503)
        content = self.file_paths.get(request.match_info["path"])
        if request.match_info["token"] != TOKEN:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        if content is None:
            return web.json_response(
                {"ok": False, "error_code": 404, "description": "Not Found"}, status=404
            )
        return web.Response(body=content, content_type="application/octet-stream")

    def _handler(
        self, method: str, params: dict[str, Any], fault: Fault | None
    ) -> Callable[[dict[str, Any], dict[str, bytes]], Any]:
        """The method's handler, unless the call is refused before it runs (ApiError): a
        fault set by the test, an unknown method, or the flood limits."""
        if fault is not None and fault.retry_after is not None:
            raise ApiError(
                429, f"Too Many Requests: retry after {fault.retry_after}", fault.retry_after
            )
        handler: Callable[[dict[str, Any], dict[str, bytes]], Any] | None = getattr(
            self, f"_api_{method}", None
        )
        if handler is None:
            raise ApiError(404, "Not Found")
        wait = self.limits.charge(method, params.get("chat_id")) if self.limits else None
        if wait is not None:
            raise ApiError(429, f"Too Many Requests: retry after {wait}", wait)
        return handler

    @staticmethod
    async def _read(request: web.Request) -> tuple[dict[str, Any], dict[str, bytes]]:
        params: dict[str, Any] = {}
        files: dict[str, bytes] = {}
        if request.content_type == "application/json":
            return dict(await request.json()), files
        form = await request.post()
        for name, value in form.items():
            if isinstance(value, web.FileField):
                files[name] = value.file.read()
                params[f"{name}__filename"] = value.filename
            elif not isinstance(value, str):
                params[name] = value.decode()
            elif name in JSON_PARAMETERS:
                params[name] = json.loads(value)
            elif name in NUMBER_PARAMETERS:
                params[name] = int(value)
            elif name == "chat_id":
                params[name] = int(value) if value.lstrip("-").isdigit() else value
            elif value in ("true", "false"):
                params[name] = value == "true"
            else:
                params[name] = value
        return params, files
