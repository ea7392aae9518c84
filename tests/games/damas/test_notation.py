"""Move notation, FEN and snapshots: what people type, what the service stores, the errors."""

import pytest

from games.base import (
    AmbiguousMove,
    BadNotation,
    BadSnapshot,
    IllegalMove,
    find_game,
    replay,
    start,
)
from games.damas import RULES, Move, Piece, Position, resolve_rules

# ----- moves -----


def test_brazilian_writes_alphanumeric_and_reads_numbers_too() -> None:
    position = Position.start("brazilian")
    move = position.parse("c3-d4")
    assert move == Move((22, 18))
    assert position.notation(move) == "c3-d4"
    assert position.parse("22-18") == move
    assert position.parse(" C3 - D4 ") == move


def test_numeric_notation_tolerates_zeros_spaces_and_colon() -> None:
    position = Position.from_fen("international", "W:W32,33:B28")
    assert position.parse("032x023") == position.parse("32 x 23") == position.parse("32:23")
    assert position.notation(position.parse("33:22")) == "33x22"


def test_a_capture_written_with_a_dash_is_understood() -> None:
    position = Position.from_fen("international", "W:W32:B28")
    assert position.parse("32-23") == Move((32, 23), (28,))


def test_short_capture_is_written_short() -> None:
    position = Position.from_fen("brazilian", "W:W22:B18,11")
    (move,) = position.legal_moves()
    assert position.notation(move) == "c3xg7"
    assert position.parse("c3xe5xg7") == position.parse("c3xg7") == move


def test_full_path_picks_between_captures_with_the_same_start_and_end() -> None:
    position = Position.from_fen("brazilian", "W:WK25,20:B9,18,10,7")
    first, second = position.legal_moves()
    assert {position.notation(first), position.notation(second)} == {
        "b2xe5xc7xa5",
        "b2xf6xd8xa5",
    }
    assert position.parse("b2xe5xc7xa5") != position.parse("b2xf6xd8xa5")
    # A partial path is enough when it tells them apart.
    assert position.parse("b2xe5xa5") == position.parse("b2xe5xc7xa5")


def test_ambiguous_short_capture_lists_the_full_paths() -> None:
    position = Position.from_fen("brazilian", "W:WK25,20:B9,18,10,7")
    with pytest.raises(AmbiguousMove, match="ambiguous") as caught:
        position.parse("b2xa5")
    assert set(caught.value.choices) == {"b2xe5xc7xa5", "b2xf6xd8xa5"}


def test_pdn_full_paths_of_the_kurnik_games_parse() -> None:
    # 39x28x17x6: a man's triple capture written with every landing square.
    position = Position.from_fen("international", "W:W39,8:B33,22,11,5")
    assert position.parse("39x28x17x6") == position.parse("39x6")


def test_italian_notation_uses_italian_numbers() -> None:
    position = Position.start("italian")
    assert position.notation(position.parse("21-17")) == "21-17"
    after = position.play(position.parse("21-17"))
    assert after.notation(after.parse("12-15")) == "12-15"


# ----- errors -----


def test_not_a_square_is_bad_notation() -> None:
    position = Position.start("international")
    with pytest.raises(BadNotation, match=r"99 is not a square on this board: squares are 1\.\.50"):
        position.parse("99-100")
    with pytest.raises(BadNotation, match="write a move as 32-28 or 28x19"):
        position.parse("99-100")


@pytest.mark.parametrize("text", ["", "hello", "99", "32-", "-28", "32--28", "K32-28"])
def test_text_that_is_not_a_move_is_bad_notation(text: str) -> None:
    with pytest.raises(BadNotation, match="write a move as"):
        Position.start("international").parse(text)


def test_light_square_is_bad_notation_in_brazilian() -> None:
    with pytest.raises(BadNotation, match=r"b3 is not a square on this board"):
        Position.start("brazilian").parse("b3-c4")


def test_quiet_move_when_a_capture_is_compulsory() -> None:
    position = Position.from_fen("international", "W:W22,23,32:B18")
    with pytest.raises(IllegalMove) as caught:
        position.parse("32-28")
    assert str(caught.value) == "32-28 is not legal: a capture is compulsory: 22x13, 23x12"
    assert caught.value.choices == ("22x13", "23x12")


def test_move_from_an_empty_square_says_so() -> None:
    with pytest.raises(IllegalMove, match=r"28 holds no white piece \(White to move\)"):
        Position.start("international").parse("28-23")


def test_move_a_piece_cannot_make_lists_what_it_can() -> None:
    with pytest.raises(IllegalMove, match="the piece on 32 can play 32-27, 32-28"):
        Position.start("international").parse("32-37")
    with pytest.raises(IllegalMove, match="the piece on 46 can play no move"):
        Position.start("international").parse("46-41")


def test_huff_errors() -> None:
    position = Position.start("italian-familiar")
    with pytest.raises(IllegalMove, match="nothing to huff"):
        position.parse("soffio 22")
    with pytest.raises(BadNotation, match="33 is not a square"):
        position.parse("soffio 33")


def test_play_refuses_a_move_that_is_not_legal() -> None:
    position = Position.start("international")
    with pytest.raises(IllegalMove, match="32x23 is not legal here: legal are 31-26, ") as caught:
        position.play(Move((32, 23), (28,)))
    assert "32-28" in caught.value.choices
    finished = Position.from_fen("international", "B:W32:B")
    with pytest.raises(IllegalMove, match="no move is legal"):
        finished.play(Move((1, 6)))


# ----- FEN -----


def test_fen_with_ranges_kings_spaces_and_a_full_stop() -> None:
    position = Position.from_fen("international", " W:W31-33,K45 : BK1-2,7. ")
    assert position.fen() == "W:W31,32,33,K45:BK1,K2,7"
    assert position.pieces()[45] == Piece(0, True)


def test_brazilian_fen_accepts_square_names_and_writes_numbers() -> None:
    position = Position.from_fen("brazilian", "B:Wc3,Kd4:Bf6")
    assert position.fen() == "B:WK18,22:B11"
    assert position.to_move() == 1


def test_start_fen_of_each_variant() -> None:
    assert Position.start("international").fen() == "W:W" + ",".join(
        map(str, range(31, 51))
    ) + ":B" + ",".join(map(str, range(1, 21)))
    assert Position.start("italian").fen() == Position.from_fen("italian", "W:W21-32:B1-12").fen()


@pytest.mark.parametrize(
    ("fen", "complaint"),
    [
        ("X:W1:B2", "starts with the side to move"),
        ("W:W1:Q2", "must start with W or B"),
        ("W:W31,51:B1", "not a square"),
        ("W:W31:B31", "listed twice"),
        ("W:W3:B40", "cannot stand on 3"),
        ("W:W40-31:B1", "not a square or a range"),
    ],
)
def test_bad_fen_says_what_is_wrong(fen: str, complaint: str) -> None:
    with pytest.raises(BadSnapshot, match=complaint):
        Position.from_fen("international", fen)


# ----- snapshots and the registry -----


def test_snapshot_keeps_the_counters_and_the_history() -> None:
    position = Position.from_snapshot(
        "international", "W:WK46,6,7:BK5,45,44;king_moves=12;endgame=0"
    )
    after = position.play(position.parse("46-41"))
    restored = Position.from_snapshot("international", after.snapshot())
    assert restored == after
    assert restored.king_moves == 13
    assert restored.seen == after.seen != ()


def test_fen_alone_is_a_snapshot_with_counters_at_zero() -> None:
    position = Position.from_snapshot("brazilian", "W:W22:B11")
    assert position.king_moves == position.endgame == 0
    assert position.seen == ()


def test_bad_snapshot_extra_is_refused() -> None:
    with pytest.raises(BadSnapshot, match="name=value"):
        Position.from_snapshot("brazilian", "W:W22:B11;moves=3")
    with pytest.raises(BadSnapshot, match="whole numbers"):
        Position.from_snapshot("brazilian", "W:W22:B11;king_moves=x")


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("brasileira", "brazilian"),
        ("Damas brasileiras", "brazilian"),
        ("dama-brasileira", "brazilian"),
        ("internazionale", "international"),
        ("damas-internacionais", "international"),
        ("Dama italiana", "italian"),
        ("soffio", "italian-familiar"),
        ("italiana-familiare", "italian-familiar"),
    ],
)
def test_variants_are_registered_with_their_aliases(name: str, key: str) -> None:
    assert find_game(name).key == key
    assert resolve_rules(name) is RULES[key]


def test_registry_start_with_a_fen_option_and_replay() -> None:
    position = start("international", {"fen": "W:W32:B28"})
    assert position.legal_moves() == [Move((32, 23), (28,))]
    replayed = replay("brasileira", None, ["c3-d4", "f6-e5", "d4xf6"])
    assert isinstance(replayed, Position)
    assert replayed.fen() == "B:W11,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12"
    restored = find_game("brazilian").from_snapshot(replayed.snapshot(), {})
    assert restored == replayed


@pytest.mark.parametrize("key", sorted(RULES))
def test_each_variant_has_its_own_position_class_and_key(key: str) -> None:
    position = start(key)
    assert isinstance(position, Position)
    assert position.key == key == position.rules.key
    assert position.play(position.legal_moves()[0]).key == key


def test_unknown_variant_is_refused() -> None:
    with pytest.raises(KeyError, match="unknown draughts variant 'ludo'"):
        Position.start("ludo")


def test_pdn_gametypes() -> None:
    assert {key: rules.pdn_gametype for key, rules in RULES.items()} == {
        "brazilian": 26,
        "international": 20,
        "italian": 22,
        "italian-familiar": 22,
    }


def test_a_plain_step_written_through_another_square_is_refused_with_its_moves() -> None:
    # a3-b4 is a step, not a capture: no route of it passes a1 (found by hypothesis).
    position = Position.start("brazilian")
    with pytest.raises(IllegalMove, match="the piece on a3 can play a3-b4"):
        position.parse("A3A1B4")
