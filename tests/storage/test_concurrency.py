"""Many tasks, several connections, one game: exactly one write lands."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from storage import (
    NOTICE_LEASE,
    ChallengeNotOpen,
    ChatRef,
    GameRecord,
    Player,
    SeatRecord,
    StaleVersion,
    Store,
    open_store,
)
from storage.sql.engines.engine import Engine
from tests.storage.conftest import TickingClock


async def test_fifty_tasks_at_one_version_land_once(
    store: Store, game: GameRecord, ana: Player
) -> None:
    attempts = [
        store.append_move(game.id, 1, f"move {n}", 0, ana.id, f"after {n}") for n in range(50)
    ]
    outcomes = await asyncio.gather(*attempts, return_exceptions=True)
    landed = [o for o in outcomes if isinstance(o, GameRecord)]
    stale = [o for o in outcomes if isinstance(o, StaleVersion)]
    assert (len(landed), len(stale)) == (1, 49)
    assert all(error.current_version == 2 for error in stale)
    log = await store.moves(game.id)
    assert len(log) == 1
    assert f"after {log[0].notation.split()[1]}" == (await store.get_game(game.id)).snapshot


async def test_two_stores_on_one_database_land_once(
    store: Store, game: GameRecord, ana: Player, database: str
) -> None:
    # A second store has its own writer connection, as a second process would.
    async with await open_store(database) as second:
        attempts = [
            each.append_move(game.id, 1, f"move {n}", 0, ana.id, "s")
            for n in range(25)
            for each in (store, second)
        ]
        outcomes = await asyncio.gather(*attempts, return_exceptions=True)
    assert sum(isinstance(o, GameRecord) for o in outcomes) == 1
    assert sum(isinstance(o, StaleVersion) for o in outcomes) == 49
    assert len(await store.moves(game.id)) == 1


async def test_challenge_is_accepted_exactly_once(store: Store, ana: Player, bruno: Player) -> None:
    chat = ChatRef("telegram", "-5")
    made = await store.create_challenge("brazilian", {}, ana.id, chat)
    accepts = [
        store.create_game(
            "brazilian",
            {},
            [SeatRecord(0, ana.id), SeatRecord(1, bruno.id)],
            "s",
            chat,
            from_challenge=made.id,
        )
        for _ in range(20)
    ]
    outcomes = await asyncio.gather(*accepts, return_exceptions=True)
    games = [o for o in outcomes if isinstance(o, GameRecord)]
    assert len(games) == 1
    assert sum(isinstance(o, ChallengeNotOpen) for o in outcomes) == 19
    assert [g.id for g in await store.games_of_player(ana.id)] == [games[0].id]
    assert (await store.get_challenge(made.id)).game_id == games[0].id


async def test_resolving_twice_at_once_wins_once(store: Store, ana: Player) -> None:
    made = await store.create_challenge("italian", {}, ana.id, ChatRef("console", "local"))
    outcomes = await asyncio.gather(
        *(store.resolve_challenge(made.id, "cancelled") for _ in range(10)),
        return_exceptions=True,
    )
    assert sum(isinstance(o, ChallengeNotOpen) for o in outcomes) == 9


class RolledBack(Exception):
    """Ends a transaction of the tests without committing it."""


async def test_reads_go_on_while_another_connection_writes(
    store: Store, game: GameRecord, raw: Engine
) -> None:
    # The rollback is raised on leaving the transaction, so the whole transaction is inside.
    with pytest.raises(RolledBack):  # noqa: PT012
        async with raw.writing() as connection:
            await connection.execute(
                "UPDATE games SET snapshot = 'uncommitted' WHERE id = $1", game.id
            )
            seen = await asyncio.wait_for(store.get_game(game.id), timeout=2)
            raise RolledBack
    assert seen == game


async def test_cancelled_write_leaves_the_store_usable(
    store: Store, game: GameRecord, ana: Player, raw: Engine
) -> None:
    async with raw.writing() as connection:
        # Holds the lock a move needs (SQLite's write lock, PostgreSQL's lock on the row).
        await connection.execute("UPDATE games SET updated_at = updated_at WHERE id = $1", game.id)
        # The move waits for the other writer's lock and is cancelled there. Time to reach it:
        # neither engine shows a waiting writer (SQLite's retries BEGIN until its deadline).
        waiting = asyncio.create_task(store.append_move(game.id, 1, "11-15", 0, ana.id, "s"))
        await asyncio.sleep(0.2)
        waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert await store.moves(game.id) == []
    moved = await store.append_move(game.id, 1, "11-16", 0, ana.id, "s")
    assert moved.version == 2


async def test_first_sights_of_one_account_at_once_make_one_player(
    store: Store, database: str
) -> None:
    async with await open_store(database) as second:
        seen = await asyncio.gather(
            *(
                each.player_for_identity("telegram", "777", f"Caio {n}")
                for n in range(10)
                for each in (store, second)
            )
        )
    assert len({player.id for player in seen}) == 1
    assert len(await store.identities(seen[0].id)) == 1


async def test_a_notice_is_claimed_once(
    store: Store, ana: Player, database: str, clock: TickingClock
) -> None:
    notice = await store.add_notice(ana.id, None, "vacation_over")
    async with await open_store(database, clock=clock) as second:
        claims = await asyncio.gather(
            *(each.claim_notice(notice.id) for _ in range(10) for each in (store, second))
        )
        assert claims.count(True) == 1
        # Claimed, not sent yet: still waiting, and no one else's while the claim holds.
        assert [waiting.id for waiting in await second.unsent_notices()] == [notice.id]
        assert not await second.claim_notice(notice.id)
        await store.notice_sent(notice.id)
        clock.now += 2 * NOTICE_LEASE
        assert await store.unsent_notices() == []
        assert not await second.claim_notice(notice.id)


async def test_a_claim_whose_sender_died_is_taken_again_after_the_lease(
    store: Store, ana: Player, database: str, clock: TickingClock
) -> None:
    notice = await store.add_notice(ana.id, None, "vacation_over")
    assert await store.claim_notice(notice.id)  # ... and this process dies before sending
    claimed_at = clock.now
    assert await store.next_wakeup({}) == claimed_at + NOTICE_LEASE
    async with await open_store(database, clock=clock) as second:
        clock.now = claimed_at + NOTICE_LEASE - timedelta(seconds=2)
        assert not await second.claim_notice(notice.id)
        clock.now = claimed_at + NOTICE_LEASE
        assert await second.claim_notice(notice.id)
        # The new claim holds against everyone, the first claimant too.
        assert not await store.claim_notice(notice.id)
        await second.notice_sent(notice.id)
    assert await store.unsent_notices() == []
    assert await store.next_wakeup({}) is None
