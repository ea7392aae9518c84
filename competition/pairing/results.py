"""Game results and the tables that produce them, shared by every format."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from competition.pairing.errors import PairingError


class Outcome(StrEnum):
    WHITE = "white"
    BLACK = "black"
    DRAW = "draw"


@dataclass(frozen=True)
class GameResult:
    """How one game ended. `forfeit`: the loser never played it (no-show, withdrawal, a
    match settled by the organiser); it scores like a loss."""

    outcome: Outcome
    forfeit: bool = False

    def __post_init__(self) -> None:
        if self.forfeit and self.outcome is Outcome.DRAW:
            raise PairingError("pairing.forfeit_draw")

    def points(self, as_white: bool) -> float:
        """The points of White (`as_white`) or of Black in this game."""
        if self.outcome is Outcome.DRAW:
            return 0.5
        return 1.0 if (self.outcome is Outcome.WHITE) == as_white else 0.0


@dataclass(frozen=True)
class Table:
    """Two sides at one table of a round. `first` takes White in the table's first game;
    in a knockout match the colours swap at every further game."""

    number: int
    first: str
    second: str

    def colours(self, game: int) -> tuple[str, str]:
        """(White, Black) of the table's game number `game` (0, 1, ...)."""
        return (self.first, self.second) if game % 2 == 0 else (self.second, self.first)


@dataclass(frozen=True)
class Round:
    """The tables of one round, numbered from 1, and the entry with no opponent, if any.
    `relaxed`: a Swiss round the Dutch rules could not pair, paired with no repeats but
    without the colour rules (see relaxed.py)."""

    number: int
    tables: tuple[Table, ...]
    bye: str | None = None
    relaxed: bool = False


@dataclass(frozen=True)
class PlayedGame:
    """A finished game, as tie-breaks and the Swiss see it."""

    round: int
    white: str
    black: str
    result: GameResult
