"""The message of each competition's leaderboard in each chat (an arena's standings, a club
match's score board in each of its chats), edited as the standings change.

The message's id is kept in the database (LeaderboardStore), not in a front end's memory:
after a restart, or when another process on the same database shows the next standings, the
same message is edited, and the chat never sees a second leaderboard beside a stale one. A
new message is posted by one process only (a claim in the store): the first one, or one that
replaces a message deleted in the chat. The front end says how to edit and how to post on its
platform; this says which, and records what it posted."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable

from bot.service.kernel.capability import Capability
from bot.service.kernel.kernel import Kernel
from storage import ChatRef, LeaderboardStore

logger = logging.getLogger(__name__)

# Seconds a process that took a leaderboard's claim (to post its message) keeps it if it never
# says it is done (killed mid-post): another process may post one after that.
POST_LEASE = 30.0
# While another process posts the leaderboard, look again this often, this many times: a post
# takes one call to the platform; one that takes longer is left to the next standings.
BUSY_WAIT = 0.25
BUSY_LOOKS = 20

# Edits the message of the given id: False if the platform says it is gone (deleted).
Edit = Callable[[str], Awaitable[bool]]
# Posts a new message: its id, or None if it was not posted.
Post = Callable[[], Awaitable[str | None]]


class LeaderboardMessages(Capability):
    def __init__(self, kernel: Kernel, boards: LeaderboardStore) -> None:
        super().__init__(kernel)
        self.boards = boards
        # This process, as the holder of the claims it takes.
        self._holder = uuid.uuid4().hex

    async def show(self, board: str, chat: ChatRef, edit: Edit, post: Post) -> None:
        """Show the leaderboard `board` ("tournament:7") in `chat`: edit its message, or post
        one (none yet, or it was deleted) and record it, unless another process is posting
        it right now."""
        gone: str | None = None
        for _ in range(BUSY_LOOKS):
            slot = await self.boards.claim_leaderboard(
                board, chat.platform, chat.chat_id, self._holder, gone=gone, lease=POST_LEASE
            )
            if slot.taken:
                await self._post(board, chat, post)
                return
            if slot.message_id is None:
                await asyncio.sleep(BUSY_WAIT)
            elif await edit(slot.message_id):
                return
            else:
                gone = slot.message_id
        logger.warning("leaderboard %s in %s: another process is still posting it", board, chat)

    async def _post(self, board: str, chat: ChatRef, post: Post) -> None:
        posted: str | None = None
        try:
            posted = await post()
        finally:
            if posted is None:
                await self.boards.release_leaderboard(
                    board, chat.platform, chat.chat_id, self._holder
                )
            else:
                await self.boards.leaderboard_posted(
                    board, chat.platform, chat.chat_id, self._holder, posted
                )
