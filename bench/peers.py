"""The peer draughts libraries of the benchmarks, each installed and imported in isolation.

py-draughts and pydraughts both ship a top-level package named `draughts`, so they cannot
share one environment. Each peer is installed on first use into its own folder,
`.peers/<name>` at the root of the repository (git-ignored), with
`pip install --target`, and imported with that folder first on sys.path. Every submodule a
benchmark needs is imported eagerly, kept under the peer's own name, and the `draughts*`
entries of sys.modules are cleared before and after, so the next peer imports its own.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]
PEERS_DIR = REPO / ".peers"
SHARED_NAME = "draughts"


@dataclass(frozen=True)
class Peer:
    name: str
    requirement: str
    modules: tuple[str, ...]  # every module of the peer a benchmark uses, imported eagerly


PY_DRAUGHTS = Peer(
    name="py-draughts",
    requirement="py-draughts==1.10.1",
    modules=(
        "draughts",
        "draughts.boards.standard",
        "draughts.boards.brazilian",
        "draughts.engines.turbo",
    ),
)
PYDRAUGHTS = Peer(
    name="pydraughts",
    requirement="pydraughts==0.6.7",
    modules=("draughts", "draughts.core.variant", "draughts.core.game", "draughts.convert"),
)


def install(peer: Peer) -> Path:
    """The peer's folder, installing the peer into it first if it is not there yet."""
    target = PEERS_DIR / peer.name
    if not (target / SHARED_NAME).is_dir():
        print(f"installing {peer.requirement} into {target} ...", file=sys.stderr)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--target",
                str(target),
                peer.requirement,
            ],
            check=True,
        )
    return target


def _forget_shared_package() -> None:
    for name in [n for n in sys.modules if n == SHARED_NAME or n.startswith(SHARED_NAME + ".")]:
        del sys.modules[name]


def load(peer: Peer) -> dict[str, ModuleType]:
    """The peer's modules by name, imported from its own folder only."""
    target = str(install(peer))
    _forget_shared_package()
    sys.path.insert(0, target)
    try:
        modules = {name: importlib.import_module(name) for name in peer.modules}
        location = Path(modules[SHARED_NAME].__file__ or "").resolve()
        if not location.is_relative_to(Path(target).resolve()):
            raise RuntimeError(f"{peer.name}: imported {location}, not the copy in {target}")
        return modules
    finally:
        sys.path.remove(target)
        _forget_shared_package()
