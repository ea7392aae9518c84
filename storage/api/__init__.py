"""The `Store` interface: everything the rest of damas-bot may ask of storage (its records are in
storage/records.py, its errors in storage/errors.py).

`Store` is the composition of narrow stores, one per concern (the modules beside this one):
a backend implements `Store`; a part of the service names only the narrow stores it uses
(`self.games: GameStore = core.store`), so that mypy proves it uses nothing else.

Nothing here is specific to SQLite, so that another engine (PostgreSQL) can implement `Store`
and nothing above storage/ notices. Storage knows games only as text: a kind (a registry key
such as "brazilian" or "ludo"), options (a JSON object), a snapshot (text) and the move log
(notation strings). The move log is the truth; the snapshot is a cache that the service may
rebuild by replaying the log and store back with `GameStore.replace_snapshot`.

Conventions every implementation follows:
- ids of players, games and challenges are ints; platforms, chat ids, user ids and message
  ids are text;
- every time is an aware UTC `datetime`;
- a game's `version` starts at 1 and goes up by one with every change a player can see (a
  move, a draw offer, the end of the game); writers pass the version they saw and get
  `StaleVersion` if the game moved on, so two clicks on one board land exactly once;
- arguments that can never be right (seats not numbered 0..n-1, a malformed result, options
  that are not JSON) raise ValueError: a bug of the caller, not a state of the data.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from types import TracebackType
from typing import Protocol, Self, runtime_checkable

from storage.api.challenges import ChallengeStore
from storage.api.changes import ChangeStore
from storage.api.chats import ChatStore
from storage.api.claims import BoardSendStore, BoardSlot, UpdateStore
from storage.api.clocks import ClockStore, VacationStore
from storage.api.club_matches import ClubMatchStore
from storage.api.engine_jobs import EngineJob, EngineJobStore
from storage.api.games import BoardStore, GameStore
from storage.api.leaderboards import LeaderboardSlot, LeaderboardStore
from storage.api.notices import NOTICE_LEASE, TURN_PING, NoticeStore
from storage.api.players import LinkStore, PlayerStore
from storage.api.puzzles import PuzzleStore
from storage.api.ratings import RatingStore
from storage.api.reviews import ReviewStore
from storage.api.sends import SendStore
from storage.api.simuls import SimulStore
from storage.api.tournaments import TournamentStore
from storage.api.web_sessions import WebSessionStore

__all__ = [
    "NOTICE_LEASE",
    "TURN_PING",
    "BoardSendStore",
    "BoardSlot",
    "BoardStore",
    "ChallengeStore",
    "ChangeStore",
    "ChatStore",
    "ClockStore",
    "Closable",
    "ClubMatchStore",
    "EngineJob",
    "EngineJobStore",
    "GameStore",
    "LeaderboardSlot",
    "LeaderboardStore",
    "LinkStore",
    "NoticeStore",
    "PlayerStore",
    "PuzzleStore",
    "RatingStore",
    "ReviewStore",
    "SendStore",
    "SimulStore",
    "Store",
    "TournamentStore",
    "UpdateStore",
    "VacationStore",
    "WebSessionStore",
]


@runtime_checkable
class Closable(Protocol):
    """What whoever opened a store does with it at the end: close it, or use it as
    `async with await open_store(path) as store`."""

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    @abstractmethod
    async def close(self) -> None:
        """Release the connections; the store is unusable afterwards."""


class Store(
    PlayerStore,
    LinkStore,
    GameStore,
    BoardStore,
    ClockStore,
    VacationStore,
    NoticeStore,
    ChangeStore,
    ChatStore,
    ChallengeStore,
    RatingStore,
    TournamentStore,
    ReviewStore,
    PuzzleStore,
    SendStore,
    SimulStore,
    ClubMatchStore,
    WebSessionStore,
    UpdateStore,
    BoardSendStore,
    LeaderboardStore,
    EngineJobStore,
    Closable,
    ABC,
):
    """Everything damas-bot stores: every narrow store in one, what a backend implements. Safe
    for many concurrent asyncio tasks in one process and for several processes on one
    database. Use as `async with await open_store(path) as store` or call `close()`."""
