"""Callback queries: a person presses a button of a message, and the bot answers the press
(answerCallbackQuery), once, before the query expires."""

from __future__ import annotations

import time
from typing import Any

from tests.fakes import telegram_rules as rules
from tests.fakes.telegram_common import ApiError
from tests.fakes.telegram_state import BotApiState


class CallbackQueriesMixin(BotApiState):
    """Presses and their answers."""

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

    def unanswered_presses(self) -> list[str]:
        """The callback queries the bot never answered (each one a spinner that never ends)."""
        return [query for query in self.pressed_at if query not in self.answers]

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
