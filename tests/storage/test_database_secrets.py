"""No command prints a database's password, whatever form it is written in (issue 34, item 8):
`python -m bot check`, the bot's start, `python -m storage copy`, `backup` and `restore`, with
a password holding `#`, a scheme in capitals, a percent-encoded password, one in the query and
libpq's key=value settings. None of them is taken for a file either: nothing is created in the
folder they run in (a scheme in capitals made a folder named with the password). The commands
run in this process, by their `main`, as `python -m` runs them."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

import pytest

import bot.__main__ as bot_command
import storage.__main__ as storage_command
from storage import open_store
from tests.postgres_server import free_port

SECRET = "s3cr3t"
PORT = free_port()
FORMS = [
    f"postgresql://damas:pa#{SECRET}@127.0.0.1:{PORT}/x",
    f"POSTGRESQL://damas:{SECRET}@127.0.0.1:{PORT}/x",
    f"postgresql://damas:{SECRET}%23%40@127.0.0.1:{PORT}/x",
    f"postgresql://damas@127.0.0.1:{PORT}/x?password={SECRET}",
    f"host=127.0.0.1 port={PORT} user=damas password={SECRET} dbname=x",
]


def commands(database: str, sqlite: Path) -> list[Callable[[], int]]:
    folder = sqlite.parent
    return [
        lambda: bot_command.main(["check", "--db", database]),
        lambda: bot_command.main(["--db", database]),
        lambda: storage_command.main(["copy", str(sqlite), database]),
        lambda: storage_command.main(["copy", database, str(folder / "copy.sqlite3")]),
        lambda: storage_command.main(["backup", database, str(folder / "backup.sqlite3")]),
        lambda: storage_command.main(["restore", str(sqlite), database]),
    ]


# Named by form, not by value: the port is drawn when the module loads.
FORM_NAMES = ["hash", "capital-scheme", "percent-encoded", "query-password", "key-value"]


@pytest.mark.parametrize("database", FORMS, ids=FORM_NAMES)
def test_no_command_shows_the_password_or_makes_a_file_of_it(
    database: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    for variable in ("TELEGRAM_TOKEN", "DISCORD_TOKEN", "DATABASE_URL"):
        monkeypatch.delenv(variable, raising=False)
    sqlite = tmp_path / "bot.sqlite3"
    asyncio.run(_create(sqlite))
    folder = tmp_path / "here"
    folder.mkdir()
    monkeypatch.chdir(folder)
    with caplog.at_level(logging.DEBUG):
        for command in commands(database, sqlite):
            status = command()
            said = capsys.readouterr()
            output = said.out + said.err + caplog.text
            assert status != 0, output
            assert SECRET not in output, output
            assert "Traceback" not in output, output
            assert "***" in output, output
    assert list(folder.iterdir()) == []
    assert not (tmp_path / "copy.sqlite3").exists()


async def _create(path: Path) -> None:
    await (await open_store(path)).close()
