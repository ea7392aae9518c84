"""The transposition tables: the compiled one's open addressing always keeps a free slot."""

from __future__ import annotations

import time

import pytest

from games.damas import Position
from games.damas.engine.compiled import core_of, tools
from games.damas.engine.search import NEVER, WIN, OutOfTime

VARIANT = "international"


def _search_from_start(table: object, nodes: int) -> None:
    """A search of the start position until its node budget runs out."""
    from games.damas.engine._core import CoreSearch, CoreTable

    assert isinstance(table, CoreTable)
    start = Position.start(VARIANT)
    own, opp, kings = start.white, start.black, start.kings
    key = tools(VARIANT)[1].of(own, opp, kings, 0)
    search = CoreSearch(
        core_of(VARIANT), table, time.perf_counter() + 100, nodes, [], True, OutOfTime, None
    )
    with pytest.raises(OutOfTime):
        search.node(own, opp, kings, 0, key, NEVER, NEVER, 64, -WIN, WIN, 0)


@pytest.mark.usefixtures("compiled_core")
def test_a_full_compiled_table_keeps_a_quarter_of_its_slots_free() -> None:
    # A free slot ends every probe of its open addressing: a table that filled every slot
    # would search forever for a position it does not hold.
    from games.damas.engine._core import CoreTable

    table = CoreTable(1)  # 1,024 slots, the fewest
    for _ in range(6):
        table.make_room()
        _search_from_start(table, 30_000)
        assert len(table) <= 1024 * 3 // 4
