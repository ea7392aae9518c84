"""A draughts move and what stands on a square: the values the rules, the notation and the
positions share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from games.base import Seat

WHITE: Seat = 0
BLACK: Seat = 1


class Piece(NamedTuple):
    """What stands on a square: its colour (WHITE or BLACK) and whether it is a king."""

    colour: int
    is_king: bool


@dataclass(frozen=True, eq=False)
class Move:
    """A move: the squares the piece stands on (start, every landing, end), what it takes.

    Routes with the same start, end and set of captured pieces are one move, so equality
    and hash ignore the landing squares between and the order of captures. A huff (soffio)
    is `Move((square,), (), huff=True)`: the side to move removes the piece on `square`.
    """

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()
    huff: bool = False

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    def _identity(self) -> tuple[bool, int, int, frozenset[int]]:
        return (self.huff, self.path[0], self.path[-1], frozenset(self.captures))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def __str__(self) -> str:
        """The move in numbers with its whole path: `32-28`, `39x28x17x6`, `soffio 22`."""
        if self.huff:
            return f"soffio {self.start}"
        separator = "x" if self.captures else "-"
        return separator.join(map(str, self.path))

    def __repr__(self) -> str:
        return f"Move({self})"
