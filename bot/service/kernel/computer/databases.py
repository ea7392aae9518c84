"""The endgame databases the computer plays with: the files of a folder (one folder per
variant, as `python -m games.damas endgame build` writes them) mapped into memory read only,
so that the worker processes share one copy through the page cache, and handed to the engine
(games/damas/engine/databases). No folder, or no file in it: the engine plays without them."""

from __future__ import annotations

import logging
import mmap
from pathlib import Path

from games.damas.engine.databases.loaded import use
from games.damas.engine.databases.tables import SUFFIX, BadDatabase, Tables
from games.damas.rules import RULES

logger = logging.getLogger(__name__)


def _mapped(path: Path) -> mmap.mmap:
    with path.open("rb") as file:
        return mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)


def load_databases(folder: Path) -> list[str]:
    """Give the engine every variant's databases found under `folder`; the variants loaded.
    A variant whose files do not read is left out, with a warning in the log."""
    if not folder.is_dir():
        return []
    found = []
    for variant in sorted(RULES):
        paths = sorted((folder / variant).glob(f"*{SUFFIX}"))
        if not paths:
            continue
        try:
            tables = Tables.from_bytes(variant, [_mapped(path) for path in paths])
        except (OSError, BadDatabase) as error:
            logger.warning("endgame databases of %s left out: %s", variant, error)
            continue
        use(tables)
        found.append(variant)
    return found
