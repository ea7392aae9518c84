"""Worker processes for CPU work (the computer's moves) off the event loop.

Each worker loads the endgame databases of the folder it is given when it starts
(databases.py): every search it runs reads them.

A worker ends when the bot's process ends, however it ends (kill -9 included): each worker
watches its parent from a daemon thread. Once every worker is gone, multiprocessing's
resource tracker reads the end of its pipe and ends too, so a crash leaves no process behind.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import select
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bot.service.kernel.computer.databases import load_databases

# Seconds between two looks at the parent where the system cannot wait on a process.
PARENT_POLL_SECONDS = 0.5


def _wait_for_parent_end(parent: int) -> None:
    """Return once the process `parent` has ended."""
    try:
        # Linux 5.3+: a descriptor that becomes readable when the process ends.
        handle = os.pidfd_open(parent)
    except (AttributeError, OSError):
        while os.getppid() == parent:
            threading.Event().wait(PARENT_POLL_SECONDS)
        return
    # The parent may have ended (and its pid been reused) before the descriptor was opened.
    if os.getppid() == parent:
        select.select([handle], [], [])
    os.close(handle)


def _end_with_parent(parent: int) -> None:
    _wait_for_parent_end(parent)
    # No clean-up: the work in hand has nobody left to take it.
    os._exit(1)


def _start_worker(parent: int, databases: Path | None) -> None:
    if os.getppid() != parent:
        os._exit(1)
    threading.Thread(target=_end_with_parent, args=(parent,), daemon=True).start()
    if databases is not None:
        load_databases(databases)


def worker_processes(count: int, databases: Path | None = None) -> ProcessPoolExecutor:
    """A pool of `count` processes, which play with the endgame databases of the folder
    `databases` (None: without). "spawn": a worker must not inherit the bot's threads (the
    database connections, the event loop) as a fork would."""
    context = multiprocessing.get_context("spawn")
    start = functools.partial(_start_worker, os.getpid(), databases)
    return ProcessPoolExecutor(count, context, initializer=start)
