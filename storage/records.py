"""The records storage returns: immutable snapshots of rows (reading one never keeps anything
in memory), and the statuses of games and challenges."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal, TypedDict

GameStatus = Literal["active", "finished", "aborted"]
ChallengeStatus = Literal["open", "accepted", "declined", "cancelled"]

GAME_STATUSES: tuple[GameStatus, ...] = ("active", "finished", "aborted")
CHALLENGE_STATUSES: tuple[ChallengeStatus, ...] = ("open", "accepted", "declined", "cancelled")


class GameResult(TypedDict):
    """How a game ended: the winning seats (none = a draw) and a reason such as "no_moves",
    "resigned", "draw_agreed", "timeout" or "aborted"."""

    winners: list[int]
    reason: str


@dataclass(frozen=True, slots=True)
class ChatRef:
    """A chat (a Telegram chat, a Discord channel, the console) on one platform."""

    platform: str
    chat_id: str


@dataclass(frozen=True, slots=True)
class Player:
    """A person, whatever platforms they use. `language` is None until known."""

    id: int
    display_name: str
    language: str | None
    active_game_id: int | None
    # False when the player muted the reminders before deadlines.
    reminders: bool = True


@dataclass(frozen=True, slots=True)
class Identity:
    """One account of a player on one platform."""

    platform: str
    user_id: str
    player_id: int
    display_name: str
    # Where the bot can write to this account privately; None until the platform allows it.
    private_chat_id: str | None = None
    # When the player last acted through this account (reminders go where they are).
    last_seen_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """Who sits at one seat of a game: a player, a computer (its level or agent name), or
    nobody yet (both None)."""

    seat: int
    player_id: int | None
    computer: str | None = None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One stored game. `snapshot` is the cached position after the last move."""

    id: int
    kind: str
    options: dict[str, Any]
    status: GameStatus
    version: int
    result: GameResult | None
    snapshot: str
    seats: tuple[SeatRecord, ...]
    chat: ChatRef | None
    draw_offer: int | None
    created_at: datetime
    updated_at: datetime
    # Whether the game changes its players' ratings (decided when it starts).
    rated: bool = False
    # The seat that asks to take its last move back (casual games).
    takeback_offer: int | None = None


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One entry of a game's move log. `seat` may be the chance seat (-1) for a die roll, whose
    `player_id` is then None."""

    ply: int
    notation: str
    seat: int
    player_id: int | None
    played_at: datetime


@dataclass(frozen=True, slots=True)
class BoardMessage:
    """Where the board of a game is shown: one message per game and chat, the game
    version it shows, and the thread of the chat it is in (None: the chat itself)."""

    game_id: int
    platform: str
    chat_id: str
    message_id: str
    version: int = 0
    thread_id: str | None = None


@dataclass(frozen=True, slots=True)
class Challenge:
    """An invitation to play. `opponent_id` None means anyone in the chat may accept;
    `vs_computer` names the computer opponent instead of a person."""

    id: int
    kind: str
    options: dict[str, Any]
    challenger_id: int
    opponent_id: int | None
    vs_computer: str | None
    chat: ChatRef
    status: ChallengeStatus
    game_id: int | None
    created_at: datetime
    # The players who joined an open table (a challenge to anyone), in the order they came.
    entrants: tuple[int, ...] = ()
    # What the challenger asked: a rated game (the default) or a casual one.
    rated: bool = True


@dataclass(frozen=True, slots=True)
class NextClock:
    """The clock of the turn that starts: `seat` has `per_move` to act. Storage starts it
    stopped if that seat's player is on vacation."""

    seat: int
    per_move: timedelta


@dataclass(frozen=True, slots=True)
class ClockRecord:
    """The clock of a game's current turn. `due_at` is None while it is stopped (its player is
    on vacation), and `remaining` then says how much time was left."""

    game_id: int
    seat: int
    per_move: timedelta
    due_at: datetime | None
    remaining: timedelta | None
    reminded: frozenset[str]

    def time_left(self, now: datetime) -> timedelta:
        if self.due_at is None:
            assert self.remaining is not None
            return self.remaining
        return self.due_at - now


@dataclass(frozen=True, slots=True)
class VacationRecord:
    """A player's vacation: from `started_at` to `ends_at` as planned, `ended_at` when over."""

    id: int
    player_id: int
    started_at: datetime
    ends_at: datetime
    ended_at: datetime | None


@dataclass(frozen=True, slots=True)
class NoticeRecord:
    """A message for a player decided by the scheduler (a reminder, a timeout, a turn ping),
    waiting to be delivered (`sent_at` None) or delivered; not before `due_at` (None: at
    once)."""

    id: int
    player_id: int
    game_id: int | None
    kind: str
    created_at: datetime
    sent_at: datetime | None
    due_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class RatingRecord:
    """A player's rating in one pool (a key such as "brazilian/live"). A number that does not
    decode reads as NaN and a bad count as -1, so that the service can see the row is
    damaged and rebuild it."""

    player_id: int
    pool: str
    rating: float
    deviation: float
    volatility: float
    games: int
    last_played: datetime | None


@dataclass(frozen=True, slots=True)
class RatingChangeRecord:
    """What one rated game changed in one player's rating."""

    game_id: int
    player_id: int
    pool: str
    rating_before: float
    deviation_before: float
    volatility_before: float
    rating_after: float
    deviation_after: float
    volatility_after: float
    changed_at: datetime


@dataclass(frozen=True, slots=True)
class RatedGameRecord:
    """A finished rated game with the number of moves each seat made (fewer than two: the
    game was aborted for the ratings)."""

    game: GameRecord
    seat_moves: dict[int, int]


@dataclass(frozen=True, slots=True)
class GameChange:
    """A new version of a game, written by another process (see `Store.changes_elsewhere`)."""

    id: int
    game_id: int
    version: int


PuzzleStatus = Literal["open", "solved", "failed", "left"]


@dataclass(frozen=True, slots=True)
class Glicko:
    """A Glicko-2 rating as stored: rating, deviation, volatility."""

    rating: float
    deviation: float
    volatility: float


@dataclass(frozen=True, slots=True)
class NewPuzzle:
    """A puzzle to add: its position, the line (the solver's moves and the answers, in turn),
    its themes, the men it wins and where it was found."""

    variant: str
    fen: str
    line: tuple[str, ...]
    themes: tuple[str, ...]
    gain: int
    source: str


@dataclass(frozen=True, slots=True)
class PuzzleRecord:
    id: int
    puzzle: NewPuzzle
    rating: Glicko


@dataclass(frozen=True, slots=True)
class PuzzleAttempt:
    """A player's try at a puzzle: `step` solver moves found so far."""

    id: int
    puzzle_id: int
    player_id: int
    chat: ChatRef
    step: int
    status: PuzzleStatus


@dataclass(frozen=True, slots=True)
class PuzzleRating:
    """A player's puzzle rating in one variant's pool, and their tally there."""

    variant: str
    rating: Glicko
    solved: int
    failed: int


@dataclass(frozen=True, slots=True)
class DailyPuzzle:
    """A chat's daily puzzle: the variant, posted at `hour` (UTC)."""

    chat: ChatRef
    variant: str
    hour: int


WebSessionKind = Literal["link", "session"]


@dataclass(frozen=True, slots=True)
class WebSessionRecord:
    """A sign-in to the web companion: a personal link ("link", used once) or the session it
    opened ("session"), by the SHA-256 of its token; for one person on one platform."""

    token_hash: str
    kind: WebSessionKind
    platform: str
    user_id: str
    display_name: str
    expires_at: datetime
