"""The transposition tables: kept from search to search, forgetting the least worth where a
bucket is full, and the compiled one slot for slot the pure one."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.damas import Position
from games.damas.engine.compiled import core_of, tools
from games.damas.engine.search import NEVER, WIN, OutOfTime
from games.damas.engine.table import BUCKET, EXACT, LOWER, UPPER, Entry, Table
from games.damas.movegen import Raw

VARIANT = "international"
SMALL = 16  # four buckets: every bucket overflows within a few puts
# A move as the pure search keeps it: start, end and taken pieces as bits, then its route.
MOVE: Raw = (1, 2, 0, (), ())


def _search_from_start(table: object, nodes: int, depth: int = 64) -> None:
    """A search of the start position to `depth`, or until its node budget runs out."""
    from games.damas.engine._core import CoreSearch, CoreTable

    assert isinstance(table, CoreTable)
    start = Position.start(VARIANT)
    own, opp, kings = start.white, start.black, start.kings
    key = tools(VARIANT)[1].of(own, opp, kings, 0)
    search = CoreSearch(
        core_of(VARIANT), table, time.perf_counter() + 100, nodes, [], True, OutOfTime, None
    )
    try:
        search.node(own, opp, kings, 0, key, NEVER, NEVER, depth, -WIN, WIN, 0)
    except OutOfTime:
        assert search.nodes >= nodes


def test_a_full_bucket_forgets_an_earlier_search_first_then_the_shallowest() -> None:
    table = Table(SMALL)
    # The key's bits above the bucket's name it: keys 0-3, 16-19, 32-35 share bucket 0.
    for key, depth in enumerate((5, 2, 7, 2)):
        table.put(key, depth, LOWER, key, MOVE)
    table.put(16, 9, LOWER, 99, MOVE)
    assert table.get(1) is None, "the shallowest (the first of equals) gives way"
    assert table.get(3) is not None
    assert table.get(16) is not None
    table.new_search()
    table.put(32, 1, UPPER, 0, MOVE)
    assert table.get(3) is None, "an earlier search's shallowest gives way first"
    table.put(33, 1, UPPER, 0, MOVE)
    assert table.get(0) is None, "then an earlier search's entry, however deep"
    assert [table.get(key) is None for key in (2, 16, 32, 33)] == [False] * BUCKET
    assert len(table) == BUCKET


def test_an_entry_is_replaced_by_a_deeper_or_exact_one_or_by_a_newer_search() -> None:
    table = Table(SMALL)
    table.put(3, 6, LOWER, 10, MOVE)
    table.put(3, 4, UPPER, 20, MOVE)
    assert table.get(3) == (6, LOWER, 10, MOVE)
    table.put(3, 4, EXACT, 30, MOVE)
    assert table.get(3) == (4, EXACT, 30, MOVE)
    table.new_search()
    table.put(3, 1, UPPER, 40, MOVE)
    assert table.get(3) == (1, UPPER, 40, MOVE)


@pytest.mark.usefixtures("compiled_core")
def test_the_compiled_table_keeps_a_searchs_work_for_the_next() -> None:
    from games.damas.engine._core import CoreTable

    table = CoreTable()
    _search_from_start(table, 10**6, depth=7)
    held = len(table)
    start = Position.start(VARIANT)
    key = tools(VARIANT)[1].of(start.white, start.black, start.kings, 0)
    table.new_search()
    assert held > 1000
    assert len(table) == held
    assert table.get(key) is not None


@pytest.mark.usefixtures("compiled_core")
def test_a_full_compiled_table_goes_on_storing() -> None:
    # Every slot used: a search still stores and finds (open addressing hung here once).
    from games.damas.engine._core import CoreTable

    table = CoreTable(1024)
    for _ in range(4):
        table.new_search()
        _search_from_start(table, 30_000)
    assert len(table) == 1024


_PUT = st.tuples(
    st.integers(0, 63),  # the key: 64 keys over 4 buckets
    st.integers(-2, 12),  # depth
    st.sampled_from((EXACT, LOWER, UPPER)),
    st.integers(-WIN, WIN),
    st.booleans(),  # a new search begins first
)


@pytest.mark.usefixtures("compiled_core")
@settings(max_examples=60, deadline=None)
@given(st.lists(_PUT, max_size=120))
def test_the_compiled_table_keeps_and_forgets_as_the_pure_one(
    puts: list[tuple[int, int, int, int, bool]],
) -> None:
    from games.damas.engine._core import CoreTable

    pure, compiled = Table(SMALL), CoreTable(SMALL)
    for number, (key, depth, flag, score, new_search) in enumerate(puts):
        if new_search:
            pure.new_search()
            compiled.new_search()
        move: Raw = (1 << (number % 50), 1 << 50, number, (), ())
        pure.put(key, depth, flag, score, move)
        compiled.put(key, depth, flag, score, move[:3])
        assert len(pure) == len(compiled)
    assert [_as_core(pure.get(key)) for key in range(64)] == [
        compiled.get(key) for key in range(64)
    ]


def _as_core(entry: Entry | None) -> tuple[int, int, int, tuple[int, int, int]] | None:
    """An entry of the pure table as the compiled one gives it (its move's bits only)."""
    if entry is None:
        return None
    depth, flag, score, move = entry
    return depth, flag, score, move[:3]


@pytest.mark.usefixtures("compiled_core")
def test_the_compiled_table_refuses_what_it_cannot_hold() -> None:
    from games.damas.engine._core import CoreTable

    table = CoreTable(SMALL)
    with pytest.raises(ValueError, match="depth: -1000 to 1000, not 1001"):
        table.put(1, 1001, EXACT, 0, MOVE[:3])
    with pytest.raises(ValueError, match="flag: 0 to 2, not 3"):
        table.put(1, 1, 3, 0, MOVE[:3])
    with pytest.raises(ValueError, match="start: one square's bit, not 3"):
        table.put(1, 1, EXACT, 0, (3, 2, 0))
    with pytest.raises(TypeError):
        table.put(1, 1, EXACT, 0, (1, 2))  # type: ignore[arg-type]
    assert len(table) == 0
