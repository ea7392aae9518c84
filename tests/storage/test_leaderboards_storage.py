"""The leaderboard message of each competition in each chat (migration 26), on both engines:
kept in the database, so that a restarted or second process edits the same message; of
processes racing to post the first one, or the one that replaces a deleted message, one
posts; a holder that died loses its claim after the lease."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from storage import LeaderboardSlot, Store
from tests.storage.conftest import CHAT, TickingClock

BOARD = "tournament:7"
POST = LeaderboardSlot(None, taken=True)
WAIT = LeaderboardSlot(None, taken=False)


def edit(message_id: str) -> LeaderboardSlot:
    return LeaderboardSlot(message_id, taken=False)


async def claim(
    store: Store, holder: str, gone: str | None = None, board: str = BOARD
) -> LeaderboardSlot:
    return await store.claim_leaderboard(
        board, CHAT.platform, CHAT.chat_id, holder, gone=gone, lease=30
    )


async def posted(store: Store, holder: str, message_id: str) -> None:
    await store.leaderboard_posted(BOARD, CHAT.platform, CHAT.chat_id, holder, message_id)


async def test_one_of_two_processes_posts_the_first_board_and_both_then_edit_it(
    store: Store,
) -> None:
    slots = await asyncio.gather(claim(store, "a"), claim(store, "b"))
    assert sorted(slots, key=lambda slot: slot.taken) == [WAIT, POST]
    winner = "a" if slots[0] == POST else "b"
    assert await claim(store, "c") == WAIT  # still on its way
    await posted(store, winner, "9")
    assert await claim(store, "a") == edit("9")
    assert await claim(store, "b") == edit("9")
    # Another competition, or the same one in another chat, has a message of its own.
    assert await claim(store, "a", board="clubmatch:7") == POST
    other_chat = await store.claim_leaderboard(
        BOARD, CHAT.platform, "-1002", "a", gone=None, lease=30
    )
    assert other_chat == POST


async def test_a_deleted_board_is_replaced_once(store: Store) -> None:
    assert await claim(store, "a") == POST
    await posted(store, "a", "9")
    # Both find message 9 gone from the chat: one posts its replacement, the other waits,
    # then edits the new one; a late word about 9 changes nothing.
    slots = await asyncio.gather(claim(store, "a", gone="9"), claim(store, "b", gone="9"))
    assert sorted(slots, key=lambda slot: slot.taken) == [WAIT, POST]
    winner = "a" if slots[0] == POST else "b"
    await posted(store, winner, "12")
    assert await claim(store, "b", gone="9") == edit("12")
    assert await claim(store, "c") == edit("12")


async def test_a_failed_post_frees_the_claim_and_a_dead_holder_loses_it_after_the_lease(
    store: Store, clock: TickingClock
) -> None:
    assert await claim(store, "a") == POST
    await store.release_leaderboard(BOARD, CHAT.platform, CHAT.chat_id, "a")
    assert await claim(store, "b") == POST  # a posted nothing: b may
    clock.now += timedelta(seconds=10)
    assert await claim(store, "c") == WAIT
    clock.now += timedelta(seconds=100)
    assert await claim(store, "c") == POST  # b died mid-post
    await posted(store, "b", "5")  # b's late word: not the holder any more
    await posted(store, "c", "6")
    assert await claim(store, "a") == edit("6")
