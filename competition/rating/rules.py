"""Whether a game is rated, and how its result reads for the ratings.

Decided when the game starts (for the caption) from the challenge and the seats, and again
when it ends, when an aborted game (a seat with fewer than two moves) changes nothing. How a
game was lost does not matter: a loss on time, a resignation and a forfeit are losses.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from competition.rating.record import Side

# Fewer moves than this by any seat and the game was aborted, not played.
MOVES_TO_COUNT = 2


class Verdict(StrEnum):
    """Rated, or the reason the game is casual (a key the service can explain)."""

    RATED = "rated"
    CASUAL = "casual"
    COMPUTER = "computer"
    SET_UP_POSITION = "set_up_position"
    SAME_PERSON = "same_person"
    ABORTED = "aborted"


@dataclass(frozen=True)
class Seating:
    """What decides a game's verdict before a move is played.

    `persons`: the person behind each seat (accounts linked across platforms are one
    person), None for the computer. `rated`: what the challenge asked, None for the default
    (rated). `set_up`: the game starts from a given position (fen=)."""

    persons: tuple[str | None, ...]
    rated: bool | None = None
    set_up: bool = False
    tournament: bool = False

    def __post_init__(self) -> None:
        if len(self.persons) < 2:
            raise ValueError(f"a game has two seats or more, not {self.persons}")


def verdict(seating: Seating, moves: Sequence[int] | None = None) -> Verdict:
    """Rated or why not; with `moves` (how many each seat made), the verdict of the end."""
    if moves is not None and len(moves) != len(seating.persons):
        raise ValueError(f"one move count per seat: {moves} for {seating.persons}")
    people = [person for person in seating.persons if person is not None]
    if len(people) < len(seating.persons):
        return Verdict.COMPUTER
    if seating.set_up:
        return Verdict.SET_UP_POSITION
    if len(set(people)) < len(people):
        return Verdict.SAME_PERSON
    if seating.rated is False and not seating.tournament:
        return Verdict.CASUAL
    if moves is not None and min(moves, default=0) < MOVES_TO_COUNT:
        return Verdict.ABORTED
    return Verdict.RATED


def sides(
    players: Sequence[str], winners: Collection[int], teams: Sequence[Sequence[int]] = ()
) -> tuple[Side, ...]:
    """The sides of a finished game: the winners' first, everyone else second (no winner
    is a draw). `players` per seat; `teams` groups seats that play together (Ludo 1+3
    against 2+4), every other seat is a side of its own."""
    grouped = [tuple(team) for team in teams]
    teamed = [seat for team in grouped for seat in team]
    if len(set(teamed)) != len(teamed) or not set(teamed) <= set(range(len(players))):
        raise ValueError(f"teams must be different seats of the game: {teams}")
    alone = [(seat,) for seat in range(len(players)) if seat not in teamed]
    return tuple(
        Side(tuple(players[seat] for seat in group), 1 if not winners or group[0] in winners else 2)
        for group in grouped + alone
    )
