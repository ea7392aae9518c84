"""A quiet console (issue 37, items 10 and 11), in Portuguese and Italian: one board per turn
(the person's move and the computer's reply under one board), the final board once with the
next step offered (the review, a rematch), and with WEB_URL the game's page at its start and
at its end."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.console import Console
from bot.service.game_service import GameService
from bot.settings import WebSettings, read_settings
from bot.web.links import game_link

WEB = read_settings({"WEB_URL": "https://damas.example", "WEB_SECRET": "console turns"}).web
WORDS = {
    "pt": {"new": "/novo", "kind": "brasileira", "vs": "contra", "computer": "computador",
           "black": "pretas", "board": "/tabuleiro",
           "last": "fen=W:W21,30:B17", "legend": "o = pedra branca",
           "review": "/analise", "rematch": "/revanche", "watch": "Assistir na web",
           "replay": "Rever na web", "won": "vencida por ana"},
    "it": {"new": "/nuova", "kind": "italiana", "vs": "contro", "computer": "computer",
           "black": "nero", "board": "/tavoliere",
           "last": "fen=W:W22,30:B18", "legend": "o = pedina bianca",
           "review": "/analisi", "rematch": "/rivincita", "watch": "Guarda sul web",
           "replay": "Rivedi sul web", "won": "vinta da ana"},
}  # fmt: skip
# "last": Black's last man is taken by White's only move (a3xc5, 22x13): the first move ends it.


def web() -> WebSettings:
    assert WEB is not None
    return WEB


async def said(console: Console, output: io.StringIO, line: str) -> list[str]:
    """What the console wrote for one line."""
    start = len(output.getvalue())
    assert await console.handle(line)
    return output.getvalue()[start:].splitlines()


def boards_in(lines: list[str], language: str) -> int:
    return sum(line.startswith(WORDS[language]["legend"]) for line in lines)


async def _console(
    service: GameService, folder: Path, language: str, with_web: bool = False
) -> tuple[Console, io.StringIO]:
    output = io.StringIO()
    console = Console(service, output, player="ana", folder=folder, web=web() if with_web else None)
    await console.handle(f"/lang {language}")
    return console, output


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_the_move_and_the_computers_reply_show_one_board(
    service: GameService, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    console, output = await _console(service, tmp_path, language)
    # The computer plays White and moves first: its move's board is the first one shown.
    start = await said(
        console,
        output,
        f"{words['new']} {words['kind']} {words['vs']} {words['computer']} {words['black']}",
    )
    assert boards_in(start, language) == 1, start
    for _ in range(3):
        state = await service.kernel.state(1)
        move = state.position.notation(state.position.legal_moves()[0])
        turn = await said(console, output, move)
        assert boards_in(turn, language) == 1, turn
        assert any(line.startswith("ana ") for line in turn), "the person's move is told"
        # The board shown is the one after the computer's reply, the person to move.
        assert (await service.kernel.state(1)).plies == state.plies + 2
    # Asked for, the board is shown whoever is to move.
    assert boards_in(await said(console, output, words["board"]), language) == 1


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_the_final_board_is_shown_once_with_the_next_step(
    service: GameService, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    console, output = await _console(service, tmp_path, language)
    new = f"{words['new']} {words['kind']} {words['vs']} {words['computer']} {words['last']}"
    await said(console, output, new)
    state = await service.kernel.state(1)
    [capture] = state.position.legal_moves()
    end = await said(console, output, state.position.notation(capture))
    assert boards_in(end, language) == 1, end
    assert sum(words["won"] in line for line in end) == 2, "in the headline and the caption"
    assert end[-1].endswith(
        {
            "pt": f"{words['review']} 1 para a análise do computador, ou {words['rematch']} 1 "
            "para jogar de novo com as cores trocadas.",
            "it": f"{words['review']} 1 per l'analisi del computer, o {words['rematch']} 1 per "
            "giocare ancora a colori invertiti.",
        }[language]
    ), end
    # The rematch works as offered: the colours swapped, the computer takes the last man.
    rematch = await said(console, output, f"{words['rematch']} 1")
    assert boards_in(rematch, language) == 1, rematch
    assert (await service.kernel.state(2)).seat_names == ("Computer", "ana")


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_the_web_page_of_a_game_at_its_start_and_its_end(
    service: GameService, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    console, output = await _console(service, tmp_path, language, with_web=True)
    new = f"{words['new']} {words['kind']} {words['vs']} {words['computer']} {words['last']}"
    link = game_link(web(), 1, language)
    assert f"{words['watch']}: {link}" in await said(console, output, new)
    state = await service.kernel.state(1)
    [capture] = state.position.legal_moves()
    end = await said(console, output, state.position.notation(capture))
    assert f"{words['replay']}: {link}" in end
    assert f"{words['replay']}: {link}" in await said(console, output, f"{words['board']} 1")
