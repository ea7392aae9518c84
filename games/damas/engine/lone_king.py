"""Up to three flying kings against a lone king on 8x8, solved by retrograde analysis.

With flying kings on the small board, three kings beat a lone king only by a technique
(Petrov's triangle: hold the long diagonal, then the double and triple diagonals, then force
the lone king onto a sacrifice) up to 13 moves deep: further than a search sees, and the
Brazilian rules draw the ending after 20 moves. So these endings are solved exactly, once per
process (a few seconds): every position of one to three kings against one, either side to
move, is marked with the plies to the win when the kings win with best play. The search
reads those marks instead of searching (see Search.node); the other positions (draws, or the
rare win of the lone king that takes every king) it searches as before.

Positions are indexed by the number of the set of the stronger side's kings among all sets of
that size, times the board's squares, plus the lone king's square; a bytearray per side to
move holds plies to the win plus one (0: not won).
"""

from __future__ import annotations

from itertools import combinations

from games.damas.movegen import MoveGenerator
from games.damas.rules import RULES

MOST_KINGS = 3


class LoneKingTable:
    """Plies to the win of positions of kings only, one to MOST_KINGS against a lone king."""

    def __init__(self, generator: MoveGenerator, bits: list[int]) -> None:
        self.generator = generator
        self.bits = bits
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

    def _solve(self, kings: int) -> None:
        """Marks the positions with `kings` kings: those won at once (a capture of the lone
        king, or a lone king without a move or forced to capture into a won smaller
        ending), then backwards, ply by ply, every position that reaches them."""
        generator = self.generator
        captures, quiet, choose = generator.captures, generator.quiet, generator.choose
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
                if captures(strong, weak, both, 0):
                    mark(0, strong, weak, 1)
                routes = captures(weak, strong, both, 0)
                if routes:
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
                    replies = len(quiet(weak, strong, both, 0))
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
                    for move in quiet(strong, weak, both, 0):
                        before = strong ^ move[0] ^ move[1]
                        if not won[0][self._slot(before, weak)]:
                            mark(0, before, weak, plies + 1)
                else:
                    for move in quiet(weak, strong, both, 0):
                        before = weak ^ move[0] ^ move[1]
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
    already, or solved now with `solve` (about 3 s of CPU); None for other rule sets."""
    table = _SOLVED.get(rules_key)
    if table is None and solve and solvable(rules_key):
        rules = RULES[rules_key]
        table = _SOLVED[rules_key] = LoneKingTable(
            rules.generator, sorted(rules.board.square_of_bit)
        )
    return table
