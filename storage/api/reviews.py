"""The store of game reviews: each review computed once, kept, and shown again."""

from __future__ import annotations

from abc import abstractmethod
from typing import Protocol, runtime_checkable


@runtime_checkable
class ReviewStore(Protocol):
    """Reviews by key (`game:12` for a stored game, `pdn:` and a digest for a PDN given to
    the review), as the service wrote them (JSON text)."""

    @abstractmethod
    async def review(self, key: str) -> str | None:
        """The stored review of `key`, if there is one."""

    @abstractmethod
    async def save_review(self, key: str, game_id: int | None, nodes: int, content: str) -> str:
        """Keep a review (searched with `nodes` nodes a position); the first one kept for a
        key stays (two reviews finished at once keep one), and is the one answered."""
