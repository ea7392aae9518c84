"""The rules' messages in the reader's language (bot/i18n/game_messages.py).

Every message key of games/ has a template whose placeholders are exactly the parameters
the rules raise it with; every template is translated into Portuguese and Italian; and the
errors people meet come out without English in those languages."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import partial

import pytest

import games.damas
import games.ludo
from bot.i18n import catalogue, extract, translate
from bot.i18n.game_messages import GAME_MESSAGES, error_text, message_text
from games.base import GameError, replay
from games.damas import Position
from games.ludo import LudoPosition, LudoRules
from games.messages import Message, english_templates

FAMILIAR = "italian-familiar"
TWO = LudoRules(players=2)
LUDO_SNAPSHOTS = [
    "1 2 3",
    "x 1 - 0 -",
    "-1,-1,-1,-1 1 - 0 -",
    "99,-1,-1,-1/-1,-1,-1,-1 1 - 0 -",
    "-1,-1,-1,-1/-1,-1,-1,-1 3 - 0 -",
    "-1,-1,-1,-1/-1,-1,-1,-1 1 9 0 -",
    "-1,-1,-1,-1/-1,-1,-1,-1 1 - -1 -",
    "-1,-1,-1,-1/-1,-1,-1,-1 1 - 0 7",
    "-1,-1,-1,-1/0,-1,-1,-1 1 - 0 2",
    "0,0,0,-1/-1,-1,-1,-1 1 - 0 -",
    "-1,-1,-1,-1/-1,-1,-1,-1 1 3 0 -",
]


def _huffed() -> Position:
    position = Position.from_fen(FAMILIAR, "W:W22,28:B18,1")
    missed = position.play(position.parse("28-24"))
    return missed.play(missed.parse("soffio 22"))


def _missed() -> Position:
    position = Position.from_fen(FAMILIAR, "W:W22,28:B18,1")
    return position.play(position.parse("28-24"))


def _ludo_rolled() -> LudoPosition:
    start = LudoPosition.start(TWO)
    return start.play(start.parse("roll 6"))


def _ludo_over() -> LudoPosition:
    start = LudoPosition.start(TWO)
    return start.play(start.leave(1))


def _draughts_errors() -> Iterator[Callable[[], object]]:
    international = Position.start("international")
    for variant in games.damas.RULES:
        yield partial(Position.start(variant).parse, "hello")
    yield lambda: Position.from_fen("international", "B:W31:B1").parse("31-26")
    yield lambda: international.parse("99-100")
    yield lambda: international.parse("20")
    yield lambda: international.parse("28")
    yield lambda: international.parse("20-15")
    yield lambda: international.parse("32-26")
    yield lambda: international.parse("46-41")
    yield lambda: international.play(Position.start("italian").legal_moves()[0])
    yield lambda: Position.from_fen("international", "W:W:B1").play(international.legal_moves()[0])
    yield lambda: Position.from_fen("brazilian", "W:WK25,20:B9,18,10,7").parse("b2xa5")
    yield lambda: Position.from_fen("international", "W:W22,23,32:B18").parse("32-28")
    yield lambda: Position.from_fen("brazilian", "W:WK24,K25:B15,9,K20,K2,27").parse("24x10")
    yield lambda: Position.from_fen("italian", "W:W32,K11:BK2,28,K15").parse("32x23")
    yield lambda: Position.from_fen("italian", "W:WK4,19,K14:B18,K10,K13").parse("14x21")
    yield lambda: Position.from_fen("italian", "W:WK21:BK27,24,26,K18,K19,9").parse(
        "21x30x23x14x21"
    )
    yield lambda: Position.from_fen("brazilian", "W:W11,K27,K28:BK30,25,K23").parse("27x18")
    yield lambda: Position.from_fen("italian", "W:W22,32:BK18,1").parse("22x13")
    yield lambda: Position.start(FAMILIAR).parse("soffio 99")
    yield lambda: Position.start(FAMILIAR).parse("soffio")
    yield lambda: _missed().parse("soffio 24")
    yield (
        lambda: (
            Position.from_fen(FAMILIAR, "W:W22,23,28:B18,19,1")
            .play(Position.from_fen(FAMILIAR, "W:W22,23,28:B18,19,1").parse("28-24"))
            .parse("soffio")
        )
    )
    yield lambda: _huffed().parse("soffio 23")
    yield lambda: replay("international", None, ["32-28", "99-1"])
    for variant, fen in [
        ("international", "X"),
        ("international", "W:X1"),
        ("international", "W:W1,1:B2"),
        ("brazilian", "W:Wb8:B11"),
        ("international", "W:W99:B1"),
        ("brazilian", "W:Wa2:B1"),
        ("italian", "W:W5-20:B1"),
        ("international", "W:W31:B"),
        ("international", "W:W46:B41,37"),
    ]:
        yield partial(Position.setup, variant, fen)
    for snapshot in ["W:W31:B1;x=1", "W:W31:B1;king_moves=x", "W:W31:B1;huff=99"]:
        yield partial(Position.from_snapshot, "international", snapshot)


def _ludo_errors() -> Iterator[Callable[[], object]]:
    start = LudoPosition.start(TWO)
    yield lambda: start.parse("")
    yield lambda: start.parse("2")
    yield lambda: start.parse("roll")
    yield lambda: start.parse("roll 7")
    yield lambda: start.parse("leave 9")
    yield lambda: start.play(_ludo_rolled().legal_moves()[0])
    yield lambda: _ludo_rolled().parse("c30")
    yield lambda: _ludo_rolled().parse("zzz")
    yield lambda: _ludo_rolled().parse("roll 3")
    yield lambda: _ludo_rolled().play(start.legal_moves()[0])
    yield lambda: _ludo_over().parse("roll 1")
    yield lambda: LudoRules(players=5)
    yield lambda: LudoRules(three_sixes="yes")  # type: ignore[arg-type]
    yield lambda: LudoRules(players=2, teams=True)
    yield lambda: LudoRules(players=2, first_seat=5)
    yield lambda: LudoRules(players=2, three_sixes=True).__class__.from_options({"x": 1})
    for snapshot in LUDO_SNAPSHOTS:
        yield partial(LudoPosition.from_snapshot, snapshot, TWO)
    yield lambda: LudoPosition.from_snapshot(
        "-1,-1,-1,-1/-1,-1,-1,-1 1 - 3 -", LudoRules(players=2, three_sixes=True)
    )


def raised() -> list[GameError]:
    errors = []
    for cause in [*_draughts_errors(), *_ludo_errors()]:
        with pytest.raises(GameError) as caught:
            cause()
        errors.append(caught.value)
    return errors


def notices() -> list[Message]:
    offers = [_missed().huff_offer(), _huffed().huff_offer()]
    return [offer for offer in offers if offer is not None]


def messages_within(message: Message) -> Iterator[Message]:
    yield message
    for value in message.params.values():
        if isinstance(value, Message):
            yield from messages_within(value)


def all_messages() -> list[Message]:
    found = [error.message for error in raised() if error.message is not None]
    return [inner for message in [*found, *notices()] for inner in messages_within(message)]


def test_every_key_has_the_template_games_write_in_english() -> None:
    assert games.damas
    assert games.ludo
    english = english_templates()
    assert set(english) == set(GAME_MESSAGES)
    assert {key: GAME_MESSAGES[key].message for key in english} == dict(english)


def test_every_raised_message_fills_exactly_the_placeholders_of_its_template() -> None:
    for message in all_messages():
        fields = {
            re.sub(r"[!:].*", "", f.strip("{}"))
            for f in extract.placeholders(GAME_MESSAGES[message.key].message)
        }
        assert fields == set(message.params), message.key


def test_the_samples_reach_every_key_of_the_rules() -> None:
    reached = {message.key for message in all_messages()}
    outcome_words = {"outcome_team_home", "outcome_all_home", "outcome_team_left"}
    assert set(english_templates()) - reached <= outcome_words


@pytest.mark.parametrize("language", ["pt", "it"])
def test_every_message_is_translated(language: str) -> None:
    translations = catalogue(language).messages
    for key, template in GAME_MESSAGES.items():
        assert translations.get(template.message), key


@pytest.mark.parametrize("language", ["pt", "it"])
def test_errors_read_without_english_words(language: str) -> None:
    english_words = re.compile(r"\b(is not|legal|capture|piece|white|black|move|must|huff)\b")
    for error in raised():
        if "snapshot" in error.key:
            continue  # stored positions: their field names are the same in every language
        shown = translate(language, error_text(error))
        assert not english_words.search(shown.replace("soffio", "")), shown


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pt", "f6-e5 não é um lance válido: não há peça branca em f6 (jogam as Brancas)"),
        (
            "it",
            "f6-e5 non è una mossa valida: in f6 non c'è una pedina o dama bianca "
            "(muove il Bianco)",
        ),
    ],
)
def test_the_example_of_the_issue(language: str, expected: str) -> None:
    with pytest.raises(GameError) as caught:
        Position.from_fen("brazilian", "W:W22:B11").parse("f6-e5")
    shown = translate(language, error_text(caught.value))
    assert shown.startswith(expected)


def test_the_rule_is_named_in_each_language() -> None:
    with pytest.raises(GameError) as caught:
        Position.from_fen("brazilian", "W:WK24,K25:B15,9,K20,K2,27").parse("24x10")
    assert "lei da maioria" in translate("pt", error_text(caught.value))
    assert "g3xc7xa5 toma 2 peças" in translate("pt", error_text(caught.value))
    with pytest.raises(GameError) as caught:
        Position.from_fen("italian", "W:W32,K11:BK2,28,K15").parse("32x23")
    assert "la dama deve prendere" in translate("it", error_text(caught.value))


def test_an_error_whose_reason_lists_no_moves_gets_the_legal_ones() -> None:
    with pytest.raises(GameError) as caught:
        Position.start("international").parse("20-15")
    assert translate("it", error_text(caught.value)).endswith(
        "Mosse valide: " + ", ".join(caught.value.choices)
    )


def test_the_soffio_offer_in_each_language() -> None:
    offer = _missed().huff_offer()
    assert offer is not None
    assert translate("it", message_text(offer)) == (
        "il Bianco non ha fatto la presa dovuta: puoi soffiare il pezzo in 22 (soffio 22), "
        "oppure giocare normalmente"
    )
    assert "soprar a peça em 22" in translate("pt", message_text(offer))
