"""The databases' moves under the draw rules' counts: positions checked by hand, where the
count decides between a win and a draw, and the engine converting what the tables hold as won
against the longest defence, within the counts."""

from collections.abc import Callable

import pytest

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.databases.loaded import use
from games.damas.engine.databases.moves import holding_move, value_of
from games.damas.engine.databases.tables import Tables
from games.damas.engine.line import principal_line
from games.damas.engine.search import WON
from games.damas.move import WHITE

Built = Callable[[str, int], Tables]
QUICK = Limit(nodes=2000, seconds=60.0, seed=1)


def _play_out(tables: Tables, position: Position) -> tuple[list[str], frozenset[int], str]:
    """White: the engine; Black: the tables' longest defence. The moves and the outcome."""
    moves = []
    while (outcome := position.outcome()) is None:
        if position.colour == WHITE:
            move = think(position, QUICK).move
        else:
            move = holding_move(tables, position, position.legal_moves()) or next(
                iter(position.legal_moves())
            )
        moves.append(position.notation(move))
        position = position.play(move)
    return moves, outcome.winners, outcome.reason


@pytest.mark.usefixtures("compiled_core")
@pytest.mark.parametrize(
    ("used", "winners", "line"),
    [
        # International, two kings against one: a draw after 5 moves (10 plies). 10-46 puts
        # the lone king in the corner 5 on the long diagonal whose other end White holds:
        # its every move (5-10, 5-14, ... 5-41) stays on it and is taken: 3 plies.
        (7, {WHITE}, ["10-46", "5-10", "46x5"]),
        # With 8 plies of the count used, 2 are left: the capture would come at the third.
        (8, set(), None),
    ],
)
def test_the_count_decides_a_three_ply_win(
    built: Built, used: int, winners: set[int], line: list[str] | None
) -> None:
    use(built("international", 3))
    position = Position.from_snapshot("international", f"W:WK1,K10:BK5;endgame={used}")
    thought = think(position, QUICK)
    assert (thought.score > WON) == bool(winners)
    assert thought.score > WON or thought.score == 0
    moves, won_by, reason = _play_out(built("international", 3), position)
    assert won_by == winners
    if line is not None:
        assert moves == line
    else:
        assert reason == "endgame_rule"


@pytest.mark.parametrize(("used", "winners"), [(18, {WHITE}), (19, set())])
def test_the_count_decides_the_longest_three_kings_win(
    kings_only: Built, used: int, winners: set[int]
) -> None:
    # Brazilian, three kings against one: 22 plies to the lone king's forced capture of a
    # king (the tables' longest with the kings to move), then two kings take it. 40 plies
    # of the count less 18 used leave the 22; less 19 do not.
    tables = kings_only("brazilian", 4)
    use(tables)
    fen = "W:WK2,K13,K20:BK1"
    assert value_of(tables, Position.from_fen("brazilian", fen)) == 22
    position = Position.from_snapshot("brazilian", f"{fen};king_moves={used};endgame={used}")
    _, won_by, _ = _play_out(tables, position)
    assert won_by == winners


def test_italian_kings_alone_are_drawn_at_once_and_three_against_one_won(
    kings_only: Built,
) -> None:
    tables = kings_only("italian", 4)
    use(tables)
    assert value_of(tables, Position.from_fen("italian", "W:WK1,K10:BK28")) == 0
    assert value_of(tables, Position.from_fen("italian", "W:WK10:BK28")) == 0
    # No count in Italian: three kings win the lone king, however long it takes.
    won = [
        Position.from_fen("italian", fen)
        for fen in ("W:WK1,K2,K3:BK28", "W:WK29,K30,K31:BK4", "B:WK13,K14,K22:BK32")
    ]
    for position in won:
        value = value_of(tables, position)
        assert value is not None
        assert (value < 128) == (position.colour == WHITE)
        assert _play_out(tables, position)[1] == {WHITE}


def test_the_line_goes_on_with_the_tables_moves(built: Built) -> None:
    use(built("international", 3))
    position = Position.from_fen("international", "W:WK1,K10:BK5")
    assert [position.notation(m) for m in principal_line(position, 6)][:1] == ["10-46"]
    assert len(principal_line(position, 6)) == 3
