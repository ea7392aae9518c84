"""Keyed messages of the draughts rules (games/damas/notation.py, position.py): which rule
applies, the lenient forms of input, the huff's messages and the refused set-up positions.
English text is checked here; the translations in tests/bot/i18n/test_game_messages.py."""

import pytest

from games.base import AmbiguousMove, BadNotation, BadSnapshot, GameError, IllegalMove
from games.damas import Position


def error_of(variant: str, fen: str, typed: str) -> GameError:
    with pytest.raises(GameError) as caught:
        Position.from_fen(variant, fen).parse(typed)
    return caught.value


@pytest.mark.parametrize(
    ("variant", "fen", "typed", "key", "english"),
    [
        (
            "brazilian",
            "W:WK24,K25:B15,9,K20,K2,27",
            "24x10",
            "take_the_most",
            "24x10 is not legal: the capture of the most pieces is compulsory: g3xc7xa5 takes 2",
        ),
        (
            "italian",
            "W:W32,K11:BK2,28,K15",
            "32x23",
            "king_must_capture",
            "32x23 is not legal: the king must capture (a king's capture comes before a "
            "man's): 11x20",
        ),
        (
            "italian",
            "W:WK4,19,K14:B18,K10,K13",
            "14x21",
            "take_most_kings",
            "14x21 is not legal: take the most kings: 14x5 takes 1",
        ),
        (
            "italian",
            "W:WK21:BK27,24,26,K18,K19,9",
            "21x30x23x14x21",
            "take_kings_first",
            "21x30x23x14x21 is not legal: take the kings met earliest: 21x14x23x30x21",
        ),
        (
            "brazilian",
            "W:W11,K27,K28:BK30,25,K23",
            "27x18",
            "capture_goes_on",
            "27x18 is not legal: the capture goes on while the piece can take: f2xd4xa1",
        ),
        (
            "italian",
            "W:W22,32:BK18,1",
            "22x13",
            "man_cannot_take_king",
            "22x13 is not legal: a man cannot capture a king",
        ),
        (
            "international",
            "W:W22,23,32:B18",
            "32-28",
            "capture_compulsory",
            "32-28 is not legal: a capture is compulsory: 22x13, 23x12",
        ),
    ],
)
def test_a_refused_capture_names_the_rule_that_applies(
    variant: str, fen: str, typed: str, key: str, english: str
) -> None:
    error = error_of(variant, fen, typed)
    assert isinstance(error, IllegalMove)
    assert (error.key, str(error)) == (key, english)
    assert error.choices


def test_the_colour_is_a_word_to_translate_not_english() -> None:
    error = error_of("brazilian", "W:W22:B11", "f6-e5")
    assert error.key == "no_piece_on_square"
    assert {error.params["colour"].key, error.params["side"].key} == {"white", "white_side"}
    assert str(error) == "f6-e5 is not legal: f6 holds no white piece (White to move)"


def test_an_ambiguous_capture_asks_which_route() -> None:
    error = error_of("brazilian", "W:WK25,20:B9,18,10,7", "b2xa5")
    assert isinstance(error, AmbiguousMove)
    assert not isinstance(error, IllegalMove)
    assert error.key == "ambiguous_capture"
    assert set(error.choices) == {"b2xe5xc7xa5", "b2xf6xd8xa5"}


def test_square_names_without_separator_are_a_move() -> None:
    position = Position.start("brazilian")
    assert position.notation(position.parse("c3d4")) == "c3-d4"
    assert position.parse("C3D4") == position.parse("c3-d4")


def test_a_square_name_alone_names_the_only_move_ending_there() -> None:
    position = Position.from_fen("brazilian", "W:Wf4,a1:Bh8")
    assert position.notation(position.parse("e5")) == "f4-e5"


def test_a_number_alone_names_the_only_move_ending_there() -> None:
    position = Position.start("international")
    assert position.notation(position.parse("26")) == "31-26"
    with pytest.raises(AmbiguousMove, match="2 moves end on 28") as caught:
        position.parse("28")
    assert caught.value.choices == ("32-28", "33-28")
    with pytest.raises(IllegalMove, match="no move ends on 20"):
        position.parse("20")


def test_control_characters_are_never_echoed_raw() -> None:
    error = error_of("international", "W:W31:B1", "3\x1b[2J1-\n26")
    assert "\x1b" not in str(error)
    assert "\n" not in str(error)
    assert "\\x1b" in str(error)
    with pytest.raises(BadNotation) as caught:
        Position.start("international").parse("\x07bell")
    assert "\x07" not in str(caught.value)


# ----- the huff -----

FAMILIAR = "italian-familiar"


def _white_missed() -> Position:
    """White played 28-24 instead of 22x13: Black may huff the piece on 22."""
    position = Position.from_fen(FAMILIAR, "W:W22,28:B18,1")
    return position.play(position.parse("28-24"))


def test_the_offer_names_the_piece_to_huff() -> None:
    after = _white_missed()
    offer = after.huff_offer()
    assert offer is not None
    assert offer.key == "huff_offer"
    assert str(offer) == (
        "White did not make the required capture: you may huff the piece on 22 "
        "(soffio 22) or play on"
    )


@pytest.mark.parametrize(
    "typed", ["soffio", "huff", "soprar", "SOFFIO 22", "soffia 22", "sopro 22"]
)
def test_soffio_alone_works_when_one_piece_may_be_huffed(typed: str) -> None:
    after = _white_missed()
    move = after.parse(typed)
    assert move.huff
    assert move.start == 22


def test_a_wrong_huff_lists_the_huffs_and_the_ordinary_moves() -> None:
    after = _white_missed()
    with pytest.raises(IllegalMove) as caught:
        after.parse("soffio 24")
    assert caught.value.key == "huff_only"
    assert str(caught.value).startswith(
        "soffio 24 is not legal: you may huff only the piece on 22 (soffio 22), "
    )
    assert caught.value.choices == ("soffio 22", "1-5", "18-21", "18x27")
    assert str(caught.value).endswith("or play 1-5, 18-21, 18x27")


def test_after_a_huff_the_message_is_about_the_huff() -> None:
    after = _white_missed()
    huffed = after.play(after.parse("soffio 22"))
    offer = huffed.huff_offer()
    assert offer is not None
    assert str(offer) == "Black huffed the piece on 22"
    with pytest.raises(IllegalMove) as caught:
        huffed.parse("soffio")
    assert caught.value.key == "already_huffed"
    assert "not a missed capture" not in str(caught.value)
    restored = Position.from_snapshot(FAMILIAR, huffed.snapshot())
    assert restored.huffed == 22
    assert restored == huffed


def test_nothing_to_huff_when_no_capture_was_missed() -> None:
    position = Position.start(FAMILIAR)
    with pytest.raises(IllegalMove) as caught:
        position.parse("soffio")
    assert caught.value.key == "nothing_to_huff"


# ----- set-up positions -----


@pytest.mark.parametrize(
    ("variant", "fen", "key"),
    [
        ("international", "W:W31:B", "fen_no_pieces"),
        ("international", "W:W46:B41,37", "fen_no_moves"),
        ("brazilian", "W:Wb8:B11", "fen_crowned_man"),
        ("brazilian", "W:Wa2:B1", "fen_light_square"),
        ("italian", "W:W5-20:B1", "fen_too_many"),
        ("international", "X:W31:B1", "fen_side"),
    ],
)
def test_a_set_up_position_that_is_decided_or_illegal_is_refused(
    variant: str, fen: str, key: str
) -> None:
    with pytest.raises(BadSnapshot) as caught:
        Position.setup(variant, fen)
    assert caught.value.key == key


def test_brazilian_fen_reads_numbers_and_square_names_alike() -> None:
    assert Position.setup("brazilian", "W:Wc3:Bf6") == Position.setup("brazilian", "W:W22:B11")
