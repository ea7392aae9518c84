"""The store of matches between two clubs: the match, its two sides' players, their boards
and games."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from storage.club_match_records import (
    ClubMatchFacts,
    ClubMatchRecord,
    ClubMatchStart,
    ClubMatchStatus,
    NewClubMatchGame,
    Side,
)
from storage.records import ChatRef


@runtime_checkable
class ClubMatchStore(Protocol):
    """Club matches: two sides of N players, two games a board."""

    @abstractmethod
    async def create_club_match(
        self,
        chat: ChatRef,
        organiser_id: int,
        kind: str,
        boards: int,
        code: str,
        options: dict[str, Any],
    ) -> ClubMatchRecord:
        """Store a match open for players in `chat` (side A's); `code` is what side B's chat
        types to join (ValueError if another match has it)."""

    @abstractmethod
    async def get_club_match(self, match_id: int) -> ClubMatchRecord:
        """The match with this id, or NotFound."""

    @abstractmethod
    async def club_matches(
        self, statuses: Iterable[ClubMatchStatus], chat: ChatRef | None = None
    ) -> list[ClubMatchRecord]:
        """The matches with one of these statuses (of one chat, either side's, or
        everywhere), oldest first."""

    @abstractmethod
    async def join_club_match(self, code: str, chat: ChatRef) -> ClubMatchRecord:
        """Make `chat` side B's chat of the match with `code`, once. ClubMatchRefused
        "no_code", "not_registering", "own_chat", "taken" (another chat joined, or a player
        signed for side B in side A's chat), and then nothing is stored."""

    @abstractmethod
    async def sign_club_match(self, match_id: int, player_id: int, side: Side) -> int:
        """Add a player to a side, atomically; how many the side has now. ClubMatchRefused
        "not_registering", "full" or "already_signed", and then nothing is stored."""

    @abstractmethod
    async def leave_club_match(self, match_id: int, player_id: int) -> None:
        """Remove a player while the match registers: ClubMatchRefused "not_registering" or
        "not_signed"."""

    @abstractmethod
    async def start_club_match(
        self,
        match_id: int,
        boards: Mapping[Side, Sequence[int]],
        games: Sequence[NewClubMatchGame],
    ) -> ClubMatchStart:
        """In one transaction: the match running, each side's players numbered by board in
        the order `boards` gives them, and every game created in its chat, once.
        ClubMatchRefused "not_registering" for a second start, "changed" when `boards` are
        not the players signed; then nothing is stored."""

    @abstractmethod
    async def club_match_facts(self, match_id: int) -> ClubMatchFacts:
        """Everything stored about the match, in one consistent read (NotFound)."""

    @abstractmethod
    async def finish_club_match(self, match_id: int) -> ClubMatchRecord | None:
        """Mark a running match finished; None if it was not running (finished already)."""

    @abstractmethod
    async def cancel_club_match(self, match_id: int) -> ClubMatchRecord | None:
        """Mark a match that registers or runs cancelled; None if it had ended already."""
