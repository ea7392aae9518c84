"""The Ludo computer that looks ahead: expectimax over the next roll.

Each legal move is first scored by the evaluation of the position it leads to (evaluation.py).
At depth 1 the search then averages over the six faces of the next roll, whoever makes it (the
same player after a six, else the next one): the player to move answers each face with the
move its own score prefers (every player plays for itself; partners share a score), and the
position after that answer is evaluated. The opponents' later rolls are weighed by the
evaluation's risk of capture. Deeper, each answer is followed by the next roll and its answer,
as many rolls as the depth. Only the `width` best moves by their one-move scores are searched
(the others were worse by the evaluation already), best first, one depth after another; when
the time budget runs out before they all are searched at a depth, the depth before decides
(the one-move scores before depth 1), so a think never outlasts its budget by more than one
move's look-ahead.

With `learned_depth`, four-player games without teams are scored by the learned network
(network.py), each seat's chance to win as the searcher's seat sees it, and searched to that
depth; other games by the evaluation's terms, to `depth`.

Pure: the clock is a parameter (tests pass a fake one).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from games.base import Seat
from games.ludo.evaluation import WEIGHTS, Weights, scores
from games.ludo.moves import ROLLS, LudoMove
from games.ludo.network import fits, win_chances
from games.ludo.position import LudoPosition

Clock = Callable[[], float]
# Every seat's score in a position, the higher the better for that seat.
Scorer = Callable[[LudoPosition], list[float]]
WON = 1e6


@dataclass(frozen=True, slots=True)
class LudoLimit:
    """How far the computer looks and how it picks among its moves."""

    depth: int = 1  # 0: the position after each move; 1: and the next roll's answer; 2: ...
    width: int = 2  # how many of the best one-move choices are searched deeper
    seconds: float = 0.08  # the time budget of one decision
    noise: float = 0.0  # a random bonus per move, up to this many steps of progress
    blunder: float = 0.0  # the chance of any legal move, chosen blindly
    weights: Weights = WEIGHTS
    # Four-player games without teams: None, as any other; 0 or more, scored by the learned
    # network's chances and searched to this depth.
    learned_depth: int | None = None


@dataclass(frozen=True, slots=True)
class LudoThought:
    move: LudoMove
    depth: int  # the depth whose scores chose the move
    seconds: float


def _score(position: LudoPosition, weights: Weights) -> list[float]:
    """Every seat's score in `position` (a finished game: won or lost outright)."""
    outcome = position.outcome()
    if outcome is not None:
        return [WON if s in outcome.winners else -WON for s in range(position.rules.players)]
    return scores(position.rules, position.pawns, position.left, weights)


def _answered(
    position: LudoPosition, seat: Seat, scorer: Scorer, clock: Clock, deadline: float, depth: int
) -> float | None:
    """`seat`'s score once the player to move in `position` has played the move its own
    score prefers (at once if no move is due), looking `depth` - 1 rolls further; None once
    out of time."""
    if position.outcome() is not None:
        return scorer(position)[seat]
    if position.roll:
        mover = position.turn
        best_own = -2 * WON
        ours = 0.0
        chosen = position
        for move in position.legal_moves():
            child = position.play(move)
            values = scorer(child)
            if values[mover] > best_own:
                best_own, ours, chosen = values[mover], values[seat], child
        if depth <= 1 or chosen.outcome() is not None:
            return ours
        position = chosen
    elif depth <= 1:
        return scorer(position)[seat]
    return _expected(position, seat, scorer, clock, deadline, depth - 1)


def _expected(
    position: LudoPosition,
    seat: Seat,
    scorer: Scorer,
    clock: Clock,
    deadline: float,
    depth: int,
) -> float | None:
    """`seat`'s score averaged over the next `depth` rolls, each answered by the move its
    player's score prefers; None once out of time."""
    if position.outcome() is not None:
        return scorer(position)[seat]
    total = 0.0
    for roll in ROLLS:
        if clock() >= deadline:
            return None
        value = _answered(position.play(roll), seat, scorer, clock, deadline, depth)
        if value is None:
            return None
        total += value
    return total / len(ROLLS)


def think(
    position: LudoPosition,
    limit: LudoLimit,
    rng: random.Random,
    clock: Clock = time.perf_counter,
) -> LudoThought:
    """The move the computer plays in `position` (a roll pending) within `limit`."""
    began = clock()
    moves: Sequence[LudoMove] = position.legal_moves()
    if len(moves) == 1:
        return LudoThought(moves[0], 0, 0.0)
    if limit.blunder and rng.random() < limit.blunder:
        return LudoThought(rng.choice(moves), 0, clock() - began)
    seat = position.turn
    scorer: Scorer
    search_depth = limit.depth
    if limit.learned_depth is not None and fits(position):
        scorer = partial(win_chances, view=seat)
        search_depth = limit.learned_depth
    else:
        scorer = partial(_score, weights=limit.weights)
    children = [position.play(move) for move in moves]
    values = [scorer(child)[seat] for child in children]
    depth = 0
    deadline = began + limit.seconds
    ranked = sorted(range(len(moves)), key=values.__getitem__, reverse=True)[: limit.width]
    # Each depth in turn, so that a budget spent before the deepest has the one before's.
    for rolls in range(1, search_depth + 1):
        deeper: dict[int, float] = {}
        for index in ranked:
            value = _expected(children[index], seat, scorer, clock, deadline, rolls)
            if value is None:
                break
            deeper[index] = value
        if len(deeper) < len(ranked):
            break
        # The moves not searched deeper are not chosen: their one-move scores were lower.
        values = [deeper.get(index, -2 * WON) for index in range(len(moves))]
        depth = rolls
    if limit.noise:
        values = [value + rng.uniform(0, limit.noise) for value in values]
    top = max(values)
    best = [move for move, value in zip(moves, values, strict=True) if value == top]
    return LudoThought(rng.choice(best), depth, clock() - began)


def choose(position: LudoPosition, limit: LudoLimit, rng: random.Random) -> LudoMove:
    """The move `think` finds, on the real clock."""
    return think(position, limit, rng).move
