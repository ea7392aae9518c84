"""The SQL `Store`: the groups of queries put together over one engine, and `open_store`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from storage.database_names import is_postgres_url, unusable_reason
from storage.errors import StorageError
from storage.sql.base import Clock, GameEndWrite, utc_now
from storage.sql.challenges import ChallengeQueries
from storage.sql.changes import ChangeQueries
from storage.sql.chats import ChatQueries
from storage.sql.claims import ClaimQueries
from storage.sql.clocks import ClockQueries
from storage.sql.club_matches import ClubMatchQueries
from storage.sql.engine_jobs import EngineJobQueries
from storage.sql.engines.engine import Engine
from storage.sql.engines.migrations import Migration, bundled_migrations, migrate
from storage.sql.engines.postgres import PostgresEngine
from storage.sql.engines.sqlite import SqliteEngine
from storage.sql.games import GameQueries
from storage.sql.leaderboards import LeaderboardQueries
from storage.sql.players import PlayerQueries
from storage.sql.puzzles import PuzzleQueries
from storage.sql.ratings import RatingQueries
from storage.sql.reviews import ReviewQueries
from storage.sql.sends import SendQueries
from storage.sql.simuls import SimulQueries
from storage.sql.tournaments import TournamentQueries, tournament_from
from storage.sql.web_sessions import WebSessionQueries
from storage.tournament_records import TournamentRecord


class SqlStore(
    PlayerQueries,
    ChallengeQueries,
    GameQueries,
    ClockQueries,
    ChangeQueries,
    RatingQueries,
    ChatQueries,
    TournamentQueries,
    ReviewQueries,
    PuzzleQueries,
    SendQueries,
    SimulQueries,
    ClubMatchQueries,
    WebSessionQueries,
    ClaimQueries,
    LeaderboardQueries,
    EngineJobQueries,
):
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


async def schema_of(database: str | Path) -> tuple[int, int]:
    """The schema version the database holds and the newest this code knows, read without
    changing the database (`python -m bot check`)."""
    engine = await open_engine(database, read_only=True)
    try:
        async with engine.reading() as connection:
            stored = await engine.schema_version(connection)
    finally:
        await engine.close()
    return stored, bundled_migrations()[-1].number


async def tournaments_under_way(database: str | Path) -> list[TournamentRecord]:
    """The tournaments registering, running or paused, oldest first, read without changing
    the database (`python -m bot check` looks at the chats they need)."""
    engine = await open_engine(database, read_only=True)
    try:
        rows = await engine.fetch_once(
            "SELECT * FROM tournaments WHERE status IN ('registering', 'running', 'paused') "
            "ORDER BY id"
        )
    finally:
        await engine.close()
    return [tournament_from(row) for row in rows]


async def open_engine(database: str | Path, *, read_only: bool = False) -> Engine:
    """The engine of `database`: a `postgresql://` URL, or else the path of an SQLite file;
    `read_only`: one that never writes to it (an SQLite file must then exist). StorageError
    for a URL or settings that name no database damas-bot can use (see database_names)."""
    reason = unusable_reason(database)
    if reason is not None:
        raise StorageError(reason)
    if is_postgres_url(database):
        return await PostgresEngine.open(str(database), read_only=read_only)
    return await SqliteEngine.open(database, read_only=read_only)


async def open_store(
    database: str | Path,
    *,
    migrations: Sequence[Migration] | None = None,
    clock: Clock = utc_now,
    on_game_end: Sequence[GameEndWrite] = (),
) -> SqlStore:
    """Open the database and bring its schema up to date: a `postgresql://user@host/name` URL
    (PostgreSQL), or the path of an SQLite file (created with its folders if needed). Raises
    SchemaTooNew for a database of a newer damas-bot, and MigrationFailed if a migration
    fails (that migration is rolled back).

    `migrations` and `clock` are for tests: other migrations than the bundled ones, and the
    source of the times stored (it must give aware UTC datetimes). `on_game_end` are writes
    run in the transaction that ends a game (see `GameEndWrite`)."""
    engine = await open_engine(database)
    return await open_engine_store(
        engine, migrations=migrations, clock=clock, on_game_end=on_game_end
    )
