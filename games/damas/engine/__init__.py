"""The draughts engine: a fast alpha-beta search on the move generator's bitboards.

`think(position, limit)` is the whole interface; the modules inside each do one thing:
evaluate (static evaluation), zobrist (position keys), table (transposition table), search
(the tree), think (the root: deepening, time, randomness, huffs), compiled (the compiled
core, _core.c, that runs the same search in C where it was built, else search.py), databases
(the endgame databases: built, read, and what they play).
"""

from games.damas.engine.think import Limit, Thought, think

__all__ = ["Limit", "Thought", "think"]
