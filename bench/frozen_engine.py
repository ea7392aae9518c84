"""Frozen copies of the engine, as main had it, to measure later changes against.

bench/frozen/games-COMMIT.tar.gz is `git archive COMMIT games | gzip -9n`: the whole pure
`games` package of main at that commit. They are kept as archives so that they are neither
linted nor counted as second copies of the code. Each is unpacked on first use into
`.peers/frozen-COMMIT` (git-ignored), its compiled core (where the copy has one) built there
with the C compiler Python was built with, and its player runs in a process of its own that
imports `games` from there and nowhere else. In bench/strength.py:

- `--opponent frozen:strong`: 2c17228, the last commit before issue 26's goals were measured
  (pure Python: the compiled core came after);
- `--opponent frozen-0c70a83:strong`: 0c70a83, the last commit before issue 36 (the compiled
  core with the hand-set evaluation, no endgame databases): issue 36's "today's strong";
- `--opponent frozen-4754a1b:strong`: 4754a1b, the second round of learned patterns with the
  table emptied when full, before the table kept from search to search.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import sysconfig
import tarfile
from multiprocessing.connection import Connection
from pathlib import Path

COMMIT = "2c17228"
COMMITS = ("2c17228", "0c70a83", "4754a1b")
REPO = Path(__file__).resolve().parents[1]
PREFIX = "frozen"


def is_frozen(spec: str) -> bool:
    return spec.split(":")[0].split("-")[0] == PREFIX


def commit_of(spec: str) -> str:
    """The commit a `frozen[-COMMIT]:LEVEL` spec names (2c17228 without one)."""
    _, _, commit = spec.split(":")[0].partition("-")
    commit = commit or COMMIT
    if commit not in COMMITS:
        raise SystemExit(f"no frozen copy of {commit!r}: {', '.join(COMMITS)}")
    return commit


def unpack(spec: str) -> Path:
    """The folder holding the frozen `games` package a spec names, unpacking it (and building
    its compiled core) first if it is not there."""
    commit = commit_of(spec)
    target = REPO / ".peers" / f"frozen-{commit}"
    if not (target / "games" / "__init__.py").is_file():
        target.mkdir(parents=True, exist_ok=True)
        archive = Path(__file__).resolve().parent / "frozen" / f"games-{commit}.tar.gz"
        with tarfile.open(archive) as opened:
            opened.extractall(target, filter="data")
    engine = target / "games" / "damas" / "engine"
    built = engine / f"_core{sysconfig.get_config_var('EXT_SUFFIX')}"
    if (engine / "_core.c").is_file() and not built.is_file():
        _build_core(engine, built)
    return target


def _build_core(engine: Path, built: Path) -> None:
    """The copy's core, as its setup.py built it (-O2, every C file of the engine)."""
    sources = [engine / "_core.c", *sorted((engine / "core").glob("*.c"))]
    compiler = str(sysconfig.get_config_var("CC") or "cc").split()
    include = sysconfig.get_paths()["include"]
    command = [*compiler, "-O2", "-shared", "-fPIC", f"-I{include}", "-o", str(built)]
    subprocess.run([*command, *map(str, sources)], check=True)


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
    target = str(unpack(spec))
    _forget(("games", "match_players"))
    sys.path.insert(0, target)
    frozen = importlib.import_module("games")
    location = Path(frozen.__file__ or "").resolve()
    if not location.is_relative_to(Path(target).resolve()):
        raise RuntimeError(f"imported {location}, not the frozen copy in {target}")
    # A copy with a core must play with it: the pure fallback is 30 times slower.
    has_core = (Path(target) / "games" / "damas" / "engine" / "_core.c").is_file()
    if has_core and not importlib.import_module("games.damas.engine.compiled").COMPILED:
        raise RuntimeError(f"the frozen copy in {target} did not import its core")
    players = importlib.import_module("match_players")
    level = spec.split(":", 1)[1]
    players.serve(connection, f"level:{level}", variant, fen, seconds, seed)
