"""The records of matches between two clubs that storage returns (see
storage/migrations/0025), and the one refusal of a match change that the stored state
decides."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from storage.errors import StorageError
from storage.records import ChatRef, GameRecord, GameResult, GameStatus, NextClock, SeatRecord

ClubMatchStatus = Literal["registering", "running", "finished", "cancelled"]
CLUB_MATCH_STATUSES: tuple[ClubMatchStatus, ...] = (
    "registering",
    "running",
    "finished",
    "cancelled",
)
# A side of a match: "a" signs in the organiser's chat, "b" in the chat that joined with the
# code (or both in one chat, each player naming his side).
Side = Literal["a", "b"]
SIDES: tuple[Side, ...] = ("a", "b")
# Why storage refused a match change: no longer registering, the side is full, a player
# signed already (or not at all), no match has the code, side B's chat is there already, the
# chat that joins is side A's own, the players changed since the start was prepared.
ClubMatchRefusal = Literal[
    "not_registering",
    "full",
    "already_signed",
    "not_signed",
    "no_code",
    "taken",
    "own_chat",
    "changed",
]


class ClubMatchRefused(StorageError):
    """A join, sign, leave or start the stored state does not allow; nothing changed."""

    def __init__(self, why: ClubMatchRefusal) -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True, slots=True)
class ClubMatchRecord:
    """A match as its organiser set it up, with side B's chat once it joined."""

    id: int
    chat: ChatRef
    away_chat: ChatRef | None
    code: str
    organiser_id: int
    kind: str
    boards: int
    options: dict[str, Any]
    status: ClubMatchStatus
    created_at: datetime

    @property
    def chats(self) -> tuple[ChatRef, ...]:
        """Where the match's news goes: side A's chat, and side B's when it has one."""
        return (self.chat,) if self.away_chat is None else (self.chat, self.away_chat)


@dataclass(frozen=True, slots=True)
class ClubMatchPlayer:
    """A player of a side, in the order of signing; his board from the start on."""

    side: Side
    player_id: int
    board: int | None


@dataclass(frozen=True, slots=True)
class ClubMatchGame:
    """One of a board's two games, with side A's seat, its status and result."""

    board: int
    leg: int
    game_id: int
    a_seat: int
    status: GameStatus
    result: GameResult | None


@dataclass(frozen=True, slots=True)
class ClubMatchFacts:
    """Everything stored about one match, read in one transaction."""

    match: ClubMatchRecord
    players: tuple[ClubMatchPlayer, ...]
    games: tuple[ClubMatchGame, ...]


@dataclass(frozen=True, slots=True)
class NewClubMatchGame:
    """A game to create at the start: its board, its leg (1 or 2), side A's seat, the chat
    it is played in."""

    board: int
    leg: int
    a_seat: int
    chat: ChatRef
    kind: str
    options: dict[str, Any]
    seats: tuple[SeatRecord, ...]
    snapshot: str
    clock: NextClock | None


@dataclass(frozen=True, slots=True)
class ClubMatchStart:
    """What the start stored: the match running, and every game in board and leg order."""

    match: ClubMatchRecord
    games: tuple[tuple[NewClubMatchGame, GameRecord], ...]
