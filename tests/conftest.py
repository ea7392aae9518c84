"""Fixtures shared across the test tree."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

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
