"""What the service knows about each family of games (draughts, Ludo), in one place each.

The service itself handles every game the same way through games.base; the few things that
differ (the options a game is created with, the dice, names of seats, PDN export, how a
result reads) are the methods of a `Family`.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from datetime import UTC
from typing import Any, Protocol

from bot.i18n import Text, text
from bot.service.events import GameState, ServiceError
from games.base import AnyGame, BadSnapshot, GameError, GameKind
from games.damas import RULES as DRAUGHTS_RULES
from games.damas.pdn import PdnGame, write_game
from games.ludo import LudoPosition, LudoRules
from games.ludo.dice import commitment, new_seed, roll

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
    def headline(self, state: GameState, notation: str, seat: int) -> Text: ...
    def result_text(self, state: GameState) -> Text: ...
    def history(self, notations: Sequence[str]) -> str: ...
    def pdn(self, state: GameState, notations: Sequence[str]) -> str | None: ...


def _winner_text(state: GameState) -> Text:
    result = state.record.result
    if state.record.status == "aborted" or result is None:
        return text("Game #{game} was aborted.", game=state.id)
    reason = reason_text(result["reason"])
    if not result["winners"]:
        return text("Game #{game} is drawn: {reason}.", game=state.id, reason=reason)
    names = " & ".join(state.seat_names[seat] for seat in result["winners"])
    return text("{names} won game #{game}: {reason}.", names=names, game=state.id, reason=reason)


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
            name, equals, value = word.partition("=")
            if name.lower() != "fen" or not equals:
                raise ServiceError(
                    text(
                        "Draughts has no option {option}; to start from a position write "
                        "fen=W:W31,32:B1,2",
                        option=word,
                    )
                )
            try:
                kind.start({"fen": value})
            except GameError as error:
                raise ServiceError(text("Bad FEN: {reason}", reason=str(error))) from None
            options["fen"] = value
        return options

    def prepare(self, options: dict[str, Any]) -> dict[str, Any]:
        return options

    def rules_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in options.items() if key == "fen"}

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

    def headline(self, state: GameState, notation: str, seat: int) -> Text:
        return text("{name} played {move}.", name=state.seat_names[seat], move=notation)

    def result_text(self, state: GameState) -> Text:
        return _winner_text(state)

    def history(self, notations: Sequence[str]) -> str:
        pairs = [
            f"{number}. {' '.join(notations[index : index + 2])}"
            for number, index in enumerate(range(0, len(notations), 2), start=1)
        ]
        return " ".join(pairs)

    def pdn(self, state: GameState, notations: Sequence[str]) -> str | None:
        rules = DRAUGHTS_RULES[state.record.kind]
        record = state.record
        tags = {
            "Event": "damas-bot game",
            "Site": f"{record.chat.platform}" if record.chat else "damas-bot",
            "Date": record.created_at.astimezone(UTC).strftime("%Y.%m.%d"),
            "Round": "-",
            "White": state.seat_names[0],
            "Black": state.seat_names[1],
            "Result": _pdn_result(record.status, record.result),
            "GameType": str(rules.pdn_gametype),
        }
        if record.result is not None:
            tags["Termination"] = record.result["reason"].replace("_", " ")
        fen = record.options.get("fen")
        if fen:
            tags |= {"SetUp": "1", "FEN": fen}
        game = PdnGame(tags, tuple(notations), tags["Result"], rules.key)
        return write_game(game)


def _pdn_result(status: str, result: Mapping[str, Any] | None) -> str:
    if status != "finished" or result is None:
        return "*"
    winners = result["winners"]
    if not winners:
        return "1/2-1/2"
    return "2-0" if winners == [0] else "0-2"


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
COLOUR_NAMES = {1: text("Red"), 2: text("Green"), 3: text("Yellow"), 4: text("Blue")}


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
                raise ServiceError(
                    text(
                        "Ludo options: three-sixes, towers-block, teams (not {option}).",
                        option=word,
                    )
                )
            options[option] = True
        try:
            LudoRules.from_options(options)
        except BadSnapshot as error:
            raise ServiceError(text("{reason}", reason=str(error))) from None
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

    def headline(self, state: GameState, notation: str, seat: int) -> Text:
        if notation.startswith("roll"):
            return text(
                "{name} rolled {value}.", name=state.seat_names[seat], value=notation.split()[1]
            )
        return text("{name} played {move}.", name=state.seat_names[seat], move=notation)

    def result_text(self, state: GameState) -> Text:
        return _winner_text(state)

    def history(self, notations: Sequence[str]) -> str:
        return "; ".join(notations)

    def pdn(self, state: GameState, notations: Sequence[str]) -> str | None:
        return None


_DRAUGHTS = Draughts()
_LUDO = Ludo()
_FAMILIES: dict[str, Family] = dict.fromkeys(DRAUGHTS_RULES, _DRAUGHTS)
_FAMILIES["ludo"] = _LUDO


def family_of(kind: GameKind) -> Family:
    return _FAMILIES[kind.key]
