"""docs/hosting.md and its Portuguese and Italian versions as a club organiser follows them
(issue 24, item 3): every command of their shell blocks runs in order, in one folder of its
own, on a real PostgreSQL server for the PostgreSQL steps, and exits 0 without a traceback."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

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
