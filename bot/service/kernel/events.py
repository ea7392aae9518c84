"""What the service tells its front ends: who is asking, the state of a game, and events.

A service call returns a list of events; work that finishes later (a computer's move) is
published to the subscribed front ends as the same kinds of events. Every front end can show
every event: text is a `Text` to translate for the reader, boards come with their game state.
Each event belongs to a platform (`platform_of`): the kernel routes by it, and bot/showing.py
hands each front end the events of its own, each kind to the front end's method for it (a
`match` over `Event` that ends in `assert_never`, so a new kind of event fails mypy until
every front end shows it).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import assert_never

from bot.i18n import Text, translate
from bot.service.kernel.display.choices import MoveChoice
from bot.service.kernel.players.names import checked_name
from competition.pairing.tournament import Format
from competition.rating import Shown
from games.base import AnyGame
from storage import Challenge, ChatRef, ClubMatchRecord, GameRecord, SimulRecord, TournamentRecord


def standings_clock() -> float:
    """When standings are read (TournamentUpdate.read_at): this process's monotonic clock,
    whose order alone counts."""
    return time.monotonic()


# The game option that names the tournament a game is a table of.
TOURNAMENT_OPTION = "tournament"
# The game options that name the simul a game is a board of, and the seat of its host.
SIMUL_OPTION = "simul"
SIMUL_HOST_OPTION = "simul_host"
# The game option that names the club match a game is one of.
CLUB_MATCH_OPTION = "club_match"
# The game option of an arena game's berserk seats ("0": True): each has half the time a move.
BERSERK_OPTION = "berserk"


@dataclass(frozen=True)
class Actor:
    """A person on a platform who issues a command. `language` is the platform's hint."""

    platform: str
    user_id: str
    display_name: str
    language: str | None = None

    def __post_init__(self) -> None:
        # Every name from a platform or /as passes here before it is stored or shown.
        object.__setattr__(self, "display_name", checked_name(self.display_name, self.user_id))


@dataclass(frozen=True)
class SeatRating:
    """A seat's rating in a rated game: before the game's end (now, while it goes on) and,
    once the end's change is stored, after it."""

    before: Shown
    after: Shown | None = None

    @property
    def change(self) -> int | None:
        return None if self.after is None else self.after.value - self.before.value


@dataclass(frozen=True)
class GameState:
    """A stored game with its position rebuilt, as front ends show it."""

    record: GameRecord
    position: AnyGame
    seat_names: tuple[str, ...]
    log: tuple[str, ...]
    # The clock of the turn, for games with a time control: whose time runs, how much is
    # left (when the state was read), and the seats whose players are on vacation.
    clock_seat: int | None = None
    time_left: timedelta | None = None
    away: frozenset[int] = frozenset()
    # One per seat in a rated game, none in a casual one.
    ratings: tuple[SeatRating, ...] = ()

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def last_move(self) -> str | None:
        return self.log[-1] if self.log else None

    @property
    def plies(self) -> int:
        return len(self.log)

    @property
    def active(self) -> bool:
        return self.record.status == "active"

    @property
    def tournament(self) -> int | None:
        """The tournament this game is a table of, or None."""
        tournament = self.record.options.get(TOURNAMENT_OPTION)
        return tournament if isinstance(tournament, int) else None

    @property
    def simul(self) -> int | None:
        """The simul this game is a board of, or None."""
        simul = self.record.options.get(SIMUL_OPTION)
        return simul if isinstance(simul, int) else None

    @property
    def club_match(self) -> int | None:
        """The club match this game is one of, or None."""
        match = self.record.options.get(CLUB_MATCH_OPTION)
        return match if isinstance(match, int) else None

    @property
    def simul_host(self) -> int | None:
        """The seat of the host of the simul this game is a board of, or None."""
        seat = self.record.options.get(SIMUL_HOST_OPTION)
        return seat if isinstance(seat, int) else None


@dataclass(frozen=True)
class GameRow:
    """One line of a list of games (a tournament's tables) and the game it is about, None when
    it has none yet or the reader may not see it: a page links only that id, never a number
    in the words (a name may be "Eve #3")."""

    text: Text
    game_id: int | None


@dataclass(frozen=True)
class TournamentRow:
    """One line of a list of tournaments (a chat's page, the open ones) and the tournament it
    is about, for a page to link; `open`: seen from every chat, so its link needs no
    signature."""

    text: Text
    tournament_id: int
    open: bool


@dataclass(frozen=True)
class TournamentPage:
    """A tournament's page on the web companion; `open`: seen from every chat, so its link
    needs no signature."""

    tournament_id: int
    open: bool


@dataclass(frozen=True)
class PlayerPage:
    """A player's page on the web companion, by one of his accounts; `chat`: where the link
    is given, whose games the page may link (None: only what every chat sees)."""

    platform: str
    user_id: str
    chat: ChatRef | None = None


@dataclass(frozen=True)
class ChatPage:
    """A chat's page on the web companion: its live games and tournaments."""

    chat: ChatRef


@dataclass(frozen=True)
class SignInPage:
    """A person's own link to the web companion (/web): `key` signs him in once, so only he
    may see it (the reply that has it is private)."""

    key: str


# What a reply is about that has a page of its own (docs/web.md); a front end with WEB_URL
# set links it under the reply.
WebPage = TournamentPage | PlayerPage | ChatPage | SignInPage


@dataclass(frozen=True)
class Reply:
    """Text for the person who issued the command only."""

    text: Text
    page: WebPage | None = None
    # For the person's eyes only (a sign-in link): a front end that answers in a shared
    # chat sends it privately instead.
    private: bool = False


@dataclass(frozen=True)
class BoardUpdate:
    """The board of a game changed (or was asked for): show it in `chat` with `headline`."""

    state: GameState
    headline: Text | None
    chat: ChatRef | None
    # The headline as the player of a seat reads it, for a front end that knows who reads
    # (the console): "you may huff ..." instead of "Bia may huff ...".
    addressed: Mapping[int, Text] = field(default_factory=dict)
    # A change another process made and showed where it serves the chat (several processes
    # on one database): shown here only where that process has not shown it yet.
    echo: bool = False


@dataclass(frozen=True)
class TurnNotice:
    """It is `player_id`'s turn in a game: tell them where they can read it. `platform` is
    where the player was seen last (the front end of that platform delivers it; None: any)."""

    state: GameState
    player_id: int
    platform: str | None = None


@dataclass(frozen=True)
class PlayerNotice:
    """A message for one player (a reminder before a deadline, a loss on time), to deliver
    privately where possible on `platform`, else with a mention in the game's chat."""

    player_id: int
    text: Text
    state: GameState | None
    platform: str | None = None


@dataclass(frozen=True)
class TurnPing(PlayerNotice):
    """A player's turn in a live game between people has waited a while (turn_pings.py):
    delivered like any notice, in a group as a new message (an edited board's mention
    notifies nobody) that answers the game's board."""


@dataclass(frozen=True)
class ChallengeUpdate:
    """A challenge was opened, accepted, declined or cancelled."""

    challenge: Challenge
    text: Text


@dataclass(frozen=True)
class PuzzleStep:
    """A puzzle's position as a picture shows it: its buttons offer `choices` as a game's
    board offers its moves (a piece, then its destination) and answer with the choice's
    `index` (`service.puzzles.press(actor, chat, puzzle_id, step, index)`)."""

    puzzle_id: int
    step: int  # the solver's moves found so far
    choices: tuple[MoveChoice, ...]
    # After a miss: a button shows the solution (`service.puzzles.reveal_press(actor, chat,
    # puzzle_id, step)`), as `/puzzle solution` does.
    retry: bool = False


@dataclass(frozen=True)
class FileReady:
    """A file for the person who asked (a PDN export, a picture); with `chat`, a picture
    posted in that chat by the service itself (the daily puzzle)."""

    name: str
    content: bytes
    caption: Text
    chat: ChatRef | None = None
    # A puzzle's picture: the moves its buttons answer with.
    puzzle: PuzzleStep | None = None


@dataclass(frozen=True)
class Profile:
    """A player's profile as a page shows it: the lines of /profile but his current games,
    which come as rows (each with its game where the reader may see it), and the chart."""

    lines: list[Reply]
    games: list[GameRow]
    chart: FileReady


@dataclass(frozen=True)
class TournamentUpdate:
    """News of a tournament for its chat (`tournament.chat`): opened, joined, a round that
    starts, the end. While `tournament.status` is "registering", a front end may offer join
    and leave buttons that call `service.tournament_join`/`tournament_leave` with its id.
    `leaderboard`: an arena's leaderboard, which replaces the one shown before (a front end
    edits one message per arena, as often as its chat allows) rather than news; `read_at`:
    when its standings were read (standings_clock), so that a front end never shows it after
    standings read later (two handlers' events may arrive in either order)."""

    tournament: TournamentRecord
    text: Text
    entries: int
    leaderboard: bool = False
    read_at: float = 0.0


def takes_entries(record: TournamentRecord) -> bool:
    """Whether a tournament's news offers Join and Leave: while it registers, and an arena
    under way too (joined at any time; leaving it is a break)."""
    under_way = record.status in ("running", "paused")
    return record.status == "registering" or (record.format == Format.ARENA and under_way)


@dataclass(frozen=True)
class SimulUpdate:
    """News of a simul for its chat (`simul.chat`): opened, joined, started, a board's
    result, the summary. While `simul.status` is "registering", a front end may offer Join
    and Leave buttons that call `service.simuls.join`/`leave` with its id."""

    simul: SimulRecord
    text: Text


@dataclass(frozen=True)
class SimulDesk:
    """The host's desk, for whoever asked: the boards that wait for the host, oldest first
    (`text`), and the one shown now (`game_id`; its `BoardUpdate` follows). When another
    board waits (`more`), a front end offers a button to it:
    `service.desks.desk(actor, chat, simul.id, after=game_id)`."""

    simul: SimulRecord
    text: Text
    game_id: int | None = None
    more: bool = False


@dataclass(frozen=True)
class ClubMatchUpdate:
    """News of a club match for one of its chats (`chat`, side A's or side B's: the service
    gives one event to each): opened, joined, signed, the start with its boards and coin
    tosses, a game's result, the end. `standings`: the match's score board, which replaces
    the one shown before in that chat (a front end edits one message, as often as the chat
    allows) rather than news, read at `read_at` (as TournamentUpdate's)."""

    match: ClubMatchRecord
    chat: ChatRef
    text: Text
    standings: bool = False
    read_at: float = 0.0


@dataclass(frozen=True)
class ComputerThinking:
    """The computer has begun to think about its move in a game (the strong level takes
    seconds): its chat shows that it is thinking (Telegram's chat action, Discord's typing,
    a line in the console) until the move comes."""

    state: GameState


Event = (
    Reply
    | BoardUpdate
    | TurnNotice
    | PlayerNotice
    | ChallengeUpdate
    | FileReady
    | TournamentUpdate
    | SimulUpdate
    | SimulDesk
    | ClubMatchUpdate
    | ComputerThinking
)


def platform_of(event: Event) -> str | None:
    """The platform whose front end shows an event: that of the chat it is shown in, or the
    player's last seen (a notice); None: the caller's, whichever it is (a reply, a file for
    whoever asked, a board asked for)."""
    match event:
        case BoardUpdate():
            return event.chat.platform if event.chat else None
        case TurnNotice() | PlayerNotice():
            return event.platform
        case ChallengeUpdate():
            return event.challenge.chat.platform
        case TournamentUpdate():
            return event.tournament.chat.platform
        case SimulUpdate():
            return event.simul.chat.platform
        case ClubMatchUpdate():
            return event.chat.platform
        case ComputerThinking():
            return event.state.record.chat.platform if event.state.record.chat else None
        case FileReady():
            return event.chat.platform if event.chat else None
        case Reply() | SimulDesk():
            return None
        case _:
            assert_never(event)


def belongs_to(event: Event, platform: str) -> bool:
    """Whether the front end of `platform` shows `event`: the kernel routes a call's events by
    it, and every front end shows by it (bot/showing.py)."""
    return platform_of(event) in (None, platform)


class ServiceError(Exception):
    """A request the service refuses, with the reason for the person who made it."""

    def __init__(self, reason: Text) -> None:
        super().__init__(translate("en", reason))
        self.reason = reason


class BoardChanged(ServiceError):
    """The board the person acted on is no longer current; `state` is the fresh one."""

    def __init__(self, reason: Text, state: GameState) -> None:
        super().__init__(reason)
        self.state = state
