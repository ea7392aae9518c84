"""A step's output written under another name and renamed when whole, so a step cut short
leaves no half file for the next step to read."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO


@contextmanager
def written_whole(path: Path) -> Iterator[TextIO]:
    partial = path.with_suffix(".partial")
    with partial.open("w", encoding="ascii") as out:
        yield out
    partial.replace(path)
