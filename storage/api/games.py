"""The stores of games: their records and move logs, and the chat messages that show their
boards."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, Literal, Protocol, runtime_checkable

from storage.records import (
    BoardMessage,
    ChatRef,
    GameRecord,
    GameResult,
    GameStatus,
    MoveRecord,
    NextClock,
    SeatRecord,
)


@runtime_checkable
class GameStore(Protocol):
    """Games: their records, move logs and every write a player's action makes."""

    @abstractmethod
    async def create_game(
        self,
        kind: str,
        options: dict[str, Any],
        seats: Sequence[SeatRecord],
        snapshot: str,
        chat: ChatRef | None,
        *,
        from_challenge: int | None = None,
        clock: NextClock | None = None,
        rated: bool = False,
    ) -> GameRecord:
        """Store a new active game at version 1 with an empty move log (and the clock of its
        first turn, if the game has a time control); `rated`: it changes its players' ratings.

        Seats must be numbered 0..n-1. With `from_challenge`, the same transaction accepts
        that challenge and links it to the new game, so two accepts of one challenge create
        exactly one game (the other gets ChallengeNotOpen and nothing is stored)."""

    @abstractmethod
    async def get_game(self, game_id: int) -> GameRecord:
        """The game with this id: NotFound, or CorruptRecord if its row does not decode."""

    @abstractmethod
    async def moves(self, game_id: int) -> list[MoveRecord]:
        """The game's move log in order (ply 1, 2, ...); NotFound if no such game."""

    @abstractmethod
    async def notations(self, game_id: int) -> list[str]:
        """The game's move log as notation only (what a replay needs); NotFound if no game."""

    @abstractmethod
    async def version(self, game_id: int) -> int:
        """The game's current version, a cheap check that a cached view is current."""

    @abstractmethod
    async def take_back(
        self,
        game_id: int,
        expected_version: int,
        plies: int,
        snapshot: str,
        clock: NextClock | None = None,
    ) -> GameRecord:
        """Remove the last `plies` moves of an active game at `expected_version` (else
        StaleVersion) in one transaction: the version goes up by one, the snapshot becomes
        the position before them, a draw offer is withdrawn, and with `clock` the clock of
        the turn starts again. ValueError if the log has fewer moves."""

    @abstractmethod
    async def append_move(
        self,
        game_id: int,
        expected_version: int,
        notation: str,
        seat: int,
        player_id: int | None,
        snapshot: str,
        result: GameResult | None = None,
        clock: NextClock | None = None,
        notices: Sequence[tuple[int, str]] = (),
    ) -> GameRecord:
        """Append one move in one transaction: the game must be active at `expected_version`
        (else StaleVersion); the move gets the next ply; the version goes up by one; the
        snapshot is replaced; a draw offer is withdrawn; with `result` the game is finished
        (and its clock removed); with `clock` a new turn's clock starts (without, the clock
        of the turn goes on). If `player_id` was on vacation, the vacation ends. `notices`
        (player id, kind) about this game are queued in the same transaction.
        Once this returns, the move survives a crash or power loss."""

    @abstractmethod
    async def finish_game(
        self,
        game_id: int,
        expected_version: int,
        status: Literal["finished", "aborted"],
        result: GameResult | None,
        notices: Sequence[tuple[int, str]] = (),
    ) -> GameRecord:
        """End an active game without a move (resignation, agreed draw, timeout, abort) with the
        same version check as `append_move`; its clock is removed. A "finished" game needs a
        result. `notices` (player id, kind) about it are queued in the same transaction: a
        crash cannot keep the result and lose them."""

    @abstractmethod
    async def set_draw_offer(
        self, game_id: int, expected_version: int, seat: int | None
    ) -> GameRecord:
        """Record (or with None withdraw) the seat that offers a draw; bumps the version."""

    @abstractmethod
    async def set_takeback_offer(
        self, game_id: int, expected_version: int, seat: int | None
    ) -> GameRecord:
        """Record (or with None withdraw) the seat that asks to take its last move back;
        bumps the version."""

    @abstractmethod
    async def replace_snapshot(
        self, game_id: int, snapshot: str, *, expected_version: int | None = None
    ) -> None:
        """Replace the cached position, e.g. after rebuilding it from the move log. Does not
        change the version: the game itself did not change. Pass the version of the game
        whose log was replayed as `expected_version`, so that a snapshot rebuilt from an old
        log never overwrites the one of a move that landed meanwhile (StaleVersion then)."""

    @abstractmethod
    async def games_of_player(
        self, player_id: int, status: GameStatus = "active"
    ) -> list[GameRecord]:
        """The player's games with this status, most recently updated first. A game whose row
        does not decode is left out of the list and logged (get_game on its id raises
        CorruptRecord), so one bad row never hides all the others."""

    @abstractmethod
    async def games_with_computers(self) -> list[int]:
        """The ids of the active games that have a computer seat (to wake them after a
        restart), oldest first."""


@runtime_checkable
class BoardStore(Protocol):
    """The chat messages that show a game's board, and the version each shows."""

    @abstractmethod
    async def set_board_message(
        self,
        game_id: int,
        platform: str,
        chat_id: str,
        message_id: str,
        version: int = 0,
        thread_id: str | None = None,
    ) -> BoardMessage:
        """Remember the message that shows the game's board in a chat, and the game version
        it shows (one per game and chat: a new message replaces the old one), and the thread
        of the chat it is in (None keeps the one remembered: a board never leaves its
        thread)."""

    @abstractmethod
    async def board_messages(self, game_id: int) -> list[BoardMessage]:
        """Every chat message that shows this game's board."""

    @abstractmethod
    async def game_shown_by(self, platform: str, chat_id: str, message_id: str) -> int | None:
        """The game whose board this chat message showed, also after a newer message took
        its place; None for a message that never showed a board."""

    @abstractmethod
    async def games_seen_in(self, chat: ChatRef) -> list[int]:
        """The ids of the active games that live in `chat` or whose board it shows, oldest
        first: what that chat may see of the games being played (a chat's web page)."""

    @abstractmethod
    async def boards_behind(self, platform: str) -> list[tuple[int, str]]:
        """(game id, chat id) of every chat on `platform` whose board of an active game
        shows an older version than the stored one, or where the game lives and no board was
        shown yet: what a restart must bring up to date."""
