"""The SQL `Store`: the groups of queries put together over one engine, and `open_store`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from storage.sql.base import Clock, GameEndWrite, utc_now
from storage.sql.challenges import ChallengeQueries
from storage.sql.clocks import ClockQueries
from storage.sql.engine import Engine
from storage.sql.games import GameQueries
from storage.sql.migrations import Migration, bundled_migrations, migrate
from storage.sql.players import PlayerQueries
from storage.sql.sqlite import SqliteEngine
from storage.sql.tournaments import TournamentQueries


class SqlStore(PlayerQueries, ChallengeQueries, GameQueries, ClockQueries, TournamentQueries):
    """`Store` on an SQL engine. Make it with `open_store`."""


async def open_engine_store(
    engine: Engine,
    *,
    migrations: Sequence[Migration] | None = None,
    clock: Clock = utc_now,
    on_game_end: Sequence[GameEndWrite] = (),
) -> SqlStore:
    """A store on `engine` with its schema brought up to date (the engine is closed if that
    fails)."""
    try:
        await migrate(engine, bundled_migrations() if migrations is None else migrations)
    except BaseException:
        await engine.close()
        raise
    return SqlStore(engine, clock, on_game_end)


async def open_store(
    path: str | Path,
    *,
    migrations: Sequence[Migration] | None = None,
    clock: Clock = utc_now,
    on_game_end: Sequence[GameEndWrite] = (),
) -> SqlStore:
    """Open (creating the file and its folders if needed) the SQLite database at `path` and
    bring its schema up to date. Raises SchemaTooNew for a database of a newer damas-bot, and
    MigrationFailed if a migration fails (that migration is rolled back).

    `migrations` and `clock` are for tests: other migrations than the bundled ones, and the
    source of the times stored (it must give aware UTC datetimes). `on_game_end` are writes
    run in the transaction that ends a game (see `GameEndWrite`)."""
    engine = await SqliteEngine.open(path)
    return await open_engine_store(
        engine, migrations=migrations, clock=clock, on_game_end=on_game_end
    )
