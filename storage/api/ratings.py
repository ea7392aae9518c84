"""The store of ratings: each player's rating per pool and the changes games made."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from storage.records import ChatRef, RatedGameRecord, RatingChangeRecord, RatingRecord


@runtime_checkable
class RatingStore(Protocol):
    """Ratings and their changes. A rated game's changes are written when it ends, by
    the game-end write that `ratings_at_game_end` (storage/sql/ratings.py) makes; these
    methods read and rebuild them."""

    @abstractmethod
    async def ratings_of(self, player_id: int) -> list[RatingRecord]:
        """A player's ratings, one per pool they played rated games in, by pool."""

    @abstractmethod
    async def pool_ratings(self, pool: str) -> list[RatingRecord]:
        """Every rating of one pool (a leaderboard's rows)."""

    @abstractmethod
    async def all_ratings(self) -> list[RatingRecord]:
        """Every stored rating (to compare with the ratings rebuilt from the results)."""

    @abstractmethod
    async def rating_changes(self, player_id: int) -> list[RatingChangeRecord]:
        """A player's rating changes, oldest first (the history of their ratings)."""

    @abstractmethod
    async def game_rating_changes(self, game_id: int) -> list[RatingChangeRecord]:
        """The changes one game made, by seat order of its players (none if it was casual)."""

    @abstractmethod
    async def rated_games(self) -> list[RatedGameRecord]:
        """Every finished rated game, in the order their results were stored."""

    @abstractmethod
    async def replace_ratings(
        self, ratings: Sequence[RatingRecord], changes: Sequence[RatingChangeRecord]
    ) -> None:
        """Put these ratings and changes in place of all stored ones, in one transaction (the
        ratings rebuilt from the results)."""

    @abstractmethod
    async def players_in_chat(self, chat: ChatRef) -> list[int]:
        """The players who played a game in this chat: those it has seen."""
