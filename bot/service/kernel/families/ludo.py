"""The Ludo family: 2 to 4 seats, committed dice, players that may leave while others play
on, and a computer named by its colour that plays at the level chosen and answers at once."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Text, quote, text
from bot.i18n.game_messages import error_text
from bot.render import render_ludo
from bot.render.svg import ludo_svg
from bot.service.kernel.display.choices import MoveChoice
from bot.service.kernel.events import GameState, ServiceError
from bot.service.kernel.families.base import Family, Turn
from bot.service.kernel.families.dice_words import closing_note, opening_note
from bot.service.kernel.families.ludo_boards import (
    ludo_choice,
    ludo_side,
    ludo_text_board,
    ludo_view,
)
from bot.service.kernel.families.ludo_rules import ludo_rules
from bot.service.kernel.families.ludo_words import (
    ludo_headline,
    ludo_history,
    ludo_turns,
    next_step,
    options_note,
    shown_ludo_move,
)
from bot.service.kernel.words.near_miss import with_nearest
from games.base import AnyGame, BadSnapshot, GameKind
from games.ludo import LudoPosition, LudoRules
from games.ludo.dice import commitment, new_seed, roll

OPTION_WORDS: Mapping[str, str] = {
    "three-sixes": "three_sixes",
    "tres-seis": "three_sixes",
    "tre-sei": "three_sixes",
    "towers-block": "towers_block",
    "torres-bloqueiam": "towers_block",
    "torri-bloccano": "towers_block",
    "teams": "teams",
    "equipes": "teams",
    "duplas": "teams",
    "squadre": "teams",
}


class Ludo(Family):
    """Ludo: 2 to 4 seats, committed dice, players that may leave while others play on."""

    games = frozenset({"ludo"})
    option_words = frozenset(OPTION_WORDS)
    option_keys = ("three-sixes", "towers-block", "teams")

    def title(self, kind: GameKind) -> Text:
        return text("Ludo")

    def new_options(
        self, kind: GameKind, players: int | None, words: Sequence[str]
    ) -> dict[str, Any]:
        options: dict[str, Any] = {"players": players or 4}
        for word in words:
            option = OPTION_WORDS.get(word.lower())
            if option is None:
                refusal = text(
                    "Ludo options: {=three-sixes}, {=towers-block}, {=teams} (not {option}).",
                    option=quote(word),
                )
                raise ServiceError(with_nearest(refusal, word, self.option_keys))
            options[option] = True
        try:
            LudoRules.from_options(options)
        except BadSnapshot as error:
            raise ServiceError(error_text(error)) from None
        return {"rules": options}

    def prepare(self, options: dict[str, Any]) -> dict[str, Any]:
        """Draw the first player and commit to the dice: the seed stays secret until the end,
        its SHA-256 is published at once."""
        rules = dict(options["rules"])
        rules["first_seat"] = secrets.randbelow(rules["players"])
        seed = new_seed()
        return {**options, "rules": rules, "seed": seed.hex(), "commitment": commitment(seed)}

    def rules_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return dict(options.get("rules", {}))

    def rules_text(self, kind: GameKind, options: Mapping[str, object] | None) -> list[Text]:
        return ludo_rules(options)

    def seat_count(self, options: Mapping[str, Any]) -> int:
        return int(options["rules"]["players"])

    def roller(self, position: AnyGame) -> int:
        assert isinstance(position, LudoPosition)
        return position.turn

    def draw_roll(self, state: GameState) -> str:
        """The next roll of the game's committed dice: roll number i is the i-th of the log."""
        seed = bytes.fromhex(state.record.options["seed"])
        rolls_so_far = sum(1 for notation in state.log if notation.startswith("roll"))
        return f"roll {roll(seed, rolls_so_far)}"

    def no_roll_due(self, state: GameState) -> Text:
        """The refusal with what the player does instead: the only move, or the moves."""
        assert isinstance(state.position, LudoPosition)
        return text("No roll is due now. {next}", next=next_step(state.position))

    def multi_seat(self, state: GameState) -> bool:
        return True

    def leave(self, state: GameState, seat: int) -> Any:
        assert isinstance(state.position, LudoPosition)
        return state.position.leave(seat)

    def seats_left(self, state: GameState) -> frozenset[int]:
        assert isinstance(state.position, LudoPosition)
        return state.position.left

    def headline(self, state: GameState, notation: str, seat: int, before: AnyGame) -> Text:
        return ludo_headline(state, notation, seat, before, self.seat_names(state))

    def shown(self, notation: str, before: AnyGame) -> Text | str:
        return shown_ludo_move(notation)

    def opening_note(self, state: GameState) -> Text | None:
        return opening_note(state)

    def closing_note(self, state: GameState) -> Text | None:
        return closing_note(state)

    def caption_note(self, state: GameState) -> Text | None:
        return options_note(state.record.options.get("rules", {}))

    def history(self, state: GameState) -> Text:
        return ludo_history(state, self.seat_names(state))

    def turns(self, state: GameState, players: Sequence[Text | str]) -> list[Turn]:
        return ludo_turns(state, players)

    def picture(self, state: GameState, viewer_seat: int | None) -> bytes:
        return render_ludo(ludo_view(state, viewer_seat))

    def svg(self, state: GameState, viewer_seat: int | None) -> str:
        return ludo_svg(ludo_view(state, viewer_seat))

    def text_board(self, state: GameState, viewer_seat: int | None, language: str | None) -> str:
        return ludo_text_board(state, viewer_seat, language)

    def move_choice(self, position: AnyGame, move: Any, index: int) -> MoveChoice:
        return ludo_choice(position, move, index)

    def side_name(self, state: GameState, seat: int) -> Text:
        return ludo_side(state, seat)

    def computer(self, state: GameState, seat: int) -> Text:
        """Named by its colour: several computers may play."""
        return text("Computer ({colour})", colour=self.side_name(state, seat))

    def computer_levels(self) -> bool:
        return True

    def in_tournaments(self) -> bool:
        return False  # the pairings are of two players with a result each
