"""The move a database plays where it holds the position, with the draw rules' counts.

The winner plays the move that comes soonest to the next move starting the count again (a
capture, a man's move, a crowning: plies stored in the tables), among the moves whose
position the tables hold as lost for the other side within the count it leaves; so each
stretch between two such moves shortens ply by ply and the game goes forward, as a search
scoring the tables' distances alone would not ensure (a move starting the count again scores
as the distance of the next stretch, and a shorter stretch elsewhere may be preferred for
ever). The loser plays the move that holds out longest, or one the count makes a draw.
"""

from __future__ import annotations

from games.damas.engine.databases.materials import counted_by_material
from games.damas.engine.databases.tables import LOSS, Tables
from games.damas.engine.search import NEVER, WIN, database_score
from games.damas.move import BLACK, WHITE, Move
from games.damas.position import Position


def plies_left(position: Position) -> int:
    """Plies the draw rules' counts leave before they end the game (NEVER: no count)."""
    rules = position.rules
    left = NEVER
    if rules.king_moves_limit is not None:
        left = 2 * rules.king_moves_limit - position.king_moves
    limit = position.endgame_limit()
    if limit is not None:
        left = min(left, 2 * limit - position.endgame)
    return left


def value_of(tables: Tables, position: Position) -> int | None:
    """The byte the tables hold for a position, None where they hold none."""
    own, opp = (
        (position.white, position.black)
        if position.colour == WHITE
        else (position.black, position.white)
    )
    return tables.value(own, opp, position.kings, position.colour)


def score_of(tables: Tables, position: Position) -> int | None:
    """The search's score of a position the tables hold (for the side to move, at the root),
    None where they hold none."""
    value = value_of(tables, position)
    return None if value is None else database_score(value, plies_left(position), 0)


def _resets(position: Position, move: Move) -> bool:
    """Whether the move starts the count that matters again."""
    if move.captures:
        return True
    board = position.rules.board
    start = 1 << board.index_of[move.start]
    if position.kings & start:
        return False
    end = 1 << board.index_of[move.end]
    if end & board.promotion_rows[position.colour]:
        return True
    white, black = position.material(WHITE), position.material(BLACK)
    return not counted_by_material(position.rules, white, black)


def _after(tables: Tables, position: Position, move: Move) -> tuple[int, int] | None:
    """(the other side's result after the move: 1 won, 0 drawn, -1 lost, under the counts;
    plies the tables give it), None where no table holds the position after."""
    after = position.play(move)
    outcome = after.outcome()
    if outcome is not None:
        return (0, 0) if not outcome.winners else (1 if after.colour in outcome.winners else -1, 0)
    value = value_of(tables, after)
    if value is None:
        return None
    score = database_score(value, plies_left(after), 0)
    result = 1 if score > 0 else -1 if score < 0 else 0
    return result, value - LOSS if value >= LOSS else value


def winning_move(tables: Tables, position: Position, moves: list[Move]) -> tuple[Move, int] | None:
    """The winner's move and its score (WIN less the plies to the next move that starts the
    count again) where the tables hold the position as won within the count; None else."""
    best: tuple[int, int, Move] | None = None
    for move in moves:
        after = _after(tables, position, move)
        if after is None or after[0] != -1:
            continue
        reach = 1 if _resets(position, move) else 1 + after[1]
        if best is None or (reach, after[1]) < best[:2]:
            best = (reach, after[1], move)
    return None if best is None else (best[2], WIN - best[0])


def holding_move(tables: Tables, position: Position, moves: list[Move]) -> Move | None:
    """The loser's move: one the counts make a draw, else the one that holds out longest;
    None where a move leads out of the tables."""
    best: tuple[int, int, int, Move] | None = None
    for move in moves:
        after = _after(tables, position, move)
        if after is None:
            return None
        reach = 1 if _resets(position, move) else 1 + after[1]
        key = (-after[0], reach, after[1])
        if best is None or key > best[:3]:
            best = (*key, move)
    return None if best is None else best[3]


def database_move(tables: Tables, position: Position, moves: list[Move]) -> Move | None:
    """The move of the side to move where the tables hold the position as won or lost under
    the counts (the winner's, the loser's); None where drawn or not held."""
    score = score_of(tables, position)
    if not score:
        return None
    if score > 0:
        won = winning_move(tables, position, moves)
        return None if won is None else won[0]
    return holding_move(tables, position, moves)
