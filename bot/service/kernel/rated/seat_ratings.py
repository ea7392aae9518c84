"""Ratings read for people: a stored rating made readable (a damaged row rebuilt, never
shown), a player's rating in a pool, and each seat's rating in a rated game."""

from __future__ import annotations

from dataclasses import replace

from bot.service.kernel.events import SeatRating
from bot.service.kernel.rated.rated_games import pool_of, rating_of, rebuilt_from_changes
from bot.service.kernel.rated.rating_rebuild import replayed_rating
from competition.rating import Pool, Rating, shown, sound
from storage import GameRecord, RatingChangeRecord, RatingRecord, RatingStore


def after_change(change: RatingChangeRecord) -> tuple[Rating, Rating]:
    """The ratings before and after one stored change (the counts do not matter here)."""
    before = Rating(change.rating_before, change.deviation_before, change.volatility_before)
    after = replace(
        before,
        value=change.rating_after,
        deviation=change.deviation_after,
        volatility=change.volatility_after,
    )
    return before, after


async def readable_rating(store: RatingStore, stored: RatingRecord | None) -> Rating:
    """A stored rating as it can be shown: a damaged row is rebuilt from the player's changes
    in its pool, and if those are damaged too, from the results of every rated game; never
    shown as it is."""
    rating = rating_of(stored)
    if stored is None or sound(rating):
        return rating
    changes = await store.rating_changes(stored.player_id)
    rebuilt = rebuilt_from_changes([change for change in changes if change.pool == stored.pool])
    if sound(rebuilt):
        return rebuilt
    return await replayed_rating(store, stored.player_id, stored.pool)


async def pool_rating(store: RatingStore, player_id: int, pool: Pool) -> Rating:
    """A player's rating in one pool (a new player's if they have none)."""
    stored = [record for record in await store.ratings_of(player_id) if record.pool == pool.key]
    return await readable_rating(store, stored[0] if stored else None)


async def seat_ratings(store: RatingStore, game: GameRecord) -> tuple[SeatRating, ...]:
    """Each seat's rating in a rated game: now, or before and after its stored change."""
    if not game.rated or any(seat.player_id is None for seat in game.seats):
        return ()
    pool = pool_of(game.kind, game.options)
    changes = {change.player_id: change for change in await store.game_rating_changes(game.id)}
    seats = []
    for seat in game.seats:
        assert seat.player_id is not None
        change = changes.get(seat.player_id)
        before, after = after_change(change) if change is not None else (Rating(), None)
        if after is None or not (sound(before) and sound(after)):
            now = await pool_rating(store, seat.player_id, pool)
            seats.append(SeatRating(shown(now, pool.system)))
        else:
            seats.append(SeatRating(shown(before, pool.system), shown(after, pool.system)))
    return tuple(seats)
