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
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import ClientError, ClientSession, ClientTimeout, web

from tests.fakes import telegram_rules as rules
from tests.fakes.telegram_limits import FloodLimits
from tests.waiting import What, eventually

# Shaped as @BotFather's tokens (the id, a colon, 35 characters), which `check` verifies first.
TOKEN = "4242:AAFakeTokenOfTheTestBotApi-0123456789"
BOT_ID = 4242
BOT_USERNAME = "damas_test_bot"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Telegram's inline keyboards hold at most 100 buttons, 8 in a row (not in the Bot API's
# documentation, but what its server answers).
MAX_BUTTONS = 100
MAX_BUTTONS_PER_ROW = 8

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
MAX_TOPIC_NAME = 128
SLOW_EDITS = frozenset({"editMessageMedia", "editMessageCaption"})
WEBHOOK_ACTIVE = (
    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to "
    "delete the webhook first"
)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
# Connections Telegram opens to a webhook at most unless setWebhook says otherwise.
DEFAULT_WEBHOOK_CONNECTIONS = 40
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)


class ApiError(Exception):
    """An error answer of the Bot API."""

    def __init__(
        self, status: int, description: str, retry_after: int | float | None = None
    ) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.retry_after = retry_after


@dataclass
class Call:
    """One Bot API call the bot made, its parameters (decoded) and uploaded files."""

    method: str
    params: dict[str, Any]
    files: dict[str, bytes]
    error: str | None = None
    at: float = field(default_factory=time.monotonic)


@dataclass
class _Fault:
    retry_after: int | None = None
    delay: float = 0.0


@dataclass
class _Chat:
    info: dict[str, Any]
    # Private chats: whether the person started the bot (and did not block it since), and
    # whether they ever did (Telegram words the refusal differently).
    open_to_bot: bool = True
    ever_opened: bool = True
    next_message_id: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    # Forums: the topics (their message_thread_id), and whether the bot may open them.
    topics: set[int] = field(default_factory=set)
    can_manage_topics: bool = False


class FakeBotApi:
    """The fake server. `await start()`, point the bot at `url`, `await close()`."""

    def __init__(self, limit_scale: float | None = 1.0) -> None:
        self.limits = FloodLimits(limit_scale) if limit_scale is not None else None
        self.calls: list[Call] = []
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}
        self.photos: dict[tuple[int, int], bytes] = {}
        self.documents: dict[tuple[int, int], tuple[str, bytes]] = {}
        # Files people sent (by file_id: name, content) and the paths getFile lent for them.
        self.sent_files: dict[str, tuple[str, bytes]] = {}
        self.file_paths: dict[str, bytes] = {}
        self._file_ids = itertools.count(1)
        # The bot's command lists by scope ("default", "chat:42"...) and language (None: all),
        # its descriptions by kind ("description", "short_description") and language.
        self.command_lists: dict[tuple[str, str | None], list[dict[str, Any]]] = {}
        self.descriptions: dict[tuple[str, str | None], str] = {}
        # What the bot sent that breaks Telegram's limits (each one refused with a 400).
        self.violations: list[str] = []
        # The chat actions the bot showed ("typing"), by chat id, in order.
        self.chat_actions: list[tuple[int, str]] = []
        self.answers: dict[str, dict[str, Any]] = {}
        self.pressed_at: dict[str, float] = {}
        self.answered_at: dict[str, float] = {}
        self.chats: dict[int, _Chat] = {}
        self.users: dict[int, dict[str, Any]] = {}
        # Each group's owner and administrators (chat id -> user id -> "creator" or
        # "administrator"); everyone else who is known is a plain member.
        self.admins: dict[int, dict[int, str]] = {}
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._query_ids = itertools.count(1)
        self._confirmed = 0
        self._new_update = asyncio.Event()
        self._faults: dict[str, list[_Fault]] = {}
        self._runner: web.AppRunner | None = None
        self.unreachable = False
        # The method of each request cut off while Telegram was out of reach (its failed tries).
        self.cut_off: list[str] = []
        # Seconds an edit of a picture or caption waits before it is applied, and how many
        # edits are waiting so now.
        self.edit_delay = 0.0
        self.edits_waiting = 0
        # The webhook (setWebhook's parameters; None: updates wait for getUpdates), where its
        # public hosts are reached, and every push made: (update id, HTTP status or error).
        self.webhook: dict[str, Any] | None = None
        self.routes: dict[str, str] = {}
        self.pushes: list[tuple[int, int | str]] = []
        self.push_retry = 0.2
        self.push_timeout = 10.0
        self._pushing: set[int] = set()
        self._pusher: asyncio.Task[None] | None = None
        self._last_push_error: tuple[int, str] | None = None
        self.url = ""
        self.bot_user: dict[str, Any] = {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "Damas",
            "username": BOT_USERNAME,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }

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

    # -- the server ----------------------------------------------------------------------------

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

    def go_down(self) -> None:
        """Telegram out of reach: every request's connection is closed unanswered, and the
        long polls waiting now end the same way."""
        self.unreachable = True
        self._new_update.set()

    def come_back(self) -> None:
        self.unreachable = False

    def _cut_off(self, request: web.Request) -> bool:
        """While Telegram is out of reach, close the request's connection unanswered.
        (A method, not a test of the attribute: the attribute changes across awaits.)"""
        if not self.unreachable or request.transport is None:
            return False
        request.transport.close()
        self.cut_off.append(request.match_info.get("method", "download"))
        return True

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
            return _error_response(error)
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
        self, method: str, params: dict[str, Any], fault: _Fault | None
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

    # -- people, chats, updates ----------------------------------------------------------------

    def user(
        self, user_id: int, first_name: str, username: str | None = None, language: str = "en"
    ) -> dict[str, Any]:
        user: dict[str, Any] = {
            "id": user_id,
            "is_bot": False,
            "first_name": first_name,
            "language_code": language,
        }
        if username:
            user["username"] = username
        self.users[user_id] = user
        return user

    def private_chat(self, user: dict[str, Any]) -> dict[str, Any]:
        """The person's private chat with the bot; closed until they write in it."""
        chat = {"id": user["id"], "type": "private", "first_name": user["first_name"]}
        self.chats.setdefault(user["id"], _Chat(chat, open_to_bot=False, ever_opened=False))
        return chat

    def group(self, chat_id: int, title: str) -> dict[str, Any]:
        chat = {"id": chat_id, "type": "supergroup", "title": title}
        self.chats.setdefault(chat_id, _Chat(chat))
        return chat

    def make_admin(
        self, chat: dict[str, Any], user: dict[str, Any], *, owner: bool = False
    ) -> None:
        """The person owns the group (`owner`) or is one of its administrators."""
        self.admins.setdefault(chat["id"], {})[user["id"]] = "creator" if owner else "administrator"

    def forum(self, chat_id: int, title: str, *, can_manage_topics: bool = True) -> dict[str, Any]:
        """A supergroup with topics; the bot an admin who may (or may not) manage them."""
        chat = {"id": chat_id, "type": "supergroup", "title": title, "is_forum": True}
        self.chats.setdefault(chat_id, _Chat(chat, can_manage_topics=can_manage_topics))
        return chat

    def block(self, user: dict[str, Any], *, announce: bool = True) -> None:
        """The person blocks the bot; Telegram tells the bot with a my_chat_member update
        (`announce=False`: the bot learns it only from its next message's 403)."""
        record = self.chats[user["id"]]
        record.open_to_bot = False
        if announce:
            self._push(
                {
                    "my_chat_member": {
                        "chat": record.info,
                        "from": user,
                        "date": int(time.time()),
                        "old_chat_member": {"user": self.bot_user, "status": "member"},
                        "new_chat_member": {
                            "user": self.bot_user,
                            "status": "kicked",
                            "until_date": 0,
                        },
                    }
                }
            )

    def remove_bot_from(self, chat: dict[str, Any]) -> None:
        self.chats[chat["id"]].open_to_bot = False

    def _push(self, update: dict[str, Any]) -> None:
        update["update_id"] = next(self._update_ids)
        self._updates.append(update)
        self._new_update.set()

    def send_text(
        self,
        user: dict[str, Any],
        chat: dict[str, Any],
        content: str,
        *,
        reply_to: dict[str, Any] | None = None,
        entities: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """A person writes in a chat; a private message opens the chat to the bot."""
        message: dict[str, Any] = {"text": content}
        found = _command_entity(content) + list(entities or [])
        if found:
            message["entities"] = found
        if reply_to is not None:
            message["reply_to_message"] = {
                key: value for key, value in reply_to.items() if key != "reply_to_message"
            }
        return self._posted_by(user, chat, message)

    def _posted_by(
        self, user: dict[str, Any], chat: dict[str, Any], fields: dict[str, Any]
    ) -> dict[str, Any]:
        """A person's message in a chat, delivered as an update; a private one opens the chat
        to the bot."""
        record = self.chats[chat["id"]]
        if chat["type"] == "private":
            record.open_to_bot = record.ever_opened = True
        message: dict[str, Any] = {
            "message_id": next(record.next_message_id),
            "date": int(time.time()),
            "chat": chat,
            "from": user,
            **fields,
        }
        self.messages[(chat["id"], message["message_id"])] = message
        self._push({"message": message})
        return message

    def send_document(
        self,
        user: dict[str, Any],
        chat: dict[str, Any],
        name: str,
        content: bytes,
        *,
        caption: str | None = None,
        with_size: bool = True,
    ) -> dict[str, Any]:
        """A person sends a file (with a caption, which may be a command); Telegram gives its
        size with it, or not (`with_size`: the field is optional)."""
        file_id = f"document-{next(self._file_ids)}"
        self.sent_files[file_id] = (name, content)
        document: dict[str, Any] = {
            "file_id": file_id,
            "file_unique_id": file_id,
            "file_name": name,
            "mime_type": "application/octet-stream",
        }
        if with_size:
            document["file_size"] = len(content)
        message: dict[str, Any] = {"document": document}
        if caption is not None:
            message["caption"] = caption
            found = _command_entity(caption)
            if found:
                message["caption_entities"] = found
        return self._posted_by(user, chat, message)

    def forget_file(self, file_id: str) -> None:
        """A file id Telegram no longer knows (another bot's, or a forged one)."""
        self.sent_files.pop(file_id)

    def press(self, user: dict[str, Any], message: dict[str, Any], data: str) -> str:
        """A person presses a button of a message; returns the callback query id."""
        query_id = str(next(self._query_ids))
        current = self.messages[(message["chat"]["id"], message["message_id"])]
        self.pressed_at[query_id] = time.monotonic()
        self._push(
            {
                "callback_query": {
                    "id": query_id,
                    "from": user,
                    "message": current,
                    "chat_instance": f"instance{message['chat']['id']}",
                    "data": data,
                }
            }
        )
        return query_id

    # -- faults --------------------------------------------------------------------------------

    def flood(self, method: str, retry_after: int = 1, times: int = 1) -> None:
        """The next `times` calls of `method` get a 429 asking to wait `retry_after` s."""
        self._faults.setdefault(method, []).extend(
            _Fault(retry_after=retry_after) for _ in range(times)
        )

    def slow_edits(self, seconds: float) -> None:
        """Every later edit of a picture or caption is applied `seconds` late: a message the
        bot sends meanwhile (a computer's instant reply) lands first."""
        self.edit_delay = seconds

    def delay(self, method: str, seconds: float, times: int = 1) -> None:
        """The next `times` calls of `method` are done but answered `seconds` late."""
        self._faults.setdefault(method, []).extend(_Fault(delay=seconds) for _ in range(times))

    # -- looking -------------------------------------------------------------------------------

    def unanswered_presses(self) -> list[str]:
        """The callback queries the bot never answered (each one a spinner that never ends)."""
        return [query for query in self.pressed_at if query not in self.answers]

    def calls_of(self, *methods: str) -> list[Call]:
        return [call for call in self.calls if call.method in methods]

    def bot_messages(self, chat: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            message
            for (chat_id, _), message in sorted(self.messages.items())
            if chat_id == chat["id"] and message["from"]["id"] == BOT_ID
        ]

    def boards(self, chat: dict[str, Any]) -> list[dict[str, Any]]:
        return [message for message in self.bot_messages(chat) if "photo" in message]

    def texts(self, chat: dict[str, Any]) -> list[str]:
        return [message["text"] for message in self.bot_messages(chat) if "text" in message]

    @staticmethod
    def buttons(message: dict[str, Any]) -> dict[str, str]:
        """The buttons of a message that call back: label -> callback data."""
        markup = message.get("reply_markup") or {}
        return {
            button["text"]: button["callback_data"]
            for row in markup.get("inline_keyboard", [])
            for button in row
            if "callback_data" in button
        }

    @staticmethod
    def openings(message: dict[str, Any]) -> dict[str, tuple[str, str]]:
        """The buttons of a message that open an address: label -> (url or web_app, address)."""
        markup = message.get("reply_markup") or {}
        found = {}
        for row in markup.get("inline_keyboard", []):
            for button in row:
                if "url" in button:
                    found[button["text"]] = ("url", button["url"])
                elif "web_app" in button:
                    found[button["text"]] = ("web_app", button["web_app"]["url"])
        return found

    def in_topic(self, chat: dict[str, Any], thread: int) -> list[dict[str, Any]]:
        """The bot's messages in one topic of a forum."""
        return [m for m in self.bot_messages(chat) if m.get("message_thread_id") == thread]

    @staticmethod
    def replied_to(call: Call) -> int | None:
        """The message a send answers (python-telegram-bot sends `reply_parameters`; the
        older `reply_to_message_id` still works)."""
        parameters = call.params.get("reply_parameters") or {}
        found = parameters.get("message_id", call.params.get("reply_to_message_id"))
        return None if found is None else int(found)

    async def wait_for(self, condition: Callable[[], Any], what: What, timeout: float = 8.0) -> Any:
        """Wait until `condition()` is truthy and return it (fail after `timeout` s)."""
        return await eventually(condition, what, timeout)

    # -- validation ----------------------------------------------------------------------------

    def _chat_for_bot(self, chat_id: Any) -> _Chat:
        record = self.chats.get(chat_id) if isinstance(chat_id, int) else None
        if record is None and chat_id in self.users:
            raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        if record is None:
            raise ApiError(400, "Bad Request: chat not found")
        if not record.open_to_bot:
            if record.info["type"] == "private" and not record.ever_opened:
                raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
            if record.info["type"] == "private":
                raise ApiError(403, "Forbidden: bot was blocked by the user")
            raise ApiError(403, "Forbidden: bot was kicked from the supergroup chat")
        return record

    def _check_markup(self, markup: Any, chat_id: Any = None) -> dict[str, Any] | None:
        """A call's reply_markup in its chat (web_app buttons: private chats only)."""
        chat = self.chats.get(chat_id) if isinstance(chat_id, int) else None
        private = chat is not None and chat.info["type"] == "private"
        if markup is None:
            return None
        rows = markup.get("inline_keyboard")
        if not isinstance(rows, list):
            self._check("Bad Request: can't parse inline keyboard markup")
        if sum(len(row) for row in rows) > MAX_BUTTONS:
            self._check("Bad Request: reply markup is too long")
        for row in rows:
            if len(row) > MAX_BUTTONS_PER_ROW:
                self._check("Bad Request: too many buttons in a row")
            for button in row:
                self._check(rules.button_problem(button, private))
        return dict(markup) if rows else None

    def _check(self, problem: str | None) -> None:
        """Refuse as Telegram does (400 and its description) what breaks a documented limit,
        and keep it in `violations`: the bot may swallow the error, a test must not."""
        if problem is not None:
            self.violations.append(problem)
            raise ApiError(400, problem)

    def _check_call(self, method: str, params: dict[str, Any]) -> None:
        """A call of a method with only the parameters it documents."""
        self._check(rules.unknown_parameter(method, params))

    def _check_command_target(self, params: dict[str, Any]) -> tuple[str, str | None]:
        """The command list a scope and language address, refused as Telegram refuses them;
        a chat's scope needs a chat the bot is in, administrators a group."""
        scope = params.get("scope")
        self._check(rules.scope_problem(scope))
        self._check(rules.language_problem(params.get("language_code")))
        if scope and "chat_id" in scope:
            record = self._chat_for_bot(scope["chat_id"])
            if scope["type"] != "chat" and record.info["type"] == "private":
                raise ApiError(400, "Bad Request: can't use specified scope in private chats")
        return rules.scope_key(scope), params.get("language_code") or None

    @property
    def commands(self) -> dict[str | None, list[dict[str, Any]]]:
        """The command lists of the default scope by language (None: every language)."""
        return {
            language: commands
            for (scope, language), commands in self.command_lists.items()
            if scope == "default"
        }

    def _new_message(self, record: _Chat, **content: Any) -> dict[str, Any]:
        message = {
            "message_id": next(record.next_message_id),
            "date": int(time.time()),
            "chat": record.info,
            "from": self.bot_user,
            **{key: value for key, value in content.items() if value is not None},
        }
        self.messages[(record.info["id"], message["message_id"])] = message
        return message

    def _existing(self, params: dict[str, Any]) -> tuple[tuple[int, int], dict[str, Any]]:
        self._chat_for_bot(params.get("chat_id"))
        key = (params["chat_id"], params["message_id"])
        message = self.messages.get(key)
        if message is None or message["from"]["id"] != BOT_ID:
            raise ApiError(400, "Bad Request: message to edit not found")
        return key, message

    def delete_message(self, message: dict[str, Any]) -> None:
        """Someone deletes a message of the chat."""
        key = (message["chat"]["id"], message["message_id"])
        self.messages.pop(key, None)
        self.photos.pop(key, None)

    # -- the methods ---------------------------------------------------------------------------

    def _api_getMe(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getMe", params)
        return self.bot_user

    def _api_deleteWebhook(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("deleteWebhook", params)
        self.webhook = None
        if params.get("drop_pending_updates"):
            self._updates.clear()
        return True

    def _api_setWebhook(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("setWebhook", params)
        if not params.get("url"):
            return self._api_deleteWebhook({}, _files)  # an empty address removes it
        self._check(rules.webhook_problem(params))
        self.webhook = dict(params)
        if params.get("drop_pending_updates"):
            self._updates.clear()
        if self._pusher is None:
            self._pusher = asyncio.get_running_loop().create_task(self._push_updates())
        self._new_update.set()
        return True

    def _api_getWebhookInfo(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getWebhookInfo", params)
        hook = self.webhook or {}
        info: dict[str, Any] = {
            "url": hook.get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": len(self._updates),
        }
        if hook:
            info["max_connections"] = hook.get("max_connections", DEFAULT_WEBHOOK_CONNECTIONS)
            if hook.get("allowed_updates"):
                info["allowed_updates"] = hook["allowed_updates"]
        if hook and self._last_push_error is not None:
            info["last_error_date"], info["last_error_message"] = self._last_push_error
        return info

    def route(self, public: str, local: str) -> None:
        """The webhook's public address `public` (https://host[:port]) is served at `local`
        (http://127.0.0.1:PORT, the proxy that stands for the HTTPS one)."""
        self.routes[public.rstrip("/")] = local.rstrip("/")

    def _target(self, url: str) -> str:
        for public, local in self.routes.items():
            if url == public or url.startswith(public + "/"):
                return local + url[len(public) :]
        raise AssertionError(f"the fake has no route to the webhook {url}")

    async def _push_updates(self) -> None:
        """While a webhook is set: push each waiting update, at most `max_connections` at
        once, and push again after a growing pause every one not answered with a 2xx."""
        async with ClientSession(timeout=ClientTimeout(total=self.push_timeout)) as session:
            tasks: set[asyncio.Task[None]] = set()
            while True:
                self._new_update.clear()
                hook = self.webhook
                if hook is not None:
                    most = int(hook.get("max_connections", DEFAULT_WEBHOOK_CONNECTIONS))
                    for update in list(self._updates):
                        if len(self._pushing) >= most:
                            break
                        if update["update_id"] not in self._pushing:
                            self._pushing.add(update["update_id"])
                            task = asyncio.create_task(self._push_to(session, hook, update))
                            tasks.add(task)
                            task.add_done_callback(tasks.discard)
                # asyncio.timeout, not wait_for: Python 3.11's wait_for loses a cancellation
                # that comes as the event is set (close() does both).
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(1.0):
                        await self._new_update.wait()

    async def _push_to(
        self, session: ClientSession, hook: dict[str, Any], update: dict[str, Any]
    ) -> None:
        headers = {SECRET_HEADER: hook["secret_token"]} if hook.get("secret_token") else {}
        pause = self.push_retry
        try:
            while self.webhook is hook:
                try:
                    async with session.post(
                        self._target(hook["url"]), json=update, headers=headers
                    ) as answer:
                        status: int | str = answer.status
                except (ClientError, TimeoutError) as error:
                    status = type(error).__name__
                self.pushes.append((update["update_id"], status))
                if isinstance(status, int) and 200 <= status < 300:
                    self._updates = [u for u in self._updates if u is not update]
                    return
                self._last_push_error = (int(time.time()), f"Wrong response: {status}")
                await asyncio.sleep(pause)
                pause = min(pause * 2, 4.0)
        finally:
            self._pushing.discard(update["update_id"])
            self._new_update.set()  # a place is free

    def _api_setMyCommands(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("setMyCommands", params)
        commands = params.get("commands", [])
        self._check(rules.commands_problem(commands))
        target = self._check_command_target(params)
        if commands:
            self.command_lists[target] = commands
        else:
            self.command_lists.pop(target, None)  # an empty list deletes the list
        return True

    def _api_getMyCommands(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getMyCommands", params)
        return self.command_lists.get(self._check_command_target(params), [])

    def _api_deleteMyCommands(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("deleteMyCommands", params)
        self.command_lists.pop(self._check_command_target(params), None)
        return True

    def _set_description(self, kind: str, params: dict[str, Any], limit: int) -> bool:
        """setMyDescription and setMyShortDescription: an empty text removes the language's."""
        text = params.get(kind) or ""
        self._check(rules.description_problem(text, limit, kind.replace("_", " ")))
        self._check(rules.language_problem(params.get("language_code")))
        key = (kind, params.get("language_code") or None)
        if text:
            self.descriptions[key] = text
        else:
            self.descriptions.pop(key, None)
        return True

    def _description(self, kind: str, params: dict[str, Any]) -> dict[str, str]:
        """getMyDescription and getMyShortDescription: the language's own, else the default."""
        self._check(rules.language_problem(params.get("language_code")))
        language = params.get("language_code") or None
        found = self.descriptions.get((kind, language), self.descriptions.get((kind, None), ""))
        return {kind: found}

    def _api_setMyDescription(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("setMyDescription", params)
        return self._set_description("description", params, rules.MAX_DESCRIPTION)

    def _api_getMyDescription(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getMyDescription", params)
        return self._description("description", params)

    def _api_setMyShortDescription(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("setMyShortDescription", params)
        return self._set_description("short_description", params, rules.MAX_SHORT_DESCRIPTION)

    def _api_getMyShortDescription(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getMyShortDescription", params)
        return self._description("short_description", params)

    async def _api_getUpdates(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("getUpdates", params)
        if self.webhook is not None:
            raise ApiError(409, WEBHOOK_ACTIVE)
        offset = params.get("offset", 0)
        if offset:
            self._confirmed = max(self._confirmed, offset - 1)
        self._updates = [u for u in self._updates if u["update_id"] > self._confirmed]
        if not self._updates and params.get("timeout"):
            self._new_update.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new_update.wait(), float(params["timeout"]))
        return self._updates[: params.get("limit", 100)]

    def _api_sendMessage(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("sendMessage", params)
        record = self._chat_for_bot(params.get("chat_id"))
        content = params.get("text", "")
        self._check(rules.message_text_problem(content, params.get("parse_mode")))
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        return self._new_message(
            record,
            text=content,
            parse_mode=params.get("parse_mode"),
            reply_markup=markup,
            **self._in_thread(record, params),
        )

    def _api_sendPhoto(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        self._check_call("sendPhoto", params)
        record = self._chat_for_bot(params.get("chat_id"))
        photo = files.get("photo")
        if photo is None or not photo.startswith(PNG_SIGNATURE):
            raise ApiError(400, "Bad Request: IMAGE_PROCESS_FAILED")
        self._check(rules.photo_problem(photo))
        self._check(rules.caption_problem(params.get("caption"), params.get("parse_mode")))
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        message = self._new_message(
            record,
            photo=self._photo_sizes(photo),
            caption=params.get("caption"),
            reply_markup=markup,
            **self._in_thread(record, params),
        )
        self.photos[(record.info["id"], message["message_id"])] = photo
        return message

    @staticmethod
    def _photo_sizes(photo: bytes) -> list[dict[str, Any]]:
        unique = f"photo{hash(photo) & 0xFFFFFF:x}"
        return [{"file_id": unique, "file_unique_id": unique, "width": 640, "height": 640}]

    def _api_sendDocument(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        self._check_call("sendDocument", params)
        record = self._chat_for_bot(params.get("chat_id"))
        content = files.get("document")
        if not content:
            raise ApiError(400, "Bad Request: file must be non-empty")
        self._check(rules.caption_problem(params.get("caption"), params.get("parse_mode")))
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        name = params.get("document__filename") or "document"
        message = self._new_message(
            record,
            document={"file_id": name, "file_unique_id": name, "file_name": name},
            caption=params.get("caption"),
            reply_markup=markup,
        )
        self.documents[(record.info["id"], message["message_id"])] = (name, content)
        return message

    def _api_editMessageMedia(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        self._check_call("editMessageMedia", params)
        key, message = self._existing(params)
        media = params.get("media") or {}
        self._check(rules.media_photo_problem(media))
        attached = str(media.get("media", "")).removeprefix("attach://")
        photo = files.get(attached)
        if media.get("type") != "photo" or photo is None or not photo.startswith(PNG_SIGNATURE):
            raise ApiError(400, "Bad Request: wrong media")
        self._check(rules.photo_problem(photo))
        caption = media.get("caption")
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        if (self.photos.get(key), message.get("caption"), message.get("reply_markup")) == (
            photo,
            caption,
            markup,
        ):
            raise ApiError(400, NOT_MODIFIED)
        self.photos[key] = photo
        message.update(photo=self._photo_sizes(photo), caption=caption, reply_markup=markup)
        return self._without_empty(message)

    def _api_editMessageReplyMarkup(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("editMessageReplyMarkup", params)
        _, message = self._existing(params)
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        if message.get("reply_markup") == markup:
            raise ApiError(400, NOT_MODIFIED)
        message["reply_markup"] = markup
        return self._without_empty(message)

    def _api_editMessageText(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("editMessageText", params)
        _, message = self._existing(params)
        content = params.get("text", "")
        self._check(rules.message_text_problem(content, params.get("parse_mode")))
        markup = self._check_markup(params.get("reply_markup"), params.get("chat_id"))
        if (message.get("text"), message.get("reply_markup")) == (content, markup):
            raise ApiError(400, NOT_MODIFIED)
        message.update(text=content, reply_markup=markup)
        return self._without_empty(message)

    def _api_getChatMember(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        """The member as the Bot API describes one: ChatMemberOwner, ChatMemberAdministrator
        (every right, as a group's creator gives them by default) or ChatMemberMember."""
        record = self._chat_for_bot(params.get("chat_id"))
        raw = str(params.get("user_id", ""))
        if not raw.isdigit():
            raise ApiError(400, "Bad Request: invalid user_id specified")
        user = self.bot_user if int(raw) == BOT_ID else self.users.get(int(raw))
        if user is None:
            raise ApiError(400, "Bad Request: user not found")
        status = self.admins.get(record.info["id"], {}).get(user["id"], "member")
        if user is self.bot_user and record.info.get("is_forum"):
            # A forum's bot is an administrator, allowed to manage topics or not.
            status = "administrator"
        if status == "creator":
            return {"user": user, "status": status, "is_anonymous": False}
        if status == "member":
            return {"user": user, "status": status}
        rights = (
            "can_manage_chat can_delete_messages can_manage_video_chats can_restrict_members "
            "can_change_info can_invite_users can_pin_messages can_manage_topics "
            "can_post_stories can_edit_stories can_delete_stories"
        )
        granted = dict.fromkeys(rights.split(), True)
        if user is self.bot_user:
            granted["can_manage_topics"] = record.can_manage_topics
        return {
            "user": user,
            "status": status,
            "can_be_edited": False,
            "is_anonymous": False,
            "can_promote_members": False,
            **granted,
        }

    def _api_getFile(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        """A file's download path, for files of up to 20 MB (Telegram's limit for bots)."""
        file_id = str(params.get("file_id", ""))
        if file_id not in self.sent_files:
            raise ApiError(400, "Bad Request: invalid file_id")
        name, content = self.sent_files[file_id]
        if len(content) > rules.MAX_DOWNLOAD:
            raise ApiError(400, "Bad Request: file is too big")
        path = f"documents/file_{len(self.file_paths)}{Path(name).suffix}"
        self.file_paths[path] = content
        return {
            "file_id": file_id,
            "file_unique_id": file_id,
            "file_size": len(content),
            "file_path": path,
        }

    def _api_getChat(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        """The chat as a ChatFullInfo (Bot API 7.3): its fields and the two always there."""
        record = self._chat_for_bot(params.get("chat_id"))
        return {**record.info, "accent_color_id": 0, "max_reaction_count": 11}

    def _api_sendChatAction(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        """Telegram shows the action in the chat (for 5 seconds at most); the fake keeps it."""
        self._check_call("sendChatAction", params)
        record = self._chat_for_bot(params.get("chat_id"))
        self._check(rules.chat_action_problem(params.get("action")))
        self._in_thread(record, params)
        self.chat_actions.append((record.info["id"], params["action"]))
        return True

    def _api_answerCallbackQuery(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        self._check_call("answerCallbackQuery", params)
        query_id = params.get("callback_query_id", "")
        if query_id not in self.pressed_at or query_id in self.answers:
            raise ApiError(
                400,
                "Bad Request: query is too old and response timeout expired or query ID is invalid",
            )
        self._check(rules.answer_problem(params.get("text")))
        self.answers[query_id] = params
        self.answered_at[query_id] = time.monotonic()
        return True

    def _api_createForumTopic(self, params: dict[str, Any], _files: dict[str, bytes]) -> Any:
        record = self._chat_for_bot(params.get("chat_id"))
        if not record.info.get("is_forum"):
            raise ApiError(400, "Bad Request: the chat is not a forum")
        if not record.can_manage_topics:
            raise ApiError(400, "Bad Request: not enough rights to create a topic")
        name = params.get("name", "")
        if not 1 <= len(name) <= MAX_TOPIC_NAME:
            raise ApiError(400, "Bad Request: TOPIC_NAME_INVALID")
        # The topic is the service message that opens it: its id is the thread's.
        opened = self._new_message(record, forum_topic_created={"name": name, "icon_color": 0})
        thread = opened["message_id"]
        record.topics.add(thread)
        opened.update(message_thread_id=thread, is_topic_message=True)
        return {"message_thread_id": thread, "name": name, "icon_color": 7322096}

    @staticmethod
    def _in_thread(record: _Chat, params: dict[str, Any]) -> dict[str, Any]:
        """Where in the chat a message goes: a topic of a forum (`message_thread_id`), which
        must exist, or the chat itself."""
        thread = params.get("message_thread_id")
        if thread is None:
            return {}
        if int(thread) not in record.topics:
            raise ApiError(400, "Bad Request: message thread not found")
        return {"message_thread_id": int(thread), "is_topic_message": True}

    @staticmethod
    def _without_empty(message: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in message.items() if value is not None}


def _error_response(error: ApiError) -> web.Response:
    """A refusal as the Bot API answers it."""
    body: dict[str, Any] = {
        "ok": False,
        "error_code": error.status,
        "description": error.description,
    }
    if error.retry_after is not None:
        body["parameters"] = {"retry_after": error.retry_after}
    return web.json_response(body, status=error.status)


def _command_entity(content: str) -> list[dict[str, Any]]:
    """The bot_command entity Telegram marks at the start of a text or caption, if any."""
    command = re.match(r"/\S+", content)
    return [{"type": "bot_command", "offset": 0, "length": command.end()}] if command else []
