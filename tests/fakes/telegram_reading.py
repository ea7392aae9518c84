"""What tests read of the fake Bot API: the calls of some methods, the bot's messages in a
chat (boards, texts, those of a forum's topic), a message's buttons and what it answers, and
waiting for a condition."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.fakes.telegram_common import BOT_ID, Call
from tests.fakes.telegram_state import BotApiState
from tests.waiting import What, eventually


class ReadingMixin(BotApiState):
    """The tests' view of what the bot did."""

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
