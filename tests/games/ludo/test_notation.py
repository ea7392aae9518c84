"""Ludo move notation: what people may type, the canonical form, and the lists of choices."""

from collections.abc import Callable

import pytest

from games.base import BadNotation, IllegalMove
from games.ludo import Leave, LudoPosition, Roll, Step

Board = Callable[..., LudoPosition]


def test_the_canonical_forms_read_as_pawn_and_way(board: Board) -> None:
    position = board({0: ["c5", "c5", "h3", "c50"], 1: ["c8", "c8"]}, roll=3)
    notations = [position.notation(move) for move in position.legal_moves()]
    assert notations == ["p1+p2 c5xc8", "p3 h3-home", "p4 c50-h2"]
    assert position.notation(Roll(6)) == "roll 6"
    assert position.notation(Leave(1)) == "leave 2"


@pytest.mark.parametrize(
    "text", ["p2", "2", "P2", " p2 ", "c20", "C20", "c20-c23", "p2 c20-c23", "2 c20"]
)
def test_a_pawn_is_named_by_number_square_or_way(board: Board, text: str) -> None:
    position = board({0: ["c5", "c20"]}, roll=3)
    assert position.parse(text) == Step(0, 1, 19, 22)


def test_the_yard_names_the_pawns_that_may_enter(board: Board) -> None:
    position = board({0: ["c5"]}, roll=6)
    entering = Step(0, 1, -1, 0)
    assert position.parse("yard") == entering
    assert position.parse("p2 yard-c1") == entering


def test_any_pawn_of_a_group_names_the_groups_one_move(board: Board) -> None:
    # Pawns 2, 3, 4 are all in the yard: one choice, named by the lowest number.
    position = board({0: ["c5"]}, roll=1)
    assert len(position.legal_moves()) == 2
    assert position.parse("p4") == position.parse("p2") == Step(0, 1, -1, 0)


def test_a_towers_two_pawns_are_one_choice(board: Board) -> None:
    position = board({0: ["c5", "c9", "c5"]}, roll=2)
    assert [position.notation(m) for m in position.legal_moves()] == ["p1 c5-c7", "p2 c9-c11"]
    assert position.parse("p3") == position.parse("p1") == Step(0, 0, 4, 6)


def test_either_pawn_of_a_tower_names_the_towers_capture(board: Board) -> None:
    # A single pawn may not land on an enemy tower, so a tower has one move per roll at
    # most: whichever pawn or square is named, the input is never ambiguous.
    position = board({0: ["c5", "c5", "c9"], 1: ["c8", "c8"]}, roll=3)
    for text in ("p1", "p2", "c5", "p1+p2", "p2+p1", "c5xc8", "c5-c8", "p1+p2 c5xc8"):
        assert position.parse(text) == Step(0, 0, 4, 7, capture=True, tower=True)


def test_naming_two_pawns_asks_for_a_tower_move(board: Board) -> None:
    position = board({0: ["c5", "c5"]}, roll=2)
    assert position.parse("p1") == Step(0, 0, 4, 6)
    with pytest.raises(IllegalMove, match="not a legal move"):
        position.parse("p1+p2")


def test_an_illegal_pawn_move_lists_the_legal_choices(board: Board) -> None:
    position = board({0: ["c5", "c20"]}, roll=3)
    with pytest.raises(IllegalMove, match="not a legal move with a 3") as error:
        position.parse("p3")
    assert error.value.choices == ("p1 c5-c8", "p2 c20-c23")


@pytest.mark.parametrize(
    "text", ["p9", "c53", "h6", "somewhere", "c5-c99", "c5-c¹", "h²", "roll", "roll 7"]
)
def test_text_that_is_no_move_at_all_is_bad_notation(board: Board, text: str) -> None:
    position = board({0: ["c5"]}, roll=3) if not text.startswith("roll") else board({})
    with pytest.raises(BadNotation):
        position.parse(text)


def test_a_square_off_the_movers_way_is_not_legal_rather_than_bad(board: Board) -> None:
    # Red never stands on c52 (it turns into its home column at c51).
    with pytest.raises(IllegalMove, match="not a legal move"):
        board({0: ["c5"]}, roll=3).parse("c52")


def test_an_empty_move_is_bad_notation(board: Board) -> None:
    with pytest.raises(BadNotation, match="empty"):
        board({}).parse("  ")


def test_a_pawn_move_while_a_roll_is_due_lists_the_rolls(board: Board) -> None:
    with pytest.raises(IllegalMove, match="rolled first") as error:
        board({0: ["c5"]}).parse("p1")
    assert error.value.choices == tuple(f"roll {n}" for n in range(1, 7))


def test_a_roll_while_a_pawn_must_move_lists_the_moves(board: Board) -> None:
    with pytest.raises(IllegalMove, match="must move the 3") as error:
        board({0: ["c5"]}, roll=3).parse("roll 4")
    assert error.value.choices == ("p1 c5-c8",)


def test_playing_a_move_that_is_not_legal_lists_the_legal_ones(board: Board) -> None:
    position = board({0: ["c5"]}, roll=3)
    with pytest.raises(IllegalMove, match="player 1 must move the 3") as error:
        position.play(Step(0, 0, 4, 8))
    assert error.value.choices == ("p1 c5-c8",)
    with pytest.raises(IllegalMove, match="must move the 3"):
        position.play(Roll(3))
    with pytest.raises(IllegalMove, match="a roll is due for player 1"):
        board({0: ["c5"]}).play(Step(0, 0, 4, 7))


def test_in_two_player_games_squares_are_named_from_each_colours_way(board: Board) -> None:
    position = board({1: ["c27", "h2"]}, players=2, roll=4, turn=1)
    assert [position.notation(m) for m in position.legal_moves()] == [
        "p1 c27-c31",
        "p2 h2-home",
    ]
