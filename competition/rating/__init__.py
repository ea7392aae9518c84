"""Ratings without I/O: Glicko-2 for draughts, Plackett-Luce for Ludo, on one scale; pools,
the rated-or-casual rules, the change of one game, recomputing from results, leaderboards.

The service stores and shows what these functions return (numbers and keys)."""

from competition.rating.display import PROVISIONAL_DEVIATION, Shown, shown, shown_change
from competition.rating.leaderboard import Place, leaderboard
from competition.rating.pools import Pace, Pool, System, pool_for
from competition.rating.recompute import GameChanges, RatedGame, Replay, mismatches, replay
from competition.rating.record import Rating, Side, sound
from competition.rating.rules import Seating, Verdict, sides, verdict
from competition.rating.update import RATING_PERIOD, Change, rate_game

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
