"""What the fake Bot API's modules share (tests/fakes/telegram_api.py assembles the fake):
the bot's token and identity, the refusal (ApiError) and the error body the Bot API answers
with, and the records it keeps of calls, faults and chats."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

# Shaped as @BotFather's tokens (the id, a colon, 35 characters), which `check` verifies first.
TOKEN = "4242:AAFakeTokenOfTheTestBotApi-0123456789"
BOT_ID = 4242
BOT_USERNAME = "damas_test_bot"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


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
class Fault:
    """What a test set for one call of a method: a 429 asking to wait `retry_after` s, or
    the answer given `delay` s late."""

    retry_after: int | None = None
    delay: float = 0.0


@dataclass
class ChatRecord:
    """A chat as the fake keeps it: the chat object and what the bot may do there."""

    info: dict[str, Any]
    # Private chats: whether the person started the bot (and did not block it since), and
    # whether they ever did (Telegram words the refusal differently).
    open_to_bot: bool = True
    ever_opened: bool = True
    next_message_id: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    # Forums: the topics (their message_thread_id), and whether the bot may open them.
    topics: set[int] = field(default_factory=set)
    can_manage_topics: bool = False


def error_response(error: ApiError) -> web.Response:
    """A refusal as the Bot API answers it."""
    body: dict[str, Any] = {
        "ok": False,
        "error_code": error.status,
        "description": error.description,
    }
    if error.retry_after is not None:
        body["parameters"] = {"retry_after": error.retry_after}
    return web.json_response(body, status=error.status)
