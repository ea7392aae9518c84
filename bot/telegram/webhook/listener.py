"""Where Telegram's pushes arrive in this process (behind the HTTPS proxy): a request whose
`X-Telegram-Bot-Api-Secret-Token` header is not the webhook's secret is refused (403) and
nothing of it is read further; an update is answered 200 once it is stored, so that Telegram
sends again whatever a process could not store (a 500), or did not answer (killed)."""

from __future__ import annotations

import hmac
import logging
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from bot.i18n import text
from bot.refusals import StartRefused
from bot.settings.parts import Webhook
from bot.telegram.webhook.inbox import Inbox

logger = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
# An update is a few kilobytes; a request far larger is no update from Telegram.
MAX_BODY = 1 << 20


def webhook_app(webhook: Webhook, inbox: Inbox) -> web.Application:
    secret = webhook.secret.encode()

    async def pushed(request: web.Request) -> web.Response:
        given = request.headers.get(SECRET_HEADER, "").encode()
        if not hmac.compare_digest(given, secret):
            return web.Response(status=403, text="wrong secret token")
        try:
            body: Any = await request.json()
        except ValueError:
            return web.Response(status=400, text="not JSON")
        if not isinstance(body, dict) or not isinstance(body.get("update_id"), int):
            return web.Response(status=400, text="no update")
        try:
            await inbox.receive(body)
        except Exception as error:  # the database: Telegram sends it again
            inbox.service.kernel.failures.log(error, logger, "a pushed update was not stored")
            return web.Response(status=500, text="not stored")
        return web.Response(status=200)

    app = web.Application(client_max_size=MAX_BODY)
    app.router.add_post(urlsplit(webhook.url).path or "/", pushed)
    return app


async def listen(webhook: Webhook, inbox: Inbox) -> web.AppRunner:
    """Take Telegram's pushes on the webhook's listen address until the runner is cleaned
    up; an address that cannot be used raises StartRefused saying which."""
    runner = web.AppRunner(webhook_app(webhook, inbox), handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, webhook.host, webhook.port)
    try:
        await site.start()
    except OSError as error:
        await runner.cleanup()
        raise StartRefused(
            text(
                "Telegram's webhook cannot listen on {address}: {error}",
                address=f"{webhook.host}:{webhook.port}",
                error=error.strerror or str(error),
            )
        ) from error
    return runner
