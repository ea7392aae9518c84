"""The databases the tests build, in memory and once per session (a second or two each), and
none loaded into the engine after a test: each test that plays with them says so."""

from collections.abc import Callable, Iterator
from functools import cache

import pytest

from games.damas.engine.compiled import new_endgame
from games.damas.engine.databases.build import build_material, build_tables, hold
from games.damas.engine.databases.loaded import forget
from games.damas.engine.databases.materials import pairs
from games.damas.engine.databases.tables import Tables, decode


@pytest.fixture(autouse=True)
def no_databases_after() -> Iterator[None]:
    yield
    forget()


@cache
def _built(variant: str, pieces: int) -> Tables:
    return build_tables(variant, pieces)


@pytest.fixture
def built(request: pytest.FixtureRequest) -> Callable[[str, int], Tables]:
    """A variant's databases up to a number of pieces (needs the compiled core)."""
    request.getfixturevalue("compiled_core")
    return _built


@cache
def _kings_only(variant: str, pieces: int) -> Tables:
    endgame = new_endgame(variant)
    files = []
    for material in pairs(variant, pieces):
        if not material.a[1] and not material.b[1]:
            files.append(decode(build_material(endgame, variant, material)))
            hold(endgame, files[-1])
    return Tables(variant, files)


@pytest.fixture
def kings_only(request: pytest.FixtureRequest) -> Callable[[str, int], Tables]:
    """A variant's databases of kings alone (what a capture among kings leads into), up to a
    number of pieces: those of four pieces in a second."""
    request.getfixturevalue("compiled_core")
    return _kings_only
