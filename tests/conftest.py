"""Fixtures shared across the test tree."""

from pathlib import Path

import pytest

DATA_DIR = Path(__file__).parent / "data"


@pytest.fixture
def data_dir() -> Path:
    """The folder of test data (copies of the shared data, so a plain clone can run them)."""
    return DATA_DIR
