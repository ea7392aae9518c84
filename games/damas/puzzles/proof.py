"""The proof's search: tactics.minimax, run by the compiled core where it is built (about a
hundred times faster), else in Python, the reference, which the compiled one matches value
for value (tests/games/damas/engine/test_compiled_proof.py). Every search of the finder
goes through `search`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from games.damas.engine.compiled import COMPILED, material_search
from games.damas.position import Position
from games.damas.tactics import minimax

WINDOW = 1000  # tactics.minimax's full window, either way
_python_only = [False]  # within `python_only()`: bench/puzzles.py --python measures both


def search(position: Position, depth: int, alpha: int = -WINDOW, beta: int = WINDOW) -> int:
    """The material the side to move keeps with best play for `depth` plies (tactics.minimax)."""
    if COMPILED and not _python_only[0]:
        return material_search(position, depth, alpha, beta)
    return minimax(position, depth, alpha, beta)


@contextmanager
def python_only() -> Iterator[None]:
    """Every search within on the Python reference, where the compiled core would run."""
    _python_only[0] = True
    try:
        yield
    finally:
        _python_only[0] = False
