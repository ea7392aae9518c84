"""The static evaluation of the search: popcounts over masks precomputed per rule set.

A piece-square table with whole non-negative values is split into bit planes: the table's
sum over a bitboard is the sum over planes k of popcount(pieces & plane_k) << k. So the
men's advancement (tempo), centre, edge and back-rank guard, and the kings' squares cost a
few popcounts per side. Terms that depend on more than one square (runaway men, supported
men, king endings) are computed from shifted bitboards, or square by square only when few
pieces are left. Where a rule set's weights hold learned pattern tables (patterns.py), the
men on each 4x4 block of the board add their state's weights. Scores are in hundredths of a
man, for the side to move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from functools import cache

from games.damas.engine.learned import learned_patterns
from games.damas.engine.patterns import LIMIT, BadWeights, Patterns, block_squares, digits
from games.damas.rules import Rules

# One side's bitboard -> its table sum, as [(plane mask, shift)].
Planes = tuple[tuple[int, int], ...]
# (own, opp, kings, colour) -> score for the side to move.
Evaluate = Callable[[int, int, int, int], int]
# The most a weight may be, either way: within it every score stays far inside the compiled
# core's ints (docs/engine.md), and every piece-square table within 16 bit planes.
WEIGHT_LIMIT = LIMIT


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights; bench/tune.py plays them against each other."""

    man: int = 100
    flying_king: int = 310
    # A short Italian king is worth a little more than a man and a half.
    short_king: int = 160
    # Per rows advanced from the home row (index 0); the last entry repeats.
    advance: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21, 28, 36)
    centre: int = 3  # per column away from the edge, for men on the middle rows
    edge: int = 4  # men on the side columns are easy to fix
    back_rank: int = 10  # men still guarding the home row against crowning
    supported: int = 3  # men with both squares behind them covered by their own men
    mobility: int = 2  # per free square a man can step to
    # Per man more on one wing (the columns beside the two middle ones) than on the other: a
    # lopsided formation is weak (International; not measured on 8x8).
    balance: int = 0
    king_diagonal: int = 20  # a flying king on the main diagonal
    king_centre: int = 4  # per step away from the edge, short kings
    runaway: int = 60  # a man whose way to the crowning row is free (scaled by nearness)
    # King endings: per square the weaker side's kings can reach, and per step of distance
    # between the stronger side's kings and the weaker side's.
    cornering: int = 8
    closing: int = 6
    # Flying kings: the main diagonal held by the stronger side's kings and not by the weaker's.
    ending_diagonal: int = 100
    # Learned tables over blocks of the board (patterns.py), added to the terms above.
    patterns: Patterns | None = None

    def __post_init__(self) -> None:
        if not self.advance:
            raise ValueError("Weights.advance: at least one entry")
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name == "patterns":
                continue  # checked when made
            for weight in value if isinstance(value, tuple) else (value,):
                if not -WEIGHT_LIMIT <= weight <= WEIGHT_LIMIT:
                    raise ValueError(
                        f"Weights.{field.name}: {-WEIGHT_LIMIT} to {WEIGHT_LIMIT}, not {weight}"
                    )


DEFAULT_WEIGHTS = Weights()
# International: fitted by least squares to py-draughts' TurboEngine evaluation (itself
# regressed on Scan's search scores) over 3,079 quiet positions of bench/strength.py games
# (bench/fit_eval.py); advancement made non-decreasing, weights the fit put below zero
# (centre, mobility, king on the main diagonal) at zero, the runaway kept at half.
INTERNATIONAL_WEIGHTS = Weights(
    flying_king=320,
    advance=(0, 4, 5, 7, 7, 7, 7, 21, 37),
    centre=0,
    back_rank=6,
    mobility=0,
    balance=4,
    king_diagonal=0,
    runaway=30,
)
_WEIGHTS = {"international": INTERNATIONAL_WEIGHTS}
# The sets of weights a rule set may have: the hand terms alone, or with the learned patterns
# added (learned/): the newest, or the first round's where a newer one replaced it. A rule
# set plays with its default set; the others are kept to compare. Each learned set's round of
# learned/ (None: the newest).
_LEARNED_ROUNDS = {"learned": None, "learned-1": 1}
VERSIONS = ("hand", *_LEARNED_ROUNDS)
# A rule set plays its learned set unless told otherwise: each measured better than the hand
# terms alone (docs/engine.md, "The learned evaluation": at equal nodes and at equal time, both
# colours, openings of 2-4 random plies), Brazilian's once its third round was fitted to
# deeper searches' scores and saw the forced lines of tests/data/deep.txt.
_DEFAULT_VERSION = "learned"


def weights_for(rules_key: str, version: str | None = None) -> Weights:
    """The evaluation's weights of a rule set: its default set, or the `version` named
    (ValueError for a set it does not have)."""
    version = version or _DEFAULT_VERSION
    if version == "hand":
        return _WEIGHTS.get(rules_key, DEFAULT_WEIGHTS)
    if version in _LEARNED_ROUNDS:
        return _learned(rules_key, version)
    raise ValueError(f"weights {version!r}: one of {', '.join(VERSIONS)}")


@cache
def _learned(rules_key: str, version: str) -> Weights:
    """The hand terms with a learned set's patterns (made once: the engine's caches are keyed
    by the weights, and patterns compare by identity)."""
    patterns = learned_patterns(rules_key, _LEARNED_ROUNDS[version])
    if patterns is None:
        raise ValueError(f"no {version} weights for {rules_key}")
    return replace(weights_for(rules_key, "hand"), patterns=patterns)


def _planes(values: dict[int, int]) -> Planes:
    """Bit planes of a table {bit: non-negative value}."""
    planes = []
    top = max(values.values(), default=0)
    for shift in range(top.bit_length()):
        mask = sum(bit for bit, value in values.items() if value >> shift & 1)
        if mask:
            planes.append((mask, shift))
    return tuple(planes)


@dataclass(frozen=True)
class _Geometry:
    """Per bit of the board: (row, column) in the internal left-dark geometry."""

    places: dict[int, tuple[int, int]]
    size: int

    @classmethod
    def of(cls, rules: Rules) -> _Geometry:
        board = rules.board
        places = {}
        for bit, square in board.square_of_bit.items():
            row, col = board.row_col(square)
            places[bit] = (row, col if board.dark_corner_left else board.size - 1 - col)
        return cls(places, board.size)

    def advanced(self, bit: int, colour: int) -> int:
        row = self.places[bit][0]
        return self.size - 1 - row if colour == 0 else row

    def from_edge(self, bit: int) -> int:
        row, col = self.places[bit]
        return min(col, self.size - 1 - col, row, self.size - 1 - row)


Cones = tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]]


def _runaways(geometry: _Geometry) -> tuple[tuple[int, int], Cones]:
    """Per colour: the bits of the three rows before the crowning row, and per such bit the
    cone of squares a man there crosses to crown (a piece there may stop it)."""
    size = geometry.size
    zone = [0, 0]
    cones: Cones = ({}, {})
    for colour in (0, 1):
        for bit, (row, col) in geometry.places.items():
            rows_left = size - 1 - geometry.advanced(bit, colour)
            if not 1 <= rows_left <= 3:
                continue
            zone[colour] |= bit
            step = -1 if colour == 0 else 1
            cone = 0
            for other, (other_row, other_col) in geometry.places.items():
                ahead = (other_row - row) * step
                if 0 < ahead <= rows_left and abs(other_col - col) <= ahead:
                    cone |= other
            cones[colour][bit] = (cone, rows_left)
    return (zone[0], zone[1]), cones


@dataclass(frozen=True)
class Tables:
    """The precomputed tables of one rule set's evaluation (compiled.py hands them to the C
    core too)."""

    geometry: _Geometry
    men_planes: tuple[Planes, Planes]  # per colour
    king_planes: Planes
    runaway_zone: tuple[int, int]  # see _runaways
    cones: Cones
    main_diagonal: int
    left_wing: int  # the columns left of the two middle ones
    right_wing: int
    # The bits of each pattern block's squares, in the order of their digits (patterns.py).
    pattern_blocks: tuple[tuple[int, ...], ...]


def tables(rules: Rules, weights: Weights) -> Tables:
    """The evaluation tables of a rule set with the given weights."""
    geometry = _Geometry.of(rules)
    size = rules.board.size
    flying = rules.flying_kings
    advance = weights.advance

    def man_table(colour: int) -> dict[int, int]:
        table = {}
        for bit, (_, col) in geometry.places.items():
            rows = geometry.advanced(bit, colour)
            value = advance[min(rows, len(advance) - 1)]
            if 2 <= rows <= size - 3:
                value += weights.centre * min(col, size - 1 - col)
            if col in (0, size - 1):
                value = max(0, value - weights.edge)
            if rows == 0:
                value += weights.back_rank
            table[bit] = value
        return table

    main_diagonal = sum(bit for bit, (row, col) in geometry.places.items() if row + col == size - 1)

    def king_table() -> dict[int, int]:
        table = {}
        for bit in geometry.places:
            if flying:
                table[bit] = weights.king_diagonal if bit & main_diagonal else 0
            else:
                table[bit] = weights.king_centre * geometry.from_edge(bit)
        return table

    runaway_zone, cones = _runaways(geometry)
    middle = size // 2
    patterns = weights.patterns
    if patterns and patterns.size != size:
        raise BadWeights(f"patterns of a {patterns.size}-row board, not of {size} rows")
    return Tables(
        geometry=geometry,
        men_planes=(_planes(man_table(0)), _planes(man_table(1))),
        king_planes=_planes(king_table()),
        runaway_zone=runaway_zone,
        cones=cones,
        main_diagonal=main_diagonal,
        left_wing=sum(bit for bit, (_, col) in geometry.places.items() if col < middle - 1),
        right_wing=sum(bit for bit, (_, col) in geometry.places.items() if col > middle),
        pattern_blocks=tuple(
            tuple(block_squares(geometry.places, origin))
            for origin in (patterns.origins if patterns else ())
        ),
    )


# One closure per rule set, with every term inline: it runs at each leaf of the search, where
# a call per term would cost more than the term.
def make_evaluator(rules: Rules, weights: Weights = DEFAULT_WEIGHTS) -> Evaluate:  # noqa: C901
    """The evaluation function of one rule set."""
    made = tables(rules, weights)
    geometry = made.geometry
    board = rules.board
    size, half, mask = board.size, board.half, board.mask
    near, far = half, half + 1
    flying = rules.flying_kings
    king_value = weights.flying_king if flying else weights.short_king
    man_value = weights.man
    men_planes, king_planes = made.men_planes, made.king_planes
    cones, main_diagonal = made.cones, made.main_diagonal
    drawn = rules.drawn_material
    step_shifts = (near, far)
    left_wing, right_wing = made.left_wing, made.right_wing

    balance, mobility = weights.balance, weights.mobility
    king_steps = rules.generator.king_steps
    patterns = weights.patterns
    pieces = patterns.pieces if patterns else 1
    blocks = [
        (sum(squares), digits(list(squares), 1), digits(list(squares), 2), middle, ending)
        for squares, middle, ending in zip(
            made.pattern_blocks,
            patterns.middle if patterns else (),
            patterns.ending if patterns else (),
            strict=True,
        )
    ]

    def pattern_sum(white_men: int, black_men: int, on_board: int) -> int:
        """The blocks' weights for their states, interpolated by the phase."""
        middle = ending = 0
        for block, whites, blacks, middles, endings in blocks:
            state = whites[white_men & block] + blacks[black_men & block]
            middle += middles[state]
            ending += endings[state]
        phase = min(on_board, pieces)
        return (middle * phase + ending * (pieces - phase)) // pieces

    def king_reach(own: int, opp: int, kings: int, empty: int) -> int:
        """How many squares the kings of `own` can move to."""
        if flying:
            reach = 0
            for _, targets in king_steps(own, opp, kings):
                reach |= targets
            return reach.bit_count()
        own_kings = own & kings
        reach = 0
        for shift in step_shifts:
            reach |= (own_kings >> shift) | (own_kings << shift)
        return (reach & empty).bit_count()

    def distance(a: int, b: int) -> int:
        (ra, ca), (rb, cb) = geometry.places[a], geometry.places[b]
        return max(abs(ra - rb), abs(ca - cb))

    def ending(strong: int, weak: int, kings: int, empty: int) -> int:
        """Bonus for the side ahead in a king ending: hem the weak kings in, come close, take
        the main diagonal (a lone flying king there holds out longest)."""
        score = -weights.cornering * king_reach(weak, strong, kings, empty)
        if flying:
            if strong & main_diagonal:
                score += weights.ending_diagonal
            if weak & main_diagonal:
                score -= weights.ending_diagonal
        strong_kings = strong & kings
        weak_kings = weak & kings
        while weak_kings:
            low = weak_kings & -weak_kings
            weak_kings ^= low
            nearest = size
            hunters = strong_kings
            while hunters:
                hunter = hunters & -hunters
                hunters ^= hunter
                nearest = min(nearest, distance(low, hunter))
            score -= weights.closing * nearest
        return score

    def runaways(close: int, colour: int, opp_all: int) -> int:
        """The bonus of the men of `close` (near the crowning row) that nothing can stop."""
        score = 0
        table = cones[colour]
        while close:
            low = close & -close
            close ^= low
            cone, rows_left = table[low]
            if not cone & opp_all:
                score += weights.runaway * (4 - rows_left) // 3
        return score

    def kings_only(white: int, black: int, kings: int, empty: int, score: int) -> int:
        """White's score when only kings are left: drawn material, or the ending's bonus."""
        if drawn and (white | black).bit_count() <= 3:
            material = tuple(sorted(((white.bit_count(), 0), (black.bit_count(), 0))))
            if material in drawn:
                return 0
        if score > 0:
            return score + ending(white, black, kings, empty)
        if score < 0:
            return score - ending(black, white, kings, empty)
        return score

    white_planes, black_planes = men_planes
    supported = weights.supported
    white_zone, black_zone = made.runaway_zone

    # Both sides' terms inline, White's added and Black's taken away: the planes' loops and
    # popcounts are the evaluation, and a call per side or per table cost up to a fifth of it.
    def evaluate(own: int, opp: int, kings: int, colour: int) -> int:
        white, black = (own, opp) if colour == 0 else (opp, own)
        white_kings, black_kings = white & kings, black & kings
        white_men, black_men = white ^ white_kings, black ^ black_kings
        score = man_value * (white_men.bit_count() - black_men.bit_count())
        for plane, shift in white_planes:
            score += (white_men & plane).bit_count() << shift
        for plane, shift in black_planes:
            score -= (black_men & plane).bit_count() << shift
        if kings:
            score += king_value * (white_kings.bit_count() - black_kings.bit_count())
            for plane, shift in king_planes:
                score += (
                    (white_kings & plane).bit_count() - (black_kings & plane).bit_count()
                ) << shift
        if blocks:
            score += pattern_sum(white_men, black_men, (white | black).bit_count())
        # Men with both squares behind them held by their own men.
        score += supported * (
            (white_men & (white_men << near) & (white_men << far)).bit_count()
            - (black_men & (black_men >> near) & (black_men >> far)).bit_count()
        )
        if not black_kings and white_men & white_zone:
            score += runaways(white_men & white_zone, 0, black)
        if not white_kings and black_men & black_zone:
            score -= runaways(black_men & black_zone, 1, white)
        empty = mask ^ (white | black)
        # Terms a rule set weighs at zero are not counted (International: mobility; the
        # others: balance): this runs at every leaf.
        if balance:
            score -= balance * (
                abs((white_men & left_wing).bit_count() - (white_men & right_wing).bit_count())
                - abs((black_men & left_wing).bit_count() - (black_men & right_wing).bit_count())
            )
        if mobility:
            score += mobility * (
                ((white_men >> near) & empty).bit_count()
                + ((white_men >> far) & empty).bit_count()
                - ((black_men << near) & empty).bit_count()
                - ((black_men << far) & empty).bit_count()
            )
        if not (white_men or black_men):
            score = kings_only(white, black, kings, empty, score)
        return score if colour == 0 else -score

    return evaluate
