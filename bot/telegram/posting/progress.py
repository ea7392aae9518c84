"""The stages of long work (/review) in one message: sent with the first stage, edited with
each later one.

The work does not wait for Telegram: an edit goes out in its chat's turn (sending/budget.py)
while the work goes on, and an edit that is still waiting when the next stage comes is dropped
for it (as the budget drops an older edit of a message). When the work ends its result is
sent, and an edit still waiting then is dropped too."""

from __future__ import annotations

import asyncio
import logging
from functools import partial

from telegram.error import TelegramError

from bot.i18n import Text, translate
from bot.telegram.chats import Origin
from bot.telegram.people import People
from bot.telegram.posting.delivery import with_retries

logger = logging.getLogger(__name__)


class StageMessage:
    """A `Progress` for the service: one message per piece of work."""

    def __init__(self, people: People, origin: Origin) -> None:
        self.people = people
        self.origin = origin
        self._message_id: int | None = None
        self._sending: asyncio.Task[None] | None = None

    async def __call__(self, stage: Text) -> None:
        if self._sending is not None and not self._sending.done() and self._message_id is None:
            return  # the message is on its way: a later stage edits it
        self.stop()
        self._sending = asyncio.get_running_loop().create_task(self._show(stage))

    async def _show(self, stage: Text) -> None:
        bot, chat_id = self.people.bot, self.origin.chat.chat_id
        content = translate(self.origin.language, stage)
        try:
            if self._message_id is None:
                message = await with_retries(
                    partial(
                        bot.send_message,
                        chat_id,
                        content,
                        reply_to_message_id=self.origin.reply_to,
                        allow_sending_without_reply=True,
                    ),
                    self.people.pacing,
                )
                self._message_id = message.message_id
            else:
                await with_retries(
                    partial(bot.edit_message_text, content, chat_id, self._message_id),
                    self.people.pacing,
                )
        except TelegramError as error:
            logger.info("a stage of work was not shown in chat %s: %s", chat_id, error)

    def stop(self) -> None:
        """Drop an edit still waiting to go out (a newer one, or the result, follows); the
        first message goes out in any case (cut short, its id would be lost)."""
        if self._sending is not None and not self._sending.done() and self._message_id is not None:
            self._sending.cancel()
