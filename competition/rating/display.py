"""How a rating is shown: a whole number, with `?` while it is provisional ("1500?")."""

from __future__ import annotations

from dataclasses import dataclass

from competition.rating.pools import System
from competition.rating.record import Rating

# Above these deviations a rating is still a guess. Glicko-2: Lichess's 110, which new
# players pass after about 20 games. Plackett-Luce narrows more slowly (Ludo is much luck):
# after about 20 games of three or four players it is near 240, so that is its line.
PROVISIONAL_DEVIATION = {System.GLICKO2: 110.0, System.PLACKETT_LUCE: 240.0}


@dataclass(frozen=True)
class Shown:
    value: int
    provisional: bool

    def __str__(self) -> str:
        return f"{self.value}?" if self.provisional else str(self.value)


def shown(rating: Rating, system: System) -> Shown:
    return Shown(round(rating.value), rating.deviation > PROVISIONAL_DEVIATION[system])


def shown_change(before: Rating, after: Rating) -> int:
    """The change people see (+12, -12): the difference of the shown numbers, so that the
    old number plus the change is the new number."""
    return round(after.value) - round(before.value)
