"""The transposition table: Zobrist key -> (depth, bound, score, best move), bounded.

Kept between the moves of a game (see tables_for) and never emptied: the next move's search
starts with what the last one learnt. Its slots come in buckets of `BUCKET`, the key's low
bits naming the bucket, so that it forgets what matters least where it is full: a new
position takes a free slot of its bucket, else the shallowest entry of an earlier search,
else the shallowest of this one. The compiled core's table (core/table.c) is the same table
in C, slot for slot: of equal sizes, the two keep and forget alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar, cast

from games.damas.movegen import Raw

EXACT, LOWER, UPPER = 0, 1, 2
BUCKET = 4
# The pure search's table: a quarter of the compiled core's 2^20 slots (32 MB there), as its
# entries are Python objects of some 440 bytes each (115 MB when full).
PURE_SLOTS = 1 << 18
AGES = 256  # the core keeps a search's number in a byte
Entry = tuple[int, int, int, Raw]
# What a slot holds: the key, the entry, the search that stored it.
_Slot = tuple[int, Entry, int]


class Table:
    def __init__(self, slots: int = PURE_SLOTS) -> None:
        if slots < BUCKET or slots & (slots - 1):
            raise ValueError(f"slots must be a power of two, at least {BUCKET}, not {slots}")
        self.slots = slots
        self._mask = slots - BUCKET
        # Each bucket used: its slots in the compiled core's order (None: free).
        self._buckets: dict[int, list[_Slot | None]] = {}
        self._count = 0
        self._age = 0

    def __len__(self) -> int:
        return self._count

    def get(self, key: int) -> Entry | None:
        bucket = self._buckets.get(key & self._mask)
        if bucket is not None:
            for slot in bucket:
                if slot is not None and slot[0] == key:
                    return slot[1]
        return None

    def put(self, key: int, depth: int, flag: int, score: int, move: Raw) -> None:
        bucket = self._buckets.get(key & self._mask)
        if bucket is None:
            bucket = self._buckets[key & self._mask] = [None] * BUCKET
        age = self._age
        for index, slot in enumerate(bucket):
            if slot is not None and slot[0] == key:
                old_depth = slot[1][0]
                # A deeper result is worth more than a newer shallow one, except an exact
                # score; one from an earlier search gives way to this one's.
                if depth >= old_depth or flag == EXACT or slot[2] != age:
                    bucket[index] = (key, (depth, flag, score, move), age)
                return
        if None in bucket:
            chosen = bucket.index(None)
            self._count += 1
        else:
            # Stale entries first, then the shallowest (the first of equals, as in the core).
            chosen = min(range(BUCKET), key=lambda index: _worth(bucket[index], age))
        bucket[chosen] = (key, (depth, flag, score, move), age)

    def new_search(self) -> None:
        """Count what is stored from now on as the next search's."""
        self._age = (self._age + 1) % AGES


def _worth(slot: _Slot | None, age: int) -> tuple[bool, int]:
    """How much a full slot's entry is worth keeping: this search's, then deeper."""
    assert slot is not None
    return slot[2] == age, slot[1][0]


class Kept(Protocol):
    """What the root and the principal line ask of a table, this one or the compiled core's
    (whose entries hold the move as (start, end, taken) only)."""

    @property
    def get(self) -> Callable[[int], tuple[int, int, int, Sequence[object]] | None]: ...

    def new_search(self) -> None: ...


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
