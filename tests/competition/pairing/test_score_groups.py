"""Swiss rounds of big fields (score_groups.py): the Dutch shape and its absolute rules."""

from __future__ import annotations

from collections import defaultdict
from random import Random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import competition.pairing.swiss as swiss_module
from competition.pairing.results import GameResult, Outcome
from competition.pairing.score_groups import Contender, allocate, score_group_round
from competition.pairing.tournament import Format, Game, Setup

from .conftest import Decide, play_out, swiss_rules_hold


def contender(name: str, points: float = 0.0, colours: str = "", met: str = "") -> Contender:
    return Contender(name, points, colours, frozenset(met.split()) if met else frozenset(), False)


def test_round_two_pairs_each_score_group_top_half_against_bottom_half() -> None:
    # After 1-5, 2-6, 3-7, 4-8 with the higher numbers losing, the winners 1-4 are due
    # colours alternating from round one, like the losers.
    ranked = [
        contender("e1", 1, "w", "e5"),
        contender("e2", 1, "b", "e6"),
        contender("e3", 1, "w", "e7"),
        contender("e4", 1, "b", "e8"),
        contender("e5", 0, "b", "e1"),
        contender("e6", 0, "w", "e2"),
        contender("e7", 0, "b", "e3"),
        contender("e8", 0, "w", "e4"),
    ]
    paired = score_group_round(2, ranked)
    assert paired is not None
    # S1 (1, 2) against S2 (3, 4): 1 v 3 would give one of them the colour it is not due,
    # so the first transposition that gives everyone its due colour: 1 v 4, 2 v 3.
    assert [(t.first, t.second) for t in paired.tables] == [
        ("e4", "e1"),
        ("e2", "e3"),
        ("e5", "e8"),
        ("e7", "e6"),
    ]
    assert paired.bye is None


def test_two_entries_due_the_same_colour_absolutely_never_meet() -> None:
    assert allocate(contender("e1", 2, "ww"), contender("e2", 2, "bww")) is None
    assert allocate(contender("e1", 2, "ww"), contender("e2", 2, "wb")) == (("e2", "e1"), 0)


def test_a_stronger_claim_to_a_colour_wins_it() -> None:
    # e1 played one more Black (strong claim to White); e2 only alternates (mild).
    seated = allocate(contender("e1", 1, "wbb"), contender("e2", 1, "wbwb"))
    assert seated == (("e1", "e2"), 1)
    seated = allocate(contender("e1", 1, "wbwb"), contender("e2", 1, "wbb"))
    assert seated == (("e2", "e1"), 1)


def test_an_entry_that_cannot_meet_anyone_in_its_group_floats_down() -> None:
    ranked = [
        contender("e1", 2, "wb", "e2 e3"),
        contender("e2", 2, "bw", "e1 e4"),
        contender("e3", 1, "bw", "e1"),
        contender("e4", 1, "wb", "e2"),
    ]
    paired = score_group_round(3, ranked)
    assert paired is not None
    assert {frozenset((t.first, t.second)) for t in paired.tables} == {
        frozenset(("e1", "e4")),
        frozenset(("e2", "e3")),
    }


def test_the_bye_goes_to_the_lowest_ranked_entry_without_one() -> None:
    ranked = [contender("e1", 1, "w"), contender("e2", 1, "b"), contender("e3", 0, "")]
    ranked[2] = Contender("e3", 1.0, "", frozenset(), had_bye=True)
    paired = score_group_round(2, ranked)
    assert paired is not None
    assert paired.bye == "e2"


def random_results(seed: int) -> Decide:
    chance = Random(seed)

    def decide(_game: Game) -> GameResult:
        roll = chance.random()
        if roll < 0.06:
            return GameResult(Outcome.WHITE, forfeit=True)
        return GameResult(Outcome.DRAW if roll < 0.3 else chance.choice(list(Outcome)[:2]))

    return decide


@settings(max_examples=40, deadline=None)
@given(size=st.integers(2, 40), rounds=st.integers(1, 9), seed=st.integers(0, 2**32))
def test_rules_hold_when_every_field_is_paired_by_score_groups(
    size: int, rounds: int, seed: int
) -> None:
    entries = tuple(f"e{number}" for number in range(1, size + 1))
    rounds = min(rounds, size - 1 + size % 2)
    setup = Setup(Format.SWISS, entries, bytes(32), rounds=rounds)
    with mock.patch.object(swiss_module, "LIBRARY_FIELD_LIMIT", 0):
        state = play_out(setup, random_results(seed))
    assert len(state.rounds) == rounds or state.cut_short
    swiss_rules_hold(state, entries)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_256_entry_swiss_is_paired_by_score_groups_through_nine_rounds(seed: int) -> None:
    entries = tuple(f"e{number}" for number in range(1, 257))
    setup = Setup(Format.SWISS, entries, bytes(32), rounds=9)
    with mock.patch.object(swiss_module, "pair_canonical", side_effect=AssertionError):
        state = play_out(setup, random_results(seed))
    assert len(state.rounds) == 9
    swiss_rules_hold(state, entries)
    # Round 2 stays within the score groups of round 1 wherever a group is big enough.
    points: defaultdict[str, float] = defaultdict(float)
    for game in state.played_games():
        if game.round == 1:
            points[game.white] += game.result.points(as_white=True)
            points[game.black] += game.result.points(as_white=False)
    across = [t for t in state.rounds[1].tables if points[t.first] != points[t.second]]
    assert len(across) <= 2
