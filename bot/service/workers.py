"""Worker processes for CPU work (computer moves, board pictures) off the event loop."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor


def worker_processes(
    count: int, initializer: Callable[[], None] | None = None
) -> ProcessPoolExecutor:
    """A pool of `count` processes. "spawn": a worker must not inherit the bot's threads
    (the database connections, the event loop) as a fork would."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(count, context, initializer=initializer)
