"""Ludo's strong computer: each legal move judged by games played on from the position it
leads to (Tesauro and Galperin's on-line policy improvement, truncated): every seat plays the
move to the position the evaluation scores best (search.py's depth 0) or, with
`limit.greedy` off, agents.py's `simple` move; after `limit.rounds` rounds of turns (0: at
the end) a game is scored by the evaluation from the mover's side (a game that ended: won
or lost by 400 steps, the core's `ENDED`). The move whose games score best on average is played.

The games run in the compiled core (_rollouts.c, thousands a second), which plays the rules
of steps.py and position.py. Game i after every move rolls the same dice, each seat its own
(common random numbers), so the differences between moves are measured on the same luck.
The games are played in rounds of `ROUND` for each move still in the race; after each round
a move whose games, paired with the leader's, trail by more than `DROP` standard errors of
the difference is dropped. The race stops with one move left, with `limit.rollouts` games a
move, or when another round would overrun the time budget (a round costs less than the one
before, having no more moves); the moves still in the race are compared by their games'
total, and by the evaluation's one-move score where they tie or no game was played.

Where the core is not built (no C compiler at install), `think` is search.py's, at the limit's
depth. Pure: the clock and the dice's seed (from `rng`) are parameters.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import astuple
from functools import cache

from games.ludo.board import TRACK
from games.ludo.moves import LudoMove
from games.ludo.position import LudoPosition
from games.ludo.rules import LudoRules
from games.ludo.search import Clock, LudoLimit, LudoThought, score
from games.ludo.search import think as look_ahead

try:
    from games.ludo import _rollouts

    COMPILED = True
except ImportError:  # no C compiler where the package was installed: search.py's look-ahead
    COMPILED = False

ROUND = 8  # games a move in each round of the race
DROP = 2.0  # how many standard errors behind the leader drop a move
FIRST_DROP = 2 * ROUND  # no move is dropped on fewer games than this


@cache
def spec(rules: LudoRules) -> _rollouts.Spec:
    """What the core reads of a rule set: its options and each seat's track."""
    tracks = tuple(TRACK[colour] for colour in rules.colours)
    return (rules.players, rules.three_sixes, rules.towers_block, rules.teams, tracks)


def left_bits(position: LudoPosition) -> int:
    """The seats that left the game, one bit each, as the core reads them."""
    return sum(1 << seat for seat in position.left)


def think(
    position: LudoPosition,
    limit: LudoLimit,
    rng: random.Random,
    clock: Clock = time.perf_counter,
) -> LudoThought:
    """The move the computer plays in `position` (a roll pending) within `limit`."""
    if not (limit.rollouts and COMPILED):
        return look_ahead(position, limit, rng, clock)
    began = clock()
    moves: Sequence[LudoMove] = position.legal_moves()
    if len(moves) == 1:
        return LudoThought(moves[0], 0, 0.0)
    seat = position.turn
    # No child is over (the core refuses those): a move that ends the game brings the last
    # pawn home, and it is then the only legal move.
    children = [position.play(move) for move in moves]
    values = [score(child, limit.weights)[seat] for child in children]
    starts = tuple((child.pawns, child.turn, child.sixes) for child in children)
    games = _race(position, starts, limit, rng.getrandbits(64), clock, began + limit.seconds)
    # The moves still in the race have played the most games.
    best = max(range(len(moves)), key=lambda i: (len(games[i]), sum(games[i]), values[i]))
    return LudoThought(moves[best], 0, clock() - began, len(games[best]))


def _race(
    position: LudoPosition,
    starts: tuple[_rollouts.Start, ...],
    limit: LudoLimit,
    seed: int,
    clock: Clock,
    deadline: float,
) -> list[list[float]]:
    """Each start's games (the mover's score where each stopped), played in rounds; the games
    of a start dropped from the race stop where it was dropped (none: empty)."""
    rules_spec, left, seat = spec(position.rules), left_bits(position), position.turn
    weights = astuple(limit.weights)
    results: list[list[float]] = [[] for _ in starts]
    racing = list(range(len(starts)))
    played = 0
    round_seconds = 0.0
    while len(racing) > 1 and played < limit.rollouts:
        now = clock()
        if now + round_seconds > deadline:
            break
        count = min(ROUND, limit.rollouts - played)
        scored = _rollouts.rollouts(
            rules_spec,
            tuple(starts[i] for i in racing),
            left,
            seed,
            seat,
            played,
            count,
            limit.rounds * (position.rules.players - len(position.left)),
            limit.greedy,
            weights,
        )
        for k, index in enumerate(racing):
            results[index] += scored[k * count : (k + 1) * count]
        played += count
        round_seconds = clock() - now
        if played >= FIRST_DROP:
            racing = _still_racing(racing, results)
    return results


def _still_racing(racing: list[int], results: list[list[float]]) -> list[int]:
    """The moves not clearly behind the leader: the mean of the paired differences of their
    games with the leader's within `DROP` standard errors of it."""
    leader = max(racing, key=lambda index: sum(results[index]))
    lead = results[leader]
    games = len(lead)
    kept = []
    for index in racing:
        differences = [a - b for a, b in zip(lead, results[index], strict=True)]
        mean = sum(differences) / games
        spread = sum((d - mean) ** 2 for d in differences) / (games - 1)
        if index == leader or mean <= DROP * math.sqrt(spread / games):
            kept.append(index)
    return kept


def choose(position: LudoPosition, limit: LudoLimit, rng: random.Random) -> LudoMove:
    """The move `think` finds, on the real clock."""
    return think(position, limit, rng).move
