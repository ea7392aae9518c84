"""Rating pools: a rating belongs to a player in one pool, a game and a pace.

Each draughts variant and Ludo has a live pool and a correspondence pool, as the big servers
keep fast and slow play apart. A game without a clock counts as correspondence: nothing
hurries its moves. Names for people are the service's job; this gives keys ("brazilian/live").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# Games of more than two players: rated with Plackett-Luce, even when only two sit down,
# so that one Ludo pool has one system.
MULTIPLAYER_GAMES = frozenset({"ludo"})
_SEPARATOR = "/"


class Pace(StrEnum):
    LIVE = "live"
    CORRESPONDENCE = "correspondence"


class System(StrEnum):
    GLICKO2 = "glicko2"
    PLACKETT_LUCE = "plackett-luce"


@dataclass(frozen=True)
class Pool:
    game: str
    pace: Pace

    def __post_init__(self) -> None:
        if not self.game or _SEPARATOR in self.game:
            raise ValueError(f"not a game key for a rating pool: {self.game!r}")

    @property
    def key(self) -> str:
        return f"{self.game}{_SEPARATOR}{self.pace.value}"

    @property
    def system(self) -> System:
        return System.PLACKETT_LUCE if self.game in MULTIPLAYER_GAMES else System.GLICKO2

    @classmethod
    def from_key(cls, key: str) -> Pool:
        """The pool a stored key names; ValueError if it names none."""
        game, separator, pace = key.rpartition(_SEPARATOR)
        if not separator or pace not in Pace.__members__.values():
            raise ValueError(f"not a rating pool key: {key!r} (e.g. 'brazilian/live')")
        return cls(game, Pace(pace))


def pool_for(game: str, correspondence: bool | None) -> Pool:
    """The pool of a game of kind `game` (its key: "brazilian", "ludo", ...) whose time
    control is correspondence (True), live (False) or absent (None)."""
    live = correspondence is False
    return Pool(game, Pace.LIVE if live else Pace.CORRESPONDENCE)
