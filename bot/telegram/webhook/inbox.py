"""The updates Telegram pushes to this process, each handled once across the processes.

An update is stored by its id (bot/service/inbound/) before Telegram gets its answer, so that
nothing Telegram was told is received can be lost with a process: the process that stores it
handles it at once, renewing its lease while it works; a repeat of it (Telegram got no
answer and sent it again, perhaps to another process) is dropped; an update whose process
died before handling it is taken over by another process once the lease ran out.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from telegram import Update

from bot.service.game_service import GameService
from bot.service.inbound.updates import RENEW_EVERY
from bot.telegram.chats import TelegramApplication
from bot.telegram.posting.delivery import PLATFORM

logger = logging.getLogger(__name__)

# Seconds between two forgettings of the ids handled long ago.
FORGET_EVERY = 60 * 60.0


class Inbox:
    """Stores and handles the pushed updates of one bot; `start`, then `close`."""

    def __init__(self, service: GameService, application: TelegramApplication, bot: str) -> None:
        self.service = service
        self.application = application
        self.bot = bot
        self._handling: dict[int, asyncio.Task[None]] = {}
        self._keeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Renew this process's leases and take over the updates of dead processes, from now
        until `close`."""
        self._keeper = asyncio.get_running_loop().create_task(self._keep())

    async def receive(self, body: dict[str, Any]) -> None:
        """A pushed update (its JSON): stored, then handled in the background unless it is a
        repeat. Raises StorageError when it could not be stored (Telegram sends it again)."""
        update_id = int(body["update_id"])
        if await self.service.inbound.take(PLATFORM, self.bot, update_id, json.dumps(body)):
            self._handle(update_id, body)

    def _handle(self, update_id: int, body: dict[str, Any] | str) -> None:
        task = asyncio.get_running_loop().create_task(self._run(update_id, body))
        self._handling[update_id] = task
        task.add_done_callback(lambda _: self._handling.pop(update_id, None))

    async def _run(self, update_id: int, body: dict[str, Any] | str) -> None:
        """Handle the update (its JSON, or its text as stored), then mark it handled: also
        when it failed, which a second try would not mend."""
        application = self.application
        try:
            update = Update.de_json(
                json.loads(body) if isinstance(body, str) else body, application.bot
            )
            # The handlers' own errors go to the front end's error handler.
            await application.update_processor.process_update(
                update, application.process_update(update)
            )
        except Exception as error:
            self.service.kernel.failures.log(error, logger, "update %s failed", update_id)
        try:
            await self.service.inbound.finish(PLATFORM, self.bot, update_id)
        except Exception as error:
            # Its lease runs out and another process handles it again: at least once.
            self.service.kernel.failures.log(
                error, logger, "update %s could not be marked handled", update_id
            )

    async def _keep(self) -> None:
        """Every RENEW_EVERY seconds: renew the leases of the updates in hand, take over those
        whose process died; now and then forget the ids handled long ago."""
        loop = asyncio.get_running_loop()
        forget_at = loop.time()
        while True:
            try:
                if self._handling:
                    await self.service.inbound.renew(PLATFORM, self.bot)
                for update_id, body in await self.service.inbound.stale(PLATFORM, self.bot):
                    logger.info("update %s of a process that stopped: handled here", update_id)
                    self._handle(update_id, body)
                if loop.time() >= forget_at:
                    await self.service.inbound.forget_handled(PLATFORM, self.bot)
                    forget_at = loop.time() + FORGET_EVERY
            except Exception as error:
                self.service.kernel.failures.log(error, logger, "the update leases failed")
            await asyncio.sleep(RENEW_EVERY)

    async def close(self, grace: float) -> None:
        """Give the updates in hand `grace` seconds, then stop: what is left unhandled is
        taken over by another process when its lease runs out."""
        if self._keeper is not None:
            self._keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._keeper
        pending = list(self._handling.values())
        if pending:
            _, late = await asyncio.wait(pending, timeout=grace)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)
