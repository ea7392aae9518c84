"""What a player reads and may type at the console in Portuguese and Italian (issue 37, items 5
to 9): the words people use for a level, suggestions in the reader's own words, a game's
number before a move, counts, the soffio and the clocks in the reader's words, the default
name and the console's language, the ranking of the reader's own pools."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.console import Console
from bot.service.game_service import GameService


async def _console(
    service: GameService, folder: Path, name: str, language: str
) -> tuple[Console, io.StringIO]:
    output = io.StringIO()
    console = Console(service, output, player=name, folder=folder)
    await console.handle(f"/lang {language}")
    return console, output


async def _said(console: Console, output: io.StringIO, line: str) -> str:
    """What the console prints for one line."""
    start = len(output.getvalue())
    await console.handle(line)
    return output.getvalue()[start:]


# -- item 5: the words people use for a level; suggestions in the reader's words ---------------


@pytest.mark.parametrize(
    ("language", "typed", "started"),
    [
        ("pt", "/novo brasileira contra computador difícil", "Computador (forte)"),
        ("pt", "/novo brasileira contra computador avançado", "Computador (forte)"),
        ("pt", "/novo brasileira contra computador hard", "Computador (forte)"),
        ("it", "/nuova italiana contro computer difficile", "Computer (forte)"),
        ("it", "/nuova italiana contro computer esperto", "Computer (forte)"),
        ("it", "/nuova italiana contro computer expert", "Computer (forte)"),
    ],
)
async def test_a_word_people_use_for_a_level_names_the_level_they_mean(
    service: GameService, tmp_path: Path, language: str, typed: str, started: str
) -> None:
    console, output = await _console(service, tmp_path, "caio", language)
    said = await _said(console, output, typed)
    assert f"#1: {started}" in said or f"- {started}." in said, said
    for refusal in ("não é", "non è", "quis dizer", "Intendevi"):
        assert refusal not in said


@pytest.mark.parametrize(
    ("language", "typed", "refused", "suggested"),
    [
        # A typo of the reader's word for the strongest level: never the easy one.
        ("pt", "/novo brasileira contra computador dificio", "não é um nível", "forte"),
        ("it", "/nuova italiana contro computer dificile", "non è un livello", "forte"),
        # A Portuguese word near a misspelling is no suggestion to an Italian...
        ("it", "/nuova italiana contro computer brnacas", "non è un'opzione di /nuova.", None),
        ("it", "/nuova italiana contro computer pretoo", "non è un'opzione di /nuova.", None),
        ("it", "/nuova italiana contro computer bianko", "non è un'opzione di /nuova.", "bianco"),
        # ...nor an Italian word to a Portuguese reader.
        ("pt", "/novo brasileira contra computador bianko", "não é uma opção de /novo.", None),
        ("pt", "/novo ludo contra computador squadree", "não é uma opção de /novo.", None),
        ("pt", "/novo ludo contra computador dupllas", "não é uma opção de /novo.", "duplas"),
    ],
)
async def test_a_near_miss_suggests_only_the_readers_own_words(
    service: GameService,
    tmp_path: Path,
    language: str,
    typed: str,
    refused: str,
    suggested: str | None,
) -> None:
    console, output = await _console(service, tmp_path, "caio", language)
    said = await _said(console, output, typed)
    assert refused in said, said
    question = {"pt": "Você quis dizer", "it": "Intendevi"}[language]
    if suggested is None:
        assert question not in said, said
    else:
        assert f"{question} {suggested}?" in said, said
    assert "#1" not in said, "no game started"


# -- item 6: a game's number before the move ----------------------------------------------------

NUMBERED_MOVES = {
    "pt": ("/novo brasileira contra computador brancas", "/jogar", "c3-d4", "jogou c3-d4"),
    "it": ("/nuova italiana contro computer bianco", "/muovi", "22-19", "ha giocato 22-19"),
}


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_number_before_the_move_names_the_game(
    service: GameService, tmp_path: Path, language: str
) -> None:
    new, move, notation, played = NUMBERED_MOVES[language]
    console, output = await _console(service, tmp_path, "caio", language)
    await console.handle(new)
    await console.handle(new)
    said = await _said(console, output, f"{move} 2 {notation}")
    assert played in said, said
    assert "#2" in said.split(played)[1], "the move went to game 2"
    assert (await service.kernel.state(2)).plies >= 1
    assert (await service.kernel.state(1)).plies == 0
    # A number that names no game is said to, not read as part of the move.
    missing = await _said(console, output, f"{move} 9 {notation}")
    assert (
        missing.strip()
        == {"pt": "Não existe a partida 9.", "it": "La partita 9 non esiste."}[language]
    ), missing
