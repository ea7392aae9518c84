"""A fake Telegram Bot API server on 127.0.0.1 for end-to-end tests of bot.telegram.

The real `Application` talks to it over HTTP as it would to api.telegram.org. The tests play
the people: `send_text` and `press` queue updates for getUpdates; every call the bot makes is
recorded (`calls`) and the chats keep their messages (`messages`), photos and documents. It is
strict where Telegram is: callback data over 64 bytes, more than 100 buttons or 8 in a row,
captions over 1024 or texts over 4096 characters, an edit that changes nothing ("message is
not modified"), an edit of a deleted message, writing to a person who never started the bot
or to a group that removed it, answering one callback query twice. It can answer the next
calls of a method with a 429 (`flood`) or answer them late (`delay`) to make them time out,
and apply edits of a board late (`slow_edits`), so that a later call overtakes them. It holds
the bot to Telegram's flood limits (tests/fakes/telegram_limits.py), on a faster clock with
`limit_scale` below 1 (the tests', which play whole games), or not at all with None.
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
from typing import Any

from aiohttp import web

from tests.fakes.telegram_limits import FloodLimits

TOKEN = "4242:fake-token-for-tests"
BOT_ID = 4242
BOT_USERNAME = "damas_test_bot"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

MAX_CALLBACK_BYTES = 64
MAX_BUTTONS = 100
MAX_BUTTONS_PER_ROW = 8
MAX_CAPTION = 1024
MAX_TEXT = 4096
MAX_ANSWER = 200
COMMAND_NAME = re.compile(r"^[a-z0-9_]{1,32}$")

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
    {"message_id", "offset", "limit", "timeout", "reply_to_message_id", "cache_time"}
)
SLOW_EDITS = frozenset({"editMessageMedia", "editMessageCaption"})
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
    # Private chats: whether the person started the bot (and did not block it since).
    open_to_bot: bool = True
    next_message_id: itertools.count[int] = field(default_factory=lambda: itertools.count(1))


class FakeBotApi:
    """The fake server. `await start()`, point the bot at `url`, `await close()`."""

    def __init__(self, limit_scale: float | None = 1.0) -> None:
        self.limits = FloodLimits(limit_scale) if limit_scale is not None else None
        self.calls: list[Call] = []
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}
        self.photos: dict[tuple[int, int], bytes] = {}
        self.documents: dict[tuple[int, int], tuple[str, bytes]] = {}
        self.commands: dict[str | None, list[dict[str, Any]]] = {}
        self.answers: dict[str, dict[str, Any]] = {}
        self.pressed_at: dict[str, float] = {}
        self.answered_at: dict[str, float] = {}
        self.chats: dict[int, _Chat] = {}
        self.users: dict[int, dict[str, Any]] = {}
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._query_ids = itertools.count(1)
        self._confirmed = 0
        self._new_update = asyncio.Event()
        self._faults: dict[str, list[_Fault]] = {}
        self._runner: web.AppRunner | None = None
        self.unreachable = False
        # Seconds an edit of a picture or caption waits before it is applied.
        self.edit_delay = 0.0
        self.url = ""
        self.bot_user = {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "Damas",
            "username": BOT_USERNAME,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }

    # -- the server ----------------------------------------------------------------------------

    async def start(self) -> str:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
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
        if self._runner is not None:
            await self._runner.cleanup()

    def go_down(self) -> None:
        """Telegram out of reach: every request's connection is closed unanswered, and the
        long polls waiting now end the same way."""
        self.unreachable = True
        self._new_update.set()

    def come_back(self) -> None:
        self.unreachable = False

    async def _handle(self, request: web.Request) -> web.Response:
        if self.unreachable:
            assert request.transport is not None
            request.transport.close()
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
            if fault is not None and fault.retry_after is not None:
                raise ApiError(
                    429, f"Too Many Requests: retry after {fault.retry_after}", fault.retry_after
                )
            handler = getattr(self, f"_api_{method}", None)
            if handler is None:
                raise ApiError(404, "Not Found")
            wait = self.limits.charge(method, params.get("chat_id")) if self.limits else None
            if wait is not None:
                raise ApiError(429, f"Too Many Requests: retry after {wait}", wait)
            if method in SLOW_EDITS and self.edit_delay:
                await asyncio.sleep(self.edit_delay)
                if request.transport is None or request.transport.is_closing():
                    # The bot went away meanwhile (killed): the edit never lands.
                    call.error = "cut off"
                    return web.Response(status=499)
            result = handler(params, files)
            if asyncio.iscoroutine(result):
                result = await result
            if self.unreachable and request.transport is not None:
                request.transport.close()  # the line went down while the call waited
                return web.Response(status=503)
        except ApiError as error:
            call.error = error.description
            body: dict[str, Any] = {
                "ok": False,
                "error_code": error.status,
                "description": error.description,
            }
            if error.retry_after is not None:
                body["parameters"] = {"retry_after": error.retry_after}
            return web.json_response(body, status=error.status)
        if fault is not None and fault.delay:
            # The work is done, as on Telegram, but the answer comes too late for the client.
            await asyncio.sleep(fault.delay)
        return web.json_response({"ok": True, "result": result})

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
        self.chats.setdefault(user["id"], _Chat(chat, open_to_bot=False))
        return chat

    def group(self, chat_id: int, title: str) -> dict[str, Any]:
        chat = {"id": chat_id, "type": "supergroup", "title": title}
        self.chats.setdefault(chat_id, _Chat(chat))
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
        record = self.chats[chat["id"]]
        if chat["type"] == "private":
            record.open_to_bot = True
        message: dict[str, Any] = {
            "message_id": next(record.next_message_id),
            "date": int(time.time()),
            "chat": chat,
            "from": user,
            "text": content,
        }
        found = list(entities or [])
        command = re.match(r"/\S+", content)
        if command:
            found.insert(0, {"type": "bot_command", "offset": 0, "length": command.end()})
        if found:
            message["entities"] = found
        if reply_to is not None:
            message["reply_to_message"] = {
                key: value for key, value in reply_to.items() if key != "reply_to_message"
            }
        self.messages[(chat["id"], message["message_id"])] = message
        self._push({"message": message})
        return message

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
        """The buttons of a message: label -> callback data."""
        markup = message.get("reply_markup") or {}
        return {
            button["text"]: button["callback_data"]
            for row in markup.get("inline_keyboard", [])
            for button in row
        }

    async def wait_for(self, condition: Callable[[], Any], what: str, timeout: float = 8.0) -> Any:
        """Wait until `condition()` is truthy and return it (fail after `timeout` s)."""
        deadline = time.monotonic() + timeout
        while True:
            value = condition()
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            await asyncio.sleep(0.01)

    # -- validation ----------------------------------------------------------------------------

    def _chat_for_bot(self, chat_id: Any) -> _Chat:
        record = self.chats.get(chat_id) if isinstance(chat_id, int) else None
        if record is None:
            raise ApiError(400, "Bad Request: chat not found")
        if not record.open_to_bot:
            if record.info["type"] == "private":
                raise ApiError(403, "Forbidden: bot was blocked by the user")
            raise ApiError(403, "Forbidden: bot was kicked from the supergroup chat")
        return record

    @staticmethod
    def _check_markup(markup: Any) -> dict[str, Any] | None:
        if markup is None:
            return None
        rows = markup.get("inline_keyboard")
        if not isinstance(rows, list):
            raise ApiError(400, "Bad Request: can't parse inline keyboard markup")
        if sum(len(row) for row in rows) > MAX_BUTTONS:
            raise ApiError(400, "Bad Request: reply markup is too long")
        for row in rows:
            if len(row) > MAX_BUTTONS_PER_ROW:
                raise ApiError(400, "Bad Request: too many buttons in a row")
            for button in row:
                if not button.get("text"):
                    raise ApiError(400, "Bad Request: text buttons are unallowed")
                data = button.get("callback_data", "")
                if not 1 <= len(data.encode()) <= MAX_CALLBACK_BYTES:
                    raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
        return dict(markup) if rows else None

    @staticmethod
    def _check_length(value: str | None, limit: int, what: str) -> None:
        if value is not None and len(value) > limit:
            raise ApiError(400, f"Bad Request: {what} is too long")

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

    def _api_getMe(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        return self.bot_user

    def _api_deleteWebhook(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        return True

    def _api_setMyCommands(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        commands = params.get("commands", [])
        for command in commands:
            if not COMMAND_NAME.match(command.get("command", "")):
                raise ApiError(400, "Bad Request: BOT_COMMAND_INVALID")
            if not 1 <= len(command.get("description", "")) <= 256:
                raise ApiError(400, "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID")
        self.commands[params.get("language_code") or None] = commands
        return True

    async def _api_getUpdates(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        offset = params.get("offset", 0)
        if offset:
            self._confirmed = max(self._confirmed, offset - 1)
        self._updates = [u for u in self._updates if u["update_id"] > self._confirmed]
        if not self._updates and params.get("timeout"):
            self._new_update.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new_update.wait(), float(params["timeout"]))
        return self._updates[: params.get("limit", 100)]

    def _api_sendMessage(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        record = self._chat_for_bot(params.get("chat_id"))
        content = params.get("text", "")
        if not content:
            raise ApiError(400, "Bad Request: message text is empty")
        self._check_length(content, MAX_TEXT, "message")
        markup = self._check_markup(params.get("reply_markup"))
        return self._new_message(
            record, text=content, parse_mode=params.get("parse_mode"), reply_markup=markup
        )

    def _api_sendPhoto(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        record = self._chat_for_bot(params.get("chat_id"))
        photo = files.get("photo")
        if photo is None or not photo.startswith(PNG_SIGNATURE):
            raise ApiError(400, "Bad Request: IMAGE_PROCESS_FAILED")
        self._check_length(params.get("caption"), MAX_CAPTION, "message caption")
        markup = self._check_markup(params.get("reply_markup"))
        message = self._new_message(
            record,
            photo=self._photo_sizes(photo),
            caption=params.get("caption"),
            reply_markup=markup,
        )
        self.photos[(record.info["id"], message["message_id"])] = photo
        return message

    @staticmethod
    def _photo_sizes(photo: bytes) -> list[dict[str, Any]]:
        unique = f"photo{hash(photo) & 0xFFFFFF:x}"
        return [{"file_id": unique, "file_unique_id": unique, "width": 640, "height": 640}]

    def _api_sendDocument(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        record = self._chat_for_bot(params.get("chat_id"))
        content = files.get("document")
        if not content:
            raise ApiError(400, "Bad Request: file must be non-empty")
        name = params.get("document__filename") or "document"
        message = self._new_message(
            record,
            document={"file_id": name, "file_unique_id": name, "file_name": name},
            caption=params.get("caption"),
        )
        self.documents[(record.info["id"], message["message_id"])] = (name, content)
        return message

    def _api_editMessageMedia(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        key, message = self._existing(params)
        media = params.get("media") or {}
        attached = str(media.get("media", "")).removeprefix("attach://")
        photo = files.get(attached)
        if media.get("type") != "photo" or photo is None or not photo.startswith(PNG_SIGNATURE):
            raise ApiError(400, "Bad Request: wrong media")
        caption = media.get("caption")
        self._check_length(caption, MAX_CAPTION, "message caption")
        markup = self._check_markup(params.get("reply_markup"))
        if (self.photos.get(key), message.get("caption"), message.get("reply_markup")) == (
            photo,
            caption,
            markup,
        ):
            raise ApiError(400, NOT_MODIFIED)
        self.photos[key] = photo
        message.update(photo=self._photo_sizes(photo), caption=caption, reply_markup=markup)
        return self._without_empty(message)

    def _api_editMessageReplyMarkup(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        _, message = self._existing(params)
        markup = self._check_markup(params.get("reply_markup"))
        if message.get("reply_markup") == markup:
            raise ApiError(400, NOT_MODIFIED)
        message["reply_markup"] = markup
        return self._without_empty(message)

    def _api_editMessageText(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        _, message = self._existing(params)
        content = params.get("text", "")
        self._check_length(content, MAX_TEXT, "message")
        markup = self._check_markup(params.get("reply_markup"))
        if (message.get("text"), message.get("reply_markup")) == (content, markup):
            raise ApiError(400, NOT_MODIFIED)
        message.update(text=content, reply_markup=markup)
        return self._without_empty(message)

    def _api_answerCallbackQuery(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        query_id = params.get("callback_query_id", "")
        if query_id not in self.pressed_at or query_id in self.answers:
            raise ApiError(
                400,
                "Bad Request: query is too old and response timeout expired or query ID is invalid",
            )
        self._check_length(params.get("text"), MAX_ANSWER, "answer text")
        self.answers[query_id] = params
        self.answered_at[query_id] = time.monotonic()
        return True

    @staticmethod
    def _without_empty(message: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in message.items() if value is not None}
