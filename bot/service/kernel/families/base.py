"""The base of every family of games: what the families do alike, as defaults.

A family states only what its games do differently (as python-chess's variants override only
what their rules change): the abstract methods every game must answer its own way, and any
default its game does not share. The defaults are those of a two-seat game without dice,
levels or PDN, that ends by resignation and whose computer answers at once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from bot.i18n import Text, joined, text
from bot.service.kernel.display.choices import MoveChoice
from bot.service.kernel.events import GameState
from games.base import AnyGame, GameKind

REASONS: Mapping[str, Text] = {
    "no_pieces": text("no pieces left"),
    "no_moves": text("no move left"),
    "repetition": text("threefold repetition"),
    "king_moves_rule": text("only kings moved for too long"),
    "endgame_rule": text("the endgame was not won in time"),
    "insufficient_material": text("only kings that cannot win are left"),
    "resignation": text("resignation"),
    "agreement": text("agreed draw"),
    "timeout": text("time ran out"),
    "all_home": text("all pawns home"),
    "team_home": text("the team brought all pawns home"),
    "others_left": text("everyone else left"),
    "team_left": text("the other team left"),
    "no_show": text("no show (forfeit)"),
    "withdrawn": text("withdrawal from the tournament (forfeit)"),
    "settled": text("settled by the organiser"),
}


@dataclass(frozen=True)
class Turn:
    """One player's turn as a page lists it, a row each (Ludo's hundreds of rolls): who,
    what the dice gave, what he played."""

    player: Text | str
    rolls: str
    moves: Text | str


def reason_text(reason: str) -> Text:
    return REASONS.get(reason, text("{reason}", reason=reason.replace("_", " ")))


class Family(ABC):
    """What the service asks of a family of games (bot.service.kernel.families finds a game's
    family by its kind's key)."""

    # The keys of the game kinds (games.base) this family plays.
    games: ClassVar[frozenset[str]]
    # The words of /new this family reads as its options: never taken for a mistyped level.
    option_words: ClassVar[frozenset[str]] = frozenset()
    # The same options as the near-miss suggestions name them: keys of bot/i18n/commands.py's
    # `WORDS`, said in the reader's language ("fen=" is every language's).
    option_keys: ClassVar[tuple[str, ...]] = ()

    # -- what every family states ------------------------------------------------------------

    @abstractmethod
    def title(self, kind: GameKind) -> Text:
        """The game's name for people ("Brazilian draughts")."""

    @abstractmethod
    def new_options(
        self, kind: GameKind, players: int | None, words: Sequence[str]
    ) -> dict[str, Any]:
        """The options of a new game from what /new says (ServiceError if they are wrong)."""

    @abstractmethod
    def rules_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options the game's rules start (and replay) a position with."""

    @abstractmethod
    def rules_text(self, kind: GameKind, options: Mapping[str, object] | None) -> list[Text]:
        """The game explained (/rules); with a game's rule options, those in force."""

    @abstractmethod
    def headline(self, state: GameState, notation: str, seat: int, before: AnyGame) -> Text:
        """What a move did, said to everyone in the chat."""

    @abstractmethod
    def shown(self, notation: str, before: AnyGame) -> Text | str:
        """A move as chat shows it."""

    @abstractmethod
    def history(self, state: GameState) -> Text | str:
        """The moves of the game in one text."""

    # The boards, as bot.service.boards hands them to every front end.
    @abstractmethod
    def picture(self, state: GameState, viewer_seat: int | None) -> bytes: ...

    @abstractmethod
    def svg(self, state: GameState, viewer_seat: int | None) -> str: ...

    @abstractmethod
    def text_board(
        self, state: GameState, viewer_seat: int | None, language: str | None
    ) -> str: ...

    @abstractmethod
    def move_choice(self, position: AnyGame, move: Any, index: int) -> MoveChoice:
        """A legal move as buttons offer it."""

    @abstractmethod
    def side_name(self, state: GameState, seat: int) -> Text:
        """A seat by its side ("White", "Red")."""

    @abstractmethod
    def computer(self, state: GameState, seat: int) -> Text:
        """A computer seat's player as people read it ("Computer (strong)")."""

    # -- the defaults ------------------------------------------------------------------------

    def prepare(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options completed as the game is created (a draw, a secret)."""
        return options

    def seat_count(self, options: Mapping[str, Any]) -> int:
        return 2

    def turns(self, state: GameState, players: Sequence[Text | str]) -> Sequence[Turn]:
        """The moves by turn, a row each, for a game whose `history` is too long to read as
        one text; none where that text reads well (numbered draughts moves). `players`
        names each seat as the row shows it ("Ana (Red)")."""
        return ()

    def computer_name(self, level: str) -> str:
        """A computer seat's name as stored."""
        return "Computer"

    def roller(self, position: AnyGame) -> int:
        """The seat a roll of the dice is for."""
        raise AssertionError(f"{type(self).__name__} has no dice")

    def draw_roll(self, state: GameState) -> str:
        """The next roll of the game's dice, as a move's notation."""
        raise AssertionError(f"{type(self).__name__} has no dice")

    def no_roll_due(self, state: GameState) -> Text:
        """The refusal of /roll where no roll is due."""
        return text("No roll is due now: play your move.")

    def multi_seat(self, state: GameState) -> bool:
        """Whether players may leave while the others play on."""
        return False

    def leave(self, state: GameState, seat: int) -> Any:
        """The move by which a seat leaves a game that goes on without it."""
        raise AssertionError(f"a game of {type(self).__name__} ends by resignation")

    def seats_left(self, state: GameState) -> frozenset[int]:
        return frozenset()

    def addressed(
        self, state: GameState, notation: str, seat: int, before: AnyGame
    ) -> Mapping[int, Text]:
        """What a move tells a player in words of his own, where the reader is known."""
        return {}

    def result_text(self, state: GameState) -> Text:
        """How the game ended: who won and why, a draw, or an abort."""
        result = state.record.result
        if state.record.status == "aborted" or result is None:
            return text("Game #{game} was aborted.", game=state.id)
        reason = reason_text(result["reason"])
        if not result["winners"]:
            return text("Game #{game} is drawn: {reason}.", game=state.id, reason=reason)
        names = joined([self.seat_name(state, seat) for seat in result["winners"]], " & ")
        return text(
            "{names} won game #{game}: {reason}.", names=names, game=state.id, reason=reason
        )

    def opening_note(self, state: GameState) -> Text | None:
        """What the game's first board says below it."""
        return None

    def closing_note(self, state: GameState) -> Text | None:
        """What the game's end says below the result."""
        return None

    def caption_note(self, state: GameState) -> Text | None:
        """What every board's caption adds (the options in force)."""
        return None

    def pdn(
        self,
        state: GameState,
        notations: Sequence[str],
        language: str | None = None,
        extra_tags: Mapping[str, str] | None = None,
    ) -> str | None:
        """The game in PDN, where the family has it."""
        return None

    def computer_label(self, state: GameState, seat: int) -> Text:
        """A computer seat named with its side."""
        return self.computer(state, seat)

    def computer_levels(self) -> bool:
        """Whether people choose the computer's level."""
        return False

    def computer_takes_time(self, state: GameState) -> bool:
        """Whether the computer's choice of its next move takes long enough that people are
        told it is thinking."""
        return False

    def in_tournaments(self) -> bool:
        """Whether tournaments take the game (their pairings are of two players)."""
        return True

    def seat_name(self, state: GameState, seat: int) -> Text | str:
        """A seat's player as people read it: the person's name, or the computer in the
        reader's language."""
        record = state.record.seats[seat] if seat < len(state.record.seats) else None
        if record is None or record.player_id is not None or record.computer is None:
            return state.seat_names[seat]
        return self.computer(state, seat)

    def seat_names(self, state: GameState) -> list[Text | str]:
        return [self.seat_name(state, seat) for seat in range(len(state.seat_names))]
