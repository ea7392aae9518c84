"""The web server's life in the bot's process: it listens from the start of the chat front
ends to their end (bot/__main__.py), each connection a hardened one (bot/web/connections.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from aiohttp import web

from bot.i18n import text
from bot.refusals import StartRefused
from bot.service.game_service import GameService
from bot.settings import WebSettings
from bot.web.app import web_app
from bot.web.connections import Connection


@asynccontextmanager
async def serving_web(service: GameService, settings: WebSettings | None) -> AsyncIterator[None]:
    """Serve the pages while the block runs (nothing when the settings are None); a listen
    address that cannot be used raises StartRefused saying which."""
    if settings is None:
        yield
        return
    runner = web.AppRunner(web_app(service, settings))
    await runner.setup()
    try:
        listening = await _listen(runner, settings)
        try:
            yield
        finally:
            listening.close()
    finally:
        await runner.cleanup()


async def _listen(runner: web.AppRunner, settings: WebSettings) -> asyncio.Server:
    """Listen on the settings' address; the application's server answers each connection."""
    server = runner.server
    assert server is not None  # set up
    loop = asyncio.get_running_loop()
    try:
        return await loop.create_server(
            lambda: Connection(server, loop), settings.host, settings.port
        )
    except OSError as error:
        raise StartRefused(
            text(
                "The web pages cannot listen on {address}: {error}",
                address=f"{settings.host}:{settings.port}",
                error=error.strerror or str(error),
            )
        ) from error
