"""The web server's life in the bot's process: it listens from the start of the chat front
ends to their end (bot/__main__.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from aiohttp import web

from bot.i18n import text
from bot.refusals import StartRefused
from bot.service.core import GameService
from bot.web.app import web_app
from bot.web.settings import WebSettings


@asynccontextmanager
async def serving_web(service: GameService, settings: WebSettings | None) -> AsyncIterator[None]:
    """Serve the pages while the block runs (nothing when the settings are None); a listen
    address that cannot be used raises StartRefused saying which."""
    if settings is None:
        yield
        return
    runner = web.AppRunner(web_app(service, settings), access_log=None)
    await runner.setup()
    try:
        try:
            await web.TCPSite(runner, settings.host, settings.port).start()
        except OSError as error:
            raise StartRefused(
                text(
                    "The web pages cannot listen on {address}: {error}",
                    address=f"{settings.host}:{settings.port}",
                    error=error.strerror or str(error),
                )
            ) from error
        yield
    finally:
        await runner.cleanup()
