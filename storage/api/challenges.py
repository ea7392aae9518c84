"""The store of challenges: open invitations to a game, and their answers."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, Literal, Protocol, runtime_checkable

from storage.records import Challenge, ChatRef


@runtime_checkable
class ChallengeStore(Protocol):
    """Challenges: opened, joined, and closed once (accepted, declined, cancelled)."""

    @abstractmethod
    async def create_challenge(
        self,
        kind: str,
        options: dict[str, Any],
        challenger_id: int,
        chat: ChatRef,
        *,
        opponent_id: int | None = None,
        vs_computer: str | None = None,
        rated: bool = True,
    ) -> Challenge:
        """Store an open challenge (to one opponent, to anyone in the chat when `opponent_id`
        is None, or to a computer); `rated` is what the challenger asked."""

    @abstractmethod
    async def get_challenge(self, challenge_id: int) -> Challenge:
        """The challenge with this id, or NotFound."""

    @abstractmethod
    async def resolve_challenge(
        self,
        challenge_id: int,
        status: Literal["accepted", "declined", "cancelled"],
        game_id: int | None = None,
    ) -> Challenge:
        """Close an open challenge, atomically: of two concurrent calls exactly one wins and the
        other gets ChallengeNotOpen. `game_id` (only with "accepted") links the game."""

    @abstractmethod
    async def join_challenge(self, challenge_id: int, player_id: int, capacity: int) -> Challenge:
        """Add a player to an open challenge's entrants, atomically: a player joins once, and
        never more than `capacity` entrants (ChallengeFull). ChallengeNotOpen if it is closed."""

    @abstractmethod
    async def open_challenges(self, chat: ChatRef) -> list[Challenge]:
        """The open challenges of a chat, oldest first."""
