"""An arena's leaderboard in its Telegram chat: one message, edited as the standings change,
at most once every `LEADERBOARD_EVERY` seconds (bot/paced_edits.py): the group's twenty
messages a minute (edits included) are mostly for the games' lines. The final standings are
edited in at once. A restart, or a leaderboard message deleted, posts a new one."""

from __future__ import annotations

import logging

from telegram.error import BadRequest, TelegramError

from bot.i18n import translate
from bot.paced_edits import PacedEdits
from bot.recent import REMEMBERED_CHATS, Recent
from bot.service.kernel.events import TournamentUpdate
from bot.telegram.people import People
from bot.telegram.posting.delivery import is_gone, is_not_modified, with_retries

logger = logging.getLogger(__name__)

# Four edits a minute at most: a fifth of the group's budget.
LEADERBOARD_EVERY = 15.0


class ArenaBoards:
    """Each arena's leaderboard message, kept up to date."""

    def __init__(self, people: People, interval: float = LEADERBOARD_EVERY) -> None:
        self.people = people
        self.edits: PacedEdits[int, TournamentUpdate] = PacedEdits(interval, self._show)
        # Each arena's leaderboard message id in its chat.
        self.messages: Recent[int, int] = Recent(REMEMBERED_CHATS)

    async def offer(self, event: TournamentUpdate) -> None:
        over = event.tournament.status == "finished"
        await self.edits.offer(event.tournament.id, event, at_once=over)

    async def _show(self, tournament_id: int, event: TournamentUpdate) -> None:
        chat = event.tournament.chat
        language = await self.people.chat_language(chat)
        content = translate(language, event.text)
        bot, pacing = self.people.bot, self.people.pacing
        known = self.messages.get(tournament_id)
        try:
            if known is not None:
                try:
                    await with_retries(
                        lambda: bot.edit_message_text(
                            content, chat_id=chat.chat_id, message_id=known
                        ),
                        pacing,
                    )
                    return
                except BadRequest as error:
                    if is_not_modified(error):
                        return
                    if not is_gone(error):
                        raise
            sent = await with_retries(lambda: bot.send_message(chat.chat_id, content), pacing)
            self.messages[tournament_id] = sent.message_id
        except TelegramError as error:
            logger.warning("arena %s leaderboard was not shown: %s", tournament_id, error)
