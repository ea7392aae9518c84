"""Storage: SQLite through aiosqlite, or PostgreSQL through asyncpg for several processes on
one database; knows games only as text. Nobody above storage/ knows which engine runs.

Everything above storage/ uses only what this module exports: `open_store(path or URL)` gives
a `Store` (the interface, see storage/api/), whose records (storage/records.py) and errors
(storage/errors.py) are exported here too, and the narrow stores (`GameStore`, `RatingStore`,
...) that `Store` is made of, for the parts of the service that name the one they use. The
SQL lives in storage/sql/ (one module per group of queries, the engine apart) and the schema
in storage/migrations/.

    async with await open_store(path) as store:
        ana = await store.player_for_identity("telegram", "111", "Ana", "pt-BR")
        game = await store.create_game("brazilian", {}, [SeatRecord(0, ana.id),
                                       SeatRecord(1, None, "easy")], snapshot, chat)
        try:
            game = await store.append_move(game.id, game.version, "11-15", 0, ana.id, after)
        except StaleVersion:
            ...  # the board changed: show the fresh one
"""

from storage.api import (
    NOTICE_LEASE,
    TURN_PING,
    BoardStore,
    ChallengeStore,
    ChangeStore,
    ChatStore,
    ClockStore,
    Closable,
    GameStore,
    LinkStore,
    NoticeStore,
    PlayerStore,
    PuzzleStore,
    RatingStore,
    ReviewStore,
    SendStore,
    Store,
    TournamentStore,
    VacationStore,
)
from storage.backup import backup_path
from storage.database_names import (
    database_label,
    database_tag,
    is_database_url,
    without_secrets,
)
from storage.errors import (
    ChallengeFull,
    ChallengeNotOpen,
    CorruptRecord,
    DiskFull,
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
    DailyPuzzle,
    GameChange,
    GameRecord,
    GameResult,
    GameStatus,
    Glicko,
    Identity,
    MoveRecord,
    NewPuzzle,
    NextClock,
    NoticeRecord,
    Player,
    PuzzleAttempt,
    PuzzleRating,
    PuzzleRecord,
    RatedGameRecord,
    RatingChangeRecord,
    RatingRecord,
    SeatRecord,
    VacationRecord,
)
from storage.sql.base import GameEndWrite
from storage.sql.ratings import RatingLedger, RatingUpdate, ratings_at_game_end
from storage.sql.store import (
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
    "BoardStore",
    "Challenge",
    "ChallengeFull",
    "ChallengeNotOpen",
    "ChallengeStatus",
    "ChallengeStore",
    "ChangeStore",
    "ChatRef",
    "ChatStore",
    "ClockRecord",
    "ClockStore",
    "Closable",
    "CorruptRecord",
    "DailyPuzzle",
    "DiskFull",
    "EntryRecord",
    "GameChange",
    "GameEndWrite",
    "GameRecord",
    "GameResult",
    "GameStatus",
    "GameStore",
    "Glicko",
    "Identity",
    "LinkRefused",
    "LinkStore",
    "MigrationFailed",
    "MoveRecord",
    "NewPuzzle",
    "NewTableGame",
    "NextClock",
    "NotFound",
    "NoticeRecord",
    "NoticeStore",
    "OnVacation",
    "Player",
    "PlayerStore",
    "PuzzleAttempt",
    "PuzzleRating",
    "PuzzleRecord",
    "PuzzleStore",
    "RatedGameRecord",
    "RatingChangeRecord",
    "RatingLedger",
    "RatingRecord",
    "RatingStore",
    "RatingUpdate",
    "ReviewStore",
    "RoundStart",
    "SchemaTooNew",
    "SeatRecord",
    "SendStore",
    "StaleVersion",
    "StorageError",
    "Store",
    "TableGameRecord",
    "TournamentFacts",
    "TournamentRecord",
    "TournamentRefused",
    "TournamentStatus",
    "TournamentStore",
    "VacationRecord",
    "VacationStore",
    "backup_path",
    "database_label",
    "database_tag",
    "is_database_url",
    "open_store",
    "ratings_at_game_end",
    "schema_of",
    "tournaments_under_way",
    "without_secrets",
]
