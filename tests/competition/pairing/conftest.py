"""Helpers of the pairing tests: play a whole tournament with a rule that picks results."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from competition.pairing.results import GameResult, Outcome
from competition.pairing.tournament import Game, Setup, Tournament

Decide = Callable[[Game], GameResult]
# The `entries` fixture: n entry ids.
Entries = Callable[[int], tuple[str, ...]]


def play_out(setup: Setup, decide: Decide) -> Tournament:
    """Play every game the tournament asks for, results from `decide`, to the end."""
    results: dict[tuple[int, int], list[GameResult]] = {}
    state = Tournament(setup)
    while not state.finished:
        games = state.games_to_play()
        assert games, "an unfinished tournament must have games to play"
        for game in games:
            assert game.index == len(results.get((game.round, game.table), []))
            results.setdefault((game.round, game.table), []).append(decide(game))
        state = Tournament(setup, results)
    return state


def lower_number_wins(setup: Setup) -> Decide:
    number = {entry: index for index, entry in enumerate(setup.entries)}

    def decide(game: Game) -> GameResult:
        white_better = number[game.white] < number[game.black]
        return GameResult(Outcome.WHITE if white_better else Outcome.BLACK)

    return decide


@pytest.fixture
def entries() -> Entries:
    """`entries(n)`: n entry ids, e1 ... en, listed in number order."""
    return lambda n: tuple(f"e{number}" for number in range(1, n + 1))


def swiss_rules_hold(state: Tournament, entries: tuple[str, ...]) -> None:
    """Every entry seated once a round (or the bye, in an odd field only), no repeat
    pairings, at most one bye each, and (outside relaxed rounds) never a colour difference
    above two nor three of a colour in a row; a forfeit gives no one a colour."""
    met: set[frozenset[str]] = set()
    byes: Counter[str] = Counter()
    for paired in state.rounds:
        seated = [side for t in paired.tables for side in (t.first, t.second)]
        byed = [] if paired.bye is None else [paired.bye]
        assert sorted(seated + byed) == sorted(entries)
        assert (paired.bye is not None) == (len(entries) % 2 == 1)
        for table in paired.tables:
            pair = frozenset((table.first, table.second))
            assert pair not in met, "no repeat pairings"
            met.add(pair)
        if paired.bye is not None:
            byes[paired.bye] += 1
    assert set(byes.values()) <= {1}, "no second bye"
    colours = dict.fromkeys(entries, "")
    relaxed = {paired.number for paired in state.rounds if paired.relaxed}
    for game in state.played_games():
        if not game.result.forfeit and game.round not in relaxed:
            colours[game.white] += "w"
            colours[game.black] += "b"
    for history in colours.values():
        assert abs(history.count("w") - history.count("b")) <= 2
        assert "www" not in history
        assert "bbb" not in history
