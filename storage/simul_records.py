"""The records of simultaneous exhibitions that storage returns (see
storage/migrations/0019), and the one refusal of a simul change that the stored state
decides."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from storage.errors import StorageError
from storage.records import ChatRef, GameRecord, GameResult, GameStatus, NextClock, SeatRecord

SimulStatus = Literal["registering", "running", "finished", "cancelled"]
SIMUL_STATUSES: tuple[SimulStatus, ...] = ("registering", "running", "finished", "cancelled")
# Why storage refused a simul change: no longer registering, every board taken, a player
# joined already (or not at all), the challengers changed since the start was prepared.
SimulRefusal = Literal["not_registering", "full", "already_joined", "not_joined", "changed"]


class SimulRefused(StorageError):
    """A join, leave or start the stored state does not allow; nothing changed."""

    def __init__(self, why: SimulRefusal) -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True, slots=True)
class SimulRecord:
    """A simul as its host set it up."""

    id: int
    chat: ChatRef
    host_id: int
    kind: str
    max_boards: int
    options: dict[str, Any]
    status: SimulStatus
    created_at: datetime


@dataclass(frozen=True, slots=True)
class SimulBoardRecord:
    """One challenger, in the order of joining: his board number and game (None until the
    start), with the game's status and result."""

    player_id: int
    board: int | None
    game_id: int | None
    status: GameStatus | None
    result: GameResult | None


@dataclass(frozen=True, slots=True)
class SimulFacts:
    """Everything stored about one simul, read in one transaction."""

    simul: SimulRecord
    boards: tuple[SimulBoardRecord, ...]


@dataclass(frozen=True, slots=True)
class NewSimulGame:
    """The game of one challenger's board, to create at the start."""

    player_id: int
    kind: str
    options: dict[str, Any]
    seats: tuple[SeatRecord, ...]
    snapshot: str
    clock: NextClock | None


@dataclass(frozen=True, slots=True)
class SimulStart:
    """What the start stored: the simul running, and each board's number and game."""

    simul: SimulRecord
    games: tuple[tuple[int, GameRecord], ...]
