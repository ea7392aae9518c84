"""Storage: SQLite through aiosqlite; knows games only as text.

Everything above storage/ uses only what this module exports: `open_store` gives a `Store`
(the interface, see storage/api.py), whose records and errors are defined here too. The
SQLite details live in storage/sqlite.py and the schema in storage/migrations/.
"""

from storage.api import (
    BoardMessage,
    Challenge,
    ChallengeNotOpen,
    ChallengeStatus,
    ChatRef,
    CorruptRecord,
    GameRecord,
    GameResult,
    GameStatus,
    Identity,
    MigrationFailed,
    MoveRecord,
    NotFound,
    Player,
    SchemaTooNew,
    SeatRecord,
    StaleVersion,
    StorageError,
    Store,
)
from storage.sqlite import open_store

__all__ = [
    "BoardMessage",
    "Challenge",
    "ChallengeNotOpen",
    "ChallengeStatus",
    "ChatRef",
    "CorruptRecord",
    "GameRecord",
    "GameResult",
    "GameStatus",
    "Identity",
    "MigrationFailed",
    "MoveRecord",
    "NotFound",
    "Player",
    "SchemaTooNew",
    "SeatRecord",
    "StaleVersion",
    "StorageError",
    "Store",
    "open_store",
]
