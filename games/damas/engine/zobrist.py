"""Zobrist keys: a random 64-bit number per (colour, man or king, square) and for the side to
move; a position's key is the XOR of those of its pieces, so a move updates it by XOR-ing the
numbers of what changed. Fixed seed: keys are the same in every process, so a table kept
between moves (or handed around) stays valid.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from games.damas.board import Board

_SEED = 0x5EED_DA3A


@dataclass(frozen=True)
class Keys:
    """Indexed by `bit.bit_length()` of a one-bit int (entry 0 unused), as the search has
    that number at hand."""

    men: tuple[tuple[int, ...], tuple[int, ...]]  # per colour
    kings: tuple[tuple[int, ...], tuple[int, ...]]
    black_to_move: int

    def of(self, white: int, black: int, kings: int, colour: int) -> int:
        """The key of a whole position (the search then updates it move by move)."""
        key = self.black_to_move if colour else 0
        for side, bits in ((0, white), (1, black)):
            while bits:
                low = bits & -bits
                bits ^= low
                index = low.bit_length()
                key ^= self.kings[side][index] if kings & low else self.men[side][index]
        return key


def make_keys(board: Board) -> Keys:
    rng = random.Random(_SEED + board.size)
    width = max(board.square_of) + 2

    def table() -> tuple[int, ...]:
        return tuple(rng.getrandbits(64) for _ in range(width))

    return Keys(men=(table(), table()), kings=(table(), table()), black_to_move=rng.getrandbits(64))


@cache
def contempt_salt(colour: int, contempt: int) -> int:
    """XOR-ed into every key of a search whose draws score `contempt` against the side `colour`
    (its root's), so that its table entries, whose draws are scored its way, never meet those
    of searches scoring draws otherwise; 0 where a draw scores 0."""
    return random.Random(f"{_SEED}:{colour}:{contempt}").getrandbits(64) if contempt else 0
