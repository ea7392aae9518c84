"""The store of notices: what a player is told later, queued and delivered once."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable

from storage.records import NoticeRecord

# How long a claim of a notice holds (NoticeStore.claim_notice): far longer than a delivery
# takes, short enough that a notice whose process died goes out soon after.
NOTICE_LEASE = timedelta(seconds=60)
# The kinds of the notices that ping a player whose turn waits: "turn:PLY"
# (NoticeStore.queue_turn_ping).
TURN_PING = "turn:"


@runtime_checkable
class NoticeStore(Protocol):
    """The queue of notices for players (reminders, losses on time, turn pings,
    the end of a vacation), each delivered once even across a crash."""

    @abstractmethod
    async def add_notice(self, player_id: int, game_id: int | None, kind: str) -> NoticeRecord:
        """Queue a notice for a player."""

    @abstractmethod
    async def queue_turn_ping(
        self, game_id: int, player_ids: Sequence[int], kind: str, due_at: datetime
    ) -> None:
        """Queue the ping of a turn (`kind` "turn:PLY") for each of `player_ids`, due at
        `due_at`, and close the game's earlier pings not sent yet (their turn is over), in one
        transaction. Once per player and turn: queued again, it changes nothing."""

    @abstractmethod
    async def unsent_notices(self) -> list[NoticeRecord]:
        """The notices due (by the store's clock) and not delivered yet (claimed or not),
        oldest first."""

    @abstractmethod
    async def claim_notice(self, notice_id: int) -> bool:
        """Take a notice to deliver it now, for NOTICE_LEASE: True goes to the one caller (of
        any process) that claimed it; False if it was sent, or another caller's claim still
        holds. Once delivered, `notice_sent`; a claim not followed by it (its process died)
        can be taken again when the lease has run out: a notice goes out once, and at least
        once across a crash. The processes' clocks must agree to well within the lease."""

    @abstractmethod
    async def notice_sent(self, notice_id: int) -> None:
        """Mark a claimed notice delivered: it is never claimed again."""
