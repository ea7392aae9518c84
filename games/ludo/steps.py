"""The pawn moves of Ludo: which steps a roll allows, and where every pawn stands after one."""

from __future__ import annotations

from games.base import Seat
from games.ludo.board import (
    ALL_HOME,
    ENTRY_ROLLS,
    FINISH,
    LAST_TRACK,
    START,
    TRACK,
    YARD,
    Pawns,
    destination,
    start_square,
)
from games.ludo.moves import Step
from games.ludo.rules import TEAM_PLAYERS, LudoRules


def moving_seat(rules: LudoRules, pawns: Pawns, turn: Seat) -> Seat:
    """Whose pawns the seat to move moves: its own, or in teams, once they are all home,
    its partner's."""
    if rules.teams and pawns[turn] == ALL_HOME:
        return (turn + 2) % TEAM_PLAYERS
    return turn


def legal_steps(rules: LudoRules, pawns: Pawns, turn: Seat, roll: int) -> tuple[Step, ...]:
    """Every legal pawn move of `turn` for `roll`, one per group of pawns sharing a square."""
    mover = moving_seat(rules, pawns, turn)
    colours = rules.colours
    track = TRACK[colours[mover]]
    others = _others(rules, pawns, mover)
    own = pawns[mover]
    steps: list[Step] = []
    for pawn, start in enumerate(own):
        if start == FINISH or own.index(start) != pawn:
            continue
        end = _end(rules, mover, others, track, start, roll)
        if end is None:
            continue
        if end > LAST_TRACK:
            steps.append(Step(mover, pawn, start, end))
            continue
        square = track[end]
        occupant = others.get(square)
        if occupant is None:
            if own.count(end) < 2:
                steps.append(Step(mover, pawn, start, end))
            continue
        seat, count = occupant
        if rules.friends(mover, seat) or square == start_square(colours[seat]):
            continue
        if count == 1:
            steps.append(Step(mover, pawn, start, end, capture=True))
        elif start != YARD and own.count(start) == 2:
            steps.append(Step(mover, pawn, start, end, capture=True, tower=True))
    return tuple(steps)


def _end(
    rules: LudoRules,
    mover: Seat,
    others: dict[int, tuple[Seat, int]],
    track: tuple[int, ...],
    start: int,
    roll: int,
) -> int | None:
    """Where a pawn of the mover at `start` ends with `roll`; None if it cannot move (in the
    yard without an entry roll, past home, or stopped by an enemy tower)."""
    if start == YARD:
        return START if roll in ENTRY_ROLLS else None
    end = destination(start, roll)
    if end == start:
        return None
    if rules.towers_block and _blocked(rules, mover, others, track, start, end):
        return None
    return end


def _others(rules: LudoRules, pawns: Pawns, mover: Seat) -> dict[int, tuple[Seat, int]]:
    """The track squares the other seats' pawns stand on: whose, and how many (1, or 2 for
    a tower)."""
    others: dict[int, tuple[Seat, int]] = {}
    for seat, seat_pawns in enumerate(pawns):
        if seat != mover:
            seat_track = TRACK[rules.colours[seat]]
            for progress in seat_pawns:
                if START <= progress <= LAST_TRACK:
                    square = seat_track[progress]
                    others[square] = (seat, 2) if square in others else (seat, 1)
    return others


def _blocked(
    rules: LudoRules,
    mover: Seat,
    others: dict[int, tuple[Seat, int]],
    track: tuple[int, ...],
    start: int,
    end: int,
) -> bool:
    """With towers_block, whether an enemy tower stands between `start` and `end`."""
    for progress in range(start + 1, min(end, LAST_TRACK + 1)):
        occupant = others.get(track[progress])
        if occupant is not None and occupant[1] == 2 and not rules.friends(mover, occupant[0]):
            return True
    return False


def pawns_after(rules: LudoRules, pawns: Pawns, step: Step) -> Pawns:
    """Every seat's pawns once `step` is made: the moving pawn (a tower: both) on its end,
    and the enemy pawns it captures back in their yard."""
    colours = rules.colours
    after = list(pawns)
    after[step.seat] = tuple(
        step.end if (pawn == step.pawn or (step.tower and progress == step.start)) else progress
        for pawn, progress in enumerate(after[step.seat])
    )
    if step.capture:
        square = TRACK[colours[step.seat]][step.end]
        for seat, seat_pawns in enumerate(after):
            seat_track = TRACK[colours[seat]]
            if seat != step.seat and any(
                START <= p <= LAST_TRACK and seat_track[p] == square for p in seat_pawns
            ):
                after[seat] = tuple(
                    YARD if START <= p <= LAST_TRACK and seat_track[p] == square else p
                    for p in seat_pawns
                )
    return tuple(after)
