"""Every rating rebuilt from the stored results (`python -m bot recompute-ratings`): the rated
games replayed in the order their results were stored, compared with the stored ratings, and
stored in their place (a damaged row, or one changed by hand, is rebuilt)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.kernel.rated.rated_games import (
    as_rated_game,
    rating_of,
    stored_change,
    stored_rating,
)
from competition.rating import Pool, RatedGame, Rating, mismatches, replay
from storage import RatingStore


@dataclass(frozen=True)
class Difference:
    """A rating that was stored otherwise than the results give (None: not there)."""

    player_id: int
    pool: str
    stored: Rating | None
    rebuilt: Rating | None


@dataclass(frozen=True)
class Rebuilt:
    games: int
    players: int
    pools: int
    differences: tuple[Difference, ...]


async def rated_results(store: RatingStore) -> list[RatedGame]:
    """The stored rated games that count, in the order their results were stored."""
    return [
        game
        for record in await store.rated_games()
        if (game := as_rated_game(record.game, record.seat_moves)) is not None
    ]


async def replayed_rating(store: RatingStore, player_id: int, pool_key: str) -> Rating:
    """One player's rating in one pool, replayed from every stored result."""
    try:
        pool = Pool.from_key(pool_key)
    except ValueError:
        return Rating()
    ratings = replay(await rated_results(store)).ratings
    return ratings.get((str(player_id), pool), Rating())


async def recompute(store: RatingStore) -> Rebuilt:
    """Rebuild and store every rating; what differed from the stored ones is reported."""
    rated = await rated_results(store)
    result = replay(rated)
    stored: dict[tuple[str, Pool], Rating] = {}
    unreadable: list[Difference] = []
    for record in await store.all_ratings():
        try:
            stored[str(record.player_id), Pool.from_key(record.pool)] = rating_of(record)
        except ValueError:
            unreadable.append(Difference(record.player_id, record.pool, rating_of(record), None))
    differences = [
        Difference(
            int(player), pool.key, stored.get((player, pool)), result.ratings.get((player, pool))
        )
        for player, pool in mismatches(stored, result.ratings)
    ]
    finished = {game.game_id: game.finished_at for game in rated}
    await store.replace_ratings(
        [
            stored_rating(int(player), pool, rating)
            for (player, pool), rating in result.ratings.items()
        ],
        [
            stored_change(game.game_id, game.pool, change, finished[game.game_id])
            for game in result.games
            for change in game.changes
        ],
    )
    return Rebuilt(
        len(rated),
        len({player for player, _ in result.ratings}),
        len({pool for _, pool in result.ratings}),
        tuple(unreadable + differences),
    )
