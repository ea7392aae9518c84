"""The rating rows: written with a game's end, read back, replaced by a rebuild; a second write
of one game's change is refused by the primary key; a damaged row reads as damaged."""

from __future__ import annotations

import math

import pytest

from storage import (
    GameRecord,
    Player,
    RatingChangeRecord,
    RatingLedger,
    RatingRecord,
    SeatRecord,
    Store,
    is_database_url,
    open_store,
    ratings_at_game_end,
)
from storage.sql.engines.engine import ConstraintViolated, Engine
from tests.storage.conftest import CHAT, TickingClock

POOL = "brazilian/live"


def change_for(game: GameRecord, player_id: int, delta: float) -> RatingChangeRecord:
    return RatingChangeRecord(
        game.id, player_id, POOL, 1500, 350, 0.06, 1500 + delta, 290, 0.06, game.updated_at
    )


async def write_changes(ledger: RatingLedger, game: GameRecord) -> None:
    """Stands in for the service's update: each seat +10 or -10."""
    if await ledger.applied(game.id):
        return
    assert game.result is not None
    changes = [
        change_for(game, seat.player_id, 10 if seat.seat in game.result["winners"] else -10)
        for seat in game.seats
        if seat.player_id is not None
    ]
    ratings = [
        RatingRecord(c.player_id, POOL, c.rating_after, 290, 0.06, 1, c.changed_at) for c in changes
    ]
    await ledger.record(changes, ratings)


async def write_without_looking(ledger: RatingLedger, game: GameRecord) -> None:
    """A careless update that skips the "already applied" check."""
    assert game.result is not None
    await ledger.record([change_for(game, game.seats[0].player_id or 0, 1)], [])


async def rated_game(store: Store, ana: Player, bruno: Player) -> GameRecord:
    return await store.create_game(
        "brazilian", {}, [SeatRecord(0, ana.id), SeatRecord(1, bruno.id)], "s", CHAT, rated=True
    )


async def test_a_game_end_writes_its_changes_and_ratings(
    database: str, clock: TickingClock
) -> None:
    write = ratings_at_game_end(write_changes)
    async with await open_store(database, clock=clock, on_game_end=[write, write]) as store:
        ana = await store.player_for_identity("telegram", "1", "Ana")
        bruno = await store.player_for_identity("telegram", "2", "Bruno")
        game = await rated_game(store, ana, bruno)
        assert game.rated
        await store.finish_game(game.id, 1, "finished", {"winners": [0], "reason": "resignation"})
        changes = await store.game_rating_changes(game.id)
        assert [(c.player_id, c.rating_after) for c in changes] == [
            (ana.id, 1510),
            (bruno.id, 1490),
        ]
        assert [r.rating for r in await store.ratings_of(ana.id)] == [1510]
        assert [r.player_id for r in await store.pool_ratings(POOL)] == [ana.id, bruno.id]
        assert await store.rating_changes(bruno.id) == [changes[1]]
        assert await store.players_in_chat(CHAT) == [ana.id, bruno.id]


async def test_a_second_write_of_one_games_change_is_refused(
    database: str, clock: TickingClock
) -> None:
    first, careless = ratings_at_game_end(write_changes), ratings_at_game_end(write_without_looking)
    async with await open_store(database, clock=clock, on_game_end=[first, careless]) as store:
        ana = await store.player_for_identity("telegram", "1", "Ana")
        bruno = await store.player_for_identity("telegram", "2", "Bruno")
        game = await rated_game(store, ana, bruno)
        with pytest.raises(ConstraintViolated):
            await store.finish_game(game.id, 1, "finished", {"winners": [], "reason": "agreement"})
        assert (await store.get_game(game.id)).status == "active"
        assert await store.all_ratings() == []


async def test_a_damaged_rating_row_reads_as_damaged(
    store: Store, ana: Player, raw: Engine, database: str
) -> None:
    if is_database_url(database):
        pytest.skip("PostgreSQL's typed columns refuse such a row in the first place")
    async with raw.writing() as connection:
        await connection.execute(
            "INSERT INTO ratings VALUES ($1, $2, 'garbage', -3, 0.06, 'many', 'yesterday', 'now')",
            ana.id,
            POOL,
        )
    (rating,) = await store.ratings_of(ana.id)
    assert math.isnan(rating.rating)
    assert rating.games == -1
    assert rating.last_played is None


async def test_replacing_the_ratings_puts_the_rebuilt_ones_in_place(
    store: Store, ana: Player, bruno: Player
) -> None:
    game = await rated_game(store, ana, bruno)
    ended = await store.finish_game(game.id, 1, "finished", {"winners": [1], "reason": "timeout"})
    old = RatingRecord(ana.id, "italian/live", 1400, 100, 0.06, 3, ended.updated_at)
    await store.replace_ratings([old], [])
    new = RatingRecord(bruno.id, POOL, 1510, 290, 0.06, 1, ended.updated_at)
    await store.replace_ratings([new], [change_for(ended, bruno.id, 10)])
    assert await store.all_ratings() == [new]
    assert len(await store.game_rating_changes(game.id)) == 1
    (rated,) = await store.rated_games()
    assert rated.game.id == game.id
    assert rated.seat_moves == {}
