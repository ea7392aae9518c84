"""The principal line of a finished search, read back from the transposition table: from a
position, the best move the table keeps for it, then for the position after it, and so on.

The table holds the last search's best replies, so the line is read at once after the
search (the next search may overwrite them); it stops where the table knows nothing, at a
position seen before on the line, or at the end of the game.
"""

from __future__ import annotations

from games.damas.engine.table import tables_for
from games.damas.engine.think import _as_moves, _raw_moves, _tools
from games.damas.move import Move
from games.damas.position import Position


def principal_line(position: Position, plies: int) -> list[Move]:
    """Up to `plies` moves of the line the last search of `position`'s variant expects."""
    _, keys = _tools(position.rules.key)
    table = tables_for(position.rules.key)
    line: list[Move] = []
    seen: set[int] = set()
    while len(line) < plies and position.outcome() is None:
        key = keys.of(position.white, position.black, position.kings, position.colour)
        entry = table.get(key)
        if entry is None or key in seen:
            break
        seen.add(key)
        raws = _raw_moves(position)
        move = _as_moves(position, raws).get(entry[3]) if entry[3] in raws else None
        if move is None:
            break
        line.append(move)
        position = position.play(move)
    return line
