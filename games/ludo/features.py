"""What the learned evaluation (network.py) sees of a four-player Ludo position where a roll
is due: for each seat in turn order from one seat's view, its pawns square by square (counted
from its own start, so every seat's view is the same board turned), its yard, and the chance
that each of its pawns on the track is taken before it moves again, by stretch of the way,
and the hand evaluation's standing of its pawns; then whose roll it is and the sixes rolled
in a row. Sparse: (input, value) pairs, the rest 0.

Shared by the pure-Python evaluation and the learning pipeline (learning/ludo_train.py), so
the two cannot drift apart. Pure Python.
"""

from __future__ import annotations

from games.base import Seat
from games.ludo.board import FINISH, LAST_TRACK, PAWNS_PER_COLOUR, START, YARD
from games.ludo.evaluation import lone_pawn_hits, reach, standings
from games.ludo.position import LudoPosition

SEATS = 4
# Stretches of the track for the danger inputs: 9 squares each, the last 50-45.
STRETCH = 9
STRETCHES = LAST_TRACK // STRETCH + 1
SQUARES = FINISH + 1  # progress 0..56: the track, the home column and home
YARD_COUNTS = PAWNS_PER_COLOUR + 1  # one input for each count of pawns in the yard, 0..4
DANGER = SQUARES + YARD_COUNTS
# The hand evaluation's standing of the seat (evaluation.py), in hundreds of steps: what the
# network starts from, so that self-play refines it rather than learning progress from nothing.
STANDING = DANGER + STRETCHES
STANDING_SCALE = 100.0
PER_SEAT = STANDING + 1
TURN = SEATS * PER_SEAT  # one input per seat for whose roll it is, the viewer's first
SIXES = TURN + SEATS  # one and two sixes already rolled in this turn
INPUTS = SIXES + 2

Features = list[tuple[int, float]]


def features(position: LudoPosition, view: Seat) -> Features:
    """The inputs of a four-player `position` (a roll due) seen from `view`'s seat."""
    return seen_from(seat_inputs(position), position, view)


def seat_inputs(position: LudoPosition) -> list[Features]:
    """Each seat's own inputs, numbered from its block's start: the same from every view."""
    rules = position.rules
    pawns = position.pawns
    left = position.left
    reached = reach(rules, pawns, left)
    hits = lone_pawn_hits(rules, pawns, left, reached)
    standing = standings(rules, pawns, left, reached=reached, hits=hits)
    blocks: list[Features] = []
    for seat, seat_pawns in enumerate(pawns):
        block: Features = []
        blocks.append(block)
        if seat in left:
            continue
        in_yard = 0
        danger = [0.0] * STRETCHES
        for progress in set(seat_pawns):
            count = seat_pawns.count(progress)
            if progress == YARD:
                in_yard = count
                continue
            block.append((progress, float(count)))
            if START < progress <= LAST_TRACK and count == 1:
                danger[progress // STRETCH] += hits[seat][progress]
        block.append((SQUARES + in_yard, 1.0))
        block.extend((DANGER + s, value) for s, value in enumerate(danger) if value)
        block.append((STANDING, standing[seat] / STANDING_SCALE))
    return blocks


def seen_from(blocks: list[Features], position: LudoPosition, view: Seat) -> Features:
    """The inputs from `view`'s seat, given every seat's own (`seat_inputs`)."""
    active = [
        (order * PER_SEAT + index, value)
        for order in range(SEATS)
        for index, value in blocks[(view + order) % SEATS]
    ]
    active.append((TURN + (position.turn - view) % SEATS, 1.0))
    if 1 <= position.sixes <= 2:
        active.append((SIXES + position.sixes - 1, 1.0))
    return active
