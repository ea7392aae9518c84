"""Helpers of the pairing tests: play a whole tournament with a rule that picks results."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.service.pairing.results import GameResult, Outcome
from bot.service.pairing.tournament import Game, Setup, Tournament

Decide = Callable[[Game], GameResult]


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
def entries() -> Callable[[int], tuple[str, ...]]:
    """`entries(n)`: n entry ids, e1 ... en, listed in number order."""
    return lambda n: tuple(f"e{number}" for number in range(1, n + 1))
