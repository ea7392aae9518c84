"""The Draughts family: every draughts variant, two seats, White (0) and Black (1); the
soffio of the familiar game told as it happens; PDN; a computer with levels that searches."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC
from typing import Any, ClassVar

from bot.i18n import Text, quote, text, translate
from bot.i18n.game_messages import error_text, message_text
from bot.render import render_draughts
from bot.render.svg import draughts_svg
from bot.service.kernel.display.choices import MoveChoice
from bot.service.kernel.events import GameState, ServiceError
from bot.service.kernel.families.base import Family, reason_text
from bot.service.kernel.families.draughts_ballots import (
    BALLOT_OPTION,
    BALLOT_WORDS,
    ballot_note,
    ballot_options,
)
from bot.service.kernel.families.draughts_boards import (
    draughts_choice,
    draughts_side,
    draughts_text_board,
    draughts_view,
    starting_options,
)
from bot.service.kernel.families.draughts_rules import draughts_rules
from bot.service.kernel.words.levels import computer_label, computer_name
from bot.service.kernel.words.near_miss import with_nearest
from games.base import AnyGame, GameError, GameKind, find_game
from games.damas import RULES, Position
from games.damas.messages import SIDES
from games.damas.pdn import UNKNOWN_RESULT, PdnGame, is_huff
from games.damas.pdn_write import result_notation, write_game
from games.messages import Message

# The option that shows square numbers on boards whose squares are named a1..h8.
NUMBER_WORDS = frozenset({"numbers", "numeros", "números", "numeri"})


class Draughts(Family):
    """Every draughts variant: two seats, White (0) and Black (1)."""

    games = frozenset(RULES)
    option_words = NUMBER_WORDS | BALLOT_WORDS
    option_keys = ("numbers", "ballot", "fen=")
    TITLES: ClassVar[Mapping[str, Text]] = {
        "brazilian": text("Brazilian draughts"),
        "international": text("International draughts"),
        "italian": text("Italian draughts"),
        "italian-familiar": text("Italian draughts with the soffio"),
    }

    def title(self, kind: GameKind) -> Text:
        return self.TITLES.get(kind.key, text("{name}", name=kind.key))

    def new_options(
        self, kind: GameKind, players: int | None, words: Sequence[str]
    ) -> dict[str, Any]:
        if players not in (None, 2):
            raise ServiceError(text("Draughts is for two players."))
        options: dict[str, Any] = {}
        for word in words:
            if word.lower() in NUMBER_WORDS:
                options["numbers"] = True  # square numbers on a board named a1..h8
                continue
            name, equals, value = word.partition("=")
            if name.lower() in BALLOT_WORDS:
                options |= ballot_options(kind, value if equals else None)
            elif name.lower() == "fen" and equals:
                options["fen"] = _checked_fen(kind, value)
            else:
                refusal = text(
                    "Draughts has no option {option}; to start from a position write "
                    "fen=W:W31,32:B1,2, to draw the opening write {=ballot}, to show square "
                    "numbers write {=numbers}.",
                    option=quote(word),
                )
                raise ServiceError(with_nearest(refusal, word, self.option_keys))
        if BALLOT_OPTION in options and any(word.lower().startswith("fen=") for word in words):
            refusal = text("A ballot sets the starting position: write {=ballot} or fen=.")
            raise ServiceError(refusal)
        return options

    def rules_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return starting_options(options)

    def opening_note(self, state: GameState) -> Text | None:
        return ballot_note(find_game(state.record.kind), state.record.options)

    def rules_text(self, kind: GameKind, options: Mapping[str, object] | None) -> list[Text]:
        return draughts_rules(RULES[kind.key])

    def headline(self, state: GameState, notation: str, seat: int, before: AnyGame) -> Text:
        """The move; in the familiar game also the soffio: a capture skipped (the opponent may
        huff the piece that should have captured, or play on) or a huff just made. Said of
        both players by name: everyone in the chat reads it."""
        name = self.seat_name(state, seat)
        offer = _huff_offer(state)
        if offer is not None and offer.key == "huffed":
            return text(
                "{name} huffed (soffio) the piece on {square} that should have captured; "
                "{name} now plays a move.",
                name=name,
                square=offer.params["square"],
            )
        played = self._played(state, notation, seat, before)
        if offer is None or not state.active:
            return played
        said = message_text(offer).values
        return text(
            "{played} Soffio: {erred} did not make the required capture: {huffer} may huff the "
            "piece on {squares} ({huffs}) or play on.",
            played=played,
            erred=self._named_side(state, seat),
            huffer=self._named_side(state, 1 - seat),
            squares=said["squares"],
            huffs=said["huffs"],
        )

    def addressed(
        self, state: GameState, notation: str, seat: int, before: AnyGame
    ) -> Mapping[int, Text]:
        """The soffio's offer as each player reads it where the reader is known (the
        console): to the one who skipped the capture, that his piece may be huffed; to the
        other, that he may huff it."""
        offer = _huff_offer(state)
        if offer is None or offer.key != "huff_offer" or not state.active:
            return {}
        played = self._played(state, notation, seat, before)
        said = message_text(offer).values
        squares, huffs = said["squares"], said["huffs"]
        return {
            seat: text(
                "{played} Soffio: you did not make the required capture: {huffer} may huff "
                "your piece on {squares} or play on.",
                played=played,
                huffer=self._named_side(state, 1 - seat),
                squares=squares,
            ),
            1 - seat: text(
                "{played} Soffio: {erred} did not make the required capture: you may huff "
                "the piece on {squares} ({huffs}) or play on.",
                played=played,
                erred=self._named_side(state, seat),
                squares=squares,
                huffs=huffs,
            ),
        }

    def _played(self, state: GameState, notation: str, seat: int, before: AnyGame) -> Text:
        return text(
            "{name} played {move}.",
            name=self.seat_name(state, seat),
            move=self.shown(notation, before),
        )

    def _named_side(self, state: GameState, seat: int) -> Text:
        """'caio (White)', 'Computer (easy, Black)': a draughts player with his colour."""
        name, side = self.seat_name(state, seat), message_text(SIDES[seat])
        if isinstance(name, Text):
            return computer_label(state.record.options, side)
        return text("{name} ({side})", name=name, side=side)

    def shown(self, notation: str, before: AnyGame) -> str:
        """A move as chat shows it: a capture with every square of its route (g3xe5xg7)."""
        if not isinstance(before, Position):
            return notation
        try:
            return before.route(before.parse(notation))
        except GameError:
            return notation

    def history(self, state: GameState) -> Text | str:
        """The moves numbered as PDN numbers them: a huff is no move of its own, it stands in
        brackets before the move of the side that made it (`3. 21-17 (soffio 23) 9-13`)."""
        record = state.record
        fen = record.options.get("fen")
        game = PdnGame({"FEN": fen} if fen else {}, state.log, variant=record.kind)
        position = find_game(record.kind).start(self.rules_options(record.options))
        units = []
        for index, notation in enumerate(state.log):
            number = game.move_number(index)
            after_huff = index > 0 and is_huff(state.log[index - 1])
            shown = f"({notation})" if is_huff(notation) else self.shown(notation, position)
            position = position.play(position.parse(notation))
            if index == 0 or (not number.endswith("...") and not after_huff):
                units.append(f"{number} {shown}")
            else:
                units.append(shown)
        return " ".join(units)

    def pdn(
        self,
        state: GameState,
        notations: Sequence[str],
        language: str | None = None,
        extra_tags: Mapping[str, str] | None = None,
    ) -> str | None:
        """The game in PDN; the computer named in `language`; `extra_tags` (a tournament's Event
        and Round) over the game's own."""
        rules = RULES[state.record.kind]
        record = state.record
        tags = {
            "Event": translate(language, text("damas-bot game")),
            "Site": f"{record.chat.platform}" if record.chat else "damas-bot",
            "Date": record.created_at.astimezone(UTC).strftime("%Y.%m.%d"),
            "Round": "-",
            "White": translate(language, self.seat_name(state, 0)),
            "Black": translate(language, self.seat_name(state, 1)),
            "Result": _pdn_result(rules.key, record.status, record.result),
            "GameType": str(rules.pdn_gametype),
        }
        if record.result is not None:
            tags["Termination"] = translate(language, reason_text(record.result["reason"]))
        if state.ratings:
            # The ratings the players brought to the game, as PGN's Elo tags hold them.
            tags["WhiteElo"] = str(state.ratings[0].before.value)
            tags["BlackElo"] = str(state.ratings[1].before.value)
        fen = record.options.get("fen")
        if fen:
            tags |= {"SetUp": "1", "FEN": fen}
        tags |= extra_tags or {}
        game = PdnGame(tags, tuple(notations), tags["Result"], rules.key)
        return write_game(game)

    def picture(self, state: GameState, viewer_seat: int | None) -> bytes:
        return render_draughts(draughts_view(state, viewer_seat))

    def svg(self, state: GameState, viewer_seat: int | None) -> str:
        return draughts_svg(draughts_view(state, viewer_seat))

    def text_board(self, state: GameState, viewer_seat: int | None, language: str | None) -> str:
        return draughts_text_board(state, viewer_seat, language)

    def move_choice(self, position: AnyGame, move: Any, index: int) -> MoveChoice:
        return draughts_choice(position, move, index)

    def side_name(self, state: GameState, seat: int) -> Text:
        return draughts_side(seat)

    def computer(self, state: GameState, seat: int) -> Text:
        return computer_name(state.record.options)

    def computer_label(self, state: GameState, seat: int) -> Text:
        """ "Computer (strong, Black)"."""
        return computer_label(state.record.options, self.side_name(state, seat))

    def computer_levels(self) -> bool:
        return True

    def computer_takes_time(self, state: GameState) -> bool:
        """A search takes seconds at the strong level, where there is a choice to make."""
        return len(state.position.legal_moves()) > 1


def _checked_fen(kind: GameKind, fen: str) -> str:
    try:
        kind.start({"fen": fen})
    except GameError as error:
        raise ServiceError(text("Bad FEN: {reason}", reason=error_text(error))) from None
    return fen


def _huff_offer(state: GameState) -> Message | None:
    """The soffio to tell of after a move (italian-familiar): offered, or just made."""
    position = state.position
    return position.huff_offer() if isinstance(position, Position) else None


def _pdn_result(variant: str, status: str, result: Mapping[str, Any] | None) -> str:
    if status != "finished" or result is None:
        return UNKNOWN_RESULT
    return result_notation(variant, frozenset(result["winners"]))
