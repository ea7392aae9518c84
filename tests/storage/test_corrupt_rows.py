"""A row that does not decode gives a clear CorruptRecord naming it, and hides nothing else."""

from __future__ import annotations

import logging
import sqlite3

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


@pytest.mark.parametrize(
    ("assignment", "value", "problem"),
    [
        ("options = ?", "{not json", "the options '{not json' are not JSON"),
        ("options = ?", "[1, 2]", "are not a JSON object"),
        ("status = 'finished', result = ?", '{"winners": 0}', "is not a JSON winners/reason"),
        ("status = 'finished', result = ?", '{"winners": [0]}', "is not a JSON winners/reason"),
        ("status = 'finished', result = ?", '{"winners": ["0"], "reason": "x"}', "not a list"),
        ("updated_at = ?", "yesterday", "'yesterday' is not an ISO 8601 time"),
        ("updated_at = ?", "2026-01-01T00:00:00", "has no time zone"),
    ],
)
async def test_bad_game_row_is_named(
    store: Store,
    game: GameRecord,
    raw: sqlite3.Connection,
    assignment: str,
    value: str,
    problem: str,
) -> None:
    raw.execute(f"UPDATE games SET {assignment} WHERE id = ?", (value, game.id))
    with pytest.raises(CorruptRecord, match=f"game {game.id} is corrupt: ") as error:
        await store.get_game(game.id)
    assert problem in str(error.value)
    assert isinstance(error.value, StorageError)


async def test_listing_leaves_out_the_bad_game_and_logs_it(
    store: Store,
    game: GameRecord,
    ana: Player,
    raw: sqlite3.Connection,
    caplog: pytest.LogCaptureFixture,
) -> None:
    good = await store.create_game("italian", {}, [SeatRecord(0, ana.id)], "s", None)
    raw.execute("UPDATE games SET options = '{' WHERE id = ?", (game.id,))
    with caplog.at_level(logging.ERROR, logger="storage.sql.games"):
        listed = await store.games_of_player(ana.id)
    assert [g.id for g in listed] == [good.id]
    assert f"game {game.id} is corrupt" in caplog.text


async def test_bad_challenge_row_is_named(
    store: Store, ana: Player, raw: sqlite3.Connection
) -> None:
    made = await store.create_challenge("ludo", {}, ana.id, ChatRef("console", "local"))
    raw.execute("UPDATE challenges SET options = 'null' WHERE id = ?", (made.id,))
    with pytest.raises(CorruptRecord, match=f"challenge {made.id} is corrupt"):
        await store.get_challenge(made.id)


async def test_bad_move_time_is_named(
    store: Store, game: GameRecord, ana: Player, raw: sqlite3.Connection
) -> None:
    await store.append_move(game.id, 1, "11-15", 0, ana.id, "s")
    raw.execute("UPDATE moves SET played_at = 'soon' WHERE game_id = ?", (game.id,))
    with pytest.raises(CorruptRecord, match=f"move 1 of game {game.id} is corrupt"):
        await store.moves(game.id)
