"""Each engine test starts with empty transposition tables: results must not depend on which
tests ran before. A test that takes `pure` runs on both searches: the compiled core (where
it is built) and the pure-Python one; one that uses `compiled_core` needs the core."""

import os
from collections.abc import Iterator

import pytest

from games.damas.engine.compiled import COMPILED
from games.damas.engine.table import forget_tables


@pytest.fixture(autouse=True)
def fresh_tables() -> Iterator[None]:
    forget_tables()
    yield
    forget_tables()


@pytest.fixture(params=[False, True], ids=["compiled", "pure"])
def pure(request: pytest.FixtureRequest) -> bool:
    value: bool = request.param
    return value


@pytest.fixture
def compiled_core() -> None:
    """Skipped where the core is not built, except under CI=true: CI has a C compiler, so a
    missing core there is a broken build, never a silent pure-Python run."""
    if not COMPILED:
        if os.environ.get("CI") == "true":
            pytest.fail("the compiled core did not build (games/damas/engine/_core.c)")
        pytest.skip("the compiled core is not built here (no C compiler at install)")
