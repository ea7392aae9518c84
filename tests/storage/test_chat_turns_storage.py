"""The turns of a bot's calls in each chat, shared by its processes (migration 24), on both
engines: one a second in a chat, half a second more after another process's; in a group two
at once, then one an interval; every call asked for at once gets a turn of its own; chats and
bots apart."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest

from storage import Store, open_store

PRIVATE = {"spacing": 1.0, "interval": 1.0, "burst": 0.0, "handover": 0.5}
GROUP = {"spacing": 1.0, "interval": 3.5, "burst": 3.5, "handover": 0.5}


class FrozenClock:
    """The store's clock, standing still until the test moves it (every turn is then asked
    at the same moment, and its wait is its place)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock()


async def test_a_private_chats_turns_are_a_second_apart(store: Store, clock: FrozenClock) -> None:
    waits = [await store.take_chat_turn("telegram", "b1", "42", **PRIVATE) for _ in range(3)]
    assert waits == pytest.approx([0.0, 1.0, 2.0], abs=0.01)
    clock.now += timedelta(seconds=10)  # a quiet chat: at once again
    assert await store.take_chat_turn("telegram", "b1", "42", **PRIVATE) == pytest.approx(0.0)


async def test_a_group_gets_two_calls_a_second_apart_then_one_an_interval(
    store: Store, clock: FrozenClock
) -> None:
    waits = [await store.take_chat_turn("telegram", "b1", "-100", **GROUP) for _ in range(4)]
    assert waits == pytest.approx([0.0, 1.0, 3.5, 7.0], abs=0.01)
    # Twenty calls asked at once by several processes: never more than 19 in any minute.
    clock.now += timedelta(seconds=120)
    taken = await asyncio.gather(
        *(store.take_chat_turn("telegram", "b1", "-100", **GROUP) for _ in range(20))
    )
    moments = sorted(taken)
    assert len(set(moments)) == 20, "each call a turn of its own"
    assert all(later - earlier >= 0.99 for earlier, later in pairwise(moments))
    assert all(moments[k + 19] - moments[k] >= 60 for k in range(len(moments) - 19))


async def test_chats_and_bots_have_turns_of_their_own(store: Store) -> None:
    assert await store.take_chat_turn("telegram", "b1", "42", **PRIVATE) == 0.0
    assert await store.take_chat_turn("telegram", "b1", "43", **PRIVATE) == 0.0
    assert await store.take_chat_turn("telegram", "b2", "42", **PRIVATE) == 0.0
    assert await store.take_chat_turn("discord", "b1", "42", **PRIVATE) == 0.0


async def test_a_turn_after_another_processs_waits_the_handover_too(
    store: Store, database: str, clock: FrozenClock
) -> None:
    async with await open_store(database, clock=clock) as other:  # another process
        assert await store.take_chat_turn("telegram", "b1", "42", **PRIVATE) == 0.0
        assert await other.take_chat_turn("telegram", "b1", "42", **PRIVATE) == 1.5
        assert await other.take_chat_turn("telegram", "b1", "42", **PRIVATE) == 2.5
