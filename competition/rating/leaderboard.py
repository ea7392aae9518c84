"""A pool's leaderboard: places by shown rating, ties sharing a place.

Established players come first; provisional ones (`1500?`) follow them, ranked among
themselves, so that a new club sees a ladder from its first games, yet a lucky newcomer
cannot stand above players whose rating is known.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from competition.rating.display import Shown, shown
from competition.rating.pools import System
from competition.rating.record import Rating


@dataclass(frozen=True)
class Place:
    place: int
    player: str
    shown: Shown


def leaderboard(
    ratings: Mapping[str, Rating], system: System, among: Collection[str] | None = None
) -> list[Place]:
    """The places of the players of one pool; `among`: only these players (those seen in
    a chat), None: everyone. Equal shown ratings share the place (1, 2, 2, 4); within a
    tie the surer rating (smaller deviation) is listed first."""
    entries = sorted(
        (
            (shown(rating, system), rating.deviation, player)
            for player, rating in ratings.items()
            if among is None or player in among
        ),
        key=lambda entry: (entry[0].provisional, -entry[0].value, entry[1], entry[2]),
    )
    places: list[Place] = []
    for index, (seen, _, player) in enumerate(entries):
        tied = places and places[-1].shown == seen
        places.append(Place(places[-1].place if tied else index + 1, player, seen))
    return places
