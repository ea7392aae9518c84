"""How the tables number positions: games/damas/engine/core/endgame.c's numbering in Python.

A table holds one material, the side to move seen as White: a position with Black to move is
turned half a turn first (square s of n becomes n + 1 - s), which the rules do not see. A
position's number is, in mixed radix: the set of the mover's men among the squares its men
may stand on (all but its crowning row), the set of the other side's men among theirs, the
mover's kings among the squares the men leave free, the other side's kings among those still
free; each set numbered by the combinatorial number system (the sum of C(rank, j) over its
j-th square, ascending). Numbers where both sides' men would share a square are no position.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

from games.damas.board import Board

# (kings, men) of the side to move, then (kings, men) of the other side.
TableMaterial = tuple[int, int, int, int]
# The most pieces a table holds (the compiled core's EG_MOST).
MOST_PIECES = 6


def _rank(bits: int, among: int) -> int:
    """The number of a set of squares among the squares of `among`."""
    number, j = 0, 1
    while bits:
        low = bits & -bits
        bits ^= low
        number += comb((among & (low - 1)).bit_count(), j)
        j += 1
    return number


@dataclass(frozen=True)
class Numbering:
    """The numbering of one board."""

    mask: int
    men_squares: tuple[int, int]  # where the mover's men, the other side's, may stand
    turned: dict[int, int]  # one-bit int -> the bit of its square half a turn round

    def turn(self, bits: int) -> int:
        turned = 0
        while bits:
            low = bits & -bits
            bits ^= low
            turned |= self.turned[low]
        return turned

    def size(self, material: TableMaterial) -> int:
        """Numbers of a table (including those where the men would share a square)."""
        own_kings, own_men, opp_kings, opp_men = material
        free = self.mask.bit_count() - own_men - opp_men
        return (
            comb(self.men_squares[0].bit_count(), own_men)
            * comb(self.men_squares[1].bit_count(), opp_men)
            * comb(free, own_kings)
            * comb(free - own_kings, opp_kings)
        )

    def locate(self, own: int, opp: int, kings: int, colour: int) -> tuple[TableMaterial, int]:
        """The table and number of a position with `colour` to move (ValueError for more
        pieces than a table holds)."""
        if colour:
            own, opp, kings = self.turn(own), self.turn(opp), self.turn(kings)
        own_men, opp_men = own & ~kings, opp & ~kings
        own_kings, opp_kings = own & kings, opp & kings
        material = (
            own_kings.bit_count(),
            own_men.bit_count(),
            opp_kings.bit_count(),
            opp_men.bit_count(),
        )
        if sum(material) > MOST_PIECES:
            raise ValueError(f"{sum(material)} pieces: a table holds {MOST_PIECES} at most")
        free = self.mask & ~(own_men | opp_men)
        number = _rank(own_men, self.men_squares[0])
        number = number * comb(self.men_squares[1].bit_count(), material[3]) + _rank(
            opp_men, self.men_squares[1]
        )
        number = number * comb(free.bit_count(), material[0]) + _rank(own_kings, free)
        rest = free & ~own_kings
        number = number * comb(rest.bit_count(), material[2]) + _rank(opp_kings, rest)
        return material, number


@cache
def numbering(board: Board) -> Numbering:
    count = board.square_count
    turned = {
        1 << board.index_of[square]: 1 << board.index_of[count + 1 - square]
        for square in range(1, count + 1)
    }
    white_crowns, black_crowns = board.promotion_rows
    return Numbering(board.mask, (board.mask & ~white_crowns, board.mask & ~black_crowns), turned)
