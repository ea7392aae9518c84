"""Ratings without I/O: Glicko-2 for draughts, Plackett-Luce for Ludo, on one scale; pools,
the rated-or-casual rules, the change of one game, recomputing from results, leaderboards.

The service stores and shows what these functions return (numbers and keys)."""

from bot.service.rating.display import PROVISIONAL_DEVIATION, Shown, shown, shown_change
from bot.service.rating.leaderboard import Place, leaderboard
from bot.service.rating.pools import Pace, Pool, System, pool_for
from bot.service.rating.recompute import GameChanges, RatedGame, Replay, mismatches, replay
from bot.service.rating.record import Rating, Side, sound
from bot.service.rating.rules import Seating, Verdict, sides, verdict
from bot.service.rating.update import RATING_PERIOD, Change, rate_game

__all__ = [
    "PROVISIONAL_DEVIATION",
    "RATING_PERIOD",
    "Change",
    "GameChanges",
    "Pace",
    "Place",
    "Pool",
    "RatedGame",
    "Rating",
    "Replay",
    "Seating",
    "Shown",
    "Side",
    "System",
    "Verdict",
    "leaderboard",
    "mismatches",
    "pool_for",
    "rate_game",
    "replay",
    "shown",
    "shown_change",
    "sides",
    "sound",
    "verdict",
]
