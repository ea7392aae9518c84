"""The compiled core's builder driven from Python: a material solved into its file's bytes.
Files are read and written by the command line (__main__.py)."""

from __future__ import annotations

from collections.abc import Callable

from games.damas.engine.compiled import EndgameCore
from games.damas.engine.databases.materials import Pair
from games.damas.engine.databases.tables import File, encode

Progress = Callable[[int, int], object]


def hold(endgame: EndgameCore, file: File) -> None:
    """Let the builder (or a check) read a material's tables."""
    for table, view in file.tables.items():
        endgame.add(*table, view)


def build_material(
    endgame: EndgameCore, variant: str, material: Pair, progress: Progress | None = None
) -> bytes:
    """A material's file (every material its moves lead into held by `endgame` already);
    `progress` is called with the positions done and their total."""
    tables = endgame.build(*material.a, *material.b, material.men_reset, material.drawn, progress)
    return encode(variant, material, [table for table in tables if table is not None])
