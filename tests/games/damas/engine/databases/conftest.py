"""The databases the tests build, in memory and once per session (a second or two each), and
none loaded into the engine after a test: each test that plays with them says so."""

from collections.abc import Callable, Iterator
from functools import cache

import pytest

from games.damas.engine.compiled import new_endgame
from games.damas.engine.databases.build import build_material, hold
from games.damas.engine.databases.loaded import forget
from games.damas.engine.databases.materials import Pair, pairs
from games.damas.engine.databases.tables import Tables, decode


@pytest.fixture(autouse=True)
def no_databases_after() -> Iterator[None]:
    yield
    forget()


def _build(variant: str, materials: list[Pair]) -> Tables:
    """The materials solved in memory, in their order."""
    endgame = new_endgame(variant)
    files = []
    for material in materials:
        files.append(decode(build_material(endgame, variant, material)))
        hold(endgame, files[-1])
    return Tables(variant, files)


@cache
def _built(variant: str, pieces: int) -> Tables:
    return _build(variant, pairs(variant, pieces))


@pytest.fixture
def built(request: pytest.FixtureRequest) -> Callable[[str, int], Tables]:
    """A variant's databases up to a number of pieces (needs the compiled core)."""
    request.getfixturevalue("compiled_core")
    return _built


@cache
def _kings_only(variant: str, pieces: int) -> Tables:
    return _build(variant, [m for m in pairs(variant, pieces) if not m.a[1] and not m.b[1]])


@pytest.fixture
def kings_only(request: pytest.FixtureRequest) -> Callable[[str, int], Tables]:
    """A variant's databases of kings alone (what a capture among kings leads into), up to a
    number of pieces: those of four pieces in a second."""
    request.getfixturevalue("compiled_core")
    return _kings_only
