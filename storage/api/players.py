"""The stores of players and their platform accounts."""

from __future__ import annotations

from abc import abstractmethod
from datetime import datetime
from typing import Protocol, runtime_checkable

from storage.records import Identity, Player


@runtime_checkable
class PlayerStore(Protocol):
    """The players, their platform accounts and their settings."""

    @abstractmethod
    async def player_for_identity(
        self, platform: str, user_id: str, display_name: str, language: str | None = None
    ) -> Player:
        """The player behind a platform account, created with that account on first sight.

        The display name of the identity and of the player becomes `display_name`. `language`
        (the platform's locale hint) is used only while the player has no language yet, so
        that a language the player chose with `set_language` is kept."""

    @abstractmethod
    async def get_player(self, player_id: int) -> Player:
        """The player with this id, or NotFound."""

    @abstractmethod
    async def known_player(self, platform: str, user_id: str) -> Player | None:
        """The player behind a platform account, None if the account was never seen (nothing
        is created: someone looked up, not someone who acts)."""

    @abstractmethod
    async def identities(self, player_id: int) -> list[Identity]:
        """The player's platform accounts, ordered by platform and user id."""

    @abstractmethod
    async def set_language(self, player_id: int, language: str) -> Player:
        """Store the player's chosen language (NotFound if no such player)."""

    @abstractmethod
    async def set_active_game(self, player_id: int, game_id: int | None) -> Player:
        """Set or clear the game the player's commands go to (NotFound if the player or the
        game does not exist)."""

    @abstractmethod
    async def set_reminders(self, player_id: int, on: bool) -> Player:
        """Mute (False) or unmute the reminders before deadlines."""

    @abstractmethod
    async def set_private_chat(self, platform: str, user_id: str, chat_id: str | None) -> None:
        """Remember (or with None forget) the private chat of an account (NotFound if the
        account was never seen)."""


@runtime_checkable
class LinkStore(Protocol):
    """The linking of a second platform account to a player, by a one-time code."""

    @abstractmethod
    async def create_link_code(self, player_id: int, code: str, expires_at: datetime) -> None:
        """Store a one-time code that links another account to this player."""

    @abstractmethod
    async def link_identity(self, code: str, platform: str, user_id: str) -> Player:
        """Use a link code: the account (platform, user_id) and everything of its player
        (games, challenges, vacations) move to the code's player, in one transaction; the code
        is spent. LinkRefused if the code is unknown or expired, or the two players sit in one
        game together."""
