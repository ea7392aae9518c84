"""Starting `python -m bot` on a file that cannot be its database: one clear line, status 2."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.i18n import translate
from bot.opening import DatabaseUnusable, open_database
from bot.refusals import SettingsRefused
from bot.service.kernel.game_flow.clocks import utc_now
from bot.settings import read_settings
from storage import database_label, open_store
from tests.postgres_server import PostgresServer
from tests.processes import bot_environment
from tests.storage.test_migrations import set_schema_version


def text_file(folder: Path) -> Path:
    path = folder / "notes.txt"
    path.write_text("shopping: bread, milk\n" * 20)
    return path


def a_folder(folder: Path) -> Path:
    path = folder / "games"
    path.mkdir()
    return path


def random_bytes(folder: Path) -> Path:
    path = folder / "noise.bin"
    path.write_bytes(bytes((index * 7919 + 13) % 256 for index in range(8192)))
    return path


def damaged_database(folder: Path) -> Path:
    path = folder / "damaged.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE moves (ply INTEGER, notation TEXT)")
    connection.executemany("INSERT INTO moves VALUES (?, 'c3-d4')", [(n,) for n in range(3000)])
    connection.commit()
    connection.close()
    content = bytearray(path.read_bytes())
    # The header stays; the pages after it are overwritten.
    content[100:6000] = b"\xa5" * 5900
    path.write_bytes(bytes(content))
    return path


def read_only_place(folder: Path) -> Path:
    if os.geteuid() == 0:
        return Path("/proc/damas-bot.sqlite3")  # even root may not create files there
    locked = folder / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    return locked / "games.sqlite3"


@pytest.mark.parametrize(
    ("make", "complaint"),
    [
        (text_file, "is not a damas-bot database, or it is damaged"),
        (a_folder, "is a folder, not a database file"),
        (random_bytes, "is not a damas-bot database, or it is damaged"),
        (damaged_database, "is not a damas-bot database, or it is damaged"),
        (read_only_place, "Cannot open or write the database"),
    ],
)
def test_an_unusable_database_ends_the_start_in_one_line(
    tmp_path: Path, make: Callable[[Path], Path], complaint: str
) -> None:
    database = make(tmp_path)
    before = database.read_bytes() if database.is_file() else None
    completed = subprocess.run(
        [sys.executable, "-m", "bot", "--db", str(database)],
        input="/quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=bot_environment(),
    )
    assert completed.returncode == 2
    assert len(completed.stderr.splitlines()) == 1, completed.stderr
    assert str(database) in completed.stderr
    assert complaint in completed.stderr
    assert "--db PATH" in completed.stderr
    if before is not None:
        assert database.read_bytes() == before  # never touched


@pytest.mark.parametrize(
    ("written", "seconds"), [("", 600.0), ("1", 1.0), (" 2.5 ", 2.5), ("600", 600.0)]
)
def test_the_scheduler_interval_is_read_from_the_environment(written: str, seconds: float) -> None:
    interval = read_settings({"SCHEDULER_INTERVAL": written}).scheduler_interval
    assert interval.total_seconds() == seconds
    assert read_settings({}).scheduler_interval.total_seconds() == 600


@pytest.mark.parametrize("written", ["soon", "0", "0.5", "601", "nan", "-3"])
def test_a_scheduler_interval_must_be_seconds(written: str) -> None:
    with pytest.raises(SettingsRefused) as refused:
        read_settings({"SCHEDULER_INTERVAL": written})
    said = translate(None, refused.value.reason)
    assert said.startswith("SCHEDULER_INTERVAL is a number of seconds from 1"), said


def test_a_bad_scheduler_interval_ends_the_start_in_one_line(tmp_path: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "bot", "--db", str(tmp_path / "games.sqlite3")],
        input="/quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=bot_environment(SCHEDULER_INTERVAL="soon"),
    )
    assert completed.returncode == 2
    assert completed.stderr == (
        "damas-bot: SCHEDULER_INTERVAL is a number of seconds from 1 to 600, not 'soon'.\n"
    )
    assert not (tmp_path / "games.sqlite3").exists()


def test_a_password_in_the_database_url_is_never_shown(tmp_path: Path) -> None:
    # Port 9 of loopback: nothing listens, the connection is refused at once.
    url = "postgresql://bot@127.0.0.1:9/damas?sslmode=disable&password=hunter2"
    completed = subprocess.run(
        [sys.executable, "-m", "bot", "--db", url],
        input="/quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=bot_environment(),
    )
    assert completed.returncode == 2
    assert "hunter2" not in completed.stderr + completed.stdout
    assert "postgresql://bot@127.0.0.1:9/damas?sslmode=disable&password=***" in completed.stderr


async def test_a_newer_postgresql_database_names_what_to_give(
    postgres_server: PostgresServer,
) -> None:
    url = postgres_server.new_database()
    async with await open_store(url):
        pass
    await set_schema_version(url, 99)
    with pytest.raises(DatabaseUnusable) as refused:
        await open_database(url, utc_now)
    assert translate(None, refused.value.reason) == (
        f"{database_label(url)} was written by a newer damas-bot: update the bot, or give "
        "another database with --db or DATABASE_URL."
    )
