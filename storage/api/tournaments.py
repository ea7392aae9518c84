"""The store of tournaments: registration, rounds, their games and results."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from storage.records import ChatRef, GameRecord
from storage.tournament_records import (
    EntryRecord,
    NewTableGame,
    RoundStart,
    TournamentFacts,
    TournamentRecord,
    TournamentStatus,
)


@runtime_checkable
class TournamentStore(Protocol):
    """Tournaments: entries, rounds and the games of their tables."""

    @abstractmethod
    async def create_tournament(
        self,
        chat: ChatRef,
        organiser_id: int,
        kind: str,
        format: str,
        options: dict[str, Any],
        *,
        team_size: int = 1,
        max_entries: int | None = None,
        deadline: datetime | None = None,
    ) -> TournamentRecord:
        """Store a tournament open for registration in `chat`."""

    @abstractmethod
    async def get_tournament(self, tournament_id: int) -> TournamentRecord:
        """The tournament with this id, or NotFound."""

    @abstractmethod
    async def tournaments(
        self, statuses: Iterable[TournamentStatus], chat: ChatRef | None = None
    ) -> list[TournamentRecord]:
        """The tournaments with one of these statuses (of one chat, or everywhere), oldest
        first."""

    @abstractmethod
    async def join_tournament(self, tournament_id: int, members: Sequence[int]) -> EntryRecord:
        """Add an entry of `members` (as many as the tournament's team size), atomically:
        TournamentRefused "not_registering", "full" (the most entries allowed) or
        "already_entered" (one of them has an entry already), and then nothing is stored."""

    @abstractmethod
    async def leave_tournament(self, tournament_id: int, player_id: int) -> EntryRecord:
        """Remove the player's entry (with a partner, the team's) while registering:
        TournamentRefused "not_registering" or "not_entered"."""

    @abstractmethod
    async def start_tournament(
        self,
        tournament_id: int,
        seed: str,
        commitment: str,
        numbers: Mapping[int, int],
        ends_at: datetime | None = None,
    ) -> TournamentRecord:
        """Close registration: the status becomes running, with the seed and its commitment
        and each entry's number (entry id -> number), once (TournamentRefused
        "not_registering" for a second start); an arena with the time it ends."""

    @abstractmethod
    async def set_tournament_status(
        self, tournament_id: int, status: TournamentStatus, allowed: Iterable[TournamentStatus]
    ) -> TournamentRecord:
        """Change the status if it is one of `allowed`, else TournamentRefused
        "state_changed"."""

    @abstractmethod
    async def start_round(
        self,
        tournament_id: int,
        round_number: int,
        pairing: dict[str, Any],
        games: Sequence[NewTableGame],
        chat: ChatRef,
    ) -> RoundStart:
        """In one transaction: the round's row (written once, whoever comes first) and each
        game not started yet (keyed by round, table and index): a new game in `chat`, or a
        settled result. Returns what this call started."""

    @abstractmethod
    async def tournament_facts(self, tournament_id: int) -> TournamentFacts:
        """Everything stored about the tournament, in one consistent read (NotFound)."""

    @abstractmethod
    async def tournament_of_game(self, game_id: int) -> int | None:
        """The tournament a game belongs to, if any."""

    @abstractmethod
    async def replay_tournament_game(self, game_id: int) -> None:
        """Unlink an aborted game from its table, so that the table's game starts again."""

    @abstractmethod
    async def withdraw_entry(self, tournament_id: int, entry_id: int, first_round: int) -> bool:
        """Mark an entry withdrawn from `first_round` on; False if it was already."""

    @abstractmethod
    async def settle_table(
        self, tournament_id: int, round_number: int, table: int, winner_entry: int
    ) -> bool:
        """Record the organiser's winner of a knockout match; False if it was settled."""

    @abstractmethod
    async def enter_arena(self, tournament_id: int, player_id: int) -> EntryRecord:
        """Enter a running (or paused) arena, with the next number, or come back to it after
        a pause: TournamentRefused "not_running", "full" or "already_entered" (playing and
        not paused)."""

    @abstractmethod
    async def pause_arena_entry(self, tournament_id: int, player_id: int) -> EntryRecord:
        """Pause the player's entry in an arena (not paired until it enters again):
        TournamentRefused "not_entered", or "state_changed" if it was paused already."""

    @abstractmethod
    async def start_arena_games(
        self, tournament_id: int, games: Sequence[NewTableGame], chat: ChatRef
    ) -> tuple[tuple[NewTableGame, GameRecord], ...]:
        """Start the arena's games that may start, in one transaction under the arena's lock
        (every process's pairings of this arena, one at a time): each a round of its own
        (table 1, game 0), unless one of its entries is paused or has a game going on (a
        pairing another process made meanwhile), and none while the arena is not running.
        Returns the games started."""

    @abstractmethod
    async def berserk_arena_game(
        self, game_id: int, seat: int, version: int, options: dict[str, Any]
    ) -> GameRecord | None:
        """In one transaction, if the game is still at `version` and going on: its options
        become `options` (the version goes up), its arena game records the seat as berserk,
        and the seat's turn going on, if any, loses half its time. None if the game moved
        on."""
