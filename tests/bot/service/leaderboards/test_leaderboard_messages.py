"""The leaderboard message of a competition in a chat, through two services on one database
(two processes) of each engine: of both showing the first standings at once, one posts and
the other, once it is posted, edits that message; a message found deleted is posted anew by
one of them; a post that failed leaves the next one free to post."""

from __future__ import annotations

import asyncio

from bot.service.game_service import GameService
from bot.service.leaderboards.messages import Edit, Post
from storage import ChatRef, open_store

CHAT = ChatRef("test", "club")
BOARD = "tournament:1"


class Chat:
    """A chat's messages, as a front end's callbacks edit and post them."""

    def __init__(self) -> None:
        self.messages: dict[str, str] = {}
        self.posts = 0

    def showing(self, content: str, *, fail: bool = False) -> tuple[Edit, Post]:
        async def edit(message_id: str) -> bool:
            if message_id not in self.messages:
                return False
            self.messages[message_id] = content
            return True

        async def post() -> str | None:
            await asyncio.sleep(0.1)  # the call to the platform: long enough to race
            if fail:
                return None
            self.posts += 1
            self.messages[str(self.posts)] = content
            return str(self.posts)

        return edit, post


async def test_two_processes_leave_one_leaderboard(database: str) -> None:
    chat = Chat()
    async with await open_store(database) as one, await open_store(database) as two:
        services = [GameService(one), GameService(two)]
        await asyncio.gather(
            *(
                service.leaderboards.show(BOARD, CHAT, *chat.showing(f"by {n}"))
                for n, service in enumerate(services)
            )
        )
        assert chat.posts == 1
        assert list(chat.messages) == ["1"]
        # The one that waited edited the posted message after it: either order is right.
        assert chat.messages["1"] in ("by 0", "by 1")
        # A restart: a new service edits the same message.
        restarted = GameService(one)
        await restarted.leaderboards.show(BOARD, CHAT, *chat.showing("after the restart"))
        assert chat.messages == {"1": "after the restart"}
        # Deleted in the chat: both find it gone, one posts the new one, once.
        del chat.messages["1"]
        await asyncio.gather(
            *(
                service.leaderboards.show(BOARD, CHAT, *chat.showing(f"again {n}"))
                for n, service in enumerate(services)
            )
        )
        assert chat.posts == 2
        assert list(chat.messages) == ["2"]
        for service in (*services, restarted):
            await service.kernel.close()


async def test_a_failed_post_leaves_the_next_standings_free_to_post(database: str) -> None:
    chat = Chat()
    async with await open_store(database) as store:
        service = GameService(store)
        await service.leaderboards.show(BOARD, CHAT, *chat.showing("lost", fail=True))
        assert chat.messages == {}
        await service.leaderboards.show(BOARD, CHAT, *chat.showing("shown"))
        assert chat.messages == {"1": "shown"}
        await service.kernel.close()
