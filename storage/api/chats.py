"""The store of chats' choices: the side their boards are drawn from, their language."""

from __future__ import annotations

from abc import abstractmethod
from typing import Protocol, runtime_checkable


@runtime_checkable
class ChatStore(Protocol):
    """What a chat chose: the side of its boards, the language of its public text."""

    @abstractmethod
    async def chat_flipped(self, platform: str, chat_id: str) -> bool:
        """Whether the chat chose to see its boards between people from Black's side."""

    @abstractmethod
    async def set_chat_flipped(self, platform: str, chat_id: str, flipped: bool) -> None:
        """Remember the side a chat chose for its boards."""

    @abstractmethod
    async def chat_language(self, platform: str, chat_id: str, first: str | None) -> str | None:
        """The language of a chat's public messages: the first one offered (`first`, kept
        when the chat has none yet)."""

    @abstractmethod
    async def chosen_chat_language(self, platform: str, chat_id: str) -> str | None:
        """The language the chat's administrators chose for its public messages, if any."""

    @abstractmethod
    async def set_chosen_chat_language(self, platform: str, chat_id: str, language: str) -> None:
        """Remember the language the chat's administrators chose for its public messages."""
