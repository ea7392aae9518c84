"""The bot's Bot API requests, each call that writes in a chat in its turn (sending/budget.py).

Every call goes through here, whoever makes it (boards, replies, notices, keyboards), so no
call can jump the queue of its chat. Once a counted call's turn has come, and before it goes,
`sending` is awaited (the service's note of when the bot last wrote, which a restart reads).
A 429 holds the chat back for its retry_after before it reaches the caller, who retries or
gives up as before. An edit dropped for a newer edit of the
same message is answered as Telegram answers an edit that changes nothing ("message is not
modified"), which every caller already takes as done.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from http import HTTPStatus
from typing import Any

from telegram.request import HTTPXRequest, RequestData

from bot.telegram.sending.budget import Budget, counts

REPLACED = json.dumps(
    {
        "ok": False,
        "error_code": 400,
        "description": "Bad Request: message is not modified: a newer edit replaced this one",
    }
).encode()


def retry_after(payload: bytes) -> float | None:
    """The retry_after of a 429's answer, if it says one."""
    try:
        answer = json.loads(payload)
        return float(answer["parameters"]["retry_after"])
    except (ValueError, TypeError, KeyError):
        return None


class PacedRequest(HTTPXRequest):
    """The requests of the bot's calls (all but the polling), paced by a `Budget`."""

    def __init__(
        self, budget: Budget, sending: Callable[[], Awaitable[None]], **options: Any
    ) -> None:
        super().__init__(**options)
        self.budget = budget
        self.sending = sending

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        # python-telegram-bot passes these by keyword (BaseRequest._request_wrapper); the
        # positions are those of HTTPXRequest.do_request.
        url: str = kwargs["url"] if "url" in kwargs else args[0]
        data: RequestData | None = kwargs.get("request_data", args[2] if len(args) > 2 else None)
        parameters = data.parameters if data is not None else {}
        method = url.rsplit("/", 1)[-1]
        chat_id = parameters.get("chat_id")
        if chat_id is None or not counts(method):
            return await super().do_request(*args, **kwargs)
        message_id = parameters.get("message_id") if method.startswith("edit") else None
        edited = message_id if isinstance(message_id, int) else None
        async with self.budget.turn(str(chat_id), edited) as replaced:
            if replaced:
                return HTTPStatus.BAD_REQUEST, REPLACED
            await self.sending()
            status, payload = await super().do_request(*args, **kwargs)
            if status == HTTPStatus.TOO_MANY_REQUESTS:
                wait = retry_after(payload)
                if wait is not None:
                    self.budget.flooded(str(chat_id), wait)
            return status, payload
