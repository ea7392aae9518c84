"""Ratings rebuilt from the results alone: replaying the rated games in the order they were
rated gives every pool's final ratings and each game's changes, which must equal what was
stored game by game (`rate_game` is deterministic)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from competition.rating.pools import Pool
from competition.rating.record import Rating, Side
from competition.rating.update import Change, rate_game

PlayerPool = tuple[str, Pool]
# Stored ratings may have passed through a database's floats or text.
TOLERANCE = 1e-6


@dataclass(frozen=True)
class RatedGame:
    game_id: int
    pool: Pool
    sides: tuple[Side, ...]
    finished_at: datetime


@dataclass(frozen=True)
class GameChanges:
    game_id: int
    pool: Pool
    changes: tuple[Change, ...]


@dataclass
class Replay:
    ratings: dict[PlayerPool, Rating] = field(default_factory=dict)
    games: list[GameChanges] = field(default_factory=list)


def replay(games: Iterable[RatedGame]) -> Replay:
    """Every rating and change from the rated games, taken in the order given."""
    result = Replay()
    pools: dict[Pool, dict[str, Rating]] = {}
    for game in games:
        pool = pools.setdefault(game.pool, {})
        changes = rate_game(game.pool, game.sides, pool, game.finished_at)
        for change in changes:
            pool[change.player] = change.after
            result.ratings[change.player, game.pool] = change.after
        result.games.append(GameChanges(game.game_id, game.pool, tuple(changes)))
    return result


def mismatches(
    stored: Mapping[PlayerPool, Rating], rebuilt: Mapping[PlayerPool, Rating]
) -> list[PlayerPool]:
    """The (player, pool) pairs whose stored rating differs from the rebuilt one, or that
    only one side has, in a stable order."""
    keys = set(stored) | set(rebuilt)
    return sorted(
        (key for key in keys if not _same(stored.get(key), rebuilt.get(key))),
        key=lambda key: (key[1].key, key[0]),
    )


def _same(a: Rating | None, b: Rating | None) -> bool:
    if a is None or b is None:
        return a is b
    numbers = zip(
        (a.value, a.deviation, a.volatility), (b.value, b.deviation, b.volatility), strict=True
    )
    return (
        all(math.isclose(x, y, rel_tol=TOLERANCE) for x, y in numbers)
        and a.games == b.games
        and a.last_played == b.last_played
    )
