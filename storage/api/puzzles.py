"""The store of puzzles: the puzzles, the players' attempts, the puzzle ratings of players and
puzzles, and the daily puzzle of chats."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from datetime import date
from typing import Protocol, runtime_checkable

from storage.records import (
    ChatRef,
    DailyPuzzle,
    Glicko,
    NewPuzzle,
    PuzzleAttempt,
    PuzzleRating,
    PuzzleRecord,
)


@runtime_checkable
class PuzzleStore(Protocol):
    """Puzzles, attempts at them, puzzle ratings, daily puzzles."""

    @abstractmethod
    async def add_puzzles(self, puzzles: Sequence[NewPuzzle], rating: Glicko) -> int:
        """Add the puzzles not stored yet (one per variant and position), starting at
        `rating`; how many were new."""

    @abstractmethod
    async def finished_games(self, kinds: Sequence[str], after: int) -> list[int]:
        """The finished games of these kinds with an id above `after`, oldest first: where
        `python -m bot puzzles` looks for new puzzles."""

    @abstractmethod
    async def puzzle(self, puzzle_id: int) -> PuzzleRecord | None:
        """A puzzle by its id."""

    @abstractmethod
    async def next_puzzle(self, player_id: int, variant: str, near: float) -> PuzzleRecord | None:
        """The puzzle of the variant the player has not tried whose rating is nearest `near`
        (any of the variant when they tried them all)."""

    @abstractmethod
    async def open_attempt(self, player_id: int) -> PuzzleAttempt | None:
        """The player's attempt under way, if any."""

    @abstractmethod
    async def attempted(self, player_id: int, puzzle_id: int) -> bool:
        """Whether the player has tried the puzzle (or is trying it)."""

    @abstractmethod
    async def answered_before(self, player_id: int, puzzle_id: int) -> bool:
        """Whether the player has ended an attempt at the puzzle, solved or missed: a new
        one is practice, counted for nothing."""

    @abstractmethod
    async def start_attempt(
        self, player_id: int, puzzle_id: int, chat: ChatRef, step: int = 0
    ) -> PuzzleAttempt:
        """A new attempt, at the solver's move `step` (a retry goes on where the miss was);
        an earlier one under way is left (it counts for nothing)."""

    @abstractmethod
    async def advance_attempt(self, attempt_id: int, step: int) -> bool:
        """The attempt's next right move: from `step` to `step + 1`, only if it is open at
        `step` (False: another answer came first)."""

    @abstractmethod
    async def finish_attempt(
        self,
        attempt: PuzzleAttempt,
        variant: str,
        solved: bool,
        player: Glicko,
        puzzle: Glicko,
    ) -> bool:
        """End an open attempt, solved or failed, and store the new ratings of the player
        (in the variant's pool) and of the puzzle, in one transaction; False (nothing
        written) if it was not open at its step."""

    @abstractmethod
    async def end_attempt(self, attempt: PuzzleAttempt, solved: bool) -> bool:
        """End an open attempt that counts for nothing (a retry): no rating changes; False
        (nothing written) if it was not open at its step."""

    @abstractmethod
    async def puzzle_ratings(self, player_id: int) -> list[PuzzleRating]:
        """The player's puzzle ratings, one per variant they tried, by variant."""

    @abstractmethod
    async def set_daily_puzzle(self, chat: ChatRef, variant: str, hour: int | None) -> None:
        """Post the variant's daily puzzle in the chat at `hour` (UTC); None: no more."""

    @abstractmethod
    async def daily_puzzles(self) -> list[DailyPuzzle]:
        """Every chat's daily puzzle setting."""

    @abstractmethod
    async def claim_daily_post(self, chat: ChatRef, day: date, variant: str) -> int | None:
        """The puzzle this call is to post in the chat as the one of `day`: the first of the
        variant never posted there, else the one posted there longest ago if that was more
        than a year (366 days) before; None when the day's post was claimed already (once per
        chat and day, across processes) or every puzzle of the variant was posted there
        within the year."""

    @abstractmethod
    async def daily_post(self, chat: ChatRef, day: date) -> int | None:
        """The puzzle posted in the chat on `day`, if any."""
