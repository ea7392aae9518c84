"""For tests that start `python -m bot` (or another command of the project) as a process: its
environment; the real bot on the fake Bot API, and its kill -9 with its workers."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.fakes.telegram_api import TOKEN, FakeBotApi

ROOT = Path(__file__).resolve().parents[1]
TOKENS = ("TELEGRAM_TOKEN", "DISCORD_TOKEN")


def bot_environment(**settings: str) -> dict[str, str]:
    """This environment with the worktree's packages first, no chat token (a console) and
    an English system, plus `settings` (a token, an API address, a LANG)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"}
    for variable in (*TOKENS, "LC_ALL", "LC_MESSAGES"):
        environment.pop(variable, None)
    return {**environment, **settings}


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


def start_bot(api: FakeBotApi, database: Path, log: Path) -> subprocess.Popen[bytes]:
    """The real bot on `database`, talking to the fake Bot API; its errors appended to `log`."""
    with log.open("ab") as errors:
        return subprocess.Popen(
            [sys.executable, "-m", "bot", "--db", str(database)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            cwd=database.parent,
            env=bot_environment(TELEGRAM_TOKEN=TOKEN, TELEGRAM_API_URL=api.url),
            start_new_session=True,  # the bot and its workers: one session to kill
        )


def kill(bot: subprocess.Popen[bytes]) -> None:
    """kill -9 the bot and every worker of its session."""
    for pid in [bot.pid, *session_members(bot.pid)]:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    bot.wait(10)
