"""What a rating is made of, in every pool: one shape for Glicko-2 and Plackett-Luce alike,
so that storage keeps one kind of row and the display one rule."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime

from competition.rating.glicko2 import START_DEVIATION, START_RATING, START_VOLATILITY


@dataclass(frozen=True)
class Rating:
    """A player's rating in one pool, on the Glicko scale (a new player: 1500 ± 350).

    `volatility` moves only in Glicko-2 pools; `last_played` is when the latest rated game
    of the pool finished (the deviation grows from then on)."""

    value: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY
    games: int = 0
    last_played: datetime | None = None


def sound(rating: Rating) -> bool:
    """Whether a stored rating can be true: a damaged row is rebuilt from the results
    (`replay`) rather than shown."""
    numbers = (rating.value, rating.deviation, rating.volatility)
    return (
        all(math.isfinite(number) for number in numbers)
        and 0 < rating.deviation <= START_DEVIATION
        and rating.volatility > 0
        and rating.games >= 0
        and (rating.games == 0) == (rating.last_played is None)
    )


@dataclass(frozen=True)
class Side:
    """The players of one side of a finished game and its place: 1 is first, equal places
    are a draw between those sides. A draughts side has one player, a Ludo team two."""

    players: tuple[str, ...]
    rank: int
