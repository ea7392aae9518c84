"""Storage: SQLite through aiosqlite, or PostgreSQL through asyncpg for several processes on
one database; knows games only as text. Nobody above storage/ knows which engine runs.

Everything above storage/ uses only what this module exports: `open_store(path or URL)` gives
a `Store` (the interface, see storage/api.py), whose records (storage/records.py) and errors
(storage/errors.py) are exported here too. The SQL lives in storage/sql/ (one module per
group of queries, the engine apart) and the schema in storage/migrations/.

    async with await open_store(path) as store:
        ana = await store.player_for_identity("telegram", "111", "Ana", "pt-BR")
        game = await store.create_game("brazilian", {}, [SeatRecord(0, ana.id),
                                       SeatRecord(1, None, "easy")], snapshot, chat)
        try:
            game = await store.append_move(game.id, game.version, "11-15", 0, ana.id, after)
        except StaleVersion:
            ...  # the board changed: show the fresh one
"""

from storage.api import NOTICE_LEASE, TURN_PING, Store
from storage.errors import (
    ChallengeFull,
    ChallengeNotOpen,
    CorruptRecord,
    LinkRefused,
    MigrationFailed,
    NotFound,
    OnVacation,
    SchemaTooNew,
    StaleVersion,
    StorageError,
)
from storage.records import (
    BoardMessage,
    Challenge,
    ChallengeStatus,
    ChatRef,
    ClockRecord,
    GameChange,
    GameRecord,
    GameResult,
    GameStatus,
    Identity,
    MoveRecord,
    NextClock,
    NoticeRecord,
    Player,
    RatedGameRecord,
    RatingChangeRecord,
    RatingRecord,
    SeatRecord,
    VacationRecord,
)
from storage.sql.base import GameEndWrite
from storage.sql.postgres import is_postgres_url as is_database_url
from storage.sql.ratings import RatingLedger, RatingUpdate, ratings_at_game_end
from storage.sql.store import (
    database_label,
    database_tag,
    open_store,
    schema_of,
    tournaments_under_way,
)
from storage.tournament_records import (
    EntryRecord,
    NewTableGame,
    RoundStart,
    TableGameRecord,
    TournamentFacts,
    TournamentRecord,
    TournamentRefused,
    TournamentStatus,
)

__all__ = [
    "NOTICE_LEASE",
    "TURN_PING",
    "BoardMessage",
    "Challenge",
    "ChallengeFull",
    "ChallengeNotOpen",
    "ChallengeStatus",
    "ChatRef",
    "ClockRecord",
    "CorruptRecord",
    "EntryRecord",
    "GameChange",
    "GameEndWrite",
    "GameRecord",
    "GameResult",
    "GameStatus",
    "Identity",
    "LinkRefused",
    "MigrationFailed",
    "MoveRecord",
    "NewTableGame",
    "NextClock",
    "NotFound",
    "NoticeRecord",
    "OnVacation",
    "Player",
    "RatedGameRecord",
    "RatingChangeRecord",
    "RatingLedger",
    "RatingRecord",
    "RatingUpdate",
    "RoundStart",
    "SchemaTooNew",
    "SeatRecord",
    "StaleVersion",
    "StorageError",
    "Store",
    "TableGameRecord",
    "TournamentFacts",
    "TournamentRecord",
    "TournamentRefused",
    "TournamentStatus",
    "VacationRecord",
    "database_label",
    "database_tag",
    "is_database_url",
    "open_store",
    "ratings_at_game_end",
    "schema_of",
    "tournaments_under_way",
]
