"""Swiss rounds of big fields, paired score group by score group in the Dutch manner,
without the exhaustive search of the pairing library.

pairing-core looks for the FIDE-optimal pairing of each bracket with an exact matching test
at every step of its search: its cost grows with the cube of a score group, about 100 ms a
round for 256 entries whose first round had few draws (two groups of 128), where the goal is
under 100 ms. Above `LIBRARY_FIELD_LIMIT` entries the Swiss is paired here, keeping the
Dutch system's shape and all of its absolute rules:

- entries ranked by score, then by number; brackets (score groups) paired from the top;
- the entries floated down from the bracket above meet the highest-ranked residents they
  may meet; the residents split in halves, S1 (upper) against S2 (lower), S2's orders tried
  in the Dutch (lexicographic) order, keeping the first that leaves the fewest entries
  without the colour they are due;
- an odd bracket floats its lowest-ranked entry down; a bracket that cannot be paired
  floats its two lowest more, until it can;
- no repeat pairings; never three games of a colour in a row nor two more of one colour
  than of the other;
- an odd field's bye goes to the lowest-ranked entry that has not had one.

None when this finds no pairing: the caller then runs the library's exact search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from competition.pairing.results import Round, Table

# Up to this many entries the library's exact FIDE Dutch search takes a few tens of
# milliseconds a round at most; above it, its cost grows with the cube of a score group.
LIBRARY_FIELD_LIMIT = 128
# Steps of one search for a bracket's pairing before it settles for more colour misses: the
# lexicographic order finds a pairing within a step or two per table whenever one is near.
_BRACKET_STEPS = 400
# The colour misses allowed beyond the count of due colours, tried in turn: the rules
# (no repeats, absolute colours) may force more misses than that count.
_EXTRA_MISSES = (0, 1, 2, 4, 8, 16)
# Byes tried from the bottom of the ranking before giving up on this way of pairing.
_BYE_CANDIDATES = 6

WHITE, BLACK = "w", "b"


@dataclass(frozen=True)
class Contender:
    """An entry as the pairing sees it. `colours`: the colours of the games it played, in
    order ('w'/'b'; byes and forfeits left out); `met`: whom it already played."""

    name: str
    points: float
    colours: str
    met: frozenset[str]
    had_bye: bool

    @cached_property
    def due(self) -> tuple[str | None, int]:
        """The colour it is due and how strongly (3 absolute, 2 strong, 1 mild, 0 none)."""
        balance = self.colours.count(WHITE) - self.colours.count(BLACK)
        if balance >= 2 or self.colours.endswith(WHITE * 2):
            return BLACK, 3
        if balance <= -2 or self.colours.endswith(BLACK * 2):
            return WHITE, 3
        if balance:
            return (BLACK if balance > 0 else WHITE), 2
        if self.colours:
            return _other(self.colours[-1]), 1
        return None, 0


def allocate(upper: Contender, lower: Contender) -> tuple[tuple[str, str], int] | None:
    """(White, Black) of a pair, `upper` ranked above `lower`, and how many of the two miss
    the colour they are due; None when they may not meet (already met, or both must have
    the same colour)."""
    if lower.name in upper.met:
        return None
    (up_colour, up_strength), (low_colour, low_strength) = upper.due, lower.due
    if up_colour is None and low_colour is None:
        return (upper.name, lower.name), 0
    if up_colour is None:
        return _seated(upper, lower, _other(low_colour)), 0
    if up_colour != low_colour:
        return _seated(upper, lower, up_colour), 0
    if up_strength == low_strength == 3:
        return None
    # Both are due the same colour: the stronger claim gets it, then the one that
    # alternates from the latest game where their colours differed, then the higher ranked.
    if up_strength != low_strength:
        upper_gets = up_strength > low_strength
    else:
        alternating = _differs_last(upper, lower)
        upper_gets = alternating is None or alternating == up_colour
    return _seated(upper, lower, up_colour if upper_gets else _other(up_colour)), 1


def _other(colour: str | None) -> str:
    return BLACK if colour == WHITE else WHITE


def _differs_last(upper: Contender, lower: Contender) -> str | None:
    """The colour `upper` gets by alternating from the latest game where the two had
    different colours (counted back from each one's last game); None if never."""
    for mine, theirs in zip(reversed(upper.colours), reversed(lower.colours), strict=False):
        if mine != theirs:
            return _other(mine)
    return None


def _seated(upper: Contender, lower: Contender, upper_colour: str) -> tuple[str, str]:
    return (upper.name, lower.name) if upper_colour == WHITE else (lower.name, upper.name)


def score_group_round(round_number: int, ranked: Sequence[Contender]) -> Round | None:
    """Round `round_number` for `ranked` (best first: score, then number), or None."""
    if len(ranked) % 2 == 0:
        pairs = _pair_field(ranked)
        return None if pairs is None else _round(round_number, pairs, None)
    candidates = [entry for entry in reversed(ranked) if not entry.had_bye]
    for bye in candidates[:_BYE_CANDIDATES]:
        pairs = _pair_field([entry for entry in ranked if entry is not bye])
        if pairs is not None:
            return _round(round_number, pairs, bye.name)
    return None


def _round(number: int, pairs: list[tuple[str, str]], bye: str | None) -> Round:
    tables = tuple(Table(board, white, black) for board, (white, black) in enumerate(pairs, 1))
    return Round(number, tables, bye)


def _pair_field(ranked: Sequence[Contender]) -> list[tuple[str, str]] | None:
    """The pairs of the field, bracket by bracket from the top. When the last bracket
    cannot be paired, the brackets above it join it one by one (the Dutch "collapsed last
    bracket") until it can."""
    groups: list[list[Contender]] = []
    for entry in ranked:
        if groups and groups[-1][0].points == entry.points:
            groups[-1].append(entry)
        else:
            groups.append([entry])
    for collapsed in range(len(groups)):
        brackets = groups[: len(groups) - collapsed - 1]
        brackets.append([entry for group in groups[len(brackets) :] for entry in group])
        pairs = _pair_brackets(brackets)
        if pairs is not None:
            return pairs
    return None


def _pair_brackets(brackets: list[list[Contender]]) -> list[tuple[str, str]] | None:
    pairs: list[tuple[str, str]] = []
    floating: list[Contender] = []
    for index, bracket in enumerate(brackets):
        paired, floating = _pair_bracket(floating, bracket, index == len(brackets) - 1)
        if paired is None:
            return None
        pairs.extend(paired)
    return pairs


def _pair_bracket(
    floating: list[Contender], residents: list[Contender], last: bool
) -> tuple[list[tuple[str, str]] | None, list[Contender]]:
    """The pairs of one bracket and the entries it floats down (None: the last bracket
    cannot be paired)."""
    pairs: list[tuple[str, str]] = []
    still_floating: list[Contender] = []
    residents = list(residents)
    for floater in floating:
        partner = _partner_for(floater, residents)
        if partner is None:
            still_floating.append(floater)
            continue
        residents.remove(partner)
        seated = allocate(floater, partner)
        assert seated is not None
        pairs.append(seated[0])
    if last:
        residents = still_floating + residents
        still_floating = []
        if len(residents) % 2:
            return None, []
    down: list[Contender] = []
    if len(residents) % 2:
        down.append(residents.pop())
    while residents:
        halves = _pair_halves(residents)
        if halves is not None:
            return pairs + halves, still_floating + down
        if last:
            return None, []
        down[:0] = residents[-2:]
        del residents[-2:]
    return pairs, still_floating + down


def _partner_for(floater: Contender, residents: list[Contender]) -> Contender | None:
    """The highest-ranked resident `floater` may meet, one that gets both their due colours
    if there is one."""
    fallback = None
    for resident in residents:
        seated = allocate(floater, resident)
        if seated is None:
            continue
        if seated[1] == 0:
            return resident
        fallback = fallback or resident
    return fallback


def _pair_halves(residents: list[Contender]) -> list[tuple[str, str]] | None:
    """S1 against S2 in the first order of S2 that misses the fewest due colours."""
    half = len(residents) // 2
    upper, lower = residents[:half], residents[half:]
    seats: dict[tuple[int, int], tuple[str, str]] = {}
    legal: list[int] = []
    for row, top in enumerate(upper):
        legal_mask = 0
        for column, bottom in enumerate(lower):
            seated = allocate(top, bottom)
            if seated is not None:
                seats[row, column] = seated[0]
                legal_mask |= 1 << column
        if not legal_mask:
            return None
        legal.append(legal_mask)
    search = _Search(legal, [_due_kind(entry) for entry in upper], [_due_kind(e) for e in lower])
    owner = search.perfect()
    if owner is None:
        return None
    least = search.least_misses()
    for extra in _EXTRA_MISSES:
        order = search.first_order(least + extra, owner, _BRACKET_STEPS)
        if order is not None:
            return [seats[row, column] for row, column in enumerate(order)]
    # With every miss allowed nothing prunes, and every step keeps a perfect assignment of
    # the rows left: the first choice of every row is the answer, one step per row.
    order = search.first_order(half, owner, half)
    assert order is not None
    return [seats[row, column] for row, column in enumerate(order)]


# What a colour miss depends on: two entries miss one colour between them exactly when both
# are due the same colour.
_DUE_WHITE, _DUE_BLACK, _DUE_NONE = 0, 1, 2


def _due_kind(entry: Contender) -> int:
    colour = entry.due[0]
    return _DUE_NONE if colour is None else (_DUE_WHITE if colour == WHITE else _DUE_BLACK)


class _Search:
    """The lexicographically first assignment of S1's rows to S2's columns, each pair legal,
    with at most so many colour misses. Every step keeps a perfect assignment of the rows
    left (repaired by one augmenting path), so a choice that strands a later row is never
    made; the misses are bounded by counting the kinds of due colour left on each side."""

    def __init__(self, legal: list[int], rows: list[int], columns: list[int]) -> None:
        self.legal, self.rows, self.columns = legal, rows, columns
        self.steps = self.allowed = 0

    def least_misses(self) -> int:
        return _least_misses(_counts(self.rows), _counts(self.columns))

    def perfect(self) -> list[int] | None:
        """Any legal assignment (the row of each column), or None when there is none."""
        owner = [-1] * len(self.legal)
        for row in range(len(self.legal)):
            if not self._augment(row, owner, 0, [0]):
                return None
        return owner

    def first_order(self, allowed: int, owner: list[int], steps: int) -> list[int] | None:
        self.steps, self.allowed = steps, allowed
        return self._search(0, 0, 0, owner, _counts(self.rows), _counts(self.columns))

    def _search(
        self,
        row: int,
        used: int,
        misses: int,
        owner: list[int],
        rows_left: list[int],
        columns_left: list[int],
    ) -> list[int] | None:
        if row == len(self.legal):
            return []
        self.steps -= 1
        if self.steps < 0 or misses + _least_misses(rows_left, columns_left) > self.allowed:
            return None
        kind = self.rows[row]
        rows_left[kind] -= 1
        options = self.legal[row] & ~used
        found = None
        while options and found is None and self.steps >= 0:
            bit = options & -options
            options ^= bit
            column = bit.bit_length() - 1
            repaired = self._repaired(owner, row, column, used | bit)
            if repaired is None:
                continue
            other = self.columns[column]
            columns_left[other] -= 1
            rest = self._search(
                row + 1,
                used | bit,
                misses + int(kind == other != _DUE_NONE),
                repaired,
                rows_left,
                columns_left,
            )
            columns_left[other] += 1
            if rest is not None:
                found = [column, *rest]
        rows_left[kind] += 1
        return found

    def _repaired(self, owner: list[int], row: int, column: int, used: int) -> list[int] | None:
        """The assignment of the rows after `row` once `row` takes `column`, or None."""
        if owner[column] == row:
            return owner
        repaired = list(owner)
        displaced = repaired[column]
        repaired[repaired.index(row)] = -1
        repaired[column] = row
        if self._augment(displaced, repaired, used, [used]):
            return repaired
        return None

    def _augment(self, row: int, owner: list[int], used: int, seen: list[int]) -> bool:
        """Kuhn's augmenting path from `row` over the columns not `used` nor seen."""
        options = self.legal[row] & ~used & ~seen[0]
        while options:
            bit = options & -options
            options ^= bit
            seen[0] |= bit
            column = bit.bit_length() - 1
            if owner[column] < 0 or self._augment(owner[column], owner, used, seen):
                owner[column] = row
                return True
        return False


def _counts(kinds: list[int]) -> list[int]:
    return [kinds.count(_DUE_WHITE), kinds.count(_DUE_BLACK), kinds.count(_DUE_NONE)]


def _least_misses(rows: list[int], columns: list[int]) -> int:
    """The fewest colour misses of any assignment of these rows to these columns: rows due
    White first take columns due Black, rows due Black columns due White, then the columns
    due nothing take what is left of both; rows due nothing never miss."""
    white_rows = rows[_DUE_WHITE] - min(rows[_DUE_WHITE], columns[_DUE_BLACK])
    black_rows = rows[_DUE_BLACK] - min(rows[_DUE_BLACK], columns[_DUE_WHITE])
    return max(0, white_rows + black_rows - columns[_DUE_NONE])
