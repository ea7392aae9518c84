"""The store of the web companion's sign-ins (bot/service/web_sessions/): tokens known only by
their hashes, each for one person on one platform, until it expires or he signs out."""

from __future__ import annotations

from abc import abstractmethod
from datetime import datetime
from typing import Protocol, runtime_checkable

from storage.records import WebSessionKind, WebSessionRecord


@runtime_checkable
class WebSessionStore(Protocol):
    @abstractmethod
    async def add_web_session(self, record: WebSessionRecord) -> None:
        """Keep a sign-in; the expired ones are forgotten on the way."""

    @abstractmethod
    async def web_session(
        self, token_hash: str, kind: WebSessionKind, now: datetime
    ) -> WebSessionRecord | None:
        """The sign-in of that hash and kind, None if there is none or it expired."""

    @abstractmethod
    async def take_web_session(
        self, token_hash: str, kind: WebSessionKind, now: datetime
    ) -> WebSessionRecord | None:
        """Like `web_session`, and forget it: a link is used once, however many ask at once
        (exactly one of them gets it)."""

    @abstractmethod
    async def revoke_web_sessions(self, platform: str, user_id: str) -> int:
        """Forget every sign-in of a person; how many there were."""
