"""The bot's processes: no worker outlives a bot killed with SIGKILL."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tests.processes import bot_environment


def session_members(session: int) -> list[int]:
    """The live (not zombie) processes of a session, by /proc."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # ended while we looked
        # pid (comm) state ppid pgrp session ...: comm may hold spaces, so split after it.
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[3]) == session and fields[0] != "Z":
            members.append(int(entry.name))
    return members


def wait_until(condition: Callable[[], object], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return bool(condition())


def test_no_worker_outlives_a_killed_bot(tmp_path: Path) -> None:
    bot = subprocess.Popen(
        [sys.executable, "-m", "bot", "--db", str(tmp_path / "bot.sqlite3")],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=tmp_path,
        env=bot_environment(),
        start_new_session=True,  # its session id is its pid: every process it starts joins
    )
    try:
        assert bot.stdin is not None
        # The computer moves first: its worker process starts.
        bot.stdin.write(b"/new brazilian vs computer black\n")
        bot.stdin.flush()
        assert wait_until(lambda: len(session_members(bot.pid)) >= 2, 60), "no worker started"
        bot.send_signal(signal.SIGKILL)
        bot.wait(5)
        assert wait_until(lambda: not session_members(bot.pid), 5), (
            f"still running after the bot was killed: {session_members(bot.pid)}"
        )
    finally:
        for pid in [bot.pid, *session_members(bot.pid)]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        bot.wait(5)
        if bot.stdin is not None:
            bot.stdin.close()
