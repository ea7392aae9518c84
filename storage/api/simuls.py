"""The store of simultaneous exhibitions: the host's simul, its challengers, their boards."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from storage.records import ChatRef
from storage.simul_records import (
    NewSimulGame,
    SimulFacts,
    SimulRecord,
    SimulStart,
    SimulStatus,
)


@runtime_checkable
class SimulStore(Protocol):
    """Simuls: one host against many challengers, a game a board."""

    @abstractmethod
    async def create_simul(
        self, chat: ChatRef, host_id: int, kind: str, max_boards: int, options: dict[str, Any]
    ) -> SimulRecord:
        """Store a simul open for challengers in `chat`."""

    @abstractmethod
    async def get_simul(self, simul_id: int) -> SimulRecord:
        """The simul with this id, or NotFound."""

    @abstractmethod
    async def simuls(
        self, statuses: Iterable[SimulStatus], chat: ChatRef | None = None
    ) -> list[SimulRecord]:
        """The simuls with one of these statuses (of one chat, or everywhere), oldest first."""

    @abstractmethod
    async def join_simul(self, simul_id: int, player_id: int) -> int:
        """Add a challenger, atomically; returns how many there are now. SimulRefused
        "not_registering", "full" or "already_joined", and then nothing is stored."""

    @abstractmethod
    async def leave_simul(self, simul_id: int, player_id: int) -> None:
        """Remove a challenger while the simul registers: SimulRefused "not_registering" or
        "not_joined"."""

    @abstractmethod
    async def start_simul(self, simul_id: int, games: Sequence[NewSimulGame]) -> SimulStart:
        """In one transaction: the simul running, each challenger's board numbered in the
        order of joining and his game created in the simul's chat, once. SimulRefused
        "not_registering" for a second start, "changed" when `games` are not one for each
        challenger in the order of joining; then nothing is stored."""

    @abstractmethod
    async def simul_facts(self, simul_id: int) -> SimulFacts:
        """Everything stored about the simul, in one consistent read (NotFound)."""

    @abstractmethod
    async def finish_simul(self, simul_id: int) -> SimulRecord | None:
        """Mark a running simul finished; None if it was not running (finished already)."""

    @abstractmethod
    async def cancel_simul(self, simul_id: int) -> SimulRecord | None:
        """Mark a simul that registers or runs cancelled; None if it had ended already."""
