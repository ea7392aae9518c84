"""Scores, tie-breaks and standings with shared places.

Solkoff (Buchholz): the sum of the final scores of the opponents met. Sonneborn-Berger: the
final scores of the opponents beaten plus half those of the opponents drawn with. Wins: the
games won. Forfeited games count like played ones; a bye scores its points but has no
opponent, so it adds nothing to Solkoff, Sonneborn-Berger or wins. Entries level on score
and on every tie-break the organiser chose share their place. A knockout ranks by the round
reached instead (`knockout_standings`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from competition.pairing.results import PlayedGame


class Tiebreak(StrEnum):
    SOLKOFF = "solkoff"
    SONNEBORN_BERGER = "sonneborn_berger"
    WINS = "wins"


@dataclass(frozen=True)
class Standing:
    place: int
    entry: str
    score: float
    tiebreaks: tuple[float, ...]
    wins: int
    draws: int
    losses: int


@dataclass
class _Record:
    score: float = 0.0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    # (opponent, points scored against them) per game.
    meetings: list[tuple[str, float]] = field(default_factory=list)


def standings(
    entries: Sequence[str],
    games: Iterable[PlayedGame],
    byes: Iterable[tuple[str, float]],
    order: Sequence[Tiebreak],
) -> list[Standing]:
    """The standings of `entries` (in number order, which orders shared places), from the
    finished games and the byes with their points, tie-breaks in the organiser's `order`."""
    records = {entry: _Record() for entry in entries}
    for game in games:
        for side, opponent, as_white in (
            (game.white, game.black, True),
            (game.black, game.white, False),
        ):
            points = game.result.points(as_white)
            record = records[side]
            record.score += points
            record.wins += points == 1.0
            record.draws += points == 0.5
            record.losses += points == 0.0
            record.meetings.append((opponent, points))
    for entry, points in byes:
        records[entry].score += points

    def tiebreak(entry: str, rule: Tiebreak) -> float:
        record = records[entry]
        if rule is Tiebreak.WINS:
            return float(record.wins)
        if rule is Tiebreak.SOLKOFF:
            return sum(records[opponent].score for opponent, _ in record.meetings)
        return sum(records[opponent].score * points for opponent, points in record.meetings)

    keys = {
        entry: (records[entry].score, tuple(tiebreak(entry, rule) for rule in order))
        for entry in entries
    }
    ranked = sorted(
        entries, key=lambda entry: (-keys[entry][0], [-value for value in keys[entry][1]])
    )
    table: list[Standing] = []
    for position, entry in enumerate(ranked, 1):
        shared = table and keys[table[-1].entry] == keys[entry]
        record = records[entry]
        table.append(
            Standing(
                place=table[-1].place if shared else position,
                entry=entry,
                score=record.score,
                tiebreaks=keys[entry][1],
                wins=record.wins,
                draws=record.draws,
                losses=record.losses,
            )
        )
    return table


def knockout_standings(
    entries: Sequence[str], games: Iterable[PlayedGame], reached: Mapping[str, int]
) -> list[Standing]:
    """A knockout's table: ranked by the round each entry reached (the winner past the last),
    entries out in the same round sharing their place; scores count the games only (going
    through without a game scores nothing) and no tie-break ranks anyone."""
    played = {row.entry: row for row in standings(entries, games, (), ())}
    ranked = sorted(entries, key=lambda entry: -reached.get(entry, 0))
    table: list[Standing] = []
    for position, entry in enumerate(ranked, 1):
        shared = table and reached.get(table[-1].entry, 0) == reached.get(entry, 0)
        row = played[entry]
        table.append(
            Standing(
                place=table[-1].place if shared else position,
                entry=entry,
                score=row.score,
                tiebreaks=(),
                wins=row.wins,
                draws=row.draws,
                losses=row.losses,
            )
        )
    return table
