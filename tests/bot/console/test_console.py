"""The console front end: a piped session, a game that goes on the next day, and arbitrary
input that always gets a clear message, never a traceback."""

from __future__ import annotations

import io
import logging
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.console import Console
from bot.i18n import text, translate
from bot.service.command_table.commands import CommandError, parse_command
from bot.service.command_table.table import TABLE
from bot.service.game_service import GameService
from tests.processes import bot_environment


def run_bot(database: Path, lines: list[str], *extra: str) -> str:
    completed = subprocess.run(
        [sys.executable, "-m", "bot", "--db", str(database), *extra],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=database.parent,
        env=bot_environment(),
    )
    assert completed.returncode == 0, completed.stderr
    assert "Traceback" not in completed.stderr, completed.stderr
    return completed.stdout


def test_a_piped_game_against_the_computer_goes_on_the_next_day(tmp_path: Path) -> None:
    database = tmp_path / "bot.sqlite3"
    first = run_bot(database, ["/new brazilian vs computer white", "/move c3-d4", "/png"])
    assert f"Database: {database}" in first
    assert "player played c3-d4." in first
    assert "Computer (normal) played" in first
    assert (tmp_path / "bot-game-1.png").read_bytes().startswith(b"\x89PNG")
    second = run_bot(database, ["/history", "/games", "/resign", "/resign yes"])
    assert "Resign game #1? To confirm, type /resign 1 yes." in second
    assert "1. c3-d4 " in second
    assert "#1 Brazilian draughts" in second
    assert "Computer (normal) won game #1: resignation." in second


def test_one_file_per_subject_is_replaced_and_out_of_range_games_are_refused(
    tmp_path: Path,
) -> None:
    first = run_bot(
        tmp_path / "club.sqlite3",
        ["/new brazilian vs computer white", "/pdn", "/pdn", "/png 99999999999999999999"],
    )
    assert f"Saved to {tmp_path / 'club-game-1.pdn'}." in first
    assert f"Saved to {tmp_path / 'club-game-1.pdn'} (the earlier file replaced)." in first
    assert "There is no game 99999999999999999999." in first
    assert sorted(path.name for path in tmp_path.iterdir() if "game" in path.name) == [
        "club-game-1.pdn",
    ]
    club_game = (tmp_path / "club-game-1.pdn").read_bytes()
    # Another database in the same folder writes its own files.
    second = run_bot(tmp_path / "home.sqlite3", ["/new italian vs computer white", "/pdn"])
    assert str(tmp_path / "home-game-1.pdn") in second
    assert (tmp_path / "club-game-1.pdn").read_bytes() == club_game
    numbers = run_bot(
        tmp_path / "club.sqlite3",
        ["/use 99999999999999999999", "/board #99999999999999999999", "/accept 1" + "0" * 30],
    )
    assert "There is no game 99999999999999999999." in numbers
    assert "There is no challenge 1000000000000000000000000000000." in numbers
    assert "Traceback" not in numbers


async def test_lang_is_confirmed_in_the_new_language(service: GameService) -> None:
    output = io.StringIO()
    console = Console(service, output)
    confirmation = text("From now on I write to you in English.")
    for language in ("pt", "it", "en"):
        await console.handle(f"/lang {language}")
        assert output.getvalue().splitlines()[-1] == translate(language, confirmation)
    # Three different sentences: each language has its own translation.
    assert len({translate(language, confirmation) for language in ("pt", "it", "en")}) == 3


def test_two_people_at_one_keyboard_and_a_language_switch(tmp_path: Path) -> None:
    output = run_bot(
        tmp_path / "bot.sqlite3",
        [
            "/as ana",
            "/new italian vs bia white",
            "/as bia",
            "/accept",
            "/as ana",
            "21-17",
            "/lang it",
            "/moves",
            "/as bia",
            "/draw",
            "/as ana",
            "/draw accept",
        ],
    )
    assert "ana played 21-17." in output
    # Ana switched to Italian: the end of the game is told to her in Italian.
    assert "La partita #1 è patta: patta d'accordo." in output


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=60))
def test_the_command_parser_never_fails_on_any_text(line: str) -> None:
    try:
        command = parse_command(line)
    except CommandError as error:  # either outcome is right: a command, or words saying why not
        assert error.reason.message  # noqa: PT017
    else:
        assert command.name in {command.name for command in TABLE}


_WORDS = st.sampled_from(
    [
        "/new",
        "/move",
        "/m",
        "/roll",
        "/draw",
        "/accept",
        "/use",
        "/lang",
        "/board",
        "/moves",
        "/resign",
        "/abort",
        "/claim",
        "/pdn",
        "/history",
        "/games",
        "/as",
        "brazilian",
        "ludo",
        "italian",
        "vs",
        "computer",
        "white",
        "black",
        "4",
        "#1",
        "#999999999999",
        "#99999999999999999999",
        "1" + "0" * 5000,
        "/vacation",
        "c3-d4",
        "32-28",
        "roll",
        "6",
        "p1",
        "fen=W:W1:B2",
        "accept",
        "it",
        "\x00",
        "🙂",
        "-",
        "x",
    ]
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.lists(_WORDS, min_size=1, max_size=5).map(" ".join), max_size=6))
async def test_arbitrary_commands_always_get_a_clear_answer(
    service: GameService, caplog: pytest.LogCaptureFixture, lines: list[str]
) -> None:
    output = io.StringIO()
    console = Console(service, output)
    with caplog.at_level(logging.ERROR):
        for line in lines:
            assert await console.handle(line)
            # Every command that is not blank gets an answer.
            assert output.getvalue().strip() or not line.strip()
    unexpected = [record.getMessage() for record in caplog.records]
    assert not unexpected, unexpected
