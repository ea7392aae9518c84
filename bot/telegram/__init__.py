"""The Telegram front end: `serve(service, telegram, web=...)` runs the bot until it is
cancelled, with the token and the Bot API address of its settings (TELEGRAM_API_URL: another
Bot API server, a local one or the tests' fake; by default Telegram's). The Application is
driven here (initialize, start polling, start; then stop and shut down on cancellation) so
that it shares the event loop with the other front ends.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from telegram.error import InvalidToken, NetworkError
from telegram.ext import ApplicationBuilder

from bot.i18n import text
from bot.outage import Outage
from bot.refusals import StartRefused
from bot.service.game_service import GameService
from bot.settings import TELEGRAM_API_URL, TelegramSettings, WebSettings
from bot.settings.parts import Webhook
from bot.telegram.chats import UPDATE_KINDS, TelegramApplication
from bot.telegram.front import TelegramFront
from bot.telegram.posting.delivery import PLATFORM
from bot.telegram.sending.budget import Budget, Pacing
from bot.telegram.sending.outage import WatchedRequest
from bot.telegram.sending.paced_request import PacedRequest
from bot.telegram.sending.updates import ChatUpdates
from bot.telegram.webhook.pushes import receive_pushes

__all__ = [
    "FrontSettings",
    "TelegramFront",
    "build_application",
    "serve",
    "start_front",
    "stop_front",
]


@dataclass(frozen=True)
class FrontSettings:
    """Where the Bot API is and how patiently to talk to it."""

    api_url: str = TELEGRAM_API_URL
    # Seconds a getUpdates long poll waits for updates on the server.
    poll_timeout: int = 10
    # Seconds to wait for any other answer before a call counts as timed out.
    read_timeout: float = 10.0
    pacing: Pacing = field(default_factory=Pacing)
    # Seconds the boards still waiting get at shutdown.
    shutdown_grace: float = 5.0
    # Updates handled at the same time (the service orders the work on each game), in all
    # and from one chat (bot.telegram.sending.updates).
    concurrency: int = 32
    chat_concurrency: int = 8
    # Connections for the bot's calls (python-telegram-bot's default for them).
    connections: int = 256
    # The web companion (WEB_URL): the button under boards that opens it.
    web: WebSettings | None = None
    # Telegram pushes the updates to this webhook (None: the bot polls).
    webhook: Webhook | None = None


def bot_name(token: str) -> str:
    """The bot as the service's note of its sends names it: a hash of its token (the same
    bot whatever process or Bot API server runs it), never the token itself. A token that
    @BotFather replaced names a bot that has sent nothing yet."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


def build_application(
    token: str,
    settings: FrontSettings,
    outage: Outage,
    budget: Budget,
    sending: Callable[[], Awaitable[None]],
) -> TelegramApplication:
    api = settings.api_url.rstrip("/")
    polling = WatchedRequest(outage, read_timeout=settings.poll_timeout + settings.read_timeout)
    calls = PacedRequest(
        budget,
        sending,
        read_timeout=settings.read_timeout,
        connection_pool_size=settings.connections,
    )
    builder = (
        ApplicationBuilder()
        .token(token)
        .base_url(f"{api}/bot")
        .base_file_url(f"{api}/file/bot")
        .request(calls)
        .concurrent_updates(ChatUpdates(settings.concurrency, settings.chat_concurrency))
    )
    if settings.webhook is not None:
        return builder.updater(None).build()  # the updates come by bot.telegram.webhook
    return builder.get_updates_request(polling).build()


async def _connect(front: TelegramFront, outage: Outage, unreachable: Callable[[], None]) -> None:
    """Initialize the application, waiting for a Bot API out of reach to answer (calling
    `unreachable` when the first try fails); a refused token ends the start with
    StartRefused."""
    while True:
        try:
            await front.application.initialize()
        except InvalidToken:
            raise StartRefused(
                text("Telegram refused the token: check TELEGRAM_TOKEN (from @BotFather).")
            ) from None
        except NetworkError as error:
            outage.failed(error)
            unreachable()
            await asyncio.sleep(outage.next_pause())
            continue
        outage.answered()
        return


async def start_front(
    service: GameService,
    token: str,
    settings: FrontSettings,
    unreachable: Callable[[], None] = lambda: None,
) -> TelegramFront:
    """Connect, publish the command menus, start polling (or take the webhook's pushes);
    `stop_front` undoes it."""
    # python-telegram-bot 22 warns on every 429 unless its time periods are timedeltas (its
    # announced future); delivery.retry_seconds reads either.
    os.environ.setdefault("PTB_TIMEDELTA", "true")
    outage = Outage("the Telegram Bot API")
    # A start soon after the bot's last message waits for what Telegram still counts of it.
    bot = bot_name(token)
    lately = await service.sends.wrote_within(PLATFORM, bot, settings.pacing.group_window)
    shared = functools.partial(service.chat_turns.wait, PLATFORM, bot)
    budget = Budget(settings.pacing, wrote_lately=lately, shared=shared)
    application = build_application(
        token, settings, outage, budget, functools.partial(service.sends.sending, PLATFORM, bot)
    )
    front = TelegramFront(service, application, budget, settings.web)
    application = front.application
    try:
        await _connect(front, outage, unreachable)
        await front.publish_menus()
        if settings.webhook is not None:
            await application.start()
            front.pushes = await receive_pushes(service, application, settings.webhook, bot)
        else:
            # Polling deletes a webhook set before (python-telegram-bot's start_polling).
            assert application.updater is not None  # the builder makes one unless told not to
            await application.updater.start_polling(
                poll_interval=0.0,
                timeout=settings.poll_timeout,
                allowed_updates=UPDATE_KINDS,
                # WatchedRequest logs an outage once; this would log a traceback per poll.
                error_callback=lambda _error: None,
            )
            await application.start()
    except BaseException:
        # A bad token, Telegram out of reach, a cancellation: close what was opened.
        await stop_front(front, settings)
        raise
    front.running = True
    await front.catch_up()
    return front


async def stop_front(front: TelegramFront, settings: FrontSettings) -> None:
    """Stop polling, finish the updates in hand, give waiting boards `shutdown_grace`
    seconds, close the connections. Safe to call on a front end that never fully started."""
    front.running = False
    front.service.kernel.bus.unsubscribe(front.on_service_event)
    application = front.application
    if front.pushes is not None:
        # The webhook stays: the bot's other processes serve on, and Telegram keeps the
        # updates while none does.
        await front.pushes.close(settings.shutdown_grace)
        front.pushes = None
    if application.updater is not None and application.updater.running:
        await application.updater.stop()
    if application.running:
        await application.stop()
    await front.desk.close(settings.shutdown_grace)
    await front.showing.arena_boards.edits.close()
    await application.shutdown()
    # After a failed start the application counts as never initialized and leaves the bot's
    # connections open; closing them twice is harmless.
    await application.bot.shutdown()


async def serve(
    service: GameService,
    telegram: TelegramSettings,
    *,
    web: WebSettings | None,
    listening: Callable[[], None] = lambda: None,
    unreachable: Callable[[], None] = lambda: None,
) -> None:
    """Run the bot for `service` until cancelled (calling `listening` once it receives and
    shows events, `unreachable` when the Bot API does not answer the first try); on
    cancellation stop polling, let waiting boards go out for a moment, and close the
    connections."""
    settings = FrontSettings(api_url=telegram.api_url, web=web, webhook=telegram.webhook)
    front = await start_front(service, telegram.token, settings, unreachable)
    listening()
    try:
        await asyncio.Event().wait()
    finally:
        await stop_front(front, settings)
