"""Every value that crosses from Python into the compiled core is checked: a number the core
cannot hold or a table it cannot index is a ValueError (a TypeError for what is not a
number), never an OverflowError, a number cut to fit, undefined behaviour or a crash; and the
module exports nothing but its init function."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from games.damas import RULES, Position
from games.damas.engine.compiled import _spec, core_of, searcher, tools
from games.damas.engine.evaluate import WEIGHT_LIMIT, weights_for
from games.damas.engine.search import OutOfTime
from games.damas.movegen import Raw

pytestmark = pytest.mark.usefixtures("compiled_core")

VARIANT = "international"
SCORE_LIMIT = 1 << 30  # alpha and beta of a node, either way (core.h)


def _spec_of(variant: str = VARIANT) -> dict[str, Any]:
    return _spec(RULES[variant], weights_for(variant))


def _first_number(value: Any) -> tuple[int, ...] | None:
    """The path to the first int (not a bool) within nested sequences, or None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return ()
    if isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            path = _first_number(item)
            if path is not None:
                return (index, *path)
    return None


def _replaced(value: Any, path: tuple[int, ...], new: object) -> Any:
    if not path:
        return new
    items = list(value)
    items[path[0]] = _replaced(items[path[0]], path[1:], new)
    return items


def _numbers() -> Iterator[tuple[str, str, tuple[int, ...]]]:
    """(variant, field, path to its first number) for every field that has one: International
    has endgame rules, Italian drawn material."""
    for variant in ("international", "italian"):
        for name, value in _spec_of(variant).items():
            path = _first_number(value)
            if path is not None and (variant == VARIANT or name == "drawn"):
                yield variant, name, path


NUMBERS = list(_numbers())


@pytest.mark.parametrize(("variant", "name", "path"), NUMBERS, ids=[n for _, n, _ in NUMBERS])
def test_every_number_of_the_spec_is_checked(
    variant: str, name: str, path: tuple[int, ...]
) -> None:
    from games.damas.engine._core import Core

    spec = _spec_of(variant)
    for wrong in (1 << 70, -(1 << 70), "1"):
        error = TypeError if wrong == "1" else ValueError
        with pytest.raises(error, match="an int, not str" if wrong == "1" else r"\d to "):
            Core(**(spec | {name: _replaced(spec[name], path, wrong)}))


def _men_planes(shift: int) -> list[list[tuple[int, int]]]:
    (white, *rest), black = _spec_of()["men_planes"]
    return [[(white[0], shift), *rest], list(black)]


SQUARE = _spec_of()["places"][0][0]  # the bit index of a square
BLOCKS = _spec_of()["pattern_squares"]  # International plays the learned patterns
MIDDLE = _spec_of()["pattern_middle"]


def _one_weight(weight: int) -> list[list[int]]:
    """The middle-game tables with one weight changed."""
    return [[weight, *MIDDLE[0][1:]], *MIDDLE[1:]]


@pytest.mark.parametrize(
    ("changed", "message"),
    [
        # A plane shifted by 16 or more (or less than 0) would shift an int out of range.
        ({"men_planes": _men_planes(16)}, "planes: a shift: 0 to 15, not 16"),
        ({"men_planes": _men_planes(-1)}, "planes: a shift: 0 to 15, not -1"),
        ({"king_planes": [(1, 0)] * 17}, "planes: 0 to 16 items, not 17"),
        ({"runaway": WEIGHT_LIMIT + 1}, "runaway: -10000 to 10000, not 10001"),
        ({"man_value": -WEIGHT_LIMIT - 1}, "man_value: -10000 to 10000"),
        ({"mask": 0}, "mask: a board of 1 to 63 bits"),
        ({"mask": 1 << 63}, "mask: a board of 1 to 63 bits"),
        ({"half": 8}, "half: 2 to 7, not 8"),
        ({"size": 17}, "size: 2 to 16, not 17"),
        ({"king_limit": 0}, "king_limit: 1 to"),
        ({"rays": [((), (), ())]}, "rays: 4 directions, or none"),
        ({"rays": [((62,),) * 4]}, "rays: squares off the board"),
        ({"key_men": [(0,) * 54, (0,) * 54]}, "keys: 55 to 65 items, not 54"),
        ({"men_directions": [(0, 4), ()]}, "men_directions: 0 to 3, not 4"),
        ({"promotion": [1]}, "promotion: 2 items, not 1"),
        ({"promotion": [1, 1 << 62]}, "promotion: squares off the board"),
        ({"endgame": [(1, 0, (1 << 29) + 1)]}, "endgame: moves: 0 to 536870912, not 536870913"),
        ({"drawn": [(0, 0, 0, -1)]}, "drawn: 0 to 64, not -1"),
        ({"cones": [[(64, 0, 1)], []]}, "cones: 0 to 63, not 64"),
        ({"cones": [[(SQUARE, 0, 4)], []]}, "cones: rows left: 1 to 3, not 4"),
        ({"places": [(SQUARE, 10, 0)]}, "places: a row: 0 to 9, not 10"),
        ({"rays": 5}, "rays: a sequence, not int"),
        ({"pattern_middle": _one_weight(WEIGHT_LIMIT + 1)}, "pattern_middle: -10000 to 10000"),
        ({"pattern_middle": MIDDLE[1:]}, f"pattern_middle: {len(BLOCKS)} items, not 15"),
        ({"pattern_middle": [MIDDLE[0][1:], *MIDDLE[1:]]}, "pattern_middle: 6561 items, not"),
        ({"pattern_squares": [[SQUARE] * 8, *BLOCKS[1:]]}, "a square twice in a block"),
        ({"pattern_squares": [BLOCKS[0][1:], *BLOCKS[1:]]}, "pattern_squares: 8 items, not 7"),
        ({"pattern_squares": [BLOCKS[0]] * 33}, "pattern_squares: 0 to 32 items, not 33"),
        ({"phase_pieces": 0}, "phase_pieces: 1 to 64, not 0"),
    ],
)
def test_a_spec_the_core_cannot_hold_is_refused(changed: dict[str, Any], message: str) -> None:
    from games.damas.engine._core import Core

    error = TypeError if "a sequence" in message else ValueError
    with pytest.raises(error, match=re.escape(message)):
        Core(**(_spec_of() | changed))


def test_nothing_runs_on_a_core_or_search_not_initialised() -> None:
    from games.damas.engine._core import Core, CoreSearch, CoreTable

    bare = Core.__new__(Core)
    with pytest.raises(ValueError, match="the Core was not initialised"):
        bare.evaluate(1, 2, 0, 0)
    failed = Core.__new__(Core)
    with pytest.raises(ValueError, match="planes: a shift"):
        failed.__init__(**(_spec_of() | {"men_planes": _men_planes(40)}))  # type: ignore[misc]
    for core in (bare, failed):
        with pytest.raises(ValueError, match="the Core was not initialised"):
            CoreSearch(core, CoreTable(), 1e12, 100, [], True, OutOfTime, None)
    search = CoreSearch.__new__(CoreSearch)
    with pytest.raises(ValueError, match="the search was not initialised"):
        search.node(1, 2, 0, 0, 0, 10, 10, 1, -10, 10, 0)
    with pytest.raises(ValueError, match="the search was not initialised"):
        search.enter(0)
    # A search whose history could not be read is not initialised either.
    with pytest.raises(ValueError, match=re.escape("seen: 0 to 2**64 - 1")):
        search.__init__(  # type: ignore[misc]
            core_of(VARIANT), CoreTable(), 1e12, 100, [-1], True, OutOfTime, None
        )
    with pytest.raises(ValueError, match="the search was not initialised"):
        search.enter(0)
    with pytest.raises(ValueError, match="max_nodes: 0 to"):
        CoreSearch(core_of(VARIANT), CoreTable(), 1e12, 1 << 64, [], True, OutOfTime, None)
    with pytest.raises(ValueError, match="slots: 4 to 268435456, not 0"):
        CoreTable(0)
    with pytest.raises(ValueError, match="slots must be a power of two, not 1000"):
        CoreTable(1000)
    with pytest.raises(ValueError, match="key: 0 to 2\\*\\*64 - 1"):
        CoreTable().get(-1)


def _node_args() -> list[int]:
    start = Position.start(VARIANT)
    _, keys = tools(VARIANT)
    key = keys.of(start.white, start.black, start.kings, 0)
    return [start.white, start.black, start.kings, 0, key, 50, 1 << 30, 2, -100, 100, 1]


@pytest.mark.parametrize(
    ("index", "value", "message"),
    [
        # alpha at -2**31 was negated inside the search: signed overflow
        (8, -(1 << 31), "alpha: -1073741824 to 1073741824, not -2147483648"),
        (9, 1 << 31, "beta: -1073741824 to 1073741824, not 2147483648"),
        (7, 1001, "depth: -1000 to 1000, not 1001"),
        (10, 10_000, "ply: 0 to 100, not 10000"),
        (3, 2, "colour: 0 to 1, not 2"),
        (5, 1 << 40, "rule_plies: -2147483648 to 2147483647"),
        (0, (1 << 64) + 1, "own: 0 to 2\\*\\*64 - 1"),
        (4, -1, "key: 0 to 2\\*\\*64 - 1"),
    ],
)
def test_a_node_is_asked_only_what_the_search_holds(index: int, value: int, message: str) -> None:
    search = searcher(RULES[VARIANT], None, 1e12, 10**6, {}, True, pure=False)
    args = _node_args()
    args[index] = value
    with pytest.raises(ValueError, match=message):
        search.node(*args)


def test_the_widest_window_searches_without_overflow() -> None:
    # At the edge of what node takes: every negation and margin stays inside an int (the
    # sanitizer run of .ci/sanitize would stop at any overflow).
    search = searcher(RULES[VARIANT], None, 1e12, 10**6, {}, True, pure=False)
    args = _node_args()
    args[7:10] = [4, -SCORE_LIMIT, SCORE_LIMIT]
    assert abs(search.node(*args)) < 1000
    args[7:10] = [4, SCORE_LIMIT - 1, SCORE_LIMIT]  # a null window at the top
    search.node(*args)


def test_the_other_calls_are_checked() -> None:
    core = core_of(VARIANT)
    full = RULES[VARIANT].board.mask
    with pytest.raises(ValueError, match="not a position"):
        core.captures(full, full, 0, 0)
    with pytest.raises(ValueError, match="not a position"):
        core.quiet(1 << 62, 0, 0, 0)
    with pytest.raises(ValueError, match="colour: 0 to 1, not 5"):
        core.evaluate(1, 2, 0, 5)
    with pytest.raises(ValueError, match="own: 0 to 2\\*\\*64 - 1"):
        core.evaluate(1 << 64, 2, 0, 0)
    with pytest.raises(TypeError):
        core.captures(1, 2)  # type: ignore[call-arg]
    search = searcher(RULES[VARIANT], None, 1e12, 10**6, {}, True, pure=False)
    start = Position.start(VARIANT)
    own, opp, kings = start.white, start.black, start.kings
    foreign: Raw = (opp & -opp, opp & -opp, 0, (), ())
    with pytest.raises(ValueError, match="not a move"):
        search.child(own, opp, kings, 0, 0, foreign)
    with pytest.raises(ValueError, match="move: 3 to"):
        search.child(own, opp, kings, 0, 0, (1, 2))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a position"):
        search.endgame_plies(own, own, 0)


@pytest.mark.parametrize(("answer", "error"), [(1 << 31, ValueError), ("won", TypeError)])
def test_the_lone_king_answer_is_checked(answer: object, error: type[Exception]) -> None:
    from games.damas.engine._core import CoreSearch, CoreTable

    position = Position.from_fen("brazilian", "W:WK1,K10,K19:BK32")
    _, keys = tools("brazilian")
    own, opp, kings = position.white, position.black, position.kings

    def solved(*_: int) -> Any:
        return answer

    search = CoreSearch(
        core_of("brazilian"), CoreTable(), time.perf_counter() + 100, 10**6, [], True,
        OutOfTime, solved,
    )  # fmt: skip
    with pytest.raises(error, match="solved"):
        search.node(own, opp, kings, 0, keys.of(own, opp, kings, 0), 50, 50, 2, -10, 10, 1)


@pytest.mark.parametrize(
    ("draws", "error", "message"),
    [
        ((0,), ValueError, "draws: 2 items, not 1"),
        ((0, WEIGHT_LIMIT + 1), ValueError, f"draws: -{WEIGHT_LIMIT} to {WEIGHT_LIMIT}"),
        ((0, "even"), TypeError, "draws"),
        (7, TypeError, "draws: a sequence, not int"),
    ],
)
def test_a_draw_score_is_one_the_search_holds(
    draws: object, error: type[Exception], message: str
) -> None:
    from games.damas.engine._core import CoreSearch, CoreTable

    with pytest.raises(error, match=message):
        CoreSearch(
            core_of(VARIANT), CoreTable(), 1e12, 10**6, [], True, OutOfTime, None, None,
            draws,  # type: ignore[arg-type]
        )  # fmt: skip


@pytest.mark.skipif(sys.platform != "linux", reason="reads the ELF symbol table with nm")
def test_the_module_exports_nothing_but_its_init() -> None:
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("no nm (binutils) here")
    from games.damas.engine import _core

    assert _core.__file__ is not None
    listed = subprocess.run(
        [nm, "-D", "--defined-only", _core.__file__], capture_output=True, text=True, check=True
    ).stdout
    assert {line.split()[-1] for line in listed.splitlines()} == {"PyInit__core"}
