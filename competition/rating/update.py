"""The rating change of one finished rated game, from the ratings before it.

Every game is its own rating period, as on Lichess. Between games the deviation grows as
Glicko-2's step 6 has it, one rating period per day without a rated game in the pool, never
above 350: a player of one game a day settles near ± 60, of one a week near ± 95, and one
who stops for about three months is provisional again. Each player meets the opponents as
they are when the game ends, deviations widened the same way. Ludo ratings age alike, at
the starting volatility. The same inputs always give the same output, so replaying the
stored results gives the stored ratings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

import competition.rating.glicko2 as glicko2
from competition.rating.plackett_luce import Skill, rate_teams
from competition.rating.pools import Pool, System
from competition.rating.record import Rating, Side

RATING_PERIOD = timedelta(days=1)


@dataclass(frozen=True)
class Change:
    """One player's rating before and after a game."""

    player: str
    before: Rating
    after: Rating


def rate_game(
    pool: Pool, sides: Sequence[Side], before: Mapping[str, Rating], finished_at: datetime
) -> list[Change]:
    """Each player's change; a player missing from `before` is new (1500 ± 350)."""
    players = [player for side in sides for player in side.players]
    if len(set(players)) != len(players) or len(sides) < 2:
        raise ValueError(f"a rated game needs two or more sides of different players: {sides}")
    ratings = {player: before.get(player, Rating()) for player in players}
    current = {player: _aged(rating, finished_at) for player, rating in ratings.items()}
    if pool.system is System.GLICKO2:
        new = _glicko2(sides, current)
    else:
        new = _plackett_luce(sides, current)
    return [
        Change(
            player,
            ratings[player],
            replace(new[player], games=ratings[player].games + 1, last_played=finished_at),
        )
        for player in players
    ]


def _aged(rating: Rating, now: datetime) -> Rating:
    if rating.last_played is None:
        return rating
    periods = max(now - rating.last_played, timedelta(0)) / RATING_PERIOD
    grown = glicko2.aged(_as_glicko(rating), periods)
    return replace(rating, deviation=grown.deviation)


def _glicko2(sides: Sequence[Side], current: Mapping[str, Rating]) -> dict[str, Rating]:
    if len(sides) != 2 or any(len(side.players) != 1 for side in sides):
        raise ValueError(f"Glicko-2 rates games of two players, not {sides}")
    (first,), (second,) = (side.players for side in sides)
    score = 0.5 if sides[0].rank == sides[1].rank else float(sides[0].rank < sides[1].rank)
    return {
        player: _from_glicko(
            glicko2.rate(
                _as_glicko(current[player]),
                [glicko2.Result(_as_glicko(current[opponent]), result)],
            ),
            current[player],
        )
        for player, opponent, result in ((first, second, score), (second, first, 1 - score))
    }


def _plackett_luce(sides: Sequence[Side], current: Mapping[str, Rating]) -> dict[str, Rating]:
    teams = [
        [Skill(current[player].value, current[player].deviation) for player in side.players]
        for side in sides
    ]
    rated = rate_teams(teams, [side.rank for side in sides])
    return {
        player: replace(current[player], value=skill.rating, deviation=skill.deviation)
        for side, team in zip(sides, rated, strict=True)
        for player, skill in zip(side.players, team, strict=True)
    }


def _as_glicko(rating: Rating) -> glicko2.Glicko:
    return glicko2.Glicko(rating.value, rating.deviation, rating.volatility)


def _from_glicko(glicko: glicko2.Glicko, rating: Rating) -> Rating:
    return replace(
        rating, value=glicko.rating, deviation=glicko.deviation, volatility=glicko.volatility
    )
