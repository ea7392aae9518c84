"""The bot's processes: no worker outlives a bot killed with SIGKILL."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.processes import bot_environment, session_members
from tests.waiting import eventually_blocking


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
        eventually_blocking(
            lambda: len(session_members(bot.pid)) >= 2, "a worker process started", 60, 0.1
        )
        bot.send_signal(signal.SIGKILL)
        bot.wait(5)
        eventually_blocking(
            lambda: not session_members(bot.pid),
            lambda: f"the bot's processes to end after it was killed: {session_members(bot.pid)}",
            5,
            0.1,
        )
    finally:
        for pid in [bot.pid, *session_members(bot.pid)]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        bot.wait(5)
        if bot.stdin is not None:
            bot.stdin.close()
