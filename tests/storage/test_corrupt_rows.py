"""A row that does not decode gives a clear CorruptRecord naming it, and hides nothing else."""

from __future__ import annotations

import logging

import pytest

from storage import (
    ChatRef,
    CorruptRecord,
    GameRecord,
    Player,
    SeatRecord,
    StorageError,
    Store,
)
from storage.sql.engines.engine import Engine


async def tamper(raw: Engine, query: str, *args: object) -> None:
    async with raw.writing() as connection:
        await connection.execute(query, *args)


@pytest.mark.parametrize(
    ("assignment", "value", "problem"),
    [
        ("options = $1", "{not json", "the options '{not json' are not JSON"),
        ("options = $1", "[1, 2]", "are not a JSON object"),
        ("status = 'finished', result = $1", '{"winners": 0}', "is not a JSON winners/reason"),
        ("status = 'finished', result = $1", '{"winners": [0]}', "is not a JSON winners/reason"),
        ("status = 'finished', result = $1", '{"winners": ["0"], "reason": "x"}', "not a list"),
        ("updated_at = $1", "yesterday", "'yesterday' is not an ISO 8601 time"),
        ("updated_at = $1", "2026-01-01T00:00:00", "has no time zone"),
    ],
)
async def test_bad_game_row_is_named(
    store: Store,
    game: GameRecord,
    raw: Engine,
    assignment: str,
    value: str,
    problem: str,
) -> None:
    await tamper(raw, f"UPDATE games SET {assignment} WHERE id = $2", value, game.id)
    with pytest.raises(CorruptRecord, match=f"game {game.id} is corrupt: ") as error:
        await store.get_game(game.id)
    assert problem in str(error.value)
    assert isinstance(error.value, StorageError)


async def test_listing_leaves_out_the_bad_game_and_logs_it(
    store: Store,
    game: GameRecord,
    ana: Player,
    raw: Engine,
    caplog: pytest.LogCaptureFixture,
) -> None:
    good = await store.create_game("italian", {}, [SeatRecord(0, ana.id)], "s", None)
    await tamper(raw, "UPDATE games SET options = '{' WHERE id = $1", game.id)
    with caplog.at_level(logging.ERROR, logger="storage.sql.games"):
        listed = await store.games_of_player(ana.id)
    assert [g.id for g in listed] == [good.id]
    assert f"game {game.id} is corrupt" in caplog.text


async def test_bad_challenge_row_is_named(store: Store, ana: Player, raw: Engine) -> None:
    made = await store.create_challenge("ludo", {}, ana.id, ChatRef("console", "local"))
    await tamper(raw, "UPDATE challenges SET options = 'null' WHERE id = $1", made.id)
    with pytest.raises(CorruptRecord, match=f"challenge {made.id} is corrupt"):
        await store.get_challenge(made.id)


async def test_bad_move_time_is_named(
    store: Store, game: GameRecord, ana: Player, raw: Engine
) -> None:
    await store.append_move(game.id, 1, "11-15", 0, ana.id, "s")
    await tamper(raw, "UPDATE moves SET played_at = 'soon' WHERE game_id = $1", game.id)
    with pytest.raises(CorruptRecord, match=f"move 1 of game {game.id} is corrupt"):
        await store.moves(game.id)
