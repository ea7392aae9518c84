"""Updates handled side by side, with a few at most from any one chat.

A handler often waits for its chat's turn to write (bot.telegram.sending.budget: a group gets a
message every three seconds), and python-telegram-bot's one limit on the updates handled at
once counts those waits: a busy group would fill it and hold up the presses of every other
chat. Here the updates of one chat take at most `per_chat` of the `total` places; the rest of
its updates wait for one another, in order, and take no place meanwhile.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

# Updates python-telegram-bot lets wait here at once (its own limit, which counts waits).
WAITING = 4096


@dataclass
class _Gate:
    places: asyncio.Semaphore
    users: int = 0


class ChatUpdates(BaseUpdateProcessor):
    """At most `total` updates handled at once, and at most `per_chat` of one chat."""

    def __init__(self, total: int, per_chat: int) -> None:
        super().__init__(WAITING)
        self.per_chat = per_chat
        self._total = asyncio.Semaphore(total)
        self._gates: dict[int | None, _Gate] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        key = chat.id if chat is not None else None
        gate = self._gates.get(key)
        if gate is None:
            gate = self._gates[key] = _Gate(asyncio.Semaphore(self.per_chat))
        gate.users += 1
        try:
            async with gate.places, self._total:
                await coroutine
        finally:
            gate.users -= 1
            if gate.users == 0:
                del self._gates[key]

    async def initialize(self) -> None:
        """Nothing to open."""

    async def shutdown(self) -> None:
        """Nothing to close."""
