"""Board geometry: square numbers, internal bit indices, neighbour and ray tables.

Squares are numbered 1..N (the FEN numbers) row by row from the top left as seen from White.
Inside, every square is a bit of an int. The bit layout leaves one unused "ghost" bit after
every two rows, which makes the index step between diagonal neighbours constant: towards
White's far side (row 0) it is `-(half + 1)` or `-half`, towards Black's far side `+half` or
`+(half + 1)`, where `half` is the number of dark squares in a row. A shifted bitboard thus
moves every piece at once, and a step off the board lands on a ghost bit or outside the board.

A board whose dark corner is on the player's right (Italian) is the mirror image of one whose
dark corner is on the left; its bits are laid out mirrored, so that the move generator sees
one geometry and only the square numbering differs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

# Direction indices: towards row 0 (White's forward) on the left and right, then towards the
# last row (Black's forward) on the left and right, in the internal (left-dark) geometry.
UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT = 0, 1, 2, 3
DIRECTIONS = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)
OPPOSITE = (DOWN_RIGHT, DOWN_LEFT, UP_RIGHT, UP_LEFT)
FORWARD = ((UP_LEFT, UP_RIGHT), (DOWN_LEFT, DOWN_RIGHT))  # per colour: 0 White, 1 Black


@dataclass(frozen=True, eq=False)
class Board:
    """Precomputed tables for one board size and numbering; built once per variant."""

    size: int
    dark_corner_left: bool
    half: int
    square_count: int
    mask: int  # every bit that is a square
    index_of: tuple[int, ...]  # square number -> bit index (entry 0 unused)
    square_of: dict[int, int]  # bit index -> square number
    square_of_bit: dict[int, int]  # one-bit int -> square number
    step: tuple[tuple[int, ...], ...]  # bit index -> per direction: neighbour index or -1
    rays: tuple[tuple[tuple[int, ...], ...], ...]  # bit index -> per direction: indices outward
    promotion_rows: tuple[int, int]  # per colour: the bits of the row where its men crown
    home_rows: tuple[int, int]  # per colour: the bits of its first rows at the start

    def row_col(self, square: int) -> tuple[int, int]:
        """(row, column) of a square: row 0 is the top row seen from White, column 0 the left."""
        if not 1 <= square <= self.square_count:
            raise ValueError(f"{square} is not a square: squares are 1..{self.square_count}")
        row, position = divmod(square - 1, self.half)
        dark_column_parity = 1 if (row % 2 == 0) == self.dark_corner_left else 0
        return row, 2 * position + dark_column_parity

    def square_at(self, row: int, col: int) -> int | None:
        """The square number at (row, column), or None for a light square or off the board."""
        if not (0 <= row < self.size and 0 <= col < self.size):
            return None
        dark_column_parity = 1 if (row % 2 == 0) == self.dark_corner_left else 0
        if col % 2 != dark_column_parity:
            return None
        return row * self.half + col // 2 + 1

    def bits_of(self, squares: Iterable[int]) -> int:
        """The bitboard of an iterable of square numbers."""
        bits = 0
        for square in squares:
            bits |= 1 << self.index_of[square]
        return bits

    def squares_of(self, bits: int) -> list[int]:
        """The square numbers of a bitboard, ascending."""
        squares = []
        while bits:
            low = bits & -bits
            squares.append(self.square_of_bit[low])
            bits ^= low
        return sorted(squares)


def _internal_index(size: int, dark_corner_left: bool, row: int, col: int) -> int:
    half = size // 2
    # Mirror a right-dark board so that its internal geometry is the left-dark one.
    left_col = col if dark_corner_left else size - 1 - col
    return row * half + left_col // 2 + row // 2


@cache
def board(size: int, dark_corner_left: bool) -> Board:
    """The tables of a size x size board (size even) with the given dark corner."""
    if size < 4 or size % 2:
        raise ValueError(f"a draughts board has an even size of at least 4, not {size}")
    half = size // 2
    count = size * half
    index_of = [0] * (count + 1)
    position_of: dict[int, tuple[int, int]] = {}
    for square in range(1, count + 1):
        row, position = divmod(square - 1, half)
        parity = 1 if (row % 2 == 0) == dark_corner_left else 0
        col = 2 * position + parity
        index = _internal_index(size, dark_corner_left, row, col)
        index_of[square] = index
        position_of[index] = (row, col)
    square_of = {index_of[s]: s for s in range(1, count + 1)}
    width = max(square_of) + 1
    # Directions in the internal geometry; on a mirrored board "left" is the real right.
    deltas = ((-1, -1), (-1, 1), (1, -1), (1, 1))

    def internal_position(index: int) -> tuple[int, int]:
        row, col = position_of[index]
        return row, col if dark_corner_left else size - 1 - col

    def index_at(row: int, left_col: int) -> int:
        col = left_col if dark_corner_left else size - 1 - left_col
        return _internal_index(size, dark_corner_left, row, col)

    step: list[tuple[int, ...]] = [()] * width
    rays: list[tuple[tuple[int, ...], ...]] = [()] * width
    for index in square_of:
        row, col = internal_position(index)
        steps = []
        index_rays = []
        for d_row, d_col in deltas:
            ray = []
            r, c = row + d_row, col + d_col
            while 0 <= r < size and 0 <= c < size:
                ray.append(index_at(r, c))
                r, c = r + d_row, c + d_col
            steps.append(ray[0] if ray else -1)
            index_rays.append(tuple(ray))
        step[index] = tuple(steps)
        rays[index] = tuple(index_rays)
    mask = sum(1 << i for i in square_of)
    rows = [sum(1 << index_of[row * half + p + 1] for p in range(half)) for row in range(size)]
    home_depth = (size - 2) // 2
    return Board(
        size=size,
        dark_corner_left=dark_corner_left,
        half=half,
        square_count=count,
        mask=mask,
        index_of=tuple(index_of),
        square_of=square_of,
        square_of_bit={1 << index: square for index, square in square_of.items()},
        step=tuple(step),
        rays=tuple(rays),
        promotion_rows=(rows[0], rows[size - 1]),
        home_rows=(sum(rows[size - home_depth :]), sum(rows[:home_depth])),
    )
