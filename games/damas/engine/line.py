"""The principal line of a finished search, read back from the transposition table: from a
position, the best move the table keeps for it, then for the position after it, and so on;
where the endgame databases hold a position as won or lost, their moves instead (the search
keeps nothing for the positions it reads from them).

The table holds the last search's best replies, so the line is read at once after the
search (the next search may overwrite them); it stops where the table knows nothing, at a
position seen before on the line, at a drawn position of the databases, or at the end of the
game.
"""

from __future__ import annotations

from games.damas.engine.compiled import table_of, tools
from games.damas.engine.databases.loaded import loaded
from games.damas.engine.databases.moves import database_move, score_of
from games.damas.engine.think import _as_moves, _raw_moves
from games.damas.move import Move
from games.damas.position import Position


def principal_line(position: Position, plies: int, pure: bool = False) -> list[Move]:
    """Up to `plies` moves of the line the last search of `position`'s variant expects (of
    the pure-Python search with `pure`)."""
    _, keys = tools(position.rules.key)
    table = table_of(position.rules.key, pure)
    tables = loaded(position.rules.key)
    line: list[Move] = []
    seen: set[int] = set()
    while len(line) < plies and position.outcome() is None:
        key = keys.of(position.white, position.black, position.kings, position.colour)
        if tables is not None and score_of(tables, position) is not None:
            moves = list(_as_moves(position, _raw_moves(position)).values())
            chosen = database_move(tables, position, moves)
            if chosen is None:
                break
            line.append(chosen)
            position = position.play(chosen)
            continue
        entry = table.get(key)
        if entry is None or key in seen:
            break
        seen.add(key)
        # The compiled table keeps a move as (start, end, taken) only.
        best = entry[3][:3]
        raws = [raw for raw in _raw_moves(position) if raw[:3] == best]
        if not raws:
            break
        move = _as_moves(position, raws)[raws[0]]
        line.append(move)
        position = position.play(move)
    return line
