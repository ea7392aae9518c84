"""The stores of correspondence time: the clocks of turns with their reminders, and vacations."""

from __future__ import annotations

from abc import abstractmethod
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable

from storage.records import ClockRecord, VacationRecord


@runtime_checkable
class ClockStore(Protocol):
    """The clock of each turn, its reminders, and when the next thing falls due."""

    @abstractmethod
    async def clock(self, game_id: int) -> ClockRecord | None:
        """The clock of the game's current turn, or None (no time control, or game over)."""

    @abstractmethod
    async def due_clocks(self, now: datetime) -> list[ClockRecord]:
        """The running clocks whose deadline has passed."""

    @abstractmethod
    async def clocks_to_remind(
        self, now: datetime, name: str, before: timedelta
    ) -> list[ClockRecord]:
        """Running clocks whose deadline is at most `before` away, whose turn is longer than
        `before`, and whose reminder `name` was not sent yet in this turn."""

    @abstractmethod
    async def remind(self, game_id: int, seat: int, name: str, player_id: int | None) -> bool:
        """Mark reminder `name` sent for the turn of `seat` and queue its notice for
        `player_id` (None: the player muted reminders, mark only), in one transaction; False
        (and nothing done) if it was marked already or the turn is over."""

    @abstractmethod
    async def next_wakeup(self, reminders: dict[str, timedelta]) -> datetime | None:
        """The earliest moment something falls due: a deadline, a reminder of `reminders`
        (name -> time before the deadline) not yet sent, the planned end of a vacation, the end
        of the lease of a notice claimed and not sent, the moment a queued notice falls due."""


@runtime_checkable
class VacationStore(Protocol):
    """Players' vacations, which stop the clocks of their turns."""

    @abstractmethod
    async def start_vacation(self, player_id: int, ends_at: datetime) -> VacationRecord:
        """Start a vacation until `ends_at`, stopping the clocks of the player's turns, in one
        transaction. OnVacation if one is going on."""

    @abstractmethod
    async def end_vacation(self, player_id: int) -> VacationRecord | None:
        """End the player's vacation now and restart the clocks it stopped; None if the player
        was not on vacation."""

    @abstractmethod
    async def vacations(self, player_id: int, since: datetime) -> list[VacationRecord]:
        """The player's vacations that went on at any time since `since`, oldest first."""

    @abstractmethod
    async def vacations_due(self, now: datetime) -> list[VacationRecord]:
        """The vacations going on whose planned end has come."""
