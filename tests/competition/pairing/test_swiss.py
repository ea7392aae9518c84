"""Swiss rounds: Dutch pairings of score groups, no repeats, colours, byes."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pairing_core import DUTCH_TILL2026_COMPAT, CanonicalPlayer, CanonicalRequest, pair_canonical

from competition.pairing.errors import PairingError
from competition.pairing.results import GameResult, Outcome
from competition.pairing.tournament import Format, Game, Setup, Tournament

from .conftest import Decide, Entries, lower_number_wins, play_out, swiss_rules_hold

SEED = bytes(32)


def swiss(entries: tuple[str, ...], rounds: int, bye_points: float = 1.0) -> Setup:
    return Setup(Format.SWISS, entries, SEED, rounds=rounds, bye_points=bye_points)


def pairs(state: Tournament, round_number: int) -> set[frozenset[str]]:
    return {frozenset((t.first, t.second)) for t in state.rounds[round_number - 1].tables}


def test_round_one_pairs_top_half_against_bottom_half(entries: Entries) -> None:
    state = Tournament(swiss(entries(8), 3))
    assert pairs(state, 1) == {
        frozenset(("e1", "e5")),
        frozenset(("e2", "e6")),
        frozenset(("e3", "e7")),
        frozenset(("e4", "e8")),
    }


def test_round_two_pairs_within_score_groups(entries: Entries) -> None:
    setup = swiss(entries(8), 3)
    results = {(1, table): [GameResult(Outcome.WHITE)] for table in range(1, 5)}
    state = Tournament(setup, results)
    winners = {t.first for t in state.rounds[0].tables}
    for table in state.rounds[1].tables:
        assert (table.first in winners) == (table.second in winners)
    assert not pairs(state, 1) & pairs(state, 2)


def test_the_next_round_waits_for_the_last_result(entries: Entries) -> None:
    setup = swiss(entries(6), 3)
    state = Tournament(setup, {(1, 1): [GameResult(Outcome.DRAW)]})
    assert len(state.rounds) == 1
    assert [game.table for game in state.games_to_play()] == [2, 3]
    assert not state.round_complete(1)


def test_the_bye_scores_what_the_organiser_chose(entries: Entries) -> None:
    setup = swiss(entries(5), 1, bye_points=0.5)
    state = play_out(setup, lower_number_wins(setup))
    bye = state.rounds[0].bye
    assert bye is not None
    assert {s.entry: s.score for s in state.standings()}[bye] == 0.5


@pytest.mark.parametrize(("size", "rounds"), [(4, 4), (7, 8), (1, 1)])
def test_more_rounds_than_the_field_allows_are_refused(
    entries: Entries, size: int, rounds: int
) -> None:
    with pytest.raises(PairingError) as error:
        swiss(entries(size), rounds)
    assert error.value.key in {"pairing.bad_rounds", "pairing.too_few_entries"}


def test_a_swiss_needs_a_round_count(entries: Entries) -> None:
    with pytest.raises(PairingError):
        Setup(Format.SWISS, entries(4), SEED)
    with pytest.raises(PairingError) as error:
        Setup(Format.KNOCKOUT, entries(4), SEED, rounds=3)
    assert error.value.key == "pairing.rounds_not_swiss"


def test_a_result_for_a_table_not_paired_is_refused(entries: Entries) -> None:
    with pytest.raises(PairingError) as error:
        Tournament(swiss(entries(4), 2), {(2, 1): [GameResult(Outcome.DRAW)]})
    assert error.value.key == "pairing.unknown_table"


def random_results(seed: int) -> Decide:
    rng = Random(seed)
    choices = [GameResult(o) for o in Outcome] + [GameResult(Outcome.WHITE, forfeit=True)]

    def decide(_game: Game) -> GameResult:
        return rng.choice(choices)

    return decide


@settings(max_examples=30, deadline=None)
@given(size=st.integers(2, 16), rounds=st.integers(1, 7), seed=st.integers(0, 2**32))
def test_swiss_rules_hold_over_random_results(size: int, rounds: int, seed: int) -> None:
    entries = tuple(f"e{number}" for number in range(1, size + 1))
    rounds = min(rounds, size - 1 + size % 2)
    state = play_out(swiss(entries, rounds), random_results(seed))
    assert len(state.rounds) == rounds or state.cut_short

    swiss_rules_hold(state, entries)


def test_a_round_the_dutch_rules_cannot_pair_is_paired_without_repeats(entries: Entries) -> None:
    # Seed 2 leads a six-entry, five-round Swiss into a round the colour rules block.
    state = play_out(swiss(entries(6), 5), random_results(2))
    relaxed = [paired for paired in state.rounds if paired.relaxed]
    assert relaxed
    earlier = {
        frozenset((t.first, t.second))
        for paired in state.rounds
        if paired.number < relaxed[0].number
        for t in paired.tables
    }
    assert not earlier & pairs(state, relaxed[0].number)


def test_a_swiss_with_no_pairing_left_ends_early(entries: Entries) -> None:
    # Seed 3: after some rounds every remaining pairing would be a repeat.
    state = play_out(swiss(entries(6), 5), random_results(3))
    assert state.cut_short
    assert state.finished
    assert len(state.rounds) < 5
    assert state.games_to_play() == ()


@pytest.mark.parametrize("size", [2, 3, 8, 9, 30, 31])
def test_round_one_pairs_as_the_library_would(size: int, entries: Entries) -> None:
    """Round 1 skips the library (too slow on big fields): same pairs, same bye."""
    players = tuple(
        CanonicalPlayer(id=n, pairing_no=n, rating=size - n, points=0.0) for n in range(1, size + 1)
    )
    library = pair_canonical(
        CanonicalRequest(players=players, ruleset=DUTCH_TILL2026_COMPAT, round_number=1)
    )
    state = Tournament(swiss(entries(size), 1))
    ours = state.rounds[0]
    assert pairs(state, 1) == {
        frozenset((f"e{b.white_id}", f"e{b.black_id}")) for b in library.pairings if not b.is_bye
    }
    assert ours.bye == (None if library.bye_player_id is None else f"e{library.bye_player_id}")
    # The coin gives number 1 its colour; the colours of the top half alternate.
    tops = [table.first in entries(size)[: size // 2] for table in ours.tables]
    assert tops == [tops[0] == (board % 2 == 0) for board in range(len(tops))]


def test_an_entry_that_withdrew_is_no_longer_paired(entries: Entries) -> None:
    setup = swiss(entries(6), 3)
    round_one = {(1, table): [GameResult(Outcome.DRAW)] for table in range(1, 4)}
    state = Tournament(setup, round_one, withdrawn={"e2": 2})
    second = state.rounds[1]
    seated = {side for table in second.tables for side in (table.first, table.second)}
    assert "e2" not in seated
    assert second.bye is not None
    assert second.bye != "e2"
    assert len(seated) == 4
    assert "e2" in {standing.entry for standing in state.standings()}
