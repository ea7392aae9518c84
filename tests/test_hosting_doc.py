"""docs/hosting.md and its Portuguese and Italian versions as a club organiser follows them
(issue 24, item 3): every command of their shell blocks runs in order, in one folder of its
own, on a real PostgreSQL server for the PostgreSQL steps, and exits 0 without a traceback."""

from __future__ import annotations

import asyncio
import configparser
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from storage import open_store
from storage.sql.migrations import Migration, bundled_migrations
from tests.postgres_server import PostgresServer
from tests.processes import ROOT, bot_environment

SHELL_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)
INTERACTIVE = re.compile(r"^python -m bot( --db \S+)?$")


def commands(document: Path) -> list[str]:
    return [
        line.partition("  #")[0].strip()
        for block in SHELL_BLOCK.findall(document.read_text(encoding="utf-8"))
        for line in block.splitlines()
        if line.strip()
    ]


@pytest.mark.parametrize("guide", ["hosting.md", "hosting.pt.md", "hosting.it.md"])
def test_the_hosting_guide_runs_as_written(
    guide: str, tmp_path: Path, postgres_server: PostgresServer
) -> None:
    steps = commands(ROOT / "docs" / guide)
    assert any(step.startswith("python -m bot check --db damas.sqlite3") for step in steps)
    name = f"hosting_{os.getpid()}_{guide.replace('.', '_')}"
    for database in (name, f"{name}_restored"):
        postgres_server.psql(f"CREATE DATABASE {database}")
    environment = bot_environment(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        XDG_DATA_HOME=str(tmp_path),
        DATABASE_URL=postgres_server.url(name),
        RESTORE_URL=postgres_server.url(f"{name}_restored"),
    )
    for step in steps:
        done = subprocess.run(
            ["bash", "-c", step],
            input="/quit\n" if INTERACTIVE.match(step) else "",
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
            env=environment,
        )
        output = done.stdout + done.stderr
        assert done.returncode == 0, f"{step}: {output[-3000:]}"
        assert "Traceback" not in output, f"{step}: {output[-3000:]}"
    restored = postgres_server.psql("SELECT count(*) FROM players", f"{name}_restored")
    assert int(restored) >= 1, "the restored database lacks the players"


UNIT_BLOCK = re.compile(r"^```ini\n(.*?)^```", re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("guide", ["hosting.md", "hosting.pt.md", "hosting.it.md"])
def test_the_systemd_unit_starts_the_bot(guide: str, tmp_path: Path) -> None:
    """The guide's unit is a valid unit whose ExecStart is the bot run from the project's
    virtual environment; run here with the test's own interpreter and folder in their place."""
    [block] = UNIT_BLOCK.findall((ROOT / "docs" / guide).read_text(encoding="utf-8"))
    unit = configparser.ConfigParser(interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read_string(block)
    assert unit["Service"]["Restart"] == "always"
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    interpreter, *arguments = shlex.split(unit["Service"]["ExecStart"])
    assert interpreter == f"{unit['Service']['WorkingDirectory']}/.venv/bin/python"
    assert arguments[:2] == ["-m", "bot"]
    database = arguments[arguments.index("--db") + 1]
    arguments[arguments.index("--db") + 1] = str(tmp_path / Path(database).name)
    done = subprocess.run(
        [sys.executable, *arguments],
        input="/quit\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=bot_environment(),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / Path(database).name).exists()


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
