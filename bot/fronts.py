"""The chat front ends side by side on one service, each on its own: one that cannot start
(a refused token, refused slash commands) says why in one line and stops, one that cannot
reach its platform keeps trying by itself, and the others serve on. The process ends only when
no front end is left to serve.

Each front end is a module whose `serve(service, settings, web=..., listening=...,
unreachable=...)` runs it until cancelled, with its own settings (its token, its addresses)
and the web pages' (to link them): it calls `listening()` once it shows events and
`unreachable()` when its platform does not answer the first try (it goes on trying); it
raises `StartRefused` when trying again cannot help.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import sys
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

from bot.i18n import Text, text, translate
from bot.refusals import StartRefused
from bot.service.game_service import GameService
from bot.settings import ChatSettings, Settings, WebSettings

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class FrontEnd:
    """A chat front end: its module, the platform it serves (as `Actor.platform` and the
    settings name it) and the platform's name for people."""

    module: str
    platform: str
    name: str


FRONT_ENDS = (
    FrontEnd("bot.telegram", "telegram", "Telegram"),
    FrontEnd("bot.discord", "discord", "Discord"),
)

# The exit status when no front end could serve: every one refused its setting.
REFUSED_STATUS = 2
# The exit status when the last front end stopped on a fault of its own.
FAILED_STATUS = 1


def chats_to_serve(settings: Settings) -> dict[FrontEnd, ChatSettings]:
    """The front ends whose token is set, with their settings."""
    chats = settings.chats()
    return {front: chats[front.platform] for front in FRONT_ENDS if front.platform in chats}


def say(reason: Text) -> None:
    """One line for the person who started the bot."""
    print(f"damas-bot: {translate(None, reason)}", file=sys.stderr, flush=True)


async def serve_chats(
    service: GameService,
    chats: Mapping[FrontEnd, object],
    when_listening: Callable[[], Awaitable[None]],
    *,
    web: WebSettings | None,
) -> int:
    """Run every front end of `chats` (each with its settings, which only its module reads)
    until cancelled or until none is left, and start the work that publishes events
    (`when_listening`) once each one listens, is out of reach, or stopped: the computers'
    moves and the notices then reach the chats that can be reached. Returns the exit status
    when no front end is left."""
    # Set once each front end listens, is out of reach (it goes on trying) or stopped.
    settled = {front: asyncio.Event() for front in chats}
    someone_listens = asyncio.Event()
    for front in chats:
        service.kernel.bus.serving(front.platform, False)

    async def run(front: FrontEnd, settings: object) -> int:
        module = importlib.import_module(front.module)

        def listening() -> None:
            service.kernel.bus.serving(front.platform, True)
            settled[front].set()
            someone_listens.set()

        try:
            await module.serve(
                service, settings, web=web, listening=listening, unreachable=settled[front].set
            )
        except StartRefused as refusal:
            say(refusal.reason)
            return REFUSED_STATUS
        except Exception as error:  # a fault of one front end must not stop the others
            logger.debug("the %s front end stopped", front.platform, exc_info=error)
            say(
                text(
                    "The {platform} front end stopped on an error it cannot recover from: {error}",
                    platform=front.name,
                    error=f"{type(error).__name__}: {error}",
                )
            )
            return FAILED_STATUS
        finally:
            service.kernel.bus.serving(front.platform, False)
            settled[front].set()
        return 0

    async def start_when_ready() -> None:
        for event in settled.values():
            await event.wait()
        await someone_listens.wait()
        await when_listening()

    starting = asyncio.create_task(start_when_ready())
    try:
        statuses = await asyncio.gather(*(run(front, part) for front, part in chats.items()))
    finally:
        starting.cancel()
        await asyncio.gather(starting, return_exceptions=True)
    failures = [status for status in statuses if status]
    if failures:
        if len(chats) > 1:
            say(text("No chat front end is left to serve; stopping."))
        return max(failures)
    return 0
