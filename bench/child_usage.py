"""The peak memory and time of a command run as a child process, for the benchmarks."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ChildRun:
    exit_status: int
    seconds: float
    peak_rss_mb: float
    stdout: str
    stderr: str


def run_measured(command: Sequence[str], cwd: Path) -> ChildRun:
    """Run `command` to its end; its own peak resident memory comes from wait4 (the
    RUSAGE_CHILDREN of getrusage would be the largest of every child this process had)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        began = time.perf_counter()
        child = subprocess.Popen(command, stdout=out, stderr=err, text=True, cwd=cwd)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - began
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return ChildRun(child.returncode, seconds, usage.ru_maxrss / 1024, out.read(), err.read())
