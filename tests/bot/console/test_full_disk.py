"""A full disk on the console (issue 34, item 8; Telegram: tests/bot/telegram/
test_telegram_full_disk.py): every command it refuses is told so in the reader's language,
never "Something went wrong" and never a traceback; the log says it in one short line, not
one per command; what was stored stays, and play goes on once there is space, without a
restart. With SQLite's own SQLITE_FULL (tests/filesystems.py): the database barred from
growing, which runs anywhere, and a real filesystem filled up, where this run may mount one."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.console import Console
from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.failures import DISK_FULL, SOMETHING_WENT_WRONG
from storage import Store
from tests.filesystems import GrowthLimit, fill, small_disk
from tests.processes import bot_environment
from tests.waiting import eventually_blocking

NEW_GAME = "/new brazilian vs computer white"
FULL_PT = translate("pt", DISK_FULL)
# The one line the log gets: storage's DiskFull, with SQLite's own words in it.
LOG_LINE = "the disk of the database is full (database or disk is full)"


def assert_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    """One line of the full disk, no traceback, nothing else gone wrong."""
    records = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert [record.getMessage()[: len(LOG_LINE)] for record in records] == [LOG_LINE]
    assert records[0].exc_info is None, "a traceback in the log"


async def test_the_console_says_the_disk_is_full_in_portuguese_once_in_the_log(
    service: GameService, store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    output = io.StringIO()
    console = Console(service, output, player="ana")
    await console.handle("/lang pt")
    limit = GrowthLimit(store)
    await limit.stop()
    started = 0  # the games asked for until the disk refused one
    with caplog.at_level(logging.WARNING):
        while output.getvalue().splitlines()[-1] != FULL_PT:
            started += 1
            assert started < 100, "the database never filled up"
            await console.handle(NEW_GAME)
            await service.kernel.background.idle()
        # The same command again, twice: each is told, the log is not.
        await console.handle(NEW_GAME)
        await console.handle(NEW_GAME)
        assert output.getvalue().splitlines()[-2:] == [FULL_PT, FULL_PT]
        assert_logged_once(caplog)
    text = output.getvalue()
    assert "Traceback" not in text
    assert translate("pt", SOMETHING_WENT_WRONG) not in text
    await limit.lift()
    await console.handle(NEW_GAME)
    await console.handle("/games")
    lines = output.getvalue().splitlines()
    assert any(line.startswith(f"*#{started} ") for line in lines[-started:]), lines[-started:]
    assert sum(line.endswith("(sua vez)") for line in lines[-started:]) == started


class PipedConsole:
    """`python -m bot` on a terminal-less pipe, its lines read as they come."""

    def __init__(self, database: Path) -> None:
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "--db", str(database)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=database.parent,
            env=bot_environment(),
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def say(self, line: str, answer: str) -> None:
        """Type `line` and wait for a line that holds `answer`."""
        assert self.process.stdin is not None
        seen = len(self.lines)
        self.process.stdin.write(f"{line}\n")
        self.process.stdin.flush()
        eventually_blocking(
            lambda: any(answer in said for said in self.lines[seen:]),
            lambda: f"{answer!r} after {line}; said: {self.lines[seen:]}",
            60,
            0.02,
        )

    def end(self) -> str:
        """Quit; what it wrote on stderr."""
        _, errors = self.process.communicate("/quit\n", timeout=60)
        self._reader.join(10)
        return errors


def test_moves_on_a_real_full_disk_are_refused_and_play_on_once_freed(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        console = PipedConsole(disk / "club.sqlite3")
        try:
            for line, answer in (
                ("/new brazilian white", "Challenge 1"),
                ("/as Bia", "You are now Bia"),
                ("/accept 1", "Game #1 starts"),
                ("/as player", "You are now player"),
                ("/move c3-d4", "player played c3-d4"),
                ("/as Bia", "You are now Bia"),
                ("/move f6-e5", "Bia played f6-e5"),
                ("/as player", "You are now player"),
            ):
                console.say(line, answer)
            filler = fill(disk)
            full = translate("en", DISK_FULL)
            for line in ("/move d4xf6", "/move d4xf6", "/new italian vs computer"):
                console.say(line, full)
            os.remove(filler)
            console.say("/move d4xf6", "player played d4xf6")
        finally:
            errors = console.end()
    assert console.process.returncode == 0, errors
    assert "Traceback" not in errors
    assert [line for line in errors.splitlines() if "disk" in line] == [
        f"ERROR bot.service.kernel.failures: {LOG_LINE}: free space on it; "
        "what was stored before is safe"
    ]
    assert translate("en", SOMETHING_WENT_WRONG) not in console.lines
