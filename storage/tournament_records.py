"""The records of tournaments that storage returns (see storage/migrations/0008), and the one
refusal of a tournament change that the stored state decides."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from storage.errors import StorageError
from storage.records import ChatRef, GameRecord, GameResult, GameStatus, NextClock, SeatRecord

TournamentStatus = Literal["registering", "running", "paused", "finished", "cancelled"]
TOURNAMENT_STATUSES: tuple[TournamentStatus, ...] = (
    "registering",
    "running",
    "paused",
    "finished",
    "cancelled",
)
# Why storage refused a tournament change: no longer registering, full, a player already in,
# not in it, changed meanwhile, an arena not running.
Refusal = Literal[
    "not_registering", "full", "already_entered", "not_entered", "state_changed", "not_running"
]


class TournamentRefused(StorageError):
    """A join, leave, start or status change the stored state does not allow; nothing
    changed."""

    def __init__(self, why: Refusal) -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A tournament as the organiser set it up. `seed` (hex) is None until the start."""

    id: int
    chat: ChatRef
    organiser_id: int
    kind: str
    format: str
    team_size: int
    max_entries: int | None
    deadline: datetime | None
    options: dict[str, Any]
    status: TournamentStatus
    seed: str | None
    commitment: str | None
    created_at: datetime
    # When an arena ends (set at its start); None for the other formats.
    ends_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class EntryRecord:
    """One entry: its players (one, or two for a team, in the order they joined), the number
    it drew (None before the start) and the first round it no longer plays (withdrawn). In an
    arena: whether it paused, and when it joined or came back (`back_at`)."""

    id: int
    tournament_id: int
    members: tuple[int, ...]
    number: int | None
    withdrawn: int | None
    paused: bool = False
    back_at: datetime | None = None
    joined_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class TableGameRecord:
    """One game of a table, with its game's status and result, or a `settled` winner
    ("white", "black") for a game decided without being played; its half-moves played and
    when its game last changed (its end, once it ended)."""

    round: int
    table: int
    index: int
    white_entry: int
    black_entry: int
    game_id: int | None
    settled: str | None
    status: GameStatus | None
    result: GameResult | None
    plies: int = 0
    updated_at: datetime | None = None
    # The seats whose players went berserk (an arena's game).
    berserk: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class TournamentFacts:
    """Everything stored about one tournament, read in one transaction."""

    tournament: TournamentRecord
    entries: tuple[EntryRecord, ...]
    # round -> its pairing as stored when it started.
    rounds: dict[int, dict[str, Any]]
    games: tuple[TableGameRecord, ...]
    # (round, table) -> the winning entry, as the organiser settled it.
    settlements: dict[tuple[int, int], int]


@dataclass(frozen=True, slots=True)
class NewTableGame:
    """A game of a round to start: its key, the entries, and either the game to create
    (kind, options, seats, snapshot, clock) or, for a game not played, the `settled` winner."""

    table: int
    index: int
    white_entry: int
    black_entry: int
    kind: str = ""
    options: dict[str, Any] | None = None
    seats: tuple[SeatRecord, ...] = ()
    snapshot: str = ""
    clock: NextClock | None = None
    settled: str | None = None
    rated: bool = False


@dataclass(frozen=True, slots=True)
class RoundStart:
    """What starting a round did: whether the round row is new, and the games created now
    (with their keys); games already started by someone else are left out."""

    new_round: bool
    games: tuple[tuple[NewTableGame, GameRecord | None], ...]
