"""Writes that belong to the end of a game (ratings, later) run in the transaction that stores
the result: exactly once, and never for an end that did not happen."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from storage import GameRecord, GameResult, NextClock, SeatRecord, StaleVersion, Store, open_store
from storage.sql.engines.engine import Connection
from tests.storage.conftest import TickingClock

ENDED_AT = "2026-01-01T00:00:00.000000+00:00"


async def note_the_end(connection: Connection, game: GameRecord) -> None:
    """Stands in for a rating change: one row per ended game, written with the end."""
    assert game.status != "active"
    await connection.execute(
        "INSERT INTO notices (player_id, game_id, kind, created_at) VALUES ($1, $2, $3, $4)",
        game.seats[0].player_id,
        game.id,
        f"ended_{game.status}_{game.version}",
        ENDED_AT,
    )


async def refuse_the_end(_connection: Connection, _game: GameRecord) -> None:
    raise RuntimeError("the rating table is full")


@pytest.fixture
async def noting_store(database: str, clock: TickingClock) -> AsyncIterator[Store]:
    async with await open_store(database, clock=clock, on_game_end=[note_the_end]) as opened:
        yield opened


async def start_game(store: Store) -> GameRecord:
    ana = await store.player_for_identity("telegram", "111", "Ana")
    bruno = await store.player_for_identity("discord", "222", "Bruno")
    return await store.create_game(
        "brazilian",
        {},
        [SeatRecord(0, ana.id), SeatRecord(1, bruno.id)],
        "start",
        None,
        clock=NextClock(0, timedelta(days=3)),
    )


async def end_notes(store: Store) -> list[str]:
    return [notice.kind for notice in await store.unsent_notices()]


async def test_finishing_twice_at_once_writes_the_end_once(noting_store: Store) -> None:
    game = await start_game(noting_store)
    outcomes = await asyncio.gather(
        *(
            noting_store.finish_game(
                game.id, game.version, "finished", {"winners": [1], "reason": "resigned"}
            )
            for _ in range(10)
        ),
        return_exceptions=True,
    )
    assert sum(isinstance(o, StaleVersion) for o in outcomes) == 9
    assert await end_notes(noting_store) == ["ended_finished_2"]


async def test_a_move_that_ends_the_game_writes_the_end(noting_store: Store) -> None:
    game = await start_game(noting_store)
    moved = await noting_store.append_move(game.id, 1, "11-15", 0, game.seats[0].player_id, "s")
    assert await end_notes(noting_store) == []
    ended = await noting_store.append_move(
        game.id,
        moved.version,
        "22-18",
        1,
        game.seats[1].player_id,
        "end",
        result={"winners": [1], "reason": "no_moves"},
    )
    assert ended.status == "finished"
    assert await end_notes(noting_store) == ["ended_finished_3"]


async def test_a_failing_end_write_leaves_the_game_unfinished(
    database: str, clock: TickingClock
) -> None:
    async with await open_store(database, clock=clock, on_game_end=[refuse_the_end]) as store:
        game = await start_game(store)
        with pytest.raises(RuntimeError, match="rating table"):
            await store.finish_game(game.id, 1, "aborted", None)
        assert await store.get_game(game.id) == game
        assert await store.clock(game.id) is not None


async def test_the_notices_of_an_end_are_written_with_it_or_not_at_all(store: Store) -> None:
    game = await start_game(store)
    ana, bruno = (seat.player_id for seat in game.seats)
    assert ana is not None
    assert bruno is not None
    notices = [(ana, "timeout:0"), (bruno, "timeout:0")]
    result: GameResult = {"winners": [1], "reason": "timeout"}
    with pytest.raises(StaleVersion):
        await store.finish_game(game.id, game.version + 1, "finished", result, notices)
    assert await end_notes(store) == []
    await store.finish_game(game.id, game.version, "finished", result, notices)
    queued = await store.unsent_notices()
    assert [(n.player_id, n.game_id, n.kind) for n in queued] == [
        (ana, game.id, "timeout:0"),
        (bruno, game.id, "timeout:0"),
    ]


async def test_the_notices_of_a_move_are_written_with_it(store: Store) -> None:
    game = await start_game(store)
    ana = game.seats[0].player_id
    assert ana is not None
    with pytest.raises(StaleVersion):
        await store.append_move(
            game.id, game.version + 1, "c3-d4", 0, ana, "after", notices=[(ana, "left:0")]
        )
    assert await end_notes(store) == []
    await store.append_move(
        game.id, game.version, "c3-d4", 0, ana, "after", notices=[(ana, "left:0")]
    )
    assert await end_notes(store) == ["left:0"]
