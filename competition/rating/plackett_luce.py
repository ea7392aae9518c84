"""Ludo's multiplayer rating: OpenSkill's Plackett-Luce model, shown on the Glicko scale.

OpenSkill starts a player at mu 25 ± 25/3; one OpenSkill point is 42 Glicko points and
mu 25 is 1500, so a new player reads 1500 ± 350 like a new draughts player, and the same
provisional rule (deviation above 110) applies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from openskill.models import PlackettLuce

from competition.rating.glicko2 import START_DEVIATION, START_RATING

_MODEL = PlackettLuce()
POINTS_PER_MU = START_DEVIATION / _MODEL.sigma


class Skill(NamedTuple):
    """A rating and its deviation on the Glicko scale."""

    rating: float
    deviation: float


def rate_teams(teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Every player's skill after one game; `ranks[i]` is team i's place (1 first, equal
    places tie)."""
    if len(teams) != len(ranks) or len(teams) < 2:
        raise ValueError(f"need a place for each of at least two teams: {len(teams)}, {ranks}")
    before = [[_MODEL.rating(*_to_openskill(skill)) for skill in team] for team in teams]
    after = _MODEL.rate(before, ranks=[float(rank) for rank in ranks])
    return [[_from_openskill(rating.mu, rating.sigma) for rating in team] for team in after]


def _to_openskill(skill: Skill) -> tuple[float, float]:
    return _MODEL.mu + (skill.rating - START_RATING) / POINTS_PER_MU, skill.deviation / (
        POINTS_PER_MU
    )


def _from_openskill(mu: float, sigma: float) -> Skill:
    return Skill(START_RATING + (mu - _MODEL.mu) * POINTS_PER_MU, sigma * POINTS_PER_MU)
