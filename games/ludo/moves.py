"""The moves of Ludo: a roll of the die, a pawn's step, a player leaving the game."""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Seat


@dataclass(frozen=True, slots=True)
class Roll:
    """The die shows `value`; played by CHANCE."""

    value: int


@dataclass(frozen=True, slots=True)
class Step:
    """Pawn `pawn` (0..3) of `seat`'s colour goes from progress `start` to `end`.

    `tower` means the two pawns standing on `start` move together onto an enemy tower.
    Pawns sharing a square are one choice: the move names the lowest-numbered of them.
    """

    seat: Seat
    pawn: int
    start: int
    end: int
    capture: bool = False
    tower: bool = False


@dataclass(frozen=True, slots=True)
class Leave:
    """`seat` leaves the game (resigned or timed out); its pawns leave the board."""

    seat: Seat


LudoMove = Roll | Step | Leave
ROLLS = tuple(Roll(value) for value in range(1, 7))
