"""Rated games between storage and the rating package (competition/rating/): which pool a game
is in, whether it is rated, and the update written in the transaction that stores its result.

`rating_writes()` goes to `open_store(on_game_end=...)`: a store opened without it stores no
rating changes (the rated games then wait for `python -m bot recompute-ratings`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.service.kernel.game_flow.clocks import TimeControl
from competition.rating import (
    Change,
    Pool,
    RatedGame,
    Rating,
    Seating,
    Side,
    Verdict,
    pool_for,
    rate_game,
    sides,
    sound,
    verdict,
)
from storage import (
    GameEndWrite,
    GameRecord,
    RatingChangeRecord,
    RatingLedger,
    RatingRecord,
    SeatRecord,
    ratings_at_game_end,
)

logger = logging.getLogger(__name__)

# The words of `/new` that ask for a rated or a casual game.
RATED_WORDS = {"rated": True, "valendo": True, "ranqueada": True, "classificata": True}
CASUAL_WORDS = {"casual": False, "amistosa": False, "amichevole": False}


def split_rated(words: Sequence[str]) -> tuple[bool | None, list[str]]:
    """What the words of `/new` ask (True rated, False casual, None: not said) and the
    other words."""
    asked: bool | None = None
    rest = []
    for word in words:
        choice = {**RATED_WORDS, **CASUAL_WORDS}.get(word.lower())
        if choice is None:
            rest.append(word)
        else:
            asked = choice
    return asked, rest


# The game option of a game played face to face, at one keyboard (the console).
FACE_TO_FACE = "face_to_face"


def pool_of(kind: str, options: Mapping[str, Any]) -> Pool:
    """The pool of a game: its clock's pace; without a clock, correspondence, except face to
    face, where the game is played in one sitting, as live games are."""
    control = TimeControl.from_options(dict(options))
    if control is None:
        return pool_for(kind, False if options.get(FACE_TO_FACE) else None)
    return pool_for(kind, control.correspondence)


def seating(seats: Sequence[SeatRecord], options: Mapping[str, Any], asked: bool | None) -> Seating:
    """Who sits where, for the rules of rated games: a player is one person (accounts linked
    across platforms are one player), the computer and empty seats are nobody."""
    return Seating(
        tuple(None if seat.player_id is None else str(seat.player_id) for seat in seats),
        rated=asked,
        set_up=bool(options.get("fen")),
    )


def rated_at_start(
    seats: Sequence[SeatRecord], options: Mapping[str, Any], asked: bool | None
) -> bool:
    """Whether a game that starts with these seats is rated. A tournament's games are rated
    whatever is asked: its organiser passes `rated=True` to `Store.create_game`."""
    return verdict(seating(seats, options, asked)) is Verdict.RATED


def rating_of(record: RatingRecord | None) -> Rating:
    """A stored rating (a new player's when there is none)."""
    if record is None:
        return Rating()
    return Rating(
        record.rating,
        record.deviation,
        record.volatility,
        record.games,
        record.last_played,
    )


def stored_rating(player_id: int, pool: Pool, rating: Rating) -> RatingRecord:
    return RatingRecord(
        player_id,
        pool.key,
        rating.value,
        rating.deviation,
        rating.volatility,
        rating.games,
        rating.last_played,
    )


def stored_change(game_id: int, pool: Pool, change: Change, at: datetime) -> RatingChangeRecord:
    before, after = change.before, change.after
    return RatingChangeRecord(
        game_id,
        int(change.player),
        pool.key,
        before.value,
        before.deviation,
        before.volatility,
        after.value,
        after.deviation,
        after.volatility,
        at,
    )


def rebuilt_from_changes(changes: Sequence[RatingChangeRecord]) -> Rating:
    """A player's rating in a pool from their changes in it (oldest first): the last one's
    result, as many games as changes."""
    if not changes:
        return Rating()
    last = changes[-1]
    return Rating(
        last.rating_after,
        last.deviation_after,
        last.volatility_after,
        len(changes),
        last.changed_at,
    )


def rated_sides(game: GameRecord, seat_moves: Mapping[int, int]) -> tuple[Side, ...] | None:
    """The sides of a finished game if it changes ratings, else None (casual, aborted, the
    computer or one person on two seats)."""
    if not game.rated or game.status != "finished" or game.result is None:
        return None
    seats = seating(game.seats, game.options, True)
    moves = [seat_moves.get(seat.seat, 0) for seat in game.seats]
    if verdict(seats, moves) is not Verdict.RATED:
        return None
    players = [str(seat.player_id) for seat in game.seats]
    rules = game.options.get("rules", {})
    teams = ((0, 2), (1, 3)) if isinstance(rules, dict) and rules.get("teams") else ()
    return sides(players, game.result["winners"], teams)


def as_rated_game(game: GameRecord, seat_moves: Mapping[int, int]) -> RatedGame | None:
    played = rated_sides(game, seat_moves)
    if played is None:
        return None
    return RatedGame(game.id, pool_of(game.kind, game.options), played, game.updated_at)


async def update_ratings(ledger: RatingLedger, game: GameRecord) -> None:
    """The ratings after a finished rated game, written with its result, exactly once: a
    game whose changes are stored already is left alone (its end processed again)."""
    if not game.rated or game.status != "finished" or await ledger.applied(game.id):
        return
    rated = as_rated_game(game, await ledger.seat_moves(game.id))
    if rated is None:
        return
    player_ids = [int(player) for side in rated.sides for player in side.players]
    stored = await ledger.ratings(player_ids, rated.pool.key)
    before = {}
    for player_id in player_ids:
        rating = rating_of(stored.get(player_id))
        if player_id in stored and not sound(rating):
            rating = rebuilt_from_changes(await ledger.changes(player_id, rated.pool.key))
        if not sound(rating):
            # The changes are damaged too: go on from a new player's rating rather than
            # store garbage; `python -m bot recompute-ratings` rebuilds it from the results.
            logger.error("player %s: rating in %s is damaged", player_id, rated.pool.key)
            rating = Rating()
        before[str(player_id)] = rating
    try:
        changes = rate_game(rated.pool, rated.sides, before, rated.finished_at)
    except (ValueError, ArithmeticError):
        # A rating that cannot be computed must not keep the game from ending.
        logger.exception("game %s ends without its rating change", game.id)
        return
    await ledger.record(
        [stored_change(game.id, rated.pool, change, rated.finished_at) for change in changes],
        [stored_rating(int(c.player), rated.pool, c.after) for c in changes],
    )


def rating_writes() -> list[GameEndWrite]:
    """The game-end writes of ratings, for `open_store(on_game_end=...)`."""
    return [ratings_at_game_end(update_ratings)]
