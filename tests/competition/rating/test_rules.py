"""Rated or casual, and how a result reads for the ratings."""

from __future__ import annotations

import pytest

from competition.rating.record import Side
from competition.rating.rules import Seating, Verdict, sides, verdict

TWO = ("ana", "bruno")


@pytest.mark.parametrize(
    ("seating", "expected"),
    [
        (Seating(TWO), Verdict.RATED),
        (Seating(TWO, rated=True), Verdict.RATED),
        (Seating(TWO, rated=False), Verdict.CASUAL),
        (Seating(TWO, rated=False, tournament=True), Verdict.RATED),
        (Seating(("ana", None)), Verdict.COMPUTER),
        (Seating(("ana", None), rated=True, tournament=True), Verdict.COMPUTER),
        (Seating(TWO, rated=True, set_up=True), Verdict.SET_UP_POSITION),
        (Seating(("ana", "ana"), rated=True), Verdict.SAME_PERSON),
        (Seating(("ana", "bruno", "ana"), tournament=True), Verdict.SAME_PERSON),
        (Seating(("ana", "bruno", "carla", "davi")), Verdict.RATED),
    ],
)
def test_the_verdict_at_the_start(seating: Seating, expected: Verdict) -> None:
    assert verdict(seating) is expected


@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        ((2, 2), Verdict.RATED),
        ((30, 29), Verdict.RATED),
        ((2, 1), Verdict.ABORTED),
        ((1, 0), Verdict.ABORTED),
        ((0, 0), Verdict.ABORTED),
    ],
)
def test_a_game_aborted_early_changes_nothing(moves: tuple[int, int], expected: Verdict) -> None:
    assert verdict(Seating(TWO), moves) is expected


def test_a_casual_game_stays_casual_whatever_its_length() -> None:
    assert verdict(Seating(TWO, rated=False), (40, 40)) is Verdict.CASUAL


def test_a_loss_of_any_kind_is_a_loss_and_no_winner_a_draw() -> None:
    # Resignation, time and forfeit all reach the ratings as "the other seat won".
    assert sides(TWO, {1}) == (Side(("ana",), 2), Side(("bruno",), 1))
    assert sides(TWO, set()) == (Side(("ana",), 1), Side(("bruno",), 1))


def test_ludo_has_one_winner_ahead_of_everyone_else() -> None:
    result = sides(("a", "b", "c", "d"), {2})
    assert [side.rank for side in result] == [2, 2, 1, 2]


def test_ludo_partners_form_one_side() -> None:
    result = sides(("a", "b", "c", "d"), {1, 3}, teams=((0, 2), (1, 3)))
    assert result == (Side(("a", "c"), 2), Side(("b", "d"), 1))


def test_malformed_facts_are_refused() -> None:
    with pytest.raises(ValueError, match="two seats"):
        Seating(("ana",))
    with pytest.raises(ValueError, match="one move count per seat"):
        verdict(Seating(TWO), (5,))
    with pytest.raises(ValueError, match="teams"):
        sides(("a", "b", "c", "d"), {0}, teams=((0, 2), (2, 3)))
    with pytest.raises(ValueError, match="teams"):
        sides(TWO, {0}, teams=((0, 5),))
