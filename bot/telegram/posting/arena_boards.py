"""An arena's leaderboard, or a club match's score board, in a Telegram chat: one message,
edited as the standings change,
at most once every `LEADERBOARD_EVERY` seconds (bot/paced_edits.py): the group's twenty
messages a minute (edits included) are mostly for the games' lines. The final standings are
edited in at once. Which message is the service's (bot/service/leaderboards/): the same one
after a restart and from every process; one deleted in the chat is posted anew, once."""

from __future__ import annotations

import logging

from telegram.error import BadRequest, TelegramError

from bot.i18n import Text, translate
from bot.standings_boards import StandingsBoards
from bot.telegram.people import People
from bot.telegram.posting.delivery import is_gone, is_not_modified, with_retries
from storage import ChatRef

logger = logging.getLogger(__name__)

# Four edits a minute at most: a fifth of the group's budget.
LEADERBOARD_EVERY = 15.0


def arena_boards(people: People) -> StandingsBoards:
    """Each leaderboard message (an arena's, a club match's in each of its chats), kept up
    to date at Telegram's pace."""
    return StandingsBoards(LEADERBOARD_EVERY, ArenaBoards(people).show)


class ArenaBoards:
    """How a leaderboard message is edited, or posted, in a Telegram chat."""

    def __init__(self, people: People) -> None:
        self.people = people

    async def show(self, key: str, shown: tuple[ChatRef, Text]) -> None:
        chat, board = shown
        language = await self.people.chat_language(chat)
        content = translate(language, board)
        bot, pacing = self.people.bot, self.people.pacing

        async def edit(message_id: str) -> bool:
            try:
                await with_retries(
                    lambda: bot.edit_message_text(
                        content, chat_id=chat.chat_id, message_id=int(message_id)
                    ),
                    pacing,
                )
            except BadRequest as error:
                if is_gone(error):
                    return False
                if not is_not_modified(error):
                    raise
            return True

        async def post() -> str:
            sent = await with_retries(lambda: bot.send_message(chat.chat_id, content), pacing)
            return str(sent.message_id)

        try:
            await self.people.service.leaderboards.show(key, chat, edit, post)
        except TelegramError as error:
            logger.warning("leaderboard %s was not shown: %s", key, error)
