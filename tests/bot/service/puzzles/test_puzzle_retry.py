"""A wrong answer to a puzzle, in the console in Portuguese and Italian (issue 37, item 2):
the opponent's answer to it shown and drawn, the loss rated at once, the same position to try
again (the retry rated no more, as on lichess), and the solution on request, typed; asking
for the solution before any miss counts as one."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.console import Console
from bot.service.game_service import GameService
from storage import Store
from tests.bot.puzzle_set import use_known_puzzles


@pytest.fixture(autouse=True)
def known_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    use_known_puzzles(monkeypatch)


async def _console(service: GameService, folder: Path, language: str) -> Console:
    console = Console(service, io.StringIO(), player="Ana", folder=folder)
    await console.handle(f"/lang {language}")
    return console


async def typed(console: Console, line: str) -> str:
    output = console.output
    assert isinstance(output, io.StringIO)
    output.seek(0)
    output.truncate()
    await console.handle(line)
    return output.getvalue()


async def _tally(service: GameService, store: Store, console: Console) -> tuple[int, int, int]:
    """Solved, missed and the rating of the console's player in the Brazilian pool."""
    player = await service.kernel.roster.player(console.actor)
    [rating] = await store.puzzle_ratings(player.id)
    return rating.solved, rating.failed, round(rating.rating.rating)


async def test_a_miss_shows_the_refutation_then_the_retry_solves_unrated_in_portuguese(
    service: GameService, store: Store, tmp_path: Path
) -> None:
    console = await _console(service, tmp_path, "pt")
    shown = await typed(console, "/problema")
    assert "Problema #1 (Damas brasileiras, pontuação 1500): Pretas jogam e ganham (fácil)." in (
        shown
    )
    miss = await typed(console, "/problema h6-g5")
    assert "Não foi desta vez: h6-g5 tem a resposta e3-d4." in miss
    assert (tmp_path / "puzzle-1-refutation.png").read_bytes().startswith(b"\x89PNG")
    assert "Sua pontuação em problemas (Damas brasileiras): 1338 (-162)." in miss
    assert "tente de novo" in miss
    assert "/problema solucao mostra a solução" in miss
    # The solution stays hidden until asked for or found.
    assert "b6xh4" not in miss
    right = await typed(console, "/problema c5-b4")
    assert "Certo! A resposta é a3xc5: sua vez de novo." in right
    solved = await typed(console, "/problema b6xh4")
    assert "Resolvido! Sem valer pontuação: só a primeira tentativa conta." in solved
    assert "A solução: c5-b4 a3xc5 b6xh4." in solved
    assert "Sua pontuação em problemas" not in solved
    assert await _tally(service, store, console) == (0, 1, 1338)


async def test_the_solution_on_request_after_a_miss_in_italian(
    service: GameService, store: Store, tmp_path: Path
) -> None:
    console = await _console(service, tmp_path, "it")
    # The known puzzles are Brazilian; an Italian's bare /problema would be an Italian one.
    await typed(console, "/problema brasiliana")
    miss = await typed(console, "/problema h6-g5")
    assert "Non questa volta: a h6-g5 si risponde e3-d4." in miss
    assert "Il tuo punteggio nei problemi (Dama brasiliana): 1338 (-162)." in miss
    assert "riprova" in miss
    again = await typed(console, "/problema f6-g5")
    assert "Non questa volta: a f6-g5 si risponde" in again
    # A second miss of the retry counts for nothing more.
    assert "Il tuo punteggio" not in again
    shown = await typed(console, "/problema soluzione")
    assert "Ecco la soluzione." in shown
    assert "La soluzione: c5-b4 a3xc5 b6xh4." in shown
    ended = await typed(console, "/problema c5-b4")
    assert "Non hai nessun problema in corso" in ended
    assert await _tally(service, store, console) == (0, 1, 1338)


async def test_the_solution_asked_before_any_answer_is_a_miss(
    service: GameService, store: Store, tmp_path: Path
) -> None:
    console = await _console(service, tmp_path, "pt")
    await typed(console, "/problema")
    shown = await typed(console, "/problema solução")
    assert "Conta como um erro." in shown
    assert "A solução: c5-b4 a3xc5 b6xh4." in shown
    assert "Sua pontuação em problemas (Damas brasileiras): 1338 (-162)." in shown
    assert await _tally(service, store, console) == (0, 1, 1338)
