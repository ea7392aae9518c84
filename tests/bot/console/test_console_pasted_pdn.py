"""Issue 37, item 4: a PDN pasted into the console arrives line by line; it is read whole
(after /review or alone) until its result or a blank line after its moves, reviewed once,
and the lines after it are commands again. A PDN without players' names is "the pasted
game", its players White and Black. Transcripts in Portuguese and Italian."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.console import run_console
from bot.service.game_service import GameService
from tests import planted_blunder as planted
from tests.bot.review_games import TEST_NODES, TEST_SECOND_LOOK

TAGS = ['[GameType "26"]', '[SetUp "1"]', f'[FEN "{planted.FEN}"]']


@pytest.fixture
def reviews(service: GameService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GameService:
    service.reviews.nodes = TEST_NODES
    service.reviews.second_look_nodes = TEST_SECOND_LOOK
    monkeypatch.chdir(tmp_path)  # the console writes the review's files where it runs
    return service


async def transcript(service: GameService, lines: list[str]) -> str:
    output = io.StringIO()
    await run_console(service, input_stream=io.StringIO("\n".join(lines) + "\n"), output=output)
    return output.getvalue()


async def test_a_pdn_pasted_after_the_command_is_reviewed_whole_in_portuguese(
    reviews: GameService, tmp_path: Path
) -> None:
    shown = await transcript(
        reviews,
        ["/lang pt", "/analise " + TAGS[0], *TAGS[1:], "", f"1... {planted.BLUNDER} *", "/ajuda"],
    )
    assert "Lendo o PDN colado" in shown
    assert "Esse PDN não tem lances" not in shown
    assert "não é um lance" not in shown
    assert "não é uma casa" not in shown
    assert shown.count("Análise da partida colada:") == 1
    assert "Pretas: 1 lance" in shown
    assert "Brancas: 0 lances" in shown
    assert f"1... {planted.BLUNDER}?? erro grave" in shown
    assert "? - ?" not in shown
    assert "em PDN em PDN" not in shown
    # The line after the PDN is a command again: /ajuda lists the commands.
    assert "/analise" in shown.split("Análise da partida colada:")[1]
    assert (tmp_path / "review-chances.png").read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "review-worst.png").exists()
    assert (tmp_path / "review.pdn").exists()


async def test_a_pdn_pasted_alone_ends_at_a_blank_line_in_italian(
    reviews: GameService,
) -> None:
    named = ['[White "Ana"]', '[Black "Bia"]', *TAGS]
    shown = await transcript(
        reviews,
        # Alone, ended by a blank line after its moves; then a command; then one more PDN
        # that the input ends in the middle of: reviewed as it came.
        ["/lingua it", *named, f"1... {planted.BLUNDER}", "", "/partite", *named, "1..."],
    )
    assert "Lettura del PDN incollato" in shown
    assert "Analisi della partita Ana - Bia:" in shown
    assert "Bia: 1 moss" in shown
    assert "errori gravi 1" in shown
    assert "non è una mossa" not in shown
    # /partite answered as a command, between the two PDNs.
    second = shown.split("Analisi della partita Ana - Bia:", 1)[1]
    assert "Non hai nessuna partita in corso" in second.split("Lettura del PDN incollato")[0]
    # The second PDN has no move after its number: refused clearly, once.
    assert shown.count("Lettura del PDN incollato") == 2
    assert "Traceback" not in shown
