"""Receiving Telegram's updates by its webhook, from the start of the front end to its stop."""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from bot.service.game_service import GameService
from bot.settings.parts import Webhook
from bot.telegram.chats import UPDATE_KINDS, TelegramApplication
from bot.telegram.webhook.inbox import Inbox
from bot.telegram.webhook.listener import listen


@dataclass
class Pushes:
    """The listener and the inbox of a front end that takes Telegram's pushes."""

    inbox: Inbox
    runner: web.AppRunner

    async def close(self, grace: float) -> None:
        """Take no more pushes (the proxy sends them to the other processes), then give the
        updates in hand `grace` seconds."""
        await self.runner.cleanup()
        await self.inbox.close(grace)


async def receive_pushes(
    service: GameService, application: TelegramApplication, webhook: Webhook, bot: str
) -> Pushes:
    """Listen, then ask Telegram to push the bot's updates to the webhook (every process of
    the bot asks the same, at each start: the one webhook of the token)."""
    inbox = Inbox(service, application, bot)
    runner = await listen(webhook, inbox)
    inbox.start()
    pushes = Pushes(inbox, runner)
    try:
        await application.bot.set_webhook(
            webhook.url, allowed_updates=UPDATE_KINDS, secret_token=webhook.secret
        )
    except BaseException:
        await pushes.close(0)
        raise
    return pushes
