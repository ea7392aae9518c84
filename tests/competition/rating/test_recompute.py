"""Recomputing from the results gives what was stored game by game."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from competition.rating.pools import Pace, Pool
from competition.rating.recompute import RatedGame, mismatches, replay
from competition.rating.record import Rating, Side
from competition.rating.update import rate_game

LIVE = Pool("brazilian", Pace.LIVE)
SLOW = Pool("brazilian", Pace.CORRESPONDENCE)
LUDO = Pool("ludo", Pace.LIVE)
START = datetime(2026, 1, 1, tzinfo=UTC)
PLAYERS = ("ana", "bruno", "carla", "davi", "elena")


def _history(count: int, seed: int = 14) -> list[RatedGame]:
    chance = random.Random(seed)
    games = []
    for game_id in range(1, count + 1):
        pool = chance.choice((LIVE, SLOW, LUDO))
        seats = chance.sample(PLAYERS, chance.choice((2, 3, 4)) if pool is LUDO else 2)
        ranks = chance.sample(range(1, len(seats) + 1), len(seats))
        if pool is not LUDO and chance.random() < 0.2:
            ranks = [1, 1]
        when = START + timedelta(hours=game_id * chance.randint(1, 72))
        sides = tuple(Side((p,), r) for p, r in zip(seats, ranks, strict=True))
        games.append(RatedGame(game_id, pool, sides, when))
    return sorted(games, key=lambda game: game.finished_at)


def _incremental(games: list[RatedGame]) -> dict[tuple[str, Pool], Rating]:
    """What the service stores: each game rated from the stored ratings when it ends."""
    stored: dict[tuple[str, Pool], Rating] = {}
    for game in games:
        players = [p for side in game.sides for p in side.players]
        before = {p: stored[p, game.pool] for p in players if (p, game.pool) in stored}
        for change in rate_game(game.pool, game.sides, before, game.finished_at):
            stored[change.player, game.pool] = change.after
    return stored


def test_recompute_equals_the_game_by_game_ratings() -> None:
    games = _history(120)
    rebuilt = replay(games)
    assert rebuilt.ratings == _incremental(games)
    assert mismatches(_incremental(games), rebuilt.ratings) == []
    assert [g.game_id for g in rebuilt.games] == [g.game_id for g in games]


def test_each_games_changes_chain_into_the_next() -> None:
    rebuilt = replay(_history(60))
    latest: dict[tuple[str, Pool], Rating] = {}
    for game in rebuilt.games:
        for change in game.changes:
            assert change.before == latest.get((change.player, game.pool), Rating())
            latest[change.player, game.pool] = change.after
    assert latest == rebuilt.ratings


def test_pools_are_kept_apart() -> None:
    games = [
        RatedGame(1, LIVE, (Side(("ana",), 1), Side(("bruno",), 2)), START),
        RatedGame(2, SLOW, (Side(("ana",), 2), Side(("bruno",), 1)), START),
    ]
    ratings = replay(games).ratings
    assert ratings["ana", LIVE].value > 1500 > ratings["ana", SLOW].value
    assert ratings["ana", LIVE].games == ratings["ana", SLOW].games == 1


def test_a_changed_or_missing_stored_rating_is_found() -> None:
    rebuilt = replay(_history(40)).ratings
    stored = dict(rebuilt)
    (first, second, third, *_) = sorted(stored, key=lambda key: (key[1].key, key[0]))
    stored[first] = replace(stored[first], value=stored[first].value + 1)
    stored[second] = replace(stored[second], games=stored[second].games + 1)
    del stored[third]
    stored["zoe", LIVE] = Rating()
    assert set(mismatches(stored, rebuilt)) == {first, second, third, ("zoe", LIVE)}
    assert mismatches(rebuilt, rebuilt) == []
