"""The solved endings of flying kings on 8x8 (up to three kings against a lone king): the
marks agree with the moves, Petrov's triangle takes its 13 moves, the long diagonal holds,
and the engine converts won positions within the Brazilian rules' 20 moves."""

import random

import pytest

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.lone_king import LoneKingTable, covers, lone_king_table
from games.damas.engine.search import WON
from games.damas.move import WHITE

BUDGET = Limit(nodes=4000, seconds=60.0)


@pytest.fixture(scope="module")
def table() -> LoneKingTable:
    solved = lone_king_table("brazilian", solve=True)
    assert solved is not None
    return solved


def _result(table: LoneKingTable, position: Position) -> tuple[bool, int] | None:
    own, opp = (
        (position.white, position.black)
        if position.colour == WHITE
        else (position.black, position.white)
    )
    return table.result(own, opp)


def _kings_win(table: LoneKingTable, position: Position) -> int | None:
    """Plies to the win of White's kings (Black has the lone king); None: not won."""
    outcome = position.outcome()
    if outcome is not None:
        return 0 if outcome.winners == {WHITE} else None
    return table.plies_to_win(position.white, position.black, position.colour == WHITE)


def test_only_flying_kings_on_8x8_have_a_table() -> None:
    assert lone_king_table("international", solve=True) is None
    assert lone_king_table("italian", solve=True) is None


def test_a_capture_at_once_is_one_ply(table: LoneKingTable) -> None:
    assert _result(table, Position.from_fen("brazilian", "W:WK22,K21,K8:BK25")) == (True, 1)


def test_the_lone_king_in_the_corner_of_the_long_diagonal_holds(table: LoneKingTable) -> None:
    assert _result(table, Position.from_fen("brazilian", "W:WK1,K10,K19:BK4")) is None
    assert _result(table, Position.from_fen("brazilian", "B:WK1,K10,K19:BK4")) is None


def test_the_longest_win_is_petrovs_thirteen_moves(table: LoneKingTable) -> None:
    longest = max(max(table.plies[3][0]), max(table.plies[3][1])) - 1
    assert longest == 26  # the lone king to move: 13 moves of the kings after its own


def _random_position(rng: random.Random, kings: int, colour: str) -> Position:
    while True:
        squares = rng.sample(range(1, 33), kings + 1)
        strong = ",".join(f"K{square}" for square in squares[1:])
        position = Position.from_fen("brazilian", f"{colour}:W{strong}:BK{squares[0]}")
        if position.outcome() is None:
            return position


@pytest.mark.parametrize("kings", [1, 2, 3])
def test_each_mark_agrees_with_the_marks_one_move_later(table: LoneKingTable, kings: int) -> None:
    rng = random.Random(kings)
    for number in range(150):
        position = _random_position(rng, kings, "WB"[number % 2])
        after = [_kings_win(table, position.play(move)) for move in position.legal_moves()]
        won = [plies + 1 for plies in after if plies is not None]
        if position.colour == WHITE:
            expected = min(won) if won else None
        else:
            expected = max(won) if len(won) == len(after) else None
        assert _kings_win(table, position) == expected, position.fen()


def test_won_positions_are_converted_within_the_rules(table: LoneKingTable) -> None:
    rng = random.Random(7)
    converted = 0
    while converted < 4:
        position = _random_position(rng, 3, "W")
        result = _result(table, position)
        if result is None or result[1] < 15:
            continue
        plies = 0
        while position.outcome() is None:
            position = position.play(think(position, BUDGET, rng).move)
            plies += 1
        outcome = position.outcome()
        assert outcome is not None, position.snapshot()
        assert outcome.winners == {WHITE}, position.snapshot()
        assert plies == result[1]
        converted += 1


def test_a_win_through_a_forced_capture_is_not_lost_to_the_count(table: LoneKingTable) -> None:
    # Two kings against one after 18 moves each of kings only: White wins in five plies by
    # offering a king (e5-f6 d4xa1 f6-h8 a1-e5 h8xc3), more than the four plies the count
    # leaves, but the lone king's capture starts the count again.
    moves = (
        "f4-e5 e7-c5 h2-g1 c5-b4 g1-d4 b4-d2 e5-d6 d2-e1 d6-h2 e1-b4 h2-c7 b4-a5 c7-f4 a5-b4 "
        "f4-h2 b4-d2 h2-g3 d2-h6 g3-c7 h6-g5 c7-d6 g5-d2 d6-e5 d2-h6 d4-b2 h6-e3 b2-a1 e3-c5 "
        "a1-c3 c5-e3 c3-b2 e3-c5 b2-a1 c5-e3 a1-c3 e3-d4"
    )
    position = Position.from_fen("brazilian", "W:WK19,K28:BK7")
    for notation in moves.split():
        position = position.play(position.parse(notation))
    assert _result(table, position) == (True, 5)
    thought = think(position, BUDGET, random.Random(1))
    assert position.notation(thought.move) == "e5-f6"
    assert thought.score > WON


def test_covers_kings_only_against_one() -> None:
    position = Position.from_fen("brazilian", "W:WK22,K21,8:BK25")
    assert not covers(position.white, position.black, position.kings)
    position = Position.from_fen("brazilian", "W:WK22,K21:BK25,K1")
    assert not covers(position.white, position.black, position.kings)
