"""Work spread over processes, its results in the order of the work."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from multiprocessing import Pool
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def in_order(work: Callable[[T], R], items: Iterable[T], jobs: int) -> Iterator[R]:
    """`work` of each item, in this process where `jobs` is 1, else in `jobs` processes; the
    results come in the items' order whatever process finishes first, so a file written from
    them does not depend on `jobs`."""
    if jobs <= 1:
        yield from map(work, items)
        return
    with Pool(jobs) as pool:
        yield from pool.imap(work, items)
