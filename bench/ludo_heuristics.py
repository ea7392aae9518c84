"""Heuristic Ludo players, the yardstick of the computer's levels (bench/ludo_levels.py).

Written from the strategies the published papers on Ludo players describe, not from their
code: each looks at the moves the roll allows and picks by what a move does, never searching.

- `random`: any legal move.
- `aggressive`: captures first (the enemy pawn furthest on), else brings a pawn out of the
  yard, else moves the pawn closest behind an enemy, to chase it.
- `defensive`: keeps its pawns out of reach: the move that leaves the fewest of them where an
  enemy's next roll can land; towers and the home column are safe.
- `fast`: advances its leading pawn (the one furthest on that can move).
- `mixed`: the three above, weighed together.
- `expert`: a priority player: win, finish a pawn, capture, escape a threat, enter the home
  column, leave the yard, build a tower, progress; each move's worth is weighed by the risk
  of the square it lands on, against the risk of the square it leaves.

They live in bench/ only: the shipped levels are games/ludo/search.py's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from games.ludo.agents import Agent, choose_random
from games.ludo.board import (
    ENTRY_ROLLS,
    FINISH,
    LAST_TRACK,
    START,
    TRACK,
    TRACK_LENGTH,
    YARD,
    Pawns,
)
from games.ludo.moves import LudoMove, Step
from games.ludo.position import LudoPosition
from games.ludo.rules import LudoRules
from games.ludo.steps import pawns_after

# The chance that one enemy pawn lands on a square this many steps ahead of it in its next
# turn: one roll reaches 1..6, a six and another roll 7..12, two sixes and a third 13..18.
_REACH = {steps: (1 / 6) ** ((steps - 1) // 6 + 1) for steps in range(1, 19)}


def danger(rules: LudoRules, pawns: Pawns, seat: int, progress: int) -> float:
    """The chance (summed over the enemies, at most 1) that a pawn of `seat` standing alone
    at `progress` is captured before `seat`'s next turn; 0 where it is safe (yard, own start
    square, home column, a tower)."""
    if not START < progress <= LAST_TRACK or pawns[seat].count(progress) > 1:
        return 0.0
    square = TRACK[rules.colours[seat]][progress]
    chance = 0.0
    for enemy, enemy_pawns in enumerate(pawns):
        if rules.friends(seat, enemy):
            continue
        track = TRACK[rules.colours[enemy]]
        if YARD in enemy_pawns:
            # Entering lands on the enemy's start square; a six then moves on.
            behind = (square - track[START]) % TRACK_LENGTH
            if behind == 0:
                chance += len(ENTRY_ROLLS) / 6
            elif behind <= 6:
                chance += 1 / 36
        for enemy_progress in set(enemy_pawns):
            if START <= enemy_progress <= LAST_TRACK:
                steps = (square - track[enemy_progress]) % TRACK_LENGTH
                if steps in _REACH and enemy_progress + steps <= LAST_TRACK:
                    chance += _REACH[steps]
    return min(chance, 1.0)


def _after(position: LudoPosition, move: Step) -> Pawns:
    return pawns_after(position.rules, position.pawns, move)


def _wins(position: LudoPosition, move: Step) -> bool:
    after = position.play(move).outcome()
    return after is not None and position.turn in after.winners


def _builds_tower(position: LudoPosition, move: Step) -> bool:
    own = _after(position, move)[move.seat]
    return START < move.end <= LAST_TRACK and own.count(move.end) == 2


def _enemy_on_track(position: LudoPosition, seat: int) -> list[int]:
    """The track squares where enemies of `seat` stand."""
    rules = position.rules
    return [
        TRACK[rules.colours[enemy]][progress]
        for enemy, pawns in enumerate(position.pawns)
        if not rules.friends(seat, enemy)
        for progress in pawns
        if START <= progress <= LAST_TRACK
    ]


def _victim_progress(position: LudoPosition, move: Step) -> int:
    """How far on the enemy pawn a capture takes had gone."""
    rules = position.rules
    square = TRACK[rules.colours[move.seat]][move.end]
    return max(
        progress
        for enemy, pawns in enumerate(position.pawns)
        if not rules.friends(move.seat, enemy)
        for progress in pawns
        if START <= progress <= LAST_TRACK and TRACK[rules.colours[enemy]][progress] == square
    )


Score = Callable[[LudoPosition, Step], float]


def _best(score: Score) -> Agent:
    """The agent that plays the highest-scoring move, ties broken at random."""

    def choose(position: LudoPosition, rng: random.Random) -> LudoMove:
        moves = [move for move in position.legal_moves() if isinstance(move, Step)]
        if len(moves) == 1:
            return moves[0]
        scores = [score(position, move) for move in moves]
        top = max(scores)
        return rng.choice([m for m, s in zip(moves, scores, strict=True) if s == top])

    return choose


def aggressive_score(position: LudoPosition, move: Step) -> float:
    if move.capture:
        return 1000 + _victim_progress(position, move)
    if move.start == YARD:
        return 500
    if move.end > LAST_TRACK:
        return move.end - move.start
    square = TRACK[position.rules.colours[move.seat]][move.end]
    ahead = [
        (enemy - square) % TRACK_LENGTH
        for enemy in _enemy_on_track(position, move.seat)
        if (enemy - square) % TRACK_LENGTH
    ]
    # Closest behind an enemy: the smallest gap to one ahead, within a roll's reach best.
    return 100 - min(ahead, default=99)


def defensive_score(position: LudoPosition, move: Step) -> float:
    after = _after(position, move)
    rules = position.rules
    exposed = sum(
        danger(rules, after, seat, progress) * (progress + 1)
        for seat, pawns in enumerate(after)
        if rules.friends(move.seat, seat)
        for progress in set(pawns)
    )
    return -exposed + (move.end - move.start) / 1000


def fast_score(_position: LudoPosition, move: Step) -> float:
    return move.start + (move.end == FINISH) * 100


def mixed_score(position: LudoPosition, move: Step) -> float:
    capture = 1.0 if move.capture else 0.0
    out = 1.0 if move.start == YARD else 0.0
    safety = defensive_score(position, move) / 56
    lead = (move.start + 1) / 57
    return 2 * capture + out + 2 * safety + lead


# The expert's priorities, in steps of a pawn's progress.
WIN = 10_000.0
FINISH_PAWN = 30.0
CAPTURE = 30.0
ESCAPE = 20.0
HOME_COLUMN = 20.0
LEAVE_YARD = 25.0
TOWER = 10.0
LEAD = 0.5  # per step the moving pawn has gone: the leading pawn first
RISK = 1.0  # times the steps a captured pawn loses
REENTRY = 10.0  # what a captured pawn loses beyond its progress: the roll to enter again


def _at_stake(progress: int) -> float:
    return progress + REENTRY


def expert_score(position: LudoPosition, move: Step) -> float:
    if _wins(position, move):
        return WIN
    rules = position.rules
    before = position.pawns
    after = _after(position, move)
    score = float(move.end - move.start) + LEAD * move.start
    if move.end == FINISH:
        score += FINISH_PAWN
    if move.capture:
        score += CAPTURE + _victim_progress(position, move) / 2
    threat = danger(rules, before, move.seat, move.start)
    landing = danger(rules, after, move.seat, move.end)
    if threat > 0 and landing < threat / 2:
        score += ESCAPE
    if move.start <= LAST_TRACK < move.end < FINISH:
        score += HOME_COLUMN
    if move.start == YARD:
        score += LEAVE_YARD
    if _builds_tower(position, move):
        score += TOWER
    # The risk the pawn runs where it lands, against the risk it ran where it stood, and the
    # risk of the pawn a split tower leaves alone.
    score += RISK * (threat * _at_stake(move.start) - landing * _at_stake(move.end))
    if after[move.seat].count(move.start) == 1:
        score -= RISK * danger(rules, after, move.seat, move.start) * _at_stake(move.start)
    return score


HEURISTICS: Mapping[str, Agent] = {
    "random": choose_random,
    "aggressive": _best(aggressive_score),
    "defensive": _best(defensive_score),
    "fast": _best(fast_score),
    "mixed": _best(mixed_score),
    "expert": _best(expert_score),
}
