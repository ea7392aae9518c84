"""The errors storage raises on purpose; every one is a StorageError."""

from __future__ import annotations

from storage.records import ChallengeStatus, GameStatus


class StorageError(Exception):
    """Base of every error storage raises on purpose."""


class NotFound(StorageError):
    """No such player, game or challenge."""


class StaleVersion(StorageError):
    """The game is no longer at the version the caller saw, or is no longer active: the board
    changed and the caller should show the fresh one."""

    def __init__(
        self, game_id: int, expected_version: int, current_version: int, status: GameStatus
    ) -> None:
        self.game_id = game_id
        self.expected_version = expected_version
        self.current_version = current_version
        self.status = status
        reason = f"is at version {current_version}" if status == "active" else f"is {status}"
        super().__init__(
            f"game {game_id} {reason}, not active at version {expected_version}: "
            "the board changed; reload the game and try again"
        )


class ChallengeNotOpen(StorageError):
    """The challenge was already accepted, declined or cancelled (e.g. by a second click)."""

    def __init__(self, challenge_id: int, status: ChallengeStatus) -> None:
        self.challenge_id = challenge_id
        self.status = status
        super().__init__(f"challenge {challenge_id} is already {status}, no longer open")


class ChallengeFull(StorageError):
    """Every free place of the challenge is taken."""

    def __init__(self, challenge_id: int) -> None:
        self.challenge_id = challenge_id
        super().__init__(f"challenge {challenge_id} has no free place left")


class OnVacation(StorageError):
    """The player already is on vacation."""


class LinkRefused(StorageError):
    """A link code is unknown or expired, or the two accounts cannot be joined."""


class SchemaTooNew(StorageError):
    """The database was written by a newer damas-bot than this one."""

    def __init__(self, found: int, known: int) -> None:
        self.found = found
        self.known = known
        super().__init__(
            f"this database was written by a newer damas-bot (schema {found}, this program "
            f"knows up to {known}); upgrade damas-bot"
        )


class MigrationFailed(StorageError):
    """A schema migration failed; the database was left as it was before it."""


class CorruptRecord(StorageError):
    """A stored row does not decode (e.g. options that are not a JSON object)."""

    def __init__(self, record: str, problem: str) -> None:
        self.record = record  # which row, for people: "game 12", "move 3 of game 12"
        super().__init__(f"{record} is corrupt: {problem}; repair or delete that row")


class DiskFull(StorageError):
    """The disk of the database (or the server's) is full: the write was not done, what was
    stored before is intact, and writes work again once space is freed."""

    def __init__(self, detail: str) -> None:
        super().__init__(
            f"the disk of the database is full ({detail}): free space on it; what was stored "
            "before is safe"
        )
