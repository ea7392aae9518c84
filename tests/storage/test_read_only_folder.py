"""A database in WAL mode in a folder that may not be written (issue 34, item 8): a backup
disk, an archive, another user's folder. `python -m storage copy` and `backup` and `python -m
bot check` read it as `sqlite3 -readonly` does, the whole of it: with the write-ahead log a
crash left there too; a log that SQLite cannot read there (its `-shm` gone) is refused in one
line saying what to do, never left out. Nothing is written in the folder. Its being read-only
is real for root too (tests/filesystems.py)."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from storage.sql.engines.migrations import bundled_migrations
from tests.filesystems import read_only
from tests.processes import bot_environment
from tests.storage.test_copy import GAMES, fill

# A bot that stores three more players and dies (kill -9) before SQLite copies its log into
# the database: the log stays beside it, holding them.
CRASH = """
import os, signal, sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
for number in range(3):
    connection.execute(
        "INSERT INTO players (display_name, created_at) VALUES (?, '2026-01-01')",
        (f"late {number}",),
    )
os.kill(os.getpid(), signal.SIGKILL)
"""


def command(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=folder,
        env=bot_environment(LANG="C.UTF-8"),
        check=False,
    )


def players_in(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute("SELECT count(*) FROM players").fetchone()[0])
    finally:
        connection.close()


async def test_a_closed_database_is_copied_backed_up_and_checked_from_a_read_only_folder(
    tmp_path: Path,
) -> None:
    archive = tmp_path / "archive"
    archive.mkdir()
    source = archive / "damas.sqlite3"
    await fill(source, len(bundled_migrations()))
    assert source.read_bytes()[18:20] == b"\x02\x02", "the bot's database is in WAL mode"
    assert sorted(os.listdir(archive)) == ["damas.sqlite3"]
    with read_only(archive):
        copied = command(tmp_path, "-m", "storage", "copy", str(source), "copy.sqlite3")
        backed_up = command(tmp_path, "-m", "storage", "backup", str(source), "b/d.sqlite3")
        checked = command(tmp_path, "-m", "bot", "check", "--db", str(source))
    assert copied.returncode == 0, copied.stderr
    assert f"all {GAMES} games have the same move log and state" in copied.stdout
    assert backed_up.returncode == 0, backed_up.stderr
    assert f", {GAMES} games, 2 players, " in backed_up.stdout
    assert "is reachable, at schema" in checked.stdout, checked.stdout + checked.stderr
    assert sorted(os.listdir(archive)) == ["damas.sqlite3"]


async def test_a_crashed_bots_log_is_read_and_one_without_its_shared_memory_refused(
    tmp_path: Path,
) -> None:
    archive = tmp_path / "archive"
    archive.mkdir()
    source = archive / "damas.sqlite3"
    await fill(source, len(bundled_migrations()))
    crashed = subprocess.run([sys.executable, "-c", CRASH, str(source)], check=False)
    assert crashed.returncode == -signal.SIGKILL
    assert sorted(os.listdir(archive)) == [
        "damas.sqlite3",
        "damas.sqlite3-shm",
        "damas.sqlite3-wal",
    ]
    lonely = tmp_path / "lonely"
    lonely.mkdir()
    for name in ("damas.sqlite3", "damas.sqlite3-wal"):
        shutil.copy(archive / name, lonely / name)
    with read_only(archive), read_only(lonely):
        whole = command(tmp_path, "-m", "storage", "backup", str(source), "whole.sqlite3")
        refused = command(
            tmp_path, "-m", "storage", "copy", str(lonely / "damas.sqlite3"), "part.sqlite3"
        )
    assert whole.returncode == 0, whole.stderr
    assert players_in(tmp_path / "whole.sqlite3") == 2 + 3
    assert refused.returncode == 2, refused.stderr
    [line] = refused.stderr.splitlines()
    assert "its write-ahead log damas.sqlite3-wal holds its latest changes" in line, line
    assert "copy damas.sqlite3 and damas.sqlite3-wal into a folder you may write" in line, line
    assert not (tmp_path / "part.sqlite3").exists()
