"""What the compiled endgame tables refuse: every value from Python checked, a ValueError or a
TypeError naming it, never a crash (.ci/sanitize runs these under ASan and UBSan)."""

import time
from typing import Any

import pytest

from games.damas.engine.compiled import core_of, new_endgame
from games.damas.engine.search import OutOfTime

pytestmark = pytest.mark.usefixtures("compiled_core")


def test_the_squares_turned_must_be_every_square_once() -> None:
    from games.damas.engine._core import CoreEndgame

    core = core_of("brazilian")
    with pytest.raises(ValueError, match="turned: 1 to 64 items"):
        CoreEndgame(core, [])
    with pytest.raises(ValueError, match="turned: every square once"):
        CoreEndgame(core, [(0, 0)])
    bare = CoreEndgame.__new__(CoreEndgame)
    with pytest.raises(ValueError, match="the CoreEndgame was not initialised"):
        bare.value(1, 2, 0, 0)


def test_a_table_must_have_its_size_and_a_piece_on_each_side() -> None:
    endgame = new_endgame("brazilian")
    with pytest.raises(ValueError, match="a table of 992 positions, not 3 bytes"):
        endgame.add(1, 0, 1, 0, b"abc")
    with pytest.raises(ValueError, match="a piece on each side and 6 at most"):
        endgame.add(0, 0, 1, 0, b"")
    with pytest.raises(ValueError, match="a piece on each side and 6 at most"):
        endgame.size(4, 0, 3, 0)
    with pytest.raises(ValueError, match="own kings: 0 to 6, not 7"):
        endgame.size(7, 0, 1, 0)
    with pytest.raises(TypeError):
        endgame.add(1, 0, 1, 0, "not bytes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="progress: a callable or None"):
        endgame.build(1, 0, 1, 0, True, False, 3)  # type: ignore[arg-type]


def test_a_position_must_be_one_of_the_board() -> None:
    endgame = new_endgame("brazilian")
    with pytest.raises(ValueError, match="not a position of this board"):
        endgame.value(1, 1, 0, 0)
    with pytest.raises(ValueError, match="colour: 0 to 1, not 2"):
        endgame.value(1, 2, 0, 2)


def test_a_search_takes_tables_of_its_own_board() -> None:
    from games.damas.engine._core import CoreSearch, CoreTable

    def search(endgame: Any) -> CoreSearch:
        deadline = time.perf_counter() + 10
        core = core_of("brazilian")
        return CoreSearch(core, CoreTable(), deadline, 100, [], True, OutOfTime, None, endgame)

    with pytest.raises(TypeError, match="endgame: a CoreEndgame or None"):
        search("tables")
    with pytest.raises(ValueError, match="endgame: the tables of another rule set"):
        search(new_endgame("italian"))
    search(new_endgame("brazilian"))
