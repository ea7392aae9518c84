"""Learned pattern tables: the men on overlapping 4x4 blocks of the board, as Scan scans them.

A block of 4 rows and 4 columns holds 8 dark squares, each empty (or a king's: the patterns see
men only), a White man or a Black man: 3**8 states, each with a weight for the middle game and
one for the ending. The evaluation adds, over the blocks, the two sums interpolated by the
phase: all middle game with `pieces` pieces or more on the board, all ending with none. The
weights are fitted by the pipeline in learning/ (docs/engine.md) and shipped as a weight file:
`encode` and `decode` turn them into bytes and back (no I/O here: learned/ reads the package's
weight files).

The weight file: b"DPAT", the format (1), the board's size, `pieces`, the number of blocks, each
block's top-left (row, column), then zlib's compression of every block's middle-game then
ending table as little-endian 16-bit ints.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

SIDE = 4  # rows and columns of a block
SQUARES = SIDE * SIDE // 2
STATES = 3**SQUARES
MAGIC = b"DPAT"
FORMAT = 1
# The largest weight a table entry may hold (evaluate.py's WEIGHT_LIMIT, which imports this
# module, is the same number: the compiled core checks it).
LIMIT = 10_000
MOST_BLOCKS = 32

Table = tuple[int, ...]


class BadWeights(ValueError):
    """A weight file that is not one, or whose tables the engine cannot hold."""


@dataclass(frozen=True, eq=False)
class Patterns:
    """The pattern tables of one board size. Compared and hashed by identity: a rule set's
    weights are made once (the engine's caches are keyed by them)."""

    size: int  # the board's rows
    pieces: int  # the phase: middle game at this many pieces or more
    origins: tuple[tuple[int, int], ...]  # each block's top-left (row, column)
    middle: tuple[Table, ...]  # per block, STATES weights
    ending: tuple[Table, ...]

    def __post_init__(self) -> None:
        if not 1 <= self.pieces <= 64:
            raise BadWeights(f"pieces: 1 to 64, not {self.pieces}")
        if not 0 < len(self.origins) <= MOST_BLOCKS:
            raise BadWeights(f"1 to {MOST_BLOCKS} blocks, not {len(self.origins)}")
        for row, col in self.origins:
            if not (0 <= row <= self.size - SIDE and 0 <= col <= self.size - SIDE):
                raise BadWeights(f"a block at ({row}, {col}) leaves the {self.size}-row board")
        for tables in (self.middle, self.ending):
            if len(tables) != len(self.origins):
                raise BadWeights(f"{len(self.origins)} tables, not {len(tables)}")
            for table in tables:
                if len(table) != STATES:
                    raise BadWeights(f"a table of {STATES} weights, not {len(table)}")
                if table and not -LIMIT <= min(table) <= max(table) <= LIMIT:
                    raise BadWeights(f"weights -{LIMIT} to {LIMIT}")


def encode(patterns: Patterns) -> bytes:
    """The weight file of `patterns`."""
    header = MAGIC + bytes(
        [FORMAT, patterns.size, patterns.pieces, len(patterns.origins)]
        + [value for origin in patterns.origins for value in origin]
    )
    pairs = zip(patterns.middle, patterns.ending, strict=True)
    values = [weight for pair in pairs for table in pair for weight in table]
    return header + zlib.compress(struct.pack(f"<{len(values)}h", *values), 9)


def decode(data: bytes) -> Patterns:
    """The patterns of a weight file; BadWeights says what is wrong with a bad one."""
    if data[:4] != MAGIC:
        raise BadWeights("not a weight file (it does not start with DPAT)")
    if len(data) < 8:
        raise BadWeights("the weight file ends in its header")
    form, size, pieces, blocks = struct.unpack_from("4B", data, 4)
    if form != FORMAT:
        raise BadWeights(f"weight file format {form}, this engine reads {FORMAT}")
    start = 8 + 2 * blocks
    if len(data) < start:
        raise BadWeights("the weight file ends in its header")
    origins = tuple((data[i], data[i + 1]) for i in range(8, start, 2))
    try:
        raw = zlib.decompress(data[start:])
    except zlib.error as error:
        raise BadWeights(f"the weight file's tables are damaged ({error})") from None
    if len(raw) != 2 * 2 * STATES * blocks:
        raise BadWeights(
            f"the weight file holds {len(raw)} bytes of tables, not {4 * STATES * blocks}"
        )
    values = struct.unpack(f"<{len(raw) // 2}h", raw)
    tables = [tuple(values[i : i + STATES]) for i in range(0, len(values), STATES)]
    return Patterns(size, pieces, origins, tuple(tables[0::2]), tuple(tables[1::2]))


def block_squares(places: dict[int, tuple[int, int]], origin: tuple[int, int]) -> list[int]:
    """The bits of a block's dark squares, in the order of their digits (row, then column);
    `places` is each bit's (row, column)."""
    row, col = origin
    inside = [
        (place, bit)
        for bit, place in places.items()
        if row <= place[0] < row + SIDE and col <= place[1] < col + SIDE
    ]
    if len(inside) != SQUARES:
        raise BadWeights(f"the block at {origin} holds {len(inside)} dark squares, not {SQUARES}")
    return [bit for _, bit in sorted(inside)]


def digits(squares: list[int], digit: int) -> dict[int, int]:
    """Each set of a block's squares (as bits) -> its part of the block's state, the squares
    holding `digit` (1: White's men, 2: Black's)."""
    parts = {0: 0}
    for place, bit in enumerate(squares):
        value = digit * 3**place
        parts |= {held | bit: part + value for held, part in parts.items()}
    return parts


def block_origins(size: int) -> tuple[tuple[int, int], ...]:
    """The blocks the pipeline fits: every 4x4 block whose corner is on an even row and column
    (9 on 8x8, 16 on 10x10), so that each square is in one to four blocks."""
    steps = range(0, size - SIDE + 1, 2)
    return tuple((row, col) for row in steps for col in steps)
