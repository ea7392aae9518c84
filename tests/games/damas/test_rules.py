"""One named test per rule of docs/RULES.md, each on a position set up by FEN.

Brazilian squares print as a1..h8 (29 = a1, 22 = c3); the others as numbers.
"""

import pytest

from games.base import Outcome
from games.damas import BLACK, WHITE, Move, Piece, Position, perft


def legal(key: str, fen: str) -> set[str]:
    position = Position.from_fen(key, fen)
    return {position.notation(m) for m in position.legal_moves()}


def play(position: Position, *texts: str) -> Position:
    for text in texts:
        position = position.play(position.parse(text))
    return position


# ----- what every variant shares -----


@pytest.mark.parametrize("key", ["brazilian", "international", "italian", "italian-familiar"])
def test_white_moves_first_from_the_start(key: str) -> None:
    position = Position.start(key)
    assert position.to_move() == WHITE
    assert position.seat_count() == 2
    pieces = position.pieces()
    men = 20 if key == "international" else 12
    assert sum(p == Piece(WHITE, False) for p in pieces.values()) == men
    assert sum(p == Piece(BLACK, False) for p in pieces.values()) == men


def test_men_move_one_square_forward_only() -> None:
    assert legal("brazilian", "W:W22:B1") == {"c3-b4", "c3-d4"}
    assert legal("brazilian", "B:W32:B18") == {"d4-c3", "d4-e3"}


def test_capture_is_compulsory() -> None:
    assert legal("international", "W:W22,32:B18") == {"22x13"}
    assert legal("brazilian", "W:W22,28:B18") == {"c3xe5"}


def test_a_whole_capture_sequence_is_one_move() -> None:
    position = Position.from_fen("brazilian", "W:W22:B18,11")
    (move,) = position.legal_moves()
    assert move.captures == (18, 11)
    after = position.play(move)
    assert after.to_move() == BLACK
    assert after.pieces() == {8: Piece(WHITE, False)}


def test_majority_law_takes_the_most_pieces() -> None:
    # Three routes take two pieces; the single captures (23x14, 23x16 alone) are out.
    assert legal("brazilian", "W:W22,23:B18,11,19") == {"c3xg7", "c3xg3", "e3xe7"}


def test_majority_law_king_and_man_count_the_same() -> None:
    # Equal counts, a king or a man: free choice.
    assert legal("brazilian", "W:W21,24:BK17,19") == {"a3xc5", "g3xe5"}
    # Two men outweigh one king.
    assert legal("brazilian", "W:W22,28:BK18,24,16") == {"h2xh6"}


def test_men_capture_backwards_in_brazilian() -> None:
    assert legal("brazilian", "W:W14:B18") == {"c5xe3"}


def test_men_capture_backwards_in_international() -> None:
    assert legal("international", "W:W13:B18") == {"13x22"}


def test_flying_king_moves_along_a_free_diagonal() -> None:
    assert legal("brazilian", "W:WK29:B4") == {"a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7"}


def test_flying_king_lands_anywhere_beyond() -> None:
    assert legal("brazilian", "W:WK29:B22") == {"a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"}
    # The piece may stand far from the king.
    assert legal("brazilian", "W:WK29:B15") == {"a1xf6", "a1xg7", "a1xh8"}


def test_flying_king_must_land_where_the_capture_goes_on() -> None:
    position = Position.from_fen("brazilian", "W:WK29:B18,7")
    assert [m.path for m in position.legal_moves()] == [(29, 11, 2)]


def test_no_turkish_strike_jumped_piece_blocks() -> None:
    """Taking e5 and landing on h8, the king may not come back over e5 (still on the board)
    to take c3; with the Turkish strike it would take two."""
    moves = Position.from_fen("brazilian", "W:WK18:B15,22,24").legal_moves()
    assert {len(m.captures) for m in moves} == {1}
    assert legal("brazilian", "W:WK18:B15,22,24") == {"d4xf6", "d4xg7", "d4xh8", "d4xb2", "d4xa1"}


def test_a_piece_cannot_be_jumped_twice() -> None:
    # Round the loop 22-11-18-15 the king could take 22 a second time; it may not.
    position = Position.from_fen("brazilian", "W:WK30:B24,23,10")
    assert max(len(m.captures) for m in position.legal_moves()) == 2
    for move in position.legal_moves():
        assert len(set(move.captures)) == len(move.captures)


def test_capturing_piece_may_pass_an_empty_square_twice() -> None:
    """The Italian king's route 19x12x3x10x19x26x17x10 passes 19 and 10 twice."""
    position = Position.from_fen("italian", "W:WK19:BK31,K15,K7,K13,K14,6,24,22,21,16,23")
    (move,) = position.legal_moves()
    assert move.path.count(19) == 2 or move.path.count(10) == 2
    assert position.parse("19x12x3x10x19x26x17x10") == move


def test_no_crowning_in_passing() -> None:
    """The man reaches the far row on 3, goes on capturing as a man, and ends a man on 12."""
    position = Position.from_fen("brazilian", "W:W10:B7,8")
    (move,) = position.legal_moves()
    assert move.path == (10, 3, 12)
    assert position.play(move).pieces()[12] == Piece(WHITE, False)


def test_man_passing_the_far_row_does_not_capture_like_a_king() -> None:
    # On 2 a king could go on and take 16 from afar; the man stops and is crowned.
    position = Position.from_fen("brazilian", "W:W9:B6,16")
    assert {position.notation(m) for m in position.legal_moves()} == {"b6xd8"}
    assert position.play(position.legal_moves()[0]).pieces()[2] == Piece(WHITE, True)


def test_man_ending_on_the_far_row_is_crowned() -> None:
    after = play(Position.from_fen("international", "W:W7:B45"), "7-1")
    assert after.pieces()[1] == Piece(WHITE, True)
    after = play(Position.from_fen("italian", "B:W5:B28"), "28-32")
    assert after.pieces()[32] == Piece(BLACK, True)


def test_duplicate_captures_are_one_move() -> None:
    """Random178: 436 routes of the king, 14 distinct moves (same start, end, captured set)."""
    position = Position.from_fen(
        "international", "B:WK31,6,9,10,11,20,21,22,23,30,33,37,41,42,43,44,46:BK17,K24"
    )
    routes = position.rules.generator.routes(position.black, position.white, position.kings, 1)
    assert len(routes) > 14
    assert len(position.legal_moves()) == len(set(position.legal_moves())) == 14
    assert perft(position, 1) == 14


def test_captures_with_different_pieces_are_different_moves() -> None:
    position = Position.from_fen("brazilian", "W:WK25,20:B9,18,10,7")
    assert {position.notation(m) for m in position.legal_moves()} == {
        "b2xe5xc7xa5",
        "b2xf6xd8xa5",
    }


# ----- the end of the game -----


def test_no_moves_loses() -> None:
    # Black's man on h8 is blocked by White's men on g7 and f6; Black to move cannot move.
    position = Position.from_fen("brazilian", "B:W8,11:B4")
    assert position.legal_moves() == []
    assert position.outcome() == Outcome(frozenset({WHITE}), "no_moves")


def test_no_pieces_loses() -> None:
    after = play(Position.from_fen("international", "W:W32:B27"), "32x21")
    assert after.outcome() == Outcome(frozenset({WHITE}), "no_pieces")


def test_game_goes_on_without_a_rule_ending_it() -> None:
    assert Position.start("brazilian").outcome() is None


def test_threefold_repetition() -> None:
    position = Position.from_fen("brazilian", "W:WK32:BK1")
    shuffle = ("g1-h2", "b8-a7", "h2-g1", "a7-b8")
    twice = play(position, *shuffle)
    assert twice.outcome() is None  # the start position, seen twice
    thrice = play(twice, *shuffle)
    assert thrice.outcome() == Outcome(frozenset(), "repetition")


def test_repetition_counts_only_with_the_same_side_to_move() -> None:
    position = Position.from_fen("brazilian", "W:WK32:BK1")
    after = play(position, "g1-h2", "b8-a7", "h2-g1")
    # The pieces stand as at ply 1 after Black's move, but now Black is to move.
    assert after.outcome() is None
    assert after.repetition_key not in after.seen


def test_a_man_move_clears_the_repetition_history() -> None:
    position = Position.from_fen("brazilian", "W:WK32,21:BK1,12")
    after = play(position, "g1-h2", "b8-a7", "a3-b4")
    assert after.seen == ()
    assert after.king_moves == 0


def test_italian_has_no_repetition_draw() -> None:
    position = Position.from_fen("italian", "W:WK29,K30:BK1,K2,8")
    shuffle = ("29-25", "1-5", "25-29", "5-1")
    assert play(position, *shuffle, *shuffle, *shuffle).outcome() is None


def _king_move_from(key: str, fen: str, king_moves: int) -> Position:
    return Position.from_snapshot(key, f"{fen};king_moves={king_moves}")


def test_brazilian_20_king_moves() -> None:
    fen = "W:WK29,5:BK3,28"  # men on the board: no endgame rule applies
    almost = _king_move_from("brazilian", fen, 2 * 20 - 1)
    assert almost.outcome() is None
    after = play(almost, "a1-b2")
    assert after.king_moves == 40
    assert after.outcome() == Outcome(frozenset(), "king_moves_rule")


def test_international_25_king_moves() -> None:
    fen = "W:WK46,6,7:BK5,45,44"
    almost = _king_move_from("international", fen, 2 * 25 - 1)
    assert almost.outcome() is None
    assert play(almost, "46-41").outcome() == Outcome(frozenset(), "king_moves_rule")


def test_king_move_counter_restarts_on_a_man_move_or_a_capture() -> None:
    position = _king_move_from("brazilian", "W:WK29,21:BK3,12", 7)
    assert play(position, "a1-b2").king_moves == 8
    assert play(position, "a3-b4").king_moves == 0
    capture = _king_move_from("brazilian", "W:WK29,21:BK4,25", 7)
    assert play(capture, "a1xc3").king_moves == 0


def test_international_endgame_10() -> None:
    """Three kings against a lone king: a draw after 10 moves of each side."""
    position = Position.from_snapshot("international", "W:WK48,K49,K50:BK1;endgame=16")
    assert position.endgame_limit() == 10
    after = play(position, "50-45", "1-6", "45-50")
    assert after.outcome() is None
    assert play(after, "6-1").outcome() == Outcome(frozenset(), "endgame_rule")


def test_international_endgame_5() -> None:
    """Two kings against a king: a draw after 5 moves of each side."""
    position = Position.from_snapshot("international", "W:WK49,K50:BK1;endgame=6")
    assert position.endgame_limit() == 5
    after = play(position, "50-45", "1-6", "45-50")
    assert after.outcome() is None
    assert play(after, "6-1").outcome() == Outcome(frozenset(), "endgame_rule")


@pytest.mark.parametrize(
    ("fen", "limit"),
    [
        ("W:WK46,K47,K48:BK5", 10),  # three kings
        ("W:WK46,K47,48:BK5", 10),  # two kings and a man
        ("W:WK46,47,48:BK5", 10),  # a king and two men
        ("W:WK46,K47:BK5", 5),  # two kings
        ("W:WK46,47:BK5", 5),  # a king and a man
        ("B:WK46:BK5", 5),  # a king against a king
        ("W:WK46,K47,K48,K49:BK5", None),  # four kings: no such rule
        ("W:WK46,K47:BK5,6", None),  # not a lone king
        ("W:W46,47:BK5", None),  # no king on the stronger side
    ],
)
def test_international_endgame_classes(fen: str, limit: int | None) -> None:
    assert Position.from_fen("international", fen).endgame_limit() == limit


def test_endgame_counter_starts_when_the_material_arises() -> None:
    position = Position.from_fen("international", "W:WK49,K50:BK1,K39")
    assert position.endgame_limit() is None
    after = play(position, "50x28")
    assert after.endgame_limit() == 5
    assert after.endgame == 0
    assert play(after, "1-7").endgame == 1


def test_brazilian_three_kings_v_one() -> None:
    """Exactly three kings against a lone king: drawn if not won in 20 moves of each side."""
    position = Position.from_fen("brazilian", "W:WK30,K31,K32:BK1")
    assert position.endgame_limit() == 20
    almost = Position.from_snapshot("brazilian", position.snapshot() + ";endgame=36")
    after = play(almost, "g1-h2", "b8-a7", "h2-g1")
    assert after.outcome() is None
    assert play(after, "a7-b8").outcome() == Outcome(frozenset(), "endgame_rule")


@pytest.mark.parametrize(
    "fen",
    [
        "W:WK29,K30,K31,K32:BK4",  # four kings
        "W:WK29,K30,K31,26:BK4",  # three kings and a man
        "W:WK29,K30:BK4",  # two kings: the 20 king-move rule still applies
        "W:WK29,K30,K31:BK4,1",  # not a lone king
    ],
)
def test_brazilian_three_kings_rule_reads_literally(fen: str) -> None:
    assert Position.from_fen("brazilian", fen).endgame_limit() is None


def test_italian_kk_v_k_draw() -> None:
    for fen in ("W:WK29,K30:BK1", "B:WK29:BK1,K2", "W:WK29:BK1"):
        outcome = Position.from_fen("italian", fen).outcome()
        assert outcome == Outcome(frozenset(), "insufficient_material")


def test_italian_other_material_plays_on() -> None:
    for fen in ("W:WK29,K30,K31:BK1", "W:WK29,30:BK1", "W:WK29,K30:B1"):
        assert Position.from_fen("italian", fen).outcome() is None


def test_a_win_comes_before_a_draw_rule() -> None:
    # The 20th move of the stronger side leaves the lone king in its corner without a move.
    position = Position.from_snapshot("brazilian", "W:WK11,K12,K29:BK4;endgame=39")
    assert position.outcome() is None
    after = play(position, "h6-g7")
    assert after.endgame == 40
    assert after.outcome() == Outcome(frozenset({WHITE}), "no_moves")


# ----- Italian -----


def test_italian_man_cannot_capture_king() -> None:
    assert legal("italian", "W:W22:BK18") == {"22-19"}
    assert legal("italian", "W:W22:B18") == {"22x13"}


def test_italian_man_captures_forward_only() -> None:
    assert legal("italian", "W:W14:B18") == {"14-10", "14-11"}


def test_italian_king_moves_one_square() -> None:
    assert legal("italian", "W:WK22:B1") == {"22-18", "22-19", "22-26", "22-27"}


def test_italian_king_captures_short_and_backwards() -> None:
    assert legal("italian", "W:WK14:B18") == {"14x21"}
    assert legal("italian", "W:WK14:B27") == {"14-10", "14-11", "14-18", "14-19"}


def test_italian_priority_1_most_pieces() -> None:
    # The man takes two; the king only one.
    assert legal("italian", "W:W22,K24:B18,20,10") == {"22x6"}


def test_italian_priority_2_king_captures_before_man() -> None:
    assert legal("italian", "W:W22,K24:B18,20") == {"24x15"}


def test_italian_priority_3_most_kings() -> None:
    assert legal("italian", "W:WK22:BK18,19") == {"22x13"}


def test_italian_priority_4_kings_met_earliest() -> None:
    first = Position.from_fen("italian", "W:WK10:BK29,K5,K30,K22,K15,24,21,8,14,7,6,23")
    assert [m.path for m in first.legal_moves()] == [(10, 19, 12, 3, 10, 1)]
    second = Position.from_fen("italian", "W:WK19:BK31,K15,K7,K13,K14,6,24,22,21,16,23")
    (move,) = second.legal_moves()
    assert second.parse("19x12x3x10x17x26x19x10") == move
    kings = set(second.rules.board.squares_of(second.kings))
    assert frozenset(c for c in move.captures if c in kings) == {15, 7, 14, 13}


def test_italian_priorities_do_not_apply_in_brazilian() -> None:
    # The man's capture of one piece is as good as the king's (free choice).
    assert legal("brazilian", "W:W22,K28:B18,24") == {
        "c3xe5",
        "h2xf4",
        "h2xe5",
        "h2xd6",
        "h2xc7",
        "h2xb8",
    }


# ----- italian-familiar: optional captures and the huff -----


def test_familiar_capture_is_optional() -> None:
    assert legal("italian-familiar", "W:W22,28:B18") == {"22x13", "22-19", "28-23", "28-24"}


def test_huff_after_a_missed_capture() -> None:
    position = Position.from_fen("italian-familiar", "W:W22,28:B18,1")
    after = play(position, "28-24")
    assert after.huffable() == [22]
    assert after.legal_moves()[0] == Move((22,), huff=True)
    assert after.notation(after.legal_moves()[0]) == "soffio 22"
    huffed = play(after, "soffio 22")
    assert huffed.to_move() == BLACK  # the huff does not end the turn
    assert 22 not in huffed.pieces()
    assert huffed.huffable() == []
    assert play(after, "huff 22") == huffed


def test_huff_right_lapses_after_a_normal_move() -> None:
    # 27 stops Black's 18 from capturing 22, so Black's move gives White no huff right.
    position = Position.from_fen("italian-familiar", "W:W22,27,28:B18,1")
    assert play(position, "28-24").huffable() == [22]
    after = play(position, "28-24", "1-5")
    assert after.huffable() == []
    assert all(not m.huff for m in after.legal_moves())


def test_huff_follows_the_piece_that_moved_instead_of_capturing() -> None:
    position = Position.from_fen("italian-familiar", "W:W22,28:B18,1")
    after = play(position, "22-19")
    assert after.huffable() == [19]


def test_no_huff_after_the_required_capture() -> None:
    position = Position.from_fen("italian-familiar", "W:W22,28:B18,1")
    assert play(position, "22x13").huffable() == []


def test_huff_after_a_capture_the_priorities_do_not_allow() -> None:
    # The king must capture (priority 2); the man's capture is a missed required capture.
    position = Position.from_fen("italian-familiar", "W:W22,K24:B18,20,1")
    assert play(position, "22x13").huffable() == [24]
    assert play(position, "24x15").huffable() == []


def test_huff_right_survives_the_snapshot() -> None:
    position = play(Position.from_fen("italian-familiar", "W:W22,28:B18,1"), "28-24")
    snapshot = position.snapshot()
    assert snapshot.endswith(";huff=22")
    assert Position.from_snapshot("italian-familiar", snapshot) == position


def test_huffing_the_last_piece_wins() -> None:
    position = Position.from_fen("italian-familiar", "W:W22:B18,1")
    after = play(position, "22-19", "soffio 19")
    assert after.outcome() == Outcome(frozenset({BLACK}), "no_pieces")
