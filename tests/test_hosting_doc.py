"""docs/hosting.md and its Portuguese and Italian versions as a club organiser follows them
(issue 24, item 3; issue 34, item 4): every command of their shell blocks runs in order, in
the project's folder, on a real PostgreSQL server for the PostgreSQL steps, and exits 0
without a traceback; the database is one path throughout (first run, check, the systemd
unit, the backup, its cron line, the restore, the copy); and the guide's backup, taken while
the bot writes, comes back whole after a crash (kill -9) and the guide's restore.

The guides use the user `damas` and its home `/home/damas`; the tests run their commands as
written with that home in a folder of their own (`on_this_machine`), and `.venv/bin/python`
of the project there runs this test's interpreter.
"""

from __future__ import annotations

import asyncio
import configparser
import contextlib
import os
import re
import shlex
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import open_store
from storage.sql.engines.migrations import Migration, bundled_migrations
from tests.postgres_server import PostgresServer
from tests.processes import ROOT, bot_environment
from tests.waiting import eventually_blocking

GUIDES = ["hosting.md", "hosting.pt.md", "hosting.it.md"]
SHELL_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)
UNIT_BLOCK = re.compile(r"^```ini\n(.*?)^```", re.MULTILINE | re.DOTALL)
CRON_BLOCK = re.compile(r"^```crontab\n(.*?)^```", re.MULTILINE | re.DOTALL)
INTERACTIVE = re.compile(r"^python -m bot( --db \S+)?$")
HOME = "/home/damas"
DATABASE = f"{HOME}/damas.sqlite3"


def guide_text(guide: str) -> str:
    return (ROOT / "docs" / guide).read_text(encoding="utf-8")


def commands(document: Path) -> list[str]:
    return [
        line.partition("  #")[0].strip()
        for block in SHELL_BLOCK.findall(document.read_text(encoding="utf-8"))
        for line in block.splitlines()
        if line.strip()
    ]


def unit_of(guide: str) -> configparser.ConfigParser:
    [block] = UNIT_BLOCK.findall(guide_text(guide))
    unit = configparser.ConfigParser(interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read_string(block)
    return unit


def cron_line(guide: str) -> tuple[list[str], str]:
    """The guide's crontab line: its five time fields and its command."""
    [block] = CRON_BLOCK.findall(guide_text(guide))
    [line] = [line for line in block.splitlines() if line.strip()]
    *when, command = line.split(maxsplit=5)
    return when, command


def on_this_machine(command: str, home: Path) -> str:
    """The guide's command with its home, /home/damas, in the test's folder."""
    return command.replace(HOME, str(home))


def project(home: Path) -> Path:
    """The project's folder as the guide has it: its `.env` (no token: the console plays)
    and a `.venv/bin/python` that runs this interpreter."""
    folder = home / "damas-bot"
    (folder / ".venv" / "bin").mkdir(parents=True)
    python = folder / ".venv" / "bin" / "python"
    python.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    (folder / ".env").write_text("# TELEGRAM_TOKEN=...\n", encoding="utf-8")
    return folder


def environment(**settings: str) -> dict[str, str]:
    return bot_environment(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        LANG="C.UTF-8",
        **settings,
    )


def databases_named(command: str) -> list[str]:
    """The SQLite databases a command of the guide names: after `--db`, the first file of
    `storage backup` and `storage copy`, the second of `storage restore`."""
    words = shlex.split(command)
    named = [words[at + 1] for at, word in enumerate(words) if word == "--db"]
    for at, word in enumerate(words[:-2]):
        if words[at - 1 : at + 1] == ["storage", "backup"] or word == "copy":
            named.append(words[at + 1])
        if words[at - 1 : at + 1] == ["storage", "restore"]:
            named.append(words[at + 2])
    return [name for name in named if not name.startswith("$")]


@pytest.mark.parametrize("guide", GUIDES)
def test_one_database_path_throughout(guide: str) -> None:
    """First run, check, the systemd unit, the backup, its cron line, the restore and the
    copy to PostgreSQL all name one database; no backup lands on it; the tokens are kept to
    the bot's user; the unit waits for the network."""
    steps = commands(ROOT / "docs" / guide)
    unit = unit_of(guide)
    _, cron = cron_line(guide)
    named = [
        name
        for command in [*steps, unit["Service"]["ExecStart"], cron]
        for name in databases_named(command)
    ]
    assert named.count(DATABASE) == len(named) >= 7, named
    backups = [
        words[words.index("backup") + 2]
        for command in [*steps, cron]
        if "storage backup" in command
        for words in [shlex.split(command)]
    ]
    assert len(backups) == 2
    assert all(backup.startswith(f"{HOME}/backups/") for backup in backups), backups
    every_file = set(re.findall(rf"{HOME}/\S*?\.sqlite3", guide_text(guide)))
    assert every_file <= {DATABASE, f"{HOME}/backups/damas.sqlite3"}, every_file
    assert not [step for step in steps if step.startswith("cp ")], "a backup copied with cp"
    assert "chmod 600 .env" in steps
    assert unit["Unit"]["Wants"] == unit["Unit"]["After"] == "network-online.target"


TEXT_BLOCK = re.compile(r"^```text\n(.*?)^```", re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("guide", GUIDES)
def test_the_guides_start_from_a_bare_computer(guide: str) -> None:
    """Issue 37, item 14: before the project's own environment, the system's packages (git,
    sqlite3), the system user the bot runs as, and the project fetched into its home."""
    blocks = [block.splitlines() for block in TEXT_BLOCK.findall(guide_text(guide))]
    first = blocks[0]
    assert first[0] == "sudo apt install python3-venv git build-essential sqlite3", first
    assert first[1].startswith("sudo adduser --system")
    assert first[1].endswith(" damas")
    assert first[2] == "sudo -iu damas"
    assert first[3].startswith("git clone ")
    assert first[3].endswith(f" {HOME}/damas-bot")
    assert first[4] == f"cd {HOME}/damas-bot"
    assert blocks[1][0] == "python3 -m venv .venv", "then the bot's environment"


def test_the_three_guides_give_the_same_commands() -> None:
    """The Portuguese and Italian guides run what the English one runs (bar `--lang`)."""

    def shared(guide: str) -> list[object]:
        steps = [re.sub(r" --lang \w+$", "", step) for step in commands(ROOT / "docs" / guide)]
        unit = unit_of(guide)
        return [steps, dict(unit["Service"]), dict(unit["Unit"]), cron_line(guide)]

    assert shared("hosting.pt.md") == shared("hosting.md")
    assert shared("hosting.it.md") == shared("hosting.md")


@pytest.mark.parametrize("guide", GUIDES)
def test_the_hosting_guide_runs_as_written(
    guide: str, tmp_path: Path, postgres_server: PostgresServer
) -> None:
    steps = commands(ROOT / "docs" / guide)
    assert any(step.startswith(f"python -m bot check --db {DATABASE}") for step in steps)
    home = tmp_path / "home"
    folder = project(home)
    name = f"hosting_{os.getpid()}_{guide.replace('.', '_')}"
    for database in (name, f"{name}_restored"):
        postgres_server.psql(f"CREATE DATABASE {database}")
    settings = environment(
        DATABASE_URL=postgres_server.url(name),
        RESTORE_URL=postgres_server.url(f"{name}_restored"),
    )
    for step in steps:
        done = subprocess.run(
            ["bash", "-c", on_this_machine(step, home)],
            input="/quit\n" if INTERACTIVE.match(step) else "",
            capture_output=True,
            text=True,
            timeout=120,
            cwd=folder,
            env=settings,
        )
        output = done.stdout + done.stderr
        assert done.returncode == 0, f"{step}: {output[-3000:]}"
        assert "Traceback" not in output, f"{step}: {output[-3000:]}"
    assert (folder / ".env").stat().st_mode & 0o777 == 0o600
    restored = postgres_server.psql("SELECT count(*) FROM players", f"{name}_restored")
    assert int(restored) >= 1, "the restored database lacks the players"


@pytest.mark.parametrize("guide", GUIDES)
def test_the_systemd_unit_starts_the_bot(guide: str, tmp_path: Path) -> None:
    """The guide's unit is a valid unit whose ExecStart is the bot run from the project's
    virtual environment; run here with the test's own interpreter and home."""
    unit = unit_of(guide)
    assert unit["Service"]["Restart"] == "always"
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    interpreter, *arguments = shlex.split(unit["Service"]["ExecStart"])
    assert interpreter == f"{unit['Service']['WorkingDirectory']}/.venv/bin/python"
    assert arguments[:2] == ["-m", "bot"]
    home = tmp_path / "home"
    home.mkdir()
    done = subprocess.run(
        [sys.executable, *(on_this_machine(word, home) for word in arguments)],
        input="/quit\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=bot_environment(),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert Path(on_this_machine(DATABASE, home)).exists()


class Console:
    """The guide's first run of the bot (the console, no token) as a process that is fed
    lines and whose lines are read as they come."""

    def __init__(self, command: str, folder: Path) -> None:
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            ["bash", "-c", command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=folder,
            env=environment(),
            start_new_session=True,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def type(self, *lines: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("".join(f"{line}\n" for line in lines))
        self.process.stdin.flush()

    def wait_for(self, seen: str, seconds: float = 60) -> None:
        def shown() -> bool:
            if any(seen in line for line in self.lines):
                return True
            assert self.process.poll() is None, f"the bot ended: {self.lines[-20:]}"
            return False

        eventually_blocking(shown, lambda: f"{seen!r}; said: {self.lines[-20:]}", seconds, 0.02)

    def kill(self) -> None:
        """kill -9, as a crash or a power cut would end it."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        self._reader.join(10)
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(BrokenPipeError):
                stream.close() if stream is not None else None


@pytest.fixture
def console_processes() -> Iterator[list[Console]]:
    started: list[Console] = []
    yield started
    for console in started:
        if console.process.poll() is None:
            console.kill()


def rows_of(database: Path) -> tuple[int, list[str]]:
    """The schema version and every row of every table, as SQL, read without writing."""
    connection = sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)
    try:
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        return int(version), list(connection.iterdump())
    finally:
        connection.close()


def games_in(database: Path) -> int:
    connection = sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)
    try:
        (games,) = connection.execute("SELECT count(*) FROM games").fetchone()
        return int(games)
    finally:
        connection.close()


def run(command: str, folder: Path, shell: str = "bash") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [shell, "-c", command],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=folder,
        env=environment(),
        check=False,
    )


def test_the_guides_backup_comes_back_after_a_crash_and_its_restore(
    tmp_path: Path, console_processes: list[Console]
) -> None:
    """hosting.md's own commands (the three guides give the same, tested above): the bot
    writes games; the backup is taken while it writes; it writes more and is killed (kill
    -9: its write-ahead log stays beside the database, as after a crash); the restore is
    refused while the bot runs and works once it is gone; what comes back is exactly what
    was backed up, every row of every table, and not one game written after the backup (a
    `cp` of the backup brought them back from the old log). Then the bot runs on it, and the
    cron line makes the night's backup of it."""
    home = tmp_path / "home"
    folder = project(home)
    steps = [on_this_machine(step, home) for step in commands(ROOT / "docs" / "hosting.md")]
    start = next(step for step in steps if INTERACTIVE.match(step))
    backup = next(step for step in steps if step.startswith("python -m storage backup"))
    restore = next(step for step in steps if step.startswith("python -m storage restore"))
    database, saved = (Path(word) for word in shlex.split(backup)[4:6])
    bot = Console(start, folder)
    console_processes.append(bot)
    new_game = "/new brazilian vs computer white"
    bot.type(*[new_game] * 10)
    bot.wait_for("Game #10 starts")
    bot.type(*[new_game] * 300)
    bot.wait_for("Game #20 starts")
    backed_up = run(backup, folder)
    assert backed_up.returncode == 0, backed_up.stderr
    assert backed_up.stdout.startswith(f"backed up {database} into {saved}: schema ")
    bot.wait_for(f"Game #{games_in(saved) + 10} starts")
    refused = run(restore, folder)
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert "is open in another process, the running bot most likely: stop it first" in (
        refused.stderr
    )
    bot.kill()
    log = database.with_name(database.name + "-wal")
    assert log.stat().st_size > 0, "the crash left no write-ahead log: nothing is tested"
    version, saved_rows = rows_of(saved)
    assert 20 <= games_in(saved) < games_in(database), "the backup is not of the moment taken"
    restored = run(restore, folder)
    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert "Traceback" not in restored.stdout + restored.stderr
    assert rows_of(database) == (version, saved_rows)
    assert not log.exists() or log.stat().st_size == 0, "the old log is still beside it"
    again = subprocess.run(
        ["bash", "-c", start],
        input="/games\n/quit\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=folder,
        env=environment(),
    )
    assert again.returncode == 0, again.stdout + again.stderr
    assert f"#{games_in(saved)} Brazilian draughts" in again.stdout
    assert f"#{games_in(saved) + 1} Brazilian draughts" not in again.stdout
    when, cron = cron_line("hosting.md")
    assert len(when) == 5
    assert not re.search(r"(?<!\\)%", cron), "an unescaped % ends a cron command"
    # cron gives the command to /bin/sh, its `\%` made `%`.
    nightly = run(on_this_machine(cron, home).replace("\\%", "%"), folder, shell="sh")
    assert nightly.returncode == 0, nightly.stderr
    assert nightly.stdout == ""
    [night] = (home / "backups").glob("damas-*.sqlite3")
    assert rows_of(night) == rows_of(database)


def test_an_upgrade_migrates_and_a_downgrade_is_refused(tmp_path: Path) -> None:
    """What the guide says of upgrading: an older database is brought up to date at the start,
    and one written by a newer damas-bot is refused with a line that says so."""
    database = tmp_path / "damas.sqlite3"

    async def write(migrations: list[Migration]) -> None:
        await (await open_store(database, migrations=migrations)).close()

    known = bundled_migrations()
    asyncio.run(write(known[:-1]))
    start = ["-m", "bot", "--db", str(database)]
    checked = run_bot(["-m", "bot", "check", "--db", str(database)], tmp_path)
    assert f"the bot brings it to {known[-1].number} by itself" in checked.stdout
    assert run_bot(start, tmp_path).returncode == 0
    checked = run_bot(["-m", "bot", "check", "--db", str(database)], tmp_path)
    assert f"reachable, at schema {known[-1].number}" in checked.stdout
    newer = Migration(known[-1].number + 1, "9999_newer.sql", "CREATE TABLE newer (id INTEGER);")
    asyncio.run(write([*known, newer]))
    refused = run_bot(start, tmp_path)
    assert refused.returncode != 0
    assert "was written by a newer damas-bot" in refused.stdout + refused.stderr
    assert "Traceback" not in refused.stdout + refused.stderr


def run_bot(arguments: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *arguments],
        input="/quit\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=folder,
        env=bot_environment(LANG="C.UTF-8"),
    )
