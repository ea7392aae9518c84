"""Each engine test starts with empty transposition tables: results must not depend on which
tests ran before."""

from collections.abc import Iterator

import pytest

from games.damas.engine.table import forget_tables


@pytest.fixture(autouse=True)
def fresh_tables() -> Iterator[None]:
    forget_tables()
    yield
    forget_tables()
