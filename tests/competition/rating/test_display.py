"""Shown ratings: whole numbers, `?` while provisional."""

from __future__ import annotations

import pytest

from competition.rating.display import shown, shown_change
from competition.rating.pools import System
from competition.rating.record import Rating


@pytest.mark.parametrize(
    ("rating", "system", "text"),
    [
        (Rating(), System.GLICKO2, "1500?"),
        (Rating(1623.4, 110.0), System.GLICKO2, "1623"),
        (Rating(1623.6, 110.1), System.GLICKO2, "1624?"),
        (Rating(1450, 200), System.PLACKETT_LUCE, "1450"),
        (Rating(1450, 300), System.PLACKETT_LUCE, "1450?"),
    ],
)
def test_provisional_ratings_carry_a_question_mark(
    rating: Rating, system: System, text: str
) -> None:
    assert str(shown(rating, system)) == text


def test_the_shown_change_adds_up_to_the_shown_ratings() -> None:
    before, after = Rating(1500.4), Rating(1512.6)
    assert shown_change(before, after) == 13
    assert shown(before, System.GLICKO2).value + 13 == shown(after, System.GLICKO2).value
