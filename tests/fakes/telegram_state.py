"""The state of the fake Bot API that every part of it reads and changes (calls, chats,
messages, updates, the webhook...), and the helpers its methods share: the checks of a chat
the bot writes in, of a reply markup and of a call's parameters, and a new or existing
message of the bot; each purpose's mixin (tests/fakes/telegram_*.py) builds on it."""

from __future__ import annotations

import asyncio
import itertools
import time
from typing import Any

from aiohttp import web

from tests.fakes import telegram_rules as rules
from tests.fakes.telegram_common import BOT_ID, BOT_USERNAME, ApiError, Call, ChatRecord, Fault
from tests.fakes.telegram_limits import FloodLimits

# Telegram's inline keyboards hold at most 100 buttons, 8 in a row (not in the Bot API's
# documentation, but what its server answers).
MAX_BUTTONS = 100
MAX_BUTTONS_PER_ROW = 8


class BotApiState:
    """The fake's state and the helpers its methods share."""

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
        self.chats: dict[int, ChatRecord] = {}
        self.users: dict[int, dict[str, Any]] = {}
        # Each group's owner and administrators (chat id -> user id -> "creator" or
        # "administrator"); everyone else who is known is a plain member.
        self.admins: dict[int, dict[int, str]] = {}
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._query_ids = itertools.count(1)
        self._confirmed = 0
        self._new_update = asyncio.Event()
        self._faults: dict[str, list[Fault]] = {}
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

    def _push(self, update: dict[str, Any]) -> None:
        update["update_id"] = next(self._update_ids)
        self._updates.append(update)
        self._new_update.set()

    def _chat_for_bot(self, chat_id: Any) -> ChatRecord:
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

    def _new_message(self, record: ChatRecord, **content: Any) -> dict[str, Any]:
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

    @staticmethod
    def _photo_sizes(photo: bytes) -> list[dict[str, Any]]:
        unique = f"photo{hash(photo) & 0xFFFFFF:x}"
        return [{"file_id": unique, "file_unique_id": unique, "width": 640, "height": 640}]

    @staticmethod
    def _in_thread(record: ChatRecord, params: dict[str, Any]) -> dict[str, Any]:
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
