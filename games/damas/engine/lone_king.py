"""Up to three flying kings against a lone king on 8x8, solved by retrograde analysis.

With flying kings on the small board, three kings beat a lone king only by a technique
(Petrov's triangle: hold the long diagonal, then the double and triple diagonals, then force
the lone king onto a sacrifice) up to 13 moves deep: further than a search sees, and the
Brazilian rules draw the ending after 20 moves. So these endings are solved exactly, once per
process (about 1.3 s of CPU): every position of one to three kings against one, either side to
move, is marked with the plies to the win when the kings win with best play. The search
reads those marks instead of searching (see Search.node); the other positions (draws, or the
rare win of the lone king that takes every king) it searches as before.

Positions are indexed by the number of the set of the stronger side's kings among all sets of
that size, times the board's squares, plus the lone king's square; a bytearray per side to
move holds plies to the win plus one (0: not won).
"""

from __future__ import annotations

from itertools import combinations

from games.damas.board import Board
from games.damas.movegen import MoveGenerator
from games.damas.rules import RULES

MOST_KINGS = 3


class LoneKingTable:
    """Plies to the win of positions of kings only, one to MOST_KINGS against a lone king."""

    def __init__(self, generator: MoveGenerator, board: Board) -> None:
        self.generator = generator
        bits = sorted(board.square_of_bit)
        self.bits = bits
        # Per square, its four diagonal rays outward (nearest square first), in pairs of
        # opposite directions: the capture tests of the solving do without the generator.
        self.rays: dict[int, list[tuple[int, ...]]] = {}
        for bit, square in board.square_of_bit.items():
            row, col = board.row_col(square)
            rays = []
            for step_row, step_col in ((-1, -1), (1, 1), (-1, 1), (1, -1)):
                ray = []
                at = board.square_at(row + step_row, col + step_col)
                while at is not None:
                    ray.append(board.bits_of((at,)))
                    row_at, col_at = board.row_col(at)
                    at = board.square_at(row_at + step_row, col_at + step_col)
                rays.append(tuple(ray))
            self.rays[bit] = rays
        self.ray_masks = {bit: [sum(ray) for ray in rays] for bit, rays in self.rays.items()}
        self.index = {bit: number for number, bit in enumerate(bits)}
        self.squares = len(bits)
        # bitboard of the stronger side's kings -> its number among the sets of its size
        self.rank: dict[int, int] = {}
        for kings in range(1, MOST_KINGS + 1):
            for number, chosen in enumerate(combinations(bits, kings)):
                self.rank[sum(chosen)] = number
        # per number of kings: (strong to move, weak to move)
        self.plies: dict[int, tuple[bytearray, bytearray]] = {}
        for kings in range(1, MOST_KINGS + 1):
            self._solve(kings)

    def _slot(self, strong: int, weak: int) -> int:
        return self.rank[strong] * self.squares + self.index[weak]

    def plies_to_win(self, strong: int, weak: int, strong_to_move: bool) -> int | None:
        """Plies to the stronger side's win with best play; None: not won."""
        tables = self.plies.get(strong.bit_count())
        if tables is None:
            return None
        plies = tables[0 if strong_to_move else 1][self._slot(strong, weak)]
        return plies - 1 if plies else None

    def result(self, own: int, opp: int) -> tuple[bool, int] | None:
        """(whether the side to move wins, plies to the win) of a covered position (see
        `covers`) with `own` to move, when the kings win; None when they do not."""
        if opp.bit_count() == 1:
            plies = self.plies_to_win(own, opp, True)
            if plies is not None:
                return True, plies
        if own.bit_count() == 1:
            plies = self.plies_to_win(opp, own, False)
            if plies is not None:
                return False, plies
        return None

    def _kings_take(self, strong: int, weak: int) -> bool:
        """Whether a king of `strong` can capture the lone king: one stands on a diagonal
        of it (the nearest one then has a free way) and the square beyond is free."""
        masks = self.ray_masks[weak]
        for index, ray in enumerate(self.rays[weak]):
            if ray and not ray[0] & strong and strong & masks[index ^ 1]:
                return True
        return False

    def _lone_king_takes(self, strong: int, weak: int) -> bool:
        """Whether the lone king can capture: the nearest king on one of its diagonals has a
        free square behind it."""
        for ray in self.rays[weak]:
            for index, bit in enumerate(ray):
                if bit & strong:
                    if index + 1 < len(ray) and not ray[index + 1] & strong:
                        return True
                    break
        return False

    def _slides(self, bit: int, occupied: int) -> list[int]:
        """The squares the king on `bit` can move to without capture."""
        targets = []
        for ray in self.rays[bit]:
            for square in ray:
                if square & occupied:
                    break
                targets.append(square)
        return targets

    # The retrograde pass over every position of the ending, in one body: calls per position
    # and per move would multiply the time it takes to build the table.
    def _solve(self, kings: int) -> None:  # noqa: C901
        """Marks the positions with `kings` kings: those won at once (a capture of the lone
        king, or a lone king without a move or forced to capture into a won smaller
        ending), then backwards, ply by ply, every position that reaches them."""
        generator = self.generator
        captures, choose = generator.captures, generator.choose
        rank, squares = self.rank, self.squares
        size = sum(1 for strong in self.rank if strong.bit_count() == kings) * self.squares
        won = (bytearray(size), bytearray(size))
        self.plies[kings] = won
        replies_left: dict[int, int] = {}
        layers: dict[int, list[tuple[int, int, int]]] = {}

        def mark(side: int, strong: int, weak: int, plies: int) -> None:
            won[side][self._slot(strong, weak)] = plies + 1
            layers.setdefault(plies, []).append((side, strong, weak))

        for chosen in combinations(self.bits, kings):
            strong = sum(chosen)
            for weak in self.bits:
                if weak & strong:
                    continue
                both = strong | weak
                if self._kings_take(strong, weak):
                    mark(0, strong, weak, 1)
                if self._lone_king_takes(strong, weak):
                    routes = captures(weak, strong, both, 0)
                    worst: int | None = 0
                    for route in choose(routes, both):
                        left = strong & ~route[2]
                        then = self.plies_to_win(left, route[1], True) if left else None
                        if then is None or worst is None:
                            worst = None
                            break
                        worst = max(worst, then + 1)
                    if worst is not None:
                        mark(1, strong, weak, worst)
                else:
                    replies = len(self._slides(weak, both))
                    if replies:
                        replies_left[self._slot(strong, weak)] = replies
                    else:
                        mark(1, strong, weak, 0)
        plies = 0
        while layers:
            for side, strong, weak in layers.pop(plies, ()):
                both = strong | weak
                if side == 1:
                    # Quiet king moves are reversible: the moves from here are the moves
                    # that led here.
                    hunters, weak_index = strong, self.index[weak]
                    while hunters:
                        king = hunters & -hunters
                        hunters ^= king
                        for square in self._slides(king, both):
                            before = strong ^ king ^ square
                            if not won[0][rank[before] * squares + weak_index]:
                                mark(0, before, weak, plies + 1)
                else:
                    for before in self._slides(weak, both):
                        slot = self._slot(strong, before)
                        remaining = replies_left.get(slot)
                        if remaining:
                            replies_left[slot] = remaining - 1
                            if remaining == 1:
                                mark(1, strong, before, plies + 1)
            plies += 1


_SOLVED: dict[str, LoneKingTable] = {}


def covers(own: int, opp: int, kings: int) -> bool:
    """Whether the position is one of the table's: kings only, one to MOST_KINGS against
    one."""
    if (own | opp) & ~kings:
        return False
    counts = sorted((own.bit_count(), opp.bit_count()))
    return counts[0] == 1 and counts[1] <= MOST_KINGS


def solvable(rules_key: str) -> bool:
    """Whether the rule set has such a table: flying kings on 8x8."""
    rules = RULES[rules_key]
    return rules.flying_kings and rules.board_size == 8


def lone_king_table(rules_key: str, solve: bool = False) -> LoneKingTable | None:
    """The solved endings of a rule set with flying kings on 8x8, if solved in this process
    already, or solved now with `solve` (about 1.3 s of CPU); None for other rule sets."""
    table = _SOLVED.get(rules_key)
    if table is None and solve and solvable(rules_key):
        rules = RULES[rules_key]
        table = _SOLVED[rules_key] = LoneKingTable(rules.generator, rules.board)
    return table
