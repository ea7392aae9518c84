"""The tournament state machine: rebuilt from the facts alone, each round paired once from
the rounds before it, bad facts refused with a key."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from competition.pairing.errors import PairingError
from competition.pairing.results import GameResult, Outcome
from competition.pairing.standings import Tiebreak
from competition.pairing.tournament import Format, Setup, Tournament

from .conftest import Entries, lower_number_wins, play_out

DRAW = GameResult(Outcome.DRAW)
SEED = bytes(range(32))


def test_the_state_rebuilt_from_the_same_facts_is_the_same(entries: Entries) -> None:
    setup = Setup(Format.SWISS, entries(7), SEED, rounds=5)
    state = play_out(setup, lambda _game: DRAW)
    facts = {}
    for game in state.played_games():
        table = next(
            t.number
            for t in state.rounds[game.round - 1].tables
            if (t.first, t.second) == (game.white, game.black)
        )
        facts[game.round, table] = [game.result]
    again = Tournament(setup, facts)
    assert again.rounds == state.rounds
    assert again.standings() == state.standings()
    assert Tournament(setup, facts, stored=state.rounds[:3]).rounds == state.rounds


def test_stored_swiss_rounds_must_come_in_order(entries: Entries) -> None:
    setup = Setup(Format.SWISS, entries(4), SEED, rounds=2)
    first = Tournament(setup).rounds[0]
    with pytest.raises(PairingError) as error:
        Tournament(setup, {}, stored=[replace(first, number=2)])
    assert error.value.key == "pairing.stored_round_out_of_order"


def test_results_of_a_round_never_change_its_own_pairings(entries: Entries) -> None:
    setup = Setup(Format.KNOCKOUT, entries(13), SEED)
    before = Tournament(setup)
    after = Tournament(setup, {(1, 1): [DRAW], (1, 2): [GameResult(Outcome.WHITE)]})
    assert after.rounds == before.rounds
    assert after.current_round == before.rounds[0]


def test_games_are_keyed_by_round_table_and_index(entries: Entries) -> None:
    setup = Setup(Format.KNOCKOUT, entries(3), SEED)
    state = Tournament(setup)
    (game,) = state.games_to_play()
    assert (game.round, game.table, game.index) == (1, 1, 0)
    state = Tournament(setup, {(1, 1): [GameResult(Outcome.WHITE)]})
    assert state.round_complete(1)
    assert not state.round_complete(2)
    (game,) = state.games_to_play()
    assert (game.round, game.table, game.index) == (2, 1, 0)
    assert "e3" in (game.white, game.black)


def test_a_shared_first_place_has_no_single_winner(entries: Entries) -> None:
    setup = Setup(Format.ROUND_ROBIN, entries(2), SEED, tiebreaks=(Tiebreak.WINS,))
    state = play_out(setup, lambda _game: DRAW)
    assert state.finished
    assert state.winner is None
    assert [s.place for s in state.standings()] == [1, 1]


def test_a_finished_knockout_has_its_winner_and_no_games(entries: Entries) -> None:
    setup = Setup(Format.KNOCKOUT, entries(8), SEED)
    state = play_out(setup, lower_number_wins(setup))
    assert state.winner == "e1"
    assert state.current_round is None
    assert state.games_to_play() == ()


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"entries": ("a", "a")}, "pairing.duplicate_entry"),
        ({"bye_points": 2.0}, "pairing.bad_bye_points"),
        ({"tiebreaks": (Tiebreak.WINS, Tiebreak.WINS)}, "pairing.duplicate_tiebreak"),
        ({"format": Format.SWISS, "rounds": -1}, "pairing.bad_rounds"),
    ],
)
def test_a_bad_setup_is_refused_with_a_key(options: dict[str, Any], key: str) -> None:
    fields = {"format": Format.ROUND_ROBIN, "entries": ("a", "b", "c"), "seed": SEED}
    with pytest.raises(PairingError) as error:
        Setup(**(fields | options))
    assert error.value.key == key


def test_a_second_result_for_a_swiss_table_is_refused(entries: Entries) -> None:
    setup = Setup(Format.SWISS, entries(4), SEED, rounds=2)
    with pytest.raises(PairingError) as error:
        Tournament(setup, {(1, 1): [DRAW, DRAW]})
    assert error.value.key == "pairing.extra_result"


def test_only_knockout_matches_are_settled(entries: Entries) -> None:
    setup = Setup(Format.ROUND_ROBIN, entries(4), SEED)
    with pytest.raises(PairingError) as error:
        Tournament(setup, {}, {(1, 1): "e1"})
    assert error.value.key == "pairing.settle_not_knockout"


def test_only_a_round_robin_starts_every_round_at_once(entries: Entries) -> None:
    with pytest.raises(PairingError) as error:
        Tournament(Setup(Format.KNOCKOUT, entries(4), SEED)).games_to_play(all_rounds=True)
    assert error.value.key == "pairing.all_rounds_not_round_robin"
