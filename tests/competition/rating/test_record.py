"""A stored rating that cannot be true is recognised, to be rebuilt from the results."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from competition.rating.record import Rating, sound

PLAYED = datetime(2026, 11, 23, tzinfo=UTC)


@pytest.mark.parametrize(
    ("rating", "expected"),
    [
        (Rating(), True),
        (Rating(1712.5, 64.2, 0.0598, games=31, last_played=PLAYED), True),
        (Rating(float("nan"), 80, games=3, last_played=PLAYED), False),
        (Rating(1500, float("inf"), games=3, last_played=PLAYED), False),
        (Rating(1500, 0, games=3, last_played=PLAYED), False),
        (Rating(1500, 351, games=3, last_played=PLAYED), False),
        (Rating(1500, 80, -0.01, games=3, last_played=PLAYED), False),
        (Rating(1500, 80, games=-1, last_played=PLAYED), False),
        (Rating(1500, 80, games=3), False),
        (Rating(1500, 350, last_played=PLAYED), False),
    ],
)
def test_a_rating_that_cannot_be_true_is_not_sound(rating: Rating, expected: bool) -> None:
    assert sound(rating) is expected
