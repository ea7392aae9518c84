"""Ludo's OpenSkill ratings: the order of finish moves them, on the Glicko scale."""

from __future__ import annotations

import pytest

from competition.rating.plackett_luce import Skill, rate_teams

NEW = Skill(1500, 350)


def _solo(count: int, ranks: list[int]) -> list[Skill]:
    return [team[0] for team in rate_teams([[NEW] for _ in range(count)], ranks)]


def test_a_new_player_starts_where_a_draughts_player_does() -> None:
    # One game of two equal newcomers that tie leaves both where they were.
    (a,), (b,) = rate_teams([[NEW], [NEW]], [1, 1])
    assert a.rating == pytest.approx(1500)
    assert b.rating == pytest.approx(1500)


@pytest.mark.parametrize("count", [3, 4])
def test_first_goes_up_last_goes_down_in_order(count: int) -> None:
    after = _solo(count, list(range(1, count + 1)))
    ratings = [skill.rating for skill in after]
    assert ratings == sorted(ratings, reverse=True)
    assert ratings[0] > 1500 > ratings[-1]
    # Among equals what one gains the others lose: the mean stays at the start.
    assert sum(ratings) / count == pytest.approx(1500, abs=0.5)
    assert all(skill.deviation < 350 for skill in after)


def test_one_winner_and_the_rest_tied_lose_alike() -> None:
    winner, *others = _solo(4, [1, 2, 2, 2])
    assert winner.rating > 1500
    assert len({round(o.rating, 9) for o in others}) == 1
    assert others[0].rating < 1500


def test_a_stronger_field_costs_the_loser_less() -> None:
    weak_field = rate_teams([[Skill(1500, 150)], [Skill(1300, 150)], [Skill(1300, 150)]], [2, 1, 3])
    strong_field = rate_teams(
        [[Skill(1500, 150)], [Skill(1800, 150)], [Skill(1300, 150)]], [2, 1, 3]
    )
    assert strong_field[0][0].rating > weak_field[0][0].rating


def test_partners_win_and_lose_together() -> None:
    (a, c), (b, d) = rate_teams([[NEW, NEW], [NEW, NEW]], [1, 2])
    assert a == c
    assert b == d
    assert a.rating > 1500 > b.rating
    assert a.rating - 1500 == pytest.approx(1500 - b.rating)


def test_every_team_needs_a_place() -> None:
    with pytest.raises(ValueError, match="place"):
        rate_teams([[NEW], [NEW], [NEW]], [1, 2])
