"""What the board renderers read of a Ludo position: each seat's colour and pawns, whose
turn, the pending roll and the last move."""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Seat
from games.ludo.moves import LudoMove


@dataclass(frozen=True)
class SeatView:
    """What the board renderer needs about one seat: its colour and each pawn's progress."""

    seat: Seat
    colour: int
    pawns: tuple[int, ...]
    left: bool


@dataclass(frozen=True)
class LudoView:
    """A read-only picture of a position for renderers: see board.track_square."""

    seats: tuple[SeatView, ...]
    to_move: Seat
    roll: int | None
    last_move: LudoMove | None
