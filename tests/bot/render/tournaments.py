"""Tournament views for the picture tests, built by the project's knockout rule.

Tables pair by position (1 v 2, 3 v 4, ...); with an odd count the last entry passes and
next round plays the winner of table 1. The lower number wins every match here, so tests
know the champion (entry 1) in advance.
"""

from __future__ import annotations

from bot.render.tournament_views import (
    BracketView,
    CrosstableRow,
    CrosstableView,
    EntryView,
    MatchView,
    RoundView,
    StandingsRow,
    StandingsView,
    TableHeadings,
)

NAMES = ["Ana", "Bruno", "Chiara", "Davide", "Eduarda", "Fabio", "Giulia", "Henrique"]
PASSES = "passa"
FORFEIT = "W.O."


def entry(number: int, team: bool = False) -> EntryView:
    name = f"{NAMES[(number - 1) % len(NAMES)]} {number}"
    return EntryView(number, (name, f"{name}b") if team else (name,))


def knockout(count: int, team: bool = False, champion: bool = True) -> BracketView:
    """A finished knockout of `count` entries."""
    alive = [entry(number, team) for number in range(1, count + 1)]
    rounds: list[RoundView] = []
    while len(alive) > 1:
        matches = []
        for index in range(0, len(alive) - 1, 2):
            top, bottom = alive[index], alive[index + 1]
            winner = min(top.number, bottom.number)
            games = ("½-½", "½-½", "1-0") if index == 0 else (("1-0",) if index % 4 else (FORFEIT,))
            matches.append(MatchView(top, bottom, games, winner=winner, white=bottom.number))
        if len(alive) % 2:
            last = alive[-1]
            matches.append(MatchView(last, None, winner=last.number, passes=PASSES))
        rounds.append(RoundView(f"R{len(rounds) + 1}", tuple(matches)))
        winners = [
            next(e for e in (m.top, m.bottom) if e and e.number == m.winner) for m in matches
        ]
        if len(alive) % 2:
            winners = [winners[0], winners[-1], *winners[1:-1]]
        alive = winners
    if not rounds:  # a single entry: it passes, and is champion
        only = alive[0]
        rounds.append(RoundView("R1", (MatchView(only, None, winner=only.number, passes=PASSES),)))
    return BracketView(
        "Copa", tuple(rounds), champion=alive[0] if champion else None, champion_title="Campeão"
    )


HEADINGS = TableHeadings("Pos.", "Jogador", "Pts", ("Solkoff", "S-B", "V"), games="J")


def crosstable(count: int, double: bool = False) -> CrosstableView:
    """A finished round robin: the lower number wins, except a draw between 1 and 2."""
    rows = []
    for row_number in range(1, count + 1):
        cells: list[tuple[str, ...]] = []
        for column_number in range(1, count + 1):
            if row_number == column_number:
                cells.append(())
                continue
            if {row_number, column_number} == {1, 2}:
                result = "½"
            else:
                result = "1" if row_number < column_number else "0"
            cells.append((result, result) if double else (result,))
        score = f"{count - row_number}"
        tie_breaks = (f"{row_number * 2}", f"{row_number}½", str(count - row_number))
        rows.append(
            CrosstableRow(entry(row_number), tuple(cells), score, tie_breaks, f"{row_number}.")
        )
    return CrosstableView("Grupo A", HEADINGS, tuple(rows))


def standings(count: int) -> StandingsView:
    rows = tuple(
        StandingsRow(
            f"{place}.", entry(place), f"{count - place}½", (f"{place * 3}", "7", "2"), "5"
        )
        for place in range(1, count + 1)
    )
    return StandingsView("Aberto", HEADINGS, rows)
