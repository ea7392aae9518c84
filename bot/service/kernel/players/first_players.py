"""The first person who plays in a chat gives it its language, when nothing else has.

A chat's public text (boards, challenges, news) speaks the language its administrators
chose, else the platform's for the place (a Discord server's locale), else the language of
the first person who played there (chats.py: `chat_language`). Playing is starting a game
or challenge there, or a move in one of its games; a command such as /help teaches nothing,
so that an English reader's /help does not make a Portuguese player's first board English.
"""

from __future__ import annotations

from bot.i18n import language_of
from bot.service.kernel.events import Actor
from bot.service.kernel.players.roster import Roster
from storage import ChatRef, ChatStore

# Chats known to have a language, kept so that a move there costs no read; forgotten all
# at once past this many (a chat's first language never changes: reading it again is safe).
REMEMBERED_CHATS = 10_000


class FirstPlayers:
    def __init__(self, chats: ChatStore, roster: Roster) -> None:
        self.chats = chats
        self.roster = roster
        self._learned: set[tuple[str, str]] = set()

    async def played(self, actor: Actor, chat: ChatRef | None) -> None:
        """`actor` played in `chat`: a chat without a language yet takes his (if he has one:
        else it waits for the next player)."""
        if chat is None or (chat.platform, chat.chat_id) in self._learned:
            return
        player = await self.roster.player(actor)
        language = player.language or language_of(actor.language)
        if language is None:
            return
        kept = await self.chats.chat_language(chat.platform, chat.chat_id, language)
        if kept is not None:
            if len(self._learned) >= REMEMBERED_CHATS:
                self._learned.clear()
            self._learned.add((chat.platform, chat.chat_id))
