"""A frozen copy of the engine, as main had it, to measure later changes against.

bench/frozen/games-2c17228.tar.gz is `git archive 2c17228 games | gzip -9n`: the whole pure
`games` package of main at commit 2c17228 (the last commit before issue 26's goals were
measured). It is kept as an archive so that it is neither linted nor counted as a second copy
of the code. It is unpacked on first use into `.peers/frozen-2c17228` (git-ignored) and its
player (`--opponent frozen:strong` in bench/strength.py) runs in a process of its own that
imports `games` from there and nowhere else.
"""

from __future__ import annotations

import importlib
import sys
import tarfile
from multiprocessing.connection import Connection
from pathlib import Path

COMMIT = "2c17228"
REPO = Path(__file__).resolve().parents[1]
ARCHIVE = Path(__file__).resolve().parent / "frozen" / f"games-{COMMIT}.tar.gz"
TARGET = REPO / ".peers" / f"frozen-{COMMIT}"
PREFIX = "frozen:"


def unpack() -> Path:
    """The folder holding the frozen `games` package, unpacking it first if it is not there."""
    if not (TARGET / "games" / "__init__.py").is_file():
        TARGET.mkdir(parents=True, exist_ok=True)
        with tarfile.open(ARCHIVE) as archive:
            archive.extractall(TARGET, filter="data")
    return TARGET


def _forget(names: tuple[str, ...]) -> None:
    for name in [n for n in sys.modules if n.split(".")[0] in names]:
        del sys.modules[name]


def serve(
    connection: Connection, spec: str, variant: str, fen: str, seconds: float, seed: int
) -> None:
    """A frozen player's process. The spawned process has already imported the current
    `games` (the referee's script is its main module); those modules are forgotten, the
    frozen package is imported in their place, and the player module is imported again so
    that every `games` name it and the engine use resolves inside the frozen copy."""
    target = str(unpack())
    _forget(("games", "match_players"))
    sys.path.insert(0, target)
    frozen = importlib.import_module("games")
    location = Path(frozen.__file__ or "").resolve()
    if not location.is_relative_to(Path(target).resolve()):
        raise RuntimeError(f"imported {location}, not the frozen copy in {target}")
    players = importlib.import_module("match_players")
    level = spec.removeprefix(PREFIX)
    players.serve(connection, f"level:{level}", variant, fen, seconds, seed)
