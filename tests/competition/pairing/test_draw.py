"""The draw of numbers and the coin tosses: reproducible from the seed, verifiable against
the published commitment, and the same chance code as the Ludo dice."""

from __future__ import annotations

import pytest

from competition.pairing.draw import draw_numbers, toss, verify_draw, verify_toss
from games.chance import commitment, new_seed, uniform

SEED = bytes(range(32))
ENTRIES = [f"player{number}" for number in range(20)]


def test_the_draw_does_not_depend_on_the_order_of_joining() -> None:
    assert draw_numbers(ENTRIES, SEED) == draw_numbers(list(reversed(ENTRIES)), SEED)
    assert sorted(draw_numbers(ENTRIES, SEED)) == sorted(ENTRIES)


def test_another_seed_draws_another_order() -> None:
    assert draw_numbers(ENTRIES, SEED) != draw_numbers(ENTRIES, bytes(32))


def test_seeding_by_rating_puts_the_highest_first_and_the_unrated_last() -> None:
    ratings = {"player3": 1800, "player7": 2100, "player9": 1800}
    numbered = draw_numbers(ENTRIES, SEED, ratings)
    assert numbered[0] == "player7"
    assert set(numbered[1:3]) == {"player3", "player9"}
    # The unrated keep the order of the draw among themselves.
    unrated = [entry for entry in draw_numbers(ENTRIES, SEED) if entry not in ratings]
    assert list(numbered[3:]) == unrated


def test_the_revealed_seed_verifies_the_draw() -> None:
    seed = new_seed()
    published = commitment(seed)
    numbered = draw_numbers(ENTRIES, seed)
    assert verify_draw(seed, published, numbered)
    assert not verify_draw(seed, published, list(reversed(numbered)))
    assert not verify_draw(SEED, published, draw_numbers(ENTRIES, SEED))


def test_the_revealed_seed_verifies_each_toss() -> None:
    seed = new_seed()
    published = commitment(seed)
    shown = toss(seed, 2, 5)
    assert verify_toss(seed, published, 2, 5, shown)
    assert not verify_toss(seed, published, 2, 5, 1 - shown)
    assert not verify_toss(SEED, published, 2, 5, toss(SEED, 2, 5))


def test_the_coin_is_fair_enough_over_many_tables() -> None:
    heads = sum(toss(SEED, 1, table) for table in range(1, 1001))
    assert 430 < heads < 570


def test_a_draw_has_between_one_and_256_outcomes() -> None:
    assert uniform(SEED, b"x", 1) == 0
    with pytest.raises(ValueError, match="a draw has 1 to 256 outcomes, not 257"):
        uniform(SEED, b"x", 257)
