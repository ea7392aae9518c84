"""The databases the tests build, in memory and once per session (a second or two each), and
none loaded into the engine after a test: each test that plays with them says so."""

from collections.abc import Callable, Iterator
from functools import cache

import pytest

from games.damas.engine.databases.build import build_tables
from games.damas.engine.databases.loaded import forget
from games.damas.engine.databases.tables import Tables


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
