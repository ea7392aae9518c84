"""What the service knows about each family of games (draughts, Ludo), in one place each.

The service itself handles every game the same way through games.base; the few things that
differ (the options a game is created with, the dice, names of seats, PDN export, how a
result reads, the boards: picture, text, the moves as buttons offer them) are the methods of a
`Family`. Front ends never ask which family a game is: they ask bot.service.boards, which asks
the family.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from datetime import UTC
from typing import Any, Protocol

from bot.i18n import Text, joined, quote, text, translate
from bot.i18n.game_messages import error_text, message_text
from bot.render import render_draughts, render_ludo
from bot.render.svg import draughts_svg, ludo_svg
from bot.service.kernel.display import draughts_boards, ludo_boards
from bot.service.kernel.display.choices import MoveChoice
from bot.service.kernel.events import GameState, ServiceError
from bot.service.kernel.words.dice_words import closing_note, opening_note
from bot.service.kernel.words.levels import computer_label, computer_name
from bot.service.kernel.words.ludo_words import (
    ludo_headline,
    ludo_history,
    options_note,
    shown_ludo_move,
)
from bot.service.kernel.words.near_miss import with_nearest
from games.base import AnyGame, BadSnapshot, GameError, GameKind, find_game
from games.damas import RULES as DRAUGHTS_RULES
from games.damas import Position
from games.damas.messages import SIDES
from games.damas.pdn import UNKNOWN_RESULT, PdnGame, is_huff
from games.damas.pdn_write import result_notation, write_game
from games.ludo import LudoPosition, LudoRules
from games.ludo.dice import commitment, new_seed, roll
from games.messages import Message

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
}


def reason_text(reason: str) -> Text:
    return REASONS.get(reason, text("{reason}", reason=reason.replace("_", " ")))


class Family(Protocol):
    def title(self, kind: GameKind) -> Text: ...
    def new_options(
        self, kind: GameKind, players: int | None, words: Sequence[str]
    ) -> dict[str, Any]: ...
    def prepare(self, options: dict[str, Any]) -> dict[str, Any]: ...
    def rules_options(self, options: Mapping[str, Any]) -> dict[str, Any]: ...
    def seat_count(self, options: Mapping[str, Any]) -> int: ...
    def computer_name(self, level: str) -> str: ...
    def roller(self, position: AnyGame) -> int: ...
    def draw_roll(self, state: GameState) -> str: ...
    def multi_seat(self, state: GameState) -> bool: ...
    def leave(self, state: GameState, seat: int) -> Any: ...
    def headline(self, state: GameState, notation: str, seat: int, before: AnyGame) -> Text: ...
    def addressed(
        self, state: GameState, notation: str, seat: int, before: AnyGame
    ) -> Mapping[int, Text]: ...
    def shown(self, notation: str, before: AnyGame) -> Text | str: ...
    def result_text(self, state: GameState) -> Text: ...
    def opening_note(self, state: GameState) -> Text | None: ...
    def closing_note(self, state: GameState) -> Text | None: ...
    def caption_note(self, state: GameState) -> Text | None: ...
    def history(self, state: GameState) -> Text | str: ...
    def pdn(
        self,
        state: GameState,
        notations: Sequence[str],
        language: str | None = None,
        extra_tags: Mapping[str, str] | None = None,
    ) -> str | None: ...
    # The boards, as bot.service.boards hands them to every front end.
    def picture(self, state: GameState, viewer_seat: int | None) -> bytes: ...
    def svg(self, state: GameState, viewer_seat: int | None) -> str: ...
    def text_board(
        self, state: GameState, viewer_seat: int | None, language: str | None
    ) -> str: ...
    def move_choice(self, position: AnyGame, move: Any, index: int) -> MoveChoice: ...
    def side_name(self, state: GameState, seat: int) -> Text: ...
    def computer(self, state: GameState, seat: int) -> Text: ...
    def computer_label(self, state: GameState, seat: int) -> Text: ...
    def seats_left(self, state: GameState) -> frozenset[int]: ...
    def computer_levels(self) -> bool: ...
    def in_tournaments(self) -> bool: ...


def seat_name(state: GameState, seat: int) -> Text | str:
    """A seat's player as people read it: the person's name, or the computer in the reader's
    language ("Computer (strong)"; in Ludo, where several computers play, "Computer (Green)")."""
    record = state.record.seats[seat] if seat < len(state.record.seats) else None
    if record is None or record.player_id is not None or record.computer is None:
        return state.seat_names[seat]
    return family_of(find_game(state.record.kind)).computer(state, seat)


def seat_names(state: GameState) -> list[Text | str]:
    return [seat_name(state, seat) for seat in range(len(state.seat_names))]


def players_text(state: GameState) -> Text:
    """ "Ana - Computer", each name as the reader reads it."""
    return joined(seat_names(state))


def _winner_text(state: GameState) -> Text:
    result = state.record.result
    if state.record.status == "aborted" or result is None:
        return text("Game #{game} was aborted.", game=state.id)
    reason = reason_text(result["reason"])
    if not result["winners"]:
        return text("Game #{game} is drawn: {reason}.", game=state.id, reason=reason)
    names = joined([seat_name(state, seat) for seat in result["winners"]], " & ")
    return text("{names} won game #{game}: {reason}.", names=names, game=state.id, reason=reason)


# The option that shows square numbers on boards whose squares are named a1..h8.
NUMBER_WORDS = frozenset({"numbers", "numeros", "números", "numeri"})
DRAUGHTS_OPTION_WORDS = (*sorted(NUMBER_WORDS), "fen=")


class Draughts:
    """Every draughts variant: two seats, White (0) and Black (1)."""

    TITLES: Mapping[str, Text] = {
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
            if name.lower() != "fen" or not equals:
                refusal = text(
                    "Draughts has no option {option}; to start from a position write "
                    "fen=W:W31,32:B1,2, to show square numbers write numbers.",
                    option=quote(word),
                )
                raise ServiceError(with_nearest(refusal, word, DRAUGHTS_OPTION_WORDS))
            try:
                kind.start({"fen": value})
            except GameError as error:
                raise ServiceError(text("Bad FEN: {reason}", reason=error_text(error))) from None
            options["fen"] = value
        return options

    def prepare(self, options: dict[str, Any]) -> dict[str, Any]:
        return options

    def rules_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return draughts_boards.rules_options(options)

    def seat_count(self, options: Mapping[str, Any]) -> int:
        return 2

    def computer_name(self, level: str) -> str:
        return "Computer"

    def roller(self, position: AnyGame) -> int:
        raise AssertionError("draughts has no dice")

    def draw_roll(self, state: GameState) -> str:
        raise AssertionError("draughts has no dice")

    def multi_seat(self, state: GameState) -> bool:
        return False

    def leave(self, state: GameState, seat: int) -> Any:
        raise AssertionError("a draughts game ends by resignation")

    def headline(self, state: GameState, notation: str, seat: int, before: AnyGame) -> Text:
        """The move; in the familiar game also the soffio: a capture skipped (the opponent may
        huff the piece that should have captured, or play on) or a huff just made. Said of
        both players by name: everyone in the chat reads it."""
        name = seat_name(state, seat)
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
        return text(
            "{played} Soffio: {erred} did not make the required capture: {huffer} may huff the "
            "piece on {squares} ({huffs}) or play on.",
            played=played,
            erred=_named_side(state, seat),
            huffer=_named_side(state, 1 - seat),
            squares=offer.params["squares"],
            huffs=offer.params["huffs"],
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
        squares, huffs = offer.params["squares"], offer.params["huffs"]
        return {
            seat: text(
                "{played} Soffio: you did not make the required capture: {huffer} may huff "
                "your piece on {squares} or play on.",
                played=played,
                huffer=_named_side(state, 1 - seat),
                squares=squares,
            ),
            1 - seat: text(
                "{played} Soffio: {erred} did not make the required capture: you may huff "
                "the piece on {squares} ({huffs}) or play on.",
                played=played,
                erred=_named_side(state, seat),
                squares=squares,
                huffs=huffs,
            ),
        }

    def _played(self, state: GameState, notation: str, seat: int, before: AnyGame) -> Text:
        return text(
            "{name} played {move}.", name=seat_name(state, seat), move=self.shown(notation, before)
        )

    def shown(self, notation: str, before: AnyGame) -> str:
        """A move as chat shows it: a capture with every square of its route (g3xe5xg7)."""
        if not isinstance(before, Position):
            return notation
        try:
            return before.route(before.parse(notation))
        except GameError:
            return notation

    def opening_note(self, state: GameState) -> Text | None:
        return None

    def closing_note(self, state: GameState) -> Text | None:
        return None

    def caption_note(self, state: GameState) -> Text | None:
        return None

    def result_text(self, state: GameState) -> Text:
        return _winner_text(state)

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
        rules = DRAUGHTS_RULES[state.record.kind]
        record = state.record
        tags = {
            "Event": "damas-bot game",
            "Site": f"{record.chat.platform}" if record.chat else "damas-bot",
            "Date": record.created_at.astimezone(UTC).strftime("%Y.%m.%d"),
            "Round": "-",
            "White": translate(language, seat_name(state, 0)),
            "Black": translate(language, seat_name(state, 1)),
            "Result": _pdn_result(rules.key, record.status, record.result),
            "GameType": str(rules.pdn_gametype),
        }
        if record.result is not None:
            tags["Termination"] = record.result["reason"].replace("_", " ")
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
        return render_draughts(draughts_boards.draughts_view(state, viewer_seat))

    def svg(self, state: GameState, viewer_seat: int | None) -> str:
        return draughts_svg(draughts_boards.draughts_view(state, viewer_seat))

    def text_board(self, state: GameState, viewer_seat: int | None, language: str | None) -> str:
        return draughts_boards.draughts_text_board(state, viewer_seat, language)

    def move_choice(self, position: AnyGame, move: Any, index: int) -> MoveChoice:
        return draughts_boards.draughts_choice(position, move, index)

    def side_name(self, state: GameState, seat: int) -> Text:
        return draughts_boards.draughts_side(seat)

    def computer(self, state: GameState, seat: int) -> Text:
        return computer_name(state.record.options)

    def computer_label(self, state: GameState, seat: int) -> Text:
        """ "Computer (strong, Black)"."""
        return computer_label(state.record.options, self.side_name(state, seat))

    def seats_left(self, state: GameState) -> frozenset[int]:
        return frozenset()  # a draughts player resigns instead

    def computer_levels(self) -> bool:
        return True

    def in_tournaments(self) -> bool:
        return True


def _huff_offer(state: GameState) -> Message | None:
    """The soffio to tell of after a move (italian-familiar): offered, or just made."""
    position = state.position
    return position.huff_offer() if isinstance(position, Position) else None


def _named_side(state: GameState, seat: int) -> Text:
    """'caio (White)', 'Computer (easy, Black)': a draughts player with his colour."""
    name, side = seat_name(state, seat), message_text(SIDES[seat])
    if isinstance(name, Text):
        return computer_label(state.record.options, side)
    return text("{name} ({side})", name=name, side=side)


def _pdn_result(variant: str, status: str, result: Mapping[str, Any] | None) -> str:
    if status != "finished" or result is None:
        return UNKNOWN_RESULT
    return result_notation(variant, frozenset(result["winners"]))


LUDO_OPTION_WORDS: Mapping[str, str] = {
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


class Ludo:
    """Ludo: 2 to 4 seats, committed dice, players that may leave while others play on."""

    def title(self, kind: GameKind) -> Text:
        return text("Ludo")

    def new_options(
        self, kind: GameKind, players: int | None, words: Sequence[str]
    ) -> dict[str, Any]:
        options: dict[str, Any] = {"players": players or 4}
        for word in words:
            option = LUDO_OPTION_WORDS.get(word.lower())
            if option is None:
                refusal = text(
                    "Ludo options: three-sixes, towers-block, teams (not {option}).",
                    option=quote(word),
                )
                raise ServiceError(with_nearest(refusal, word, LUDO_OPTION_WORDS))
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

    def seat_count(self, options: Mapping[str, Any]) -> int:
        return int(options["rules"]["players"])

    def computer_name(self, level: str) -> str:
        return "Computer"

    def roller(self, position: AnyGame) -> int:
        assert isinstance(position, LudoPosition)
        return position.turn

    def draw_roll(self, state: GameState) -> str:
        """The next roll of the game's committed dice: roll number i is the i-th of the log."""
        seed = bytes.fromhex(state.record.options["seed"])
        rolls_so_far = sum(1 for notation in state.log if notation.startswith("roll"))
        return f"roll {roll(seed, rolls_so_far)}"

    def multi_seat(self, state: GameState) -> bool:
        return True

    def leave(self, state: GameState, seat: int) -> Any:
        assert isinstance(state.position, LudoPosition)
        return state.position.leave(seat)

    def headline(self, state: GameState, notation: str, seat: int, before: AnyGame) -> Text:
        return ludo_headline(state, notation, seat, before, seat_names(state))

    def addressed(
        self, state: GameState, notation: str, seat: int, before: AnyGame
    ) -> Mapping[int, Text]:
        return {}

    def shown(self, notation: str, before: AnyGame) -> Text | str:
        return shown_ludo_move(notation)

    def opening_note(self, state: GameState) -> Text | None:
        return opening_note(state)

    def closing_note(self, state: GameState) -> Text | None:
        return closing_note(state)

    def caption_note(self, state: GameState) -> Text | None:
        return options_note(state.record.options.get("rules", {}))

    def result_text(self, state: GameState) -> Text:
        return _winner_text(state)

    def history(self, state: GameState) -> Text:
        return ludo_history(
            state, [seat_name(state, seat) for seat in range(len(state.seat_names))]
        )

    def pdn(
        self,
        state: GameState,
        notations: Sequence[str],
        language: str | None = None,
        extra_tags: Mapping[str, str] | None = None,
    ) -> str | None:
        return None

    def picture(self, state: GameState, viewer_seat: int | None) -> bytes:
        return render_ludo(ludo_boards.ludo_view(state, viewer_seat))

    def svg(self, state: GameState, viewer_seat: int | None) -> str:
        return ludo_svg(ludo_boards.ludo_view(state, viewer_seat))

    def text_board(self, state: GameState, viewer_seat: int | None, language: str | None) -> str:
        return ludo_boards.ludo_text_board(state, viewer_seat, language)

    def move_choice(self, position: AnyGame, move: Any, index: int) -> MoveChoice:
        return ludo_boards.ludo_choice(position, move, index)

    def side_name(self, state: GameState, seat: int) -> Text:
        return ludo_boards.ludo_side(state, seat)

    def computer(self, state: GameState, seat: int) -> Text:
        return text("Computer ({colour})", colour=self.side_name(state, seat))

    def computer_label(self, state: GameState, seat: int) -> Text:
        return self.computer(state, seat)  # named by its colour already

    def seats_left(self, state: GameState) -> frozenset[int]:
        assert isinstance(state.position, LudoPosition)
        return state.position.left

    def computer_levels(self) -> bool:
        return False  # the bot's Ludo computer has no levels to choose from

    def in_tournaments(self) -> bool:
        return False  # the pairings are of two players with a result each


_DRAUGHTS = Draughts()
_LUDO = Ludo()
_FAMILIES: dict[str, Family] = dict.fromkeys(DRAUGHTS_RULES, _DRAUGHTS)
_FAMILIES["ludo"] = _LUDO


def family_of(kind: GameKind) -> Family:
    return _FAMILIES[kind.key]


def game_title(game: str) -> Text:
    """The title of a game named by its key or an alias ("Brazilian draughts")."""
    kind = find_game(game)
    return family_of(kind).title(kind)
