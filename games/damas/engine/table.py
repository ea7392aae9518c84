"""The transposition table: Zobrist key -> (depth, bound, score, best move), bounded.

Kept between the moves of a game (see tables_for): the next move's search starts with what
the last one learnt. When full, it is emptied at the start of a search (never in the middle,
so an iteration does not lose its own work): crude, but the table refills within a move and a
dict has no cheaper way to forget its oldest entries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar, cast

from games.damas.movegen import Raw

EXACT, LOWER, UPPER = 0, 1, 2
Entry = tuple[int, int, int, Raw]
DEFAULT_ENTRIES = 250_000  # about 50 MB of Python objects at most


class Table:
    def __init__(self, entries: int = DEFAULT_ENTRIES) -> None:
        self.entries = entries
        self._data: dict[int, Entry] = {}
        self.get = self._data.get

    def __len__(self) -> int:
        return len(self._data)

    def put(self, key: int, depth: int, flag: int, score: int, move: Raw) -> None:
        data = self._data
        old = data.get(key)
        # A deeper result is worth more than a newer shallow one, except an exact score.
        if old is None or depth >= old[0] or flag == EXACT:
            data[key] = (depth, flag, score, move)

    def make_room(self) -> None:
        """Forget everything if the table is full (called between searches)."""
        if len(self._data) >= self.entries:
            self._data.clear()


class Kept(Protocol):
    """What the root and the principal line ask of a table, this one or the compiled core's
    (whose entries hold the move as (start, end, taken) only)."""

    @property
    def get(self) -> Callable[[int], tuple[int, int, int, Sequence[object]] | None]: ...

    def make_room(self) -> None: ...


K = TypeVar("K", bound=Kept)
# (variant, kind of table: this one or the compiled core's) -> its table in this process
_TABLES: dict[tuple[str, Callable[[], Kept]], Kept] = {}


def tables_for(rules_key: str) -> Table:
    """The table of a variant's pure-Python search in this process (see `kept`)."""
    return kept(rules_key, Table)


def kept(rules_key: str, kind: Callable[[], K]) -> K:
    """The table of a kind for a variant in this process: searches of one game follow each
    other in a worker, and entries are exact for their position whatever game it comes
    from."""
    table = _TABLES.get((rules_key, kind))
    if table is None:
        table = _TABLES[rules_key, kind] = kind()
    return cast(K, table)


def forget_tables() -> None:
    """Forget what every table learnt (tests that must not depend on earlier searches)."""
    _TABLES.clear()
