"""The review with databases: a move that throws away a win the tables know is a blunder,
where the search alone, not seeing the win, calls it a mistake."""

from collections.abc import Callable

from games.damas import Position
from games.damas.engine.databases.loaded import use
from games.damas.engine.databases.tables import Tables
from games.damas.review import review_limit, review_moves, search_position

Built = Callable[[str, int], Tables]


def _marks(start: Position, moves: list[str]) -> list[str | None]:
    positions = [start]
    for move in moves:
        positions.append(positions[-1].play(positions[-1].parse(move)))
    searched = [
        None if position.outcome() is not None else search_position(position, review_limit(2000))
        for position in positions
    ]
    return [review.mark for review in review_moves(positions, moves, searched)]


def test_a_win_the_tables_know_thrown_away_is_a_blunder(kings_only: Built) -> None:
    # Three kings win the lone king in 31 plies; 8-12 lets it take one: two kings against
    # one, a draw at once in Italian.
    start = Position.from_fen("italian", "W:WK4,K7,K8:BK15")
    assert _marks(start, ["8-12", "15x8"])[0] == "mistake"
    use(kings_only("italian", 4))
    assert _marks(start, ["8-12", "15x8"])[0] == "blunder"
