"""Round robin by the Berger tables: the published FIDE tables for 4, 5 (6 with the last
number a bye) and 6 entries, and the double cycle with colours swapped."""

from __future__ import annotations

from itertools import combinations

import pytest

from competition.pairing.round_robin import berger_rounds
from competition.pairing.tournament import Format, Setup, Tournament

from .conftest import Entries, lower_number_wins, play_out

# FIDE Handbook C.05 Annex 1, White first.
BERGER_4 = [["1-4", "2-3"], ["4-3", "1-2"], ["2-4", "3-1"]]
BERGER_6 = [
    ["1-6", "2-5", "3-4"],
    ["6-4", "5-3", "1-2"],
    ["2-6", "3-1", "4-5"],
    ["6-5", "1-4", "2-3"],
    ["3-6", "4-2", "5-1"],
]


def schedule(size: int, double: bool = False) -> list[list[str]]:
    names = tuple(str(number) for number in range(1, size + 1))
    return [[f"{t.first}-{t.second}" for t in r.tables] for r in berger_rounds(names, double)]


def test_berger_table_for_four() -> None:
    assert schedule(4) == BERGER_4


def test_berger_table_for_six() -> None:
    assert schedule(6) == BERGER_6


def test_five_entries_use_the_table_of_six_with_six_a_bye() -> None:
    expected = [[game for game in games if "6" not in game] for games in BERGER_6]
    assert schedule(5) == expected
    byes = [paired.bye for paired in berger_rounds(("1", "2", "3", "4", "5"), double=False)]
    assert byes == ["1", "4", "2", "5", "3"]


def test_the_second_cycle_swaps_colours() -> None:
    double = schedule(4, double=True)
    swapped = [["-".join(reversed(game.split("-"))) for game in games] for games in BERGER_4]
    assert double == BERGER_4 + swapped


@pytest.mark.parametrize("size", [2, 3, 7, 10])
def test_everyone_meets_everyone_once(size: int) -> None:
    names = tuple(str(number) for number in range(1, size + 1))
    met = [frozenset((t.first, t.second)) for r in berger_rounds(names, False) for t in r.tables]
    assert sorted(met, key=sorted) == sorted(map(frozenset, combinations(names, 2)), key=sorted)


def test_a_double_round_robin_plays_to_the_end(entries: Entries) -> None:
    setup = Setup(Format.DOUBLE_ROUND_ROBIN, entries(6), bytes(32))
    state = play_out(setup, lower_number_wins(setup))
    assert len(state.rounds) == 10
    assert state.winner == "e1"
    assert [standing.score for standing in state.standings()] == [10, 8, 6, 4, 2, 0]


def test_a_round_robin_by_correspondence_starts_every_game_at_once(entries: Entries) -> None:
    state = Tournament(Setup(Format.ROUND_ROBIN, entries(5), bytes(32)))
    games = state.games_to_play(all_rounds=True)
    assert len(games) == 10
    assert len(state.games_to_play()) == 2
