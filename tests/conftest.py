"""Fixtures shared across the test tree."""

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.fakes.telegram_api import FakeBotApi
from tests.postgres_server import PostgresServer, start_server

DATA_DIR = Path(__file__).parent / "data"


@pytest.fixture
def data_dir() -> Path:
    """The folder of test data (copies of the shared data, so a plain clone can run them)."""
    return DATA_DIR


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the whole session (see tests/postgres_server.py): skipped
    where PostgreSQL is not installed, a failure under CI=true."""
    try:
        server = start_server()
    except LookupError as missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the PostgreSQL tests: {missing}")
        pytest.skip(str(missing))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def telegram_as_is() -> AsyncIterator[FakeBotApi]:
    """The fake Telegram with Telegram's own limits, unscaled (a bot process paces as in
    production); a test whose bot broke one of its rules fails."""
    fake = FakeBotApi()
    await fake.start()
    yield fake
    await fake.close()
    assert fake.violations == []


REPOSITORY_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def nothing_left_in_the_checkout() -> Iterator[None]:
    """A test writes its files (charts, PDN, pictures) under its own tmp_path: a console
    built without a folder writes into the working directory, the checkout's root."""
    before = _visible_files()
    yield
    left = sorted(_visible_files() - before)
    assert not left, f"the test left {left} in the checkout's root"


def _visible_files() -> set[str]:
    """The root's files; tools' own folders (.hypothesis, .peers) are theirs to make."""
    return {
        path.name
        for path in REPOSITORY_ROOT.iterdir()
        if path.is_file() and not path.name.startswith(".")
    }
