"""How well each seat stands in a Ludo position, in steps of a pawn's progress: what the
searching computer (search.py) weighs at the end of its look-ahead.

A pawn is worth its progress plus bonuses for being on the board, in the home column and home;
a pawn on the track is worth less the further it still has to go (each square is one more
chance to be taken) and loses its worth times the chance that an enemy lands on it before its
owner moves again (one roll reaches 1..6 squares, a six and another roll 7..12; an enemy with
a pawn in its yard reaches its start square with a 1 or a 6). Towers and the own start square
are safe. The weights were chosen by matches (docs/engine.md, Ludo).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.base import Seat
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
from games.ludo.rules import LudoRules

FACES = 6
# The chance that a pawn lands on a square this many steps ahead of it in its owner's next
# turn: one face of one roll for 1..6, a six and then one face for 7..12.
REACH = tuple(
    0.0 if steps == 0 else (1 / FACES) ** ((steps - 1) // FACES + 1) for steps in range(13)
)
# Entering: the start square with a 1 or a 6; a six entered with goes on 1..6 squares.
ENTRY_REACH = len(ENTRY_ROLLS) / FACES
AFTER_ENTRY_REACH = 1 / FACES**2


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's weights, in steps of progress."""

    out: float = 12.0  # a pawn on the board rather than in the yard
    home_column: float = 8.0  # out of reach in the home column
    finished: float = 6.0  # home, beyond its progress
    tower: float = 1.5  # each pawn of a tower, safe from single pawns
    risk: float = 0.5  # times the pawn's worth and the chance of its being taken
    # The chance, per track square still to go, of being taken before the home column: a
    # pawn far from it is worth much less than its progress, one near it nearly all.
    hazard: float = 0.015
    opponents: float = 1.0  # how much the opponents' standing counts against ours
    leader: float = 1.0  # how much more the best-placed opponent counts


WEIGHTS = Weights()


@cache
def enemies_of(rules: LudoRules) -> tuple[tuple[int, ...], ...]:
    """For each seat, the seats it plays against."""
    seats = range(rules.players)
    return tuple(tuple(e for e in seats if not rules.friends(s, e)) for s in seats)


# What `reach` gives: (seat, square, progress) of the track's pawns, each seat's start square.
Reach = tuple[list[tuple[int, int, int]], list[int]]
# What `lone_pawn_hits` gives: for each seat, its lone pawns' hit chances by their progress.
Hits = list[dict[int, float]]


def reach(rules: LudoRules, pawns: Pawns, left: frozenset[Seat]) -> Reach:
    """What hit_chance reads: (seat, square, progress) of every square with pawns on the
    track, and each seat's start square where it has a pawn in its yard (else -1)."""
    colours = rules.colours
    groups = [
        (seat, TRACK[colours[seat]][progress], progress)
        for seat, seat_pawns in enumerate(pawns)
        if seat not in left
        for progress in set(seat_pawns)
        if START <= progress <= LAST_TRACK
    ]
    entries = [
        TRACK[colours[seat]][START] if seat not in left and YARD in seat_pawns else -1
        for seat, seat_pawns in enumerate(pawns)
    ]
    return groups, entries


def hit_chance(
    square: int,
    enemies: tuple[int, ...],
    groups: list[tuple[int, int, int]],
    entries: list[int],
) -> float:
    """The chance (summed over the enemies' pawns, at most 1) that an enemy lands on the
    track square `square` before its owner moves again; `groups` and `entries` as `reach`
    gives them."""
    hit = 0.0
    for seat, origin, progress in groups:
        if seat in enemies:
            steps = (square - origin) % TRACK_LENGTH
            if steps < len(REACH) and progress + steps <= LAST_TRACK:
                hit += REACH[steps]
    for seat in enemies:
        start = entries[seat]
        if start >= 0:
            steps = (square - start) % TRACK_LENGTH
            if steps == 0:
                hit += ENTRY_REACH
            elif steps <= FACES:
                hit += AFTER_ENTRY_REACH
    return min(hit, 1.0)


def lone_pawn_hits(rules: LudoRules, pawns: Pawns, left: frozenset[Seat], reached: Reach) -> Hits:
    """For each seat, the hit chance of each of its lone pawns on the track past its start
    square, by the pawn's progress; `reached` as `reach` gives it."""
    colours = rules.colours
    groups, entries = reached
    enemies = enemies_of(rules)
    hits: Hits = []
    for seat, seat_pawns in enumerate(pawns):
        track = TRACK[colours[seat]]
        hits.append(
            {
                progress: hit_chance(track[progress], enemies[seat], groups, entries)
                for progress in seat_pawns
                if START < progress <= LAST_TRACK
                and seat not in left
                and seat_pawns.count(progress) == 1
            }
        )
    return hits


def standings(
    rules: LudoRules,
    pawns: Pawns,
    left: frozenset[Seat],
    weights: Weights = WEIGHTS,
    reached: Reach | None = None,
    hits: Hits | None = None,
) -> list[float]:
    """How well each seat's own pawns stand (0 for a seat that left); `reached` and `hits`:
    what `reach` and `lone_pawn_hits` give for this position, where the caller has them."""
    colours = rules.colours
    groups, entries = reached or reach(rules, pawns, left)
    enemies = enemies_of(rules)
    out = weights.out
    finished = out + FINISH + weights.home_column + weights.finished
    values: list[float] = []
    for seat, seat_pawns in enumerate(pawns):
        if seat in left:
            values.append(0.0)
            continue
        track = TRACK[colours[seat]]
        total = 0.0
        for progress in seat_pawns:
            if progress == YARD:
                continue
            if progress == FINISH:
                total += finished
                continue
            if progress > LAST_TRACK:
                total += out + progress + weights.home_column
                continue
            value = (out + progress) * (1 - weights.hazard * (LAST_TRACK - progress))
            if progress > START:
                if seat_pawns.count(progress) == 2:
                    value += weights.tower
                else:
                    hit = hits[seat].get(progress) if hits else None
                    if hit is None:
                        hit = hit_chance(track[progress], enemies[seat], groups, entries)
                    value -= weights.risk * value * hit
            total += value
        values.append(total)
    return values


def scores(
    rules: LudoRules, pawns: Pawns, left: frozenset[Seat], weights: Weights = WEIGHTS
) -> list[float]:
    """Each seat's score: its team's standing less its opponents' (the best-placed opponent
    counted `leader` times more)."""
    values = standings(rules, pawns, left, weights)
    everyone = sum(values)
    result: list[float] = []
    for enemies in enemies_of(rules):
        theirs = [values[s] for s in enemies]
        against = sum(theirs) + weights.leader * max(theirs, default=0.0)
        result.append(everyone - sum(theirs) - weights.opponents * against)
    return result
