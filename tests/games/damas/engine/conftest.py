"""Each engine test starts with empty transposition tables: results must not depend on which
tests ran before. A test that takes `pure` runs on both searches: the compiled core (where
it is built) and the pure-Python one."""

from collections.abc import Iterator

import pytest

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
