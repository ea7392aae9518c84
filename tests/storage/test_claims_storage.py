"""Work that several processes do once between them (migration 21), on both engines: a pushed
update is stored once and handled by its holder, taken over by one other process only after
its lease ran out; a board's slot is taken by one process, and once its board went out it is
shown for that version."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from datetime import timedelta

from storage import BoardSlot, GameRecord, Store
from tests.storage.conftest import CHAT, TickingClock

BOT = "bot-hash"


async def test_an_update_is_stored_once(store: Store) -> None:
    assert await store.take_update("telegram", BOT, 7, '{"update_id": 7}', "first")
    assert not await store.take_update("telegram", BOT, 7, '{"update_id": 7}', "second")
    # Another bot's update of the same number is another update.
    assert await store.take_update("telegram", "other-bot", 7, '{"update_id": 7}', "second")


async def test_a_held_update_is_taken_over_after_its_lease_by_one_process_only(
    store: Store, clock: TickingClock
) -> None:
    assert await store.take_update("telegram", BOT, 8, "body 8", "dead")
    assert await store.retake_updates("telegram", BOT, "b", 100, 10) == []
    clock.now += timedelta(seconds=200)
    taken = await asyncio.gather(
        store.retake_updates("telegram", BOT, "b", 100, 10),
        store.retake_updates("telegram", BOT, "c", 100, 10),
    )
    assert sorted(taken, key=len) == [[], [(8, "body 8")]]
    winner = "b" if taken[0] else "c"
    # The dead holder's late word changes nothing; the new holder's marks it handled.
    await store.finish_update("telegram", BOT, 8, "dead")
    clock.now += timedelta(seconds=200)
    assert len(await store.retake_updates("telegram", BOT, "d", 100, 10)) == 1
    await store.finish_update("telegram", BOT, 8, "d")
    clock.now += timedelta(seconds=200)
    assert await store.retake_updates("telegram", BOT, winner, 100, 10) == []


async def test_a_renewed_lease_keeps_the_update_with_its_holder(
    store: Store, clock: TickingClock
) -> None:
    assert await store.take_update("telegram", BOT, 9, "body", "working")
    clock.now += timedelta(seconds=90)
    await store.renew_updates("telegram", BOT, "working")
    clock.now += timedelta(seconds=20)
    assert await store.retake_updates("telegram", BOT, "other", 100, 10) == []


async def test_handled_updates_are_forgotten_after_a_while(
    store: Store, clock: TickingClock
) -> None:
    assert await store.take_update("telegram", BOT, 10, "body", "a")
    assert await store.take_update("telegram", BOT, 11, "body", "a")
    await store.finish_update("telegram", BOT, 10, "a")
    clock.now += timedelta(seconds=1000)
    assert await store.forget_updates("telegram", BOT, 500) == 1
    assert await store.take_update("telegram", BOT, 10, "body", "a")  # forgotten: new again
    assert not await store.take_update("telegram", BOT, 11, "body", "a")  # never handled


async def test_a_board_slot_is_taken_by_one_process(
    store: Store, game: GameRecord, clock: TickingClock
) -> None:
    def claim(holder: str, version: int, *, again: bool = False) -> Awaitable[BoardSlot]:
        return store.claim_board_send(
            game.id, CHAT.platform, CHAT.chat_id, version, holder, again=again, lease=30
        )

    assert await claim("a", 1) is BoardSlot.TAKEN
    assert await claim("b", 1) is BoardSlot.BUSY
    await store.release_board_send(game.id, CHAT.platform, CHAT.chat_id, "a", sent=True)
    assert await claim("b", 1) is BoardSlot.SHOWN
    assert await claim("b", 1, again=True) is BoardSlot.TAKEN  # /board asks anew
    await store.release_board_send(game.id, CHAT.platform, CHAT.chat_id, "b", sent=False)
    assert await claim("a", 1) is BoardSlot.TAKEN  # b's send failed: free again
    await store.release_board_send(game.id, CHAT.platform, CHAT.chat_id, "a", sent=True)
    assert await claim("a", 2) is BoardSlot.TAKEN  # a newer version
    clock.now += timedelta(seconds=100)
    assert await claim("b", 2) is BoardSlot.TAKEN  # a's lease ran out (killed mid-send)
