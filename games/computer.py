"""The computer opponent of every game behind one seam: `choose(position, limit)`.

Draughts: the engine of games.damas.engine (alpha-beta on bitboards). Ludo: the search of
games.ludo.search, at the settings of the Limit's level (`LUDO_LEVELS`). Levels name a Limit
each, for live and for correspondence games: `choose_at_level(position, "strong")`. Pure and
synchronous: the service runs it off its event loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games.damas import Position
from games.damas.engine import Limit, think
from games.ludo import LudoPosition
from games.ludo.search import LudoLimit
from games.ludo.search import choose as choose_ludo_move

__all__ = [
    "CORRESPONDENCE_LEVELS",
    "LEVELS",
    "LEVEL_NAMES",
    "LUDO_LEVELS",
    "Limit",
    "choose",
    "choose_at_level",
    "level_limit",
]

# Weakest first. `beginner` plays legal but weak moves on purpose: two plies, a large random
# bonus per move (up to three men) and, one move in two, a one-ply look that does not see
# the reply, so it leaves pieces hanging: a careful beginner, who checks every reply and the
# captures it forces, beats it (bench/strength.py --opponent careful; docs/engine.md). `easy`
# and `normal` look a fixed number of plies deeper, with less noise; `strong` searches as
# deep as its time allows and varies only its opening moves, among near-equal ones, and alone
# reads the endgame databases where the bot has them (the weaker levels would otherwise play
# their endings without error).
LEVEL_NAMES = ("beginner", "easy", "normal", "strong")
# Hundredths of a man a draw costs `strong`: most of its opponents are weaker, so where a draw
# is one of several near-equal lines it plays one of the others (docs/engine.md, contempt).
STRONG_CONTEMPT = 15
LEVELS: dict[str, Limit] = {
    "beginner": Limit(
        depth=2, seconds=0.2, noise=300, blunder=0.5, databases=False, level="beginner"
    ),
    "easy": Limit(depth=3, seconds=0.3, noise=60, blunder=0.05, databases=False, level="easy"),
    "normal": Limit(depth=6, seconds=1.0, noise=12, databases=False, level="normal"),
    "strong": Limit(seconds=3.0, opening_noise=6, contempt=STRONG_CONTEMPT, level="strong"),
}
# Correspondence games leave time to think; the weaker levels stay as weak as they are live.
CORRESPONDENCE_LEVELS: dict[str, Limit] = {
    **LEVELS,
    "normal": Limit(depth=7, seconds=3.0, noise=12, databases=False, level="normal"),
    "strong": Limit(seconds=20.0, opening_noise=6, contempt=STRONG_CONTEMPT, level="strong"),
}
# Ludo's levels (games/ludo/search.py; docs/engine.md, Ludo, has their matches). `beginner`
# plays one move in two blindly and the rest by the one-move score with a large random
# bonus; `easy` by the one-move score with a smaller one; `normal` by the one-move score
# with a small one (without it, it stood level with `strong`: the look-ahead adds little on
# this evaluation, so the noise is what keeps each level above the one below); `strong`
# averages over the next roll and its answer, without noise, on the chances of the network
# learned in self-play (games/ludo/network.py) in four-player games without teams, on the hand
# terms in other games. A thinking Ludo decision takes milliseconds, so
# correspondence games play the same.
LUDO_LEVELS: dict[str, LudoLimit] = {
    "beginner": LudoLimit(depth=0, noise=40.0, blunder=0.5),
    "easy": LudoLimit(depth=0, noise=12.0),
    "normal": LudoLimit(depth=0, noise=6.0),
    "strong": LudoLimit(depth=1, learned_depth=1),
}


def level_limit(level: str, correspondence: bool = False) -> Limit:
    """The Limit of a level (KeyError naming the levels if there is no such level)."""
    levels = CORRESPONDENCE_LEVELS if correspondence else LEVELS
    if level not in levels:
        raise KeyError(f"unknown level {level!r}; the levels are {', '.join(LEVEL_NAMES)}")
    return levels[level]


def choose_draughts(position: Position, limit: Limit, rng: random.Random) -> Any:
    return think(position, limit, rng).move


def choose_ludo(position: LudoPosition, limit: Limit, rng: random.Random) -> Any:
    """Ludo at the limit's level (a limit without one: `normal`), within its seconds."""
    ludo = LUDO_LEVELS[limit.level or "normal"]
    return choose_ludo_move(position, replace(ludo, seconds=min(ludo.seconds, limit.seconds)), rng)


_CHOOSERS: dict[type, Callable[[Any, Limit, random.Random], Any]] = {
    Position: choose_draughts,
    LudoPosition: choose_ludo,
}


def choose(position: Any, limit: Limit | None = None, rng: random.Random | None = None) -> Any:
    """The computer's move in `position` (any registered game) within `limit`."""
    limit = limit or LEVELS["normal"]
    rng = rng or random.Random(limit.seed)
    for position_type, chooser in _CHOOSERS.items():
        if isinstance(position, position_type):
            return chooser(position, limit, rng)
    raise TypeError(f"no computer player for {type(position).__name__}")


def choose_at_level(
    position: Any,
    level: str,
    *,
    correspondence: bool = False,
    rng: random.Random | None = None,
    seconds: float | None = None,
) -> Any:
    """The computer's move at a level; `seconds` overrides the level's time (e.g. to stay
    within a game clock)."""
    limit = level_limit(level, correspondence)
    if seconds is not None:
        limit = replace(limit, seconds=seconds)
    return choose(position, limit, rng)
