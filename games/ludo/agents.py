"""Computer players for Ludo, each one function `choose(position, rng) -> move`.

- `random`: any legal move.
- `simple`: a one-ply heuristic that scores each move by what it does (capture, enter, reach
  safety, run from or into danger).
- `best`: picks the move whose resulting position evaluates highest. A pawn is worth its
  progress plus bonuses for being out of the yard, in the home column and home, scaled by its
  chance of surviving the track squares still ahead of it, less the expected loss to the
  enemies' next rolls; the opponents' pawns count against it the same way. (Averaging over
  the next opponent's roll and reply as well won no more games against three `simple`
  players, 46.5% against 46.8% over 800, and played three times slower.)

Agents are called only when a seat is to move (never for CHANCE).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.ludo.board import (
    ENTRY_ROLLS,
    FINISH,
    LAST_TRACK,
    START,
    TRACK,
    YARD,
)
from games.ludo.moves import LudoMove, Step
from games.ludo.position import LudoPosition

Agent = Callable[[LudoPosition, random.Random], LudoMove]


def choose_random(position: LudoPosition, rng: random.Random) -> LudoMove:
    return rng.choice(position.legal_moves())


def enemy_reach(position: LudoPosition, seat: int) -> dict[int, int]:
    """For each track square, how many die faces of `seat`'s enemies land a pawn on it in
    their next roll (pawns in a yard threaten its start square with a 1 or a 6)."""
    rules = position.rules
    reach: dict[int, int] = {}
    for enemy, pawns in enumerate(position.pawns):
        if rules.friends(seat, enemy) or enemy in position.left:
            continue
        track = TRACK[rules.colours[enemy]]
        if YARD in pawns:
            reach[track[START]] = reach.get(track[START], 0) + len(ENTRY_ROLLS)
        for progress in set(pawns):
            if START <= progress <= LAST_TRACK:
                for target in range(progress + 1, min(progress + 6, LAST_TRACK) + 1):
                    square = track[target]
                    reach[square] = reach.get(square, 0) + 1
    return reach


def _exposed(pawns: tuple[int, ...], progress: int) -> bool:
    """A pawn on the track that a single enemy pawn may capture: not on its own start
    square and not in a tower."""
    return START < progress <= LAST_TRACK and pawns.count(progress) == 1


def _highest(
    moves: Sequence[LudoMove], score: Callable[[LudoMove], float], rng: random.Random
) -> LudoMove:
    """The move with the highest score; ties broken at random."""
    if len(moves) == 1:
        return moves[0]
    scores = [score(move) for move in moves]
    top = max(scores)
    return rng.choice([move for move, value in zip(moves, scores, strict=True) if value == top])


def choose_simple(position: LudoPosition, rng: random.Random) -> LudoMove:
    """The move with the best one-ply score."""
    reach = enemy_reach(position, position.turn)
    return _highest(position.legal_moves(), lambda move: _simple_score(position, move, reach), rng)


def _simple_score(position: LudoPosition, move: LudoMove, reach: dict[int, int]) -> float:
    """Priorities, highest first: capture, enter, finish, reach the home column, run from a
    threat; moving into a threat costs more than running gains; further is slightly better."""
    assert isinstance(move, Step)
    pawns = position.pawns[move.seat]
    track = TRACK[position.rules.colours[move.seat]]
    score = float(move.end - move.start) / 10
    if move.capture:
        score += 6
    if move.start == YARD:
        score += 5
    if move.end == FINISH:
        score += 4
    if move.start <= LAST_TRACK < move.end:
        score += 3
    if _exposed(pawns, move.start) and reach.get(track[move.start], 0):
        score += 2
    after = tuple(move.end if i == move.pawn else p for i, p in enumerate(pawns))
    if _exposed(after, move.end) and reach.get(track[move.end], 0):
        score -= 4
    return score


@dataclass(frozen=True)
class Weights:
    """The evaluation of `best`, in steps of progress."""

    out: float = 12.0  # a pawn on the board rather than in the yard
    home_column: float = 8.0  # out of reach in the home column
    finished: float = 6.0  # home, beyond its progress
    tower: float = 1.5  # each pawn of a tower, safe from single pawns
    risk: float = 0.4  # times the expected loss of an exposed pawn
    opponents: float = 1.0  # how much the opponents' standing counts against ours
    # The chance, per track square still to go, of being taken before the home column: a
    # pawn far from it is worth much less than its progress, one near it nearly all.
    hazard: float = 0.015


WEIGHTS = Weights()


def standing(
    position: LudoPosition, seat: int, reach: dict[int, int], weights: Weights = WEIGHTS
) -> float:
    """How well `seat`'s pawns stand: progress and safety, minus the expected loss to the
    enemies' next rolls (each die face that hits counts 1/6)."""
    pawns = position.pawns[seat]
    track = TRACK[position.rules.colours[seat]]
    total = 0.0
    for progress in pawns:
        if progress == YARD:
            continue
        value = weights.out + progress
        if progress == FINISH:
            value += weights.home_column + weights.finished
        elif progress > LAST_TRACK:
            value += weights.home_column
        elif progress > START and pawns.count(progress) == 2:
            value += weights.tower
        elif progress > START:
            hits = reach.get(track[progress], 0)
            if hits:
                value -= weights.risk * value * min(hits, 6) / 6
        if progress <= LAST_TRACK:
            value *= 1 - weights.hazard * (LAST_TRACK - progress)
        total += value
    return total


def evaluate(position: LudoPosition, seat: int, weights: Weights = WEIGHTS) -> float:
    """`seat`'s standing (its team's, in teams) minus all its opponents' together: taking a
    pawn counts as much as a pawn's worth of one's own progress."""
    rules = position.rules
    outcome = position.outcome()
    if outcome is not None:
        return 1e6 if seat in outcome.winners else -1e6
    ours = 0.0
    theirs = 0.0
    for other in range(rules.players):
        if other in position.left:
            continue
        value = standing(position, other, enemy_reach(position, other), weights)
        if rules.friends(seat, other):
            ours += value
        else:
            theirs += value
    return ours - weights.opponents * theirs


def choose_best(position: LudoPosition, rng: random.Random) -> LudoMove:
    """The move to the position with the highest evaluation."""
    seat = position.turn
    return _highest(position.legal_moves(), lambda move: evaluate(position.play(move), seat), rng)


AGENTS: dict[str, Agent] = {
    "random": choose_random,
    "simple": choose_simple,
    "best": choose_best,
}


def find_agent(name: str) -> Agent:
    """The agent called `name`; KeyError listing the known ones."""
    try:
        return AGENTS[name.strip().lower()]
    except KeyError:
        raise KeyError(f"unknown Ludo agent {name!r}; the agents are {', '.join(AGENTS)}") from None
