"""The `Store` interface: everything the rest of damas-bot may ask of storage (its records are in
storage/records.py, its errors in storage/errors.py).

Nothing here is specific to SQLite, so that another engine (PostgreSQL) can implement `Store`
and nothing above storage/ notices. Storage knows games only as text: a kind (a registry key
such as "brazilian" or "ludo"), options (a JSON object), a snapshot (text) and the move log
(notation strings). The move log is the truth; the snapshot is a cache that the service may
rebuild by replaying the log and store back with `Store.replace_snapshot`.

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
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime, timedelta
from types import TracebackType
from typing import Any, Literal, Self

from storage.records import (
    BoardMessage,
    Challenge,
    ChatRef,
    ClockRecord,
    GameChange,
    GameRecord,
    GameResult,
    GameStatus,
    Identity,
    MoveRecord,
    NextClock,
    NoticeRecord,
    Player,
    RatedGameRecord,
    RatingChangeRecord,
    RatingRecord,
    SeatRecord,
    VacationRecord,
)
from storage.tournament_records import (
    EntryRecord,
    NewTableGame,
    RoundStart,
    TournamentFacts,
    TournamentRecord,
    TournamentStatus,
)

# How long a claim of a notice holds (Store.claim_notice): far longer than a delivery takes,
# short enough that a notice whose process died goes out soon after.
NOTICE_LEASE = timedelta(seconds=60)
# The kinds of the notices that ping a player whose turn waits: "turn:PLY" (Store.queue_turn_ping).
TURN_PING = "turn:"


class Store(ABC):
    """Everything damas-bot stores. Safe for many concurrent asyncio tasks in one process and
    for several processes on one database. Use as `async with await open_store(path) as store`
    or call `close()`."""

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

    # Players ---------------------------------------------------------------------------------

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
    async def set_language(self, player_id: int, language: str) -> Player:
        """Store the player's chosen language (NotFound if no such player)."""

    @abstractmethod
    async def set_active_game(self, player_id: int, game_id: int | None) -> Player:
        """Set or clear the game the player's commands go to (NotFound if the player or the
        game does not exist)."""

    @abstractmethod
    async def known_player(self, platform: str, user_id: str) -> Player | None:
        """The player behind a platform account, None if the account was never seen (nothing
        is created: someone looked up, not someone who acts)."""

    @abstractmethod
    async def set_private_chat(self, platform: str, user_id: str, chat_id: str | None) -> None:
        """Remember (or with None forget) the private chat of an account (NotFound if the
        account was never seen)."""

    @abstractmethod
    async def identities(self, player_id: int) -> list[Identity]:
        """The player's platform accounts, ordered by platform and user id."""

    # Games -----------------------------------------------------------------------------------

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

    # Clocks, vacations, notices, links ------------------------------------------------------

    @abstractmethod
    async def clock(self, game_id: int) -> ClockRecord | None:
        """The clock of the game's current turn, or None (no time control, or game over)."""

    @abstractmethod
    async def due_clocks(self, now: datetime) -> list[ClockRecord]:
        """The running clocks whose deadline has passed."""

    @abstractmethod
    async def clocks_to_remind(
        self, now: datetime, name: str, before: timedelta
    ) -> list[ClockRecord]:
        """Running clocks whose deadline is at most `before` away, whose turn is longer than
        `before`, and whose reminder `name` was not sent yet in this turn."""

    @abstractmethod
    async def next_wakeup(self, reminders: dict[str, timedelta]) -> datetime | None:
        """The earliest moment something falls due: a deadline, a reminder of `reminders`
        (name -> time before the deadline) not yet sent, the planned end of a vacation, the end
        of the lease of a notice claimed and not sent, the moment a queued notice falls due."""

    @abstractmethod
    async def remind(self, game_id: int, seat: int, name: str, player_id: int | None) -> bool:
        """Mark reminder `name` sent for the turn of `seat` and queue its notice for
        `player_id` (None: the player muted reminders, mark only), in one transaction; False
        (and nothing done) if it was marked already or the turn is over."""

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

    @property
    @abstractmethod
    def shared(self) -> bool:
        """Whether other bot processes may use this database too (PostgreSQL), so that their
        changes are worth following; SQLite serves one process."""

    @abstractmethod
    async def last_change(self) -> int:
        """The id of the newest game change (0 if none): where to start following."""

    @abstractmethod
    async def changes_elsewhere(self, after: int) -> list[GameChange]:
        """The game changes after id `after` that other stores (other processes) wrote,
        oldest first (the last 10,000 changes are kept). A change committed late may carry a
        smaller id than one already read: callers read again from a little before their last
        id and skip versions they showed (bot/service/elsewhere.py)."""

    @abstractmethod
    def follow_changes(self, wake: Callable[[], None]) -> AbstractAsyncContextManager[None]:
        """While the block runs, call `wake` when another process may have changed a game,
        and after a lost connection to the database came back (read the changes then).
        Nothing where one process has the database (SQLite)."""

    @abstractmethod
    async def start_vacation(self, player_id: int, ends_at: datetime) -> VacationRecord:
        """Start a vacation until `ends_at`, stopping the clocks of the player's turns, in one
        transaction. OnVacation if one is going on."""

    @abstractmethod
    async def end_vacation(self, player_id: int) -> VacationRecord | None:
        """End the player's vacation now and restart the clocks it stopped; None if the player
        was not on vacation."""

    @abstractmethod
    async def vacations(self, player_id: int, since: datetime) -> list[VacationRecord]:
        """The player's vacations that went on at any time since `since`, oldest first."""

    @abstractmethod
    async def vacations_due(self, now: datetime) -> list[VacationRecord]:
        """The vacations going on whose planned end has come."""

    @abstractmethod
    async def set_reminders(self, player_id: int, on: bool) -> Player:
        """Mute (False) or unmute the reminders before deadlines."""

    @abstractmethod
    async def create_link_code(self, player_id: int, code: str, expires_at: datetime) -> None:
        """Store a one-time code that links another account to this player."""

    @abstractmethod
    async def link_identity(self, code: str, platform: str, user_id: str) -> Player:
        """Use a link code: the account (platform, user_id) and everything of its player
        (games, challenges, vacations) move to the code's player, in one transaction; the code
        is spent. LinkRefused if the code is unknown or expired, or the two players sit in one
        game together."""

    # Board messages --------------------------------------------------------------------------

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
    async def boards_behind(self, platform: str) -> list[tuple[int, str]]:
        """(game id, chat id) of every chat on `platform` whose board of an active game
        shows an older version than the stored one, or where the game lives and no board was
        shown yet: what a restart must bring up to date."""

    # Chats -----------------------------------------------------------------------------------

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

    # Challenges ------------------------------------------------------------------------------

    @abstractmethod
    async def create_challenge(
        self,
        kind: str,
        options: dict[str, Any],
        challenger_id: int,
        chat: ChatRef,
        *,
        opponent_id: int | None = None,
        vs_computer: str | None = None,
        rated: bool = True,
    ) -> Challenge:
        """Store an open challenge (to one opponent, to anyone in the chat when `opponent_id`
        is None, or to a computer); `rated` is what the challenger asked."""

    @abstractmethod
    async def get_challenge(self, challenge_id: int) -> Challenge:
        """The challenge with this id, or NotFound."""

    @abstractmethod
    async def resolve_challenge(
        self,
        challenge_id: int,
        status: Literal["accepted", "declined", "cancelled"],
        game_id: int | None = None,
    ) -> Challenge:
        """Close an open challenge, atomically: of two concurrent calls exactly one wins and the
        other gets ChallengeNotOpen. `game_id` (only with "accepted") links the game."""

    @abstractmethod
    async def join_challenge(self, challenge_id: int, player_id: int, capacity: int) -> Challenge:
        """Add a player to an open challenge's entrants, atomically: a player joins once, and
        never more than `capacity` entrants (ChallengeFull). ChallengeNotOpen if it is closed."""

    @abstractmethod
    async def open_challenges(self, chat: ChatRef) -> list[Challenge]:
        """The open challenges of a chat, oldest first."""

    # Ratings ---------------------------------------------------------------------------------
    # A rated game's changes are written when it ends, by the game-end write that
    # `ratings_at_game_end` (storage/sql/ratings.py) makes; these read and rebuild them.

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

    # Tournaments -----------------------------------------------------------------------------

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
        self, tournament_id: int, seed: str, commitment: str, numbers: Mapping[int, int]
    ) -> TournamentRecord:
        """Close registration: the status becomes running, with the seed and its commitment
        and each entry's number (entry id -> number), once (TournamentRefused
        "not_registering" for a second start)."""

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
