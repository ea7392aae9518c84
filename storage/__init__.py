"""Storage: SQLite through aiosqlite; knows games only as text.

Everything above storage/ uses only what this module exports: `open_store` gives a `Store`
(the interface, see storage/api.py), whose records (storage/records.py) and errors
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

from storage.api import Store
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
    GameRecord,
    GameResult,
    GameStatus,
    Identity,
    MoveRecord,
    NextClock,
    NoticeRecord,
    Player,
    SeatRecord,
    VacationRecord,
)
from storage.sql.store import open_store
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
    "BoardMessage",
    "Challenge",
    "ChallengeFull",
    "ChallengeNotOpen",
    "ChallengeStatus",
    "ChatRef",
    "ClockRecord",
    "CorruptRecord",
    "EntryRecord",
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
    "open_store",
]
