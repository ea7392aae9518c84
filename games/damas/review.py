"""The review of a draughts game: every position searched within one budget, each score
turned into win chances, each move marked by the chances it gave away.

A position's score (hundredths of a man, for the side to move; beyond the engine's `WON` a
forced result) becomes the side's expected result on a logistic curve, `1 / (1 + exp(-k *
s))`, whose slope `k` was fitted per variant, with and without kings on the board, to the
engine's own games (bench/fit_win_chances.py; docs/training.md states the fit). A move's
loss is the mover's chances before it (with the best move) less their chances after it (the
next position's, from the other side), in whole points (0-100) as the review shows them,
never below zero. A move that gives away men before the first king is marked by them too, so
that a game thrown away piece by piece is not called merely imprecise once the curve
flattens (docs/training.md: the rule). Pure: the service runs `search_snapshot` in its
worker processes, one position per job.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from games.damas.engine import Limit, think
from games.damas.engine.line import principal_line
from games.damas.engine.search import WIN, WON
from games.damas.engine.table import forget_tables
from games.damas.position import Position, resolve_rules

# The slope k per variant, per hundredth of a man, for positions without kings and with
# kings: bench/fit_win_chances.py --games 24 --nodes 3000 --seed 29 (docs/training.md). King
# endings the evaluation scores high are often drawn by the rules, so they get a flatter
# curve. The household Italian game plays with Italian's engine and weights and was not
# fitted apart.
WIN_SLOPES: dict[str, tuple[float, float]] = {
    "brazilian": (0.00564, 0.00173),
    "italian": (0.00667, 0.00356),
    "italian-familiar": (0.00667, 0.00356),
    "international": (0.00836, 0.00189),
}
# The default budget of one position: a node count (the same review on any machine), with a
# time cap for slow machines. About 0.2 s of CPU a position: a 60-move game in about 25 s.
REVIEW_NODES = 20_000
REVIEW_SECONDS = 2.0
# The second look: a move the first pass marks a mistake or worse is judged again from a
# search of the position before it and of the one after it with these many nodes, and its
# mark, better move and line are the deeper search's. At 20,000 nodes two searches of
# neighbouring positions stop at different depths, and a few hundredths of a man of
# difference on the steep part of the curve make a mistake a blunder; the marked moves are
# few (one or two a game), so the deeper look costs little.
SECOND_LOOK_NODES = 100_000
# Moves of the better line shown (the better move and the replies that follow it).
LINE_PLIES = 6

Mark = Literal["inaccuracy", "mistake", "blunder"]
MARKS: tuple[Mark, ...] = ("inaccuracy", "mistake", "blunder")  # mildest first
# Points of win chances (0-100, as shown) given away from which a move is marked, worst first.
THRESHOLDS: tuple[tuple[int, Mark], ...] = (
    (30, "blunder"),
    (20, "mistake"),
    (10, "inaccuracy"),
)
# Men given away (the search's score, in men, to one decimal as shown) from which a move is
# marked, worst first: on the curve a man from an even game is only about 14 points in
# Brazilian, and a few points once a side is behind, so a man thrown away must count itself.
MEN_THRESHOLDS: tuple[tuple[float, Mark], ...] = (
    (2.0, "blunder"),
    (1.0, "mistake"),
)
# Men count while the scores are within this many hundredths (five men) of even, a forced
# result counting as this much: beyond it the game is decided. And only while no king is on
# the board: king endings the evaluation scores a man or more up are often drawn by the
# rules (the reason for their flatter curve), so there the chances alone judge.
DECIDED = 500
NAGS: dict[Mark, str] = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def review_limit(nodes: int = REVIEW_NODES) -> Limit:
    """The search limit of one position of a review: `nodes` nodes, no randomness; the time
    cap grows with the nodes (a deeper look must not be cut short by the first pass's)."""
    return Limit(nodes=nodes, seconds=REVIEW_SECONDS * max(1.0, nodes / REVIEW_NODES), seed=0)


def slope_of(position: Position) -> float:
    """The curve's slope for a position: its variant's, with or without kings."""
    return WIN_SLOPES[position.rules.key][1 if position.kings else 0]


def win_chance(score: int, slope: float) -> float:
    """The side to move's expected result (0 lost, 0.5 drawn, 1 won) for a search score."""
    if score > WON:
        return 1.0
    if score < -WON:
        return 0.0
    return 1.0 / (1.0 + math.exp(-slope * score))


def points(chance: float) -> int:
    """Win chances (0-1) as the whole points (0-100) the review shows and judges."""
    return round(chance * 100)


def mark_of(lost: int, men: float = 0.0) -> Mark | None:
    """The mark of a move that gave away `lost` points of win chances and `men` men: the
    worse of the two measures' marks."""
    by_points = next((mark for threshold, mark in THRESHOLDS if lost >= threshold), None)
    by_men = next((mark for threshold, mark in MEN_THRESHOLDS if men >= threshold), None)
    marks = [MARKS.index(mark) for mark in (by_points, by_men) if mark is not None]
    return MARKS[max(marks)] if marks else None


def men_given_away(before: float, after: float) -> float:
    """The men between two scores of the mover (hundredths of a man), each held within
    `DECIDED` of even, to one decimal; never below zero."""

    def held(score: float) -> float:
        return max(-DECIDED, min(DECIDED, score))

    return round(max(0.0, held(before) - held(after)) / 100, 1)


def score_of(chance: float, slope: float) -> float:
    """The score whose win chances are `chance` (`win_chance` inverted; a certain result is
    `DECIDED`): the men of a review stored before they were kept."""
    if chance >= 1.0:
        return DECIDED
    if chance <= 0.0:
        return -DECIDED
    return math.log(chance / (1.0 - chance)) / slope


@dataclass(frozen=True)
class Searched:
    """One position searched: the best move, the score for the side to move, the line."""

    best: str
    score: int
    line: tuple[str, ...]


def search_position(position: Position, limit: Limit) -> Searched:
    """The best move of a position that is not over, its score and the line after it. A
    forced move is scored by the position after it (the engine plays one without search)."""
    moves = position.legal_moves()
    if len(moves) == 1:
        after = position.play(moves[0])
        if after.outcome() is None:
            reply = search_position(after, limit)
            line = (position.notation(moves[0]), *reply.line)[:LINE_PLIES]
            return Searched(line[0], -reply.score, line)
        score = {1.0: WIN - 1, 0.5: 0, 0.0: 1 - WIN}[_result_for_mover(after)]
        return Searched(position.notation(moves[0]), score, (position.notation(moves[0]),))
    thought = think(position, limit)
    after = position.play(thought.move)
    moves = [thought.move, *principal_line(after, LINE_PLIES - 1)]
    notations = []
    for move in moves:
        notations.append(position.notation(move))
        position = position.play(move)
    return Searched(notations[0], thought.score, tuple(notations))


def search_snapshot(variant: str, snapshot: str, nodes: int) -> Searched:
    """`search_position` of a stored position (a worker's job: only text crosses), from an
    empty transposition table: what earlier searches of the worker left there would change
    the result, and a review is the same wherever and whenever it runs."""
    position = Position.from_snapshot(resolve_rules(variant), snapshot)
    forget_tables()
    return search_position(position, review_limit(nodes))


def _result_for_mover(position: Position) -> float:
    """The result of a finished position for the side that moved into it: 1, 0.5 or 0."""
    outcome = position.outcome()
    assert outcome is not None
    if not outcome.winners:
        return 0.5
    return 0.0 if position.to_move() in outcome.winners else 1.0


@dataclass(frozen=True)
class MoveReview:
    """One move of the game as the review sees it. `before`: the mover's chances with the
    best move; `after`: with the move played; `men`: the men it gave away by the scores
    (0 where kings are on the board, `DECIDED`)."""

    ply: int
    seat: int
    played: str
    best: str
    line: tuple[str, ...]
    before: float
    after: float
    men: float = 0.0

    @property
    def loss(self) -> int:
        """The points of win chances given away, as the review shows them (29% to 9%: 20)."""
        if self.played == self.best:
            return 0
        return max(0, points(self.before) - points(self.after))

    @property
    def mark(self) -> Mark | None:
        return mark_of(self.loss, 0.0 if self.played == self.best else self.men)

    @property
    def nag(self) -> str:
        """The mark as PDN writes it after the move (`??`); empty for an unmarked move."""
        mark = self.mark
        return "" if mark is None else NAGS[mark]


def review_moves(
    positions: Sequence[Position], played: Sequence[str], searched: Sequence[Searched | None]
) -> list[MoveReview]:
    """The moves of a game marked: `positions[i]` is the position before `played[i]` (and
    one more, the last), `searched[i]` its search (None where the game is over)."""

    def chance(index: int) -> float:
        found = searched[index]
        if found is None:
            return 1.0 - _result_for_mover(positions[index])
        return win_chance(found.score, slope_of(positions[index]))

    def score(index: int) -> float:
        """The side to move's score: a finished position's result counts as decided."""
        found = searched[index]
        if found is None:
            return (1.0 - 2 * _result_for_mover(positions[index])) * DECIDED
        return found.score

    reviews = []
    for ply, notation in enumerate(played):
        found = searched[ply]
        assert found is not None, "a move was played in a finished position"
        position = positions[ply]
        # The played move in the position's own notation, as the best one is written.
        played_as = position.notation(position.parse(notation))
        men = 0.0 if position.kings else men_given_away(score(ply), -score(ply + 1))
        reviews.append(
            MoveReview(
                ply,
                position.to_move(),
                played_as,
                found.best,
                found.line,
                chance(ply),
                1.0 - chance(ply + 1),
                men,
            )
        )
    return reviews


def men_of_stored(before: Position, after: Position, move: MoveReview) -> float:
    """The men a move of a review stored without them gave away, from its chances."""
    if before.kings:
        return 0.0
    return men_given_away(
        score_of(move.before, slope_of(before)), -score_of(1.0 - move.after, slope_of(after))
    )


def second_look_plies(reviews: Sequence[MoveReview]) -> list[int]:
    """The plies whose moves the first pass marks a mistake or worse: searched again."""
    return [review.ply for review in reviews if review.mark in ("mistake", "blunder")]


def second_look_positions(plies: Sequence[int]) -> list[int]:
    """The positions the second look searches: before and after each of `plies`, each once
    (two marked moves in a row share a position)."""
    return sorted({index for ply in plies for index in (ply, ply + 1)})


def second_look(
    positions: Sequence[Position],
    reviews: Sequence[MoveReview],
    deeper: Mapping[int, tuple[Searched | None, Searched | None]],
) -> list[MoveReview]:
    """The reviews with each move of `deeper` (its ply: the searches of the position before
    it and after it, None where the game is over) judged by those searches alone."""
    judged = []
    for review in reviews:
        if review.ply in deeper:
            window = positions[review.ply : review.ply + 2]
            [again] = review_moves(window, [review.played], deeper[review.ply])
            review = replace(again, ply=review.ply)
        judged.append(review)
    return judged


@dataclass(frozen=True)
class PlayerSummary:
    """One side's moves in a review: how many, the average loss (points), the marks."""

    seat: int
    moves: int
    average_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int


def summaries(reviews: Sequence[MoveReview]) -> list[PlayerSummary]:
    """White's and Black's summaries."""
    result = []
    for seat in (0, 1):
        own = [review for review in reviews if review.seat == seat]
        marks = [review.mark for review in own]
        result.append(
            PlayerSummary(
                seat,
                len(own),
                sum(review.loss for review in own) / len(own) if own else 0.0,
                marks.count("inaccuracy"),
                marks.count("mistake"),
                marks.count("blunder"),
            )
        )
    return result


def worst_move(reviews: Sequence[MoveReview]) -> MoveReview | None:
    """The marked move with the worst mark, the one of them that gave away the most (points,
    then men), if any move is marked."""

    def gravity(review: MoveReview) -> tuple[int, int, float]:
        assert review.mark is not None
        return MARKS.index(review.mark), review.loss, review.men

    marked = [review for review in reviews if review.mark is not None]
    return max(marked, key=gravity, default=None)
