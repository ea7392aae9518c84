"""Issue 40, item 4: a club match played through the console in Portuguese and in Italian,
every word typed in the reader's language: opened, both sides signed in one chat, started
(the coin toss shown), a game resigned and the other settled by the organiser, the score
board and the end as the reader reads them, with none of the English words of club
matches."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.console import Console
from bot.service.game_service import GameService

WORDS = {
    "pt": {
        "lang": "/idioma pt",
        "new": "/confronto novo italiana 1 3d",
        "sign a": "/confronto inscrever a",
        "sign b": "/confronto inscrever b",
        "start": "/confronto iniciar",
        "resign": "/desistir 1 sim",
        "settle": "/confronto decidir 1 2 empate",
        "show": "/confronto mostrar",
        "csv": "/confronto csv",
        "opened": "ana abre o confronto entre clubes #1: Damas italianas, 1 tabuleiro por "
        "equipe, duas partidas por tabuleiro (uma com cada cor), 3 dias por lance.",
        "signed": "caio se inscreve pela equipe B do confronto #1 (1 de 1).",
        "started": "O confronto #1 começa: equipe A contra equipe B, duas partidas por "
        "tabuleiro. Tabuleiro 1: bia - caio (sorteio da moeda: brancas para ",
        "result": "Confronto #1, tabuleiro 1: partida 1 0-1. O confronto: 0-1.",
        "settled": "decidida pelo organizador",
        "board": "Confronto #1, equipe A - equipe B: 0,5-1,5\nTabuleiro 1: bia - caio 0,5-1,5 "
        "(partida 1 0-1, partida 2 0,5-0,5)",
        "end": "O confronto #1 terminou: a equipe B vence por 0,5-1,5.",
        "file": "confronto-1.csv",
        "head": "tabuleiro,partida,equipe A,equipe B",
    },
    "it": {
        "lang": "/lingua it",
        "new": "/incontro nuovo italiana 1 3g",
        "sign a": "/incontro iscriviti a",
        "sign b": "/incontro iscriviti b",
        "start": "/incontro inizia",
        "resign": "/abbandona 1 sì",
        "settle": "/incontro decidi 1 2 patta",
        "show": "/incontro mostra",
        "csv": "/incontro csv",
        "opened": "ana apre l'incontro tra circoli #1: Dama italiana, 1 damiera per squadra, "
        "due partite per damiera (una per colore), 3 giorni a mossa.",
        "signed": "caio si iscrive per la squadra B dell'incontro #1 (1 su 1).",
        "started": "L'incontro #1 comincia: squadra A contro squadra B, due partite per "
        "damiera. Damiera 1: bia - caio (lancio della moneta: il bianco a ",
        "result": "Incontro #1, damiera 1: partita 1 0-1. L'incontro: 0-1.",
        "settled": "decisa dall'organizzatore",
        "board": "Incontro #1, squadra A - squadra B: 0,5-1,5\nDamiera 1: bia - caio 0,5-1,5 "
        "(partita 1 0-1, partita 2 0,5-0,5)",
        "end": "L'incontro #1 è finito: vince la squadra B per 0,5-1,5.",
        "file": "incontro-1.csv",
        "head": "damiera,partita,squadra A,squadra B",
    },
}
# The English words of club matches, none of which a pt or it reader should read.
ENGLISH = re.compile(r"\b(club|match|side|board|boards|organiser|coin|toss|wins?|settled)\b")


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_club_match_in_the_console_in_the_readers_words(
    service: GameService, language: str, tmp_path: Path
) -> None:
    words = WORDS[language]
    output = io.StringIO()
    console = Console(service, output, player="ana", language=language, folder=tmp_path)
    for name in ("bia", "caio", "ana"):
        await console.handle(f"/as {name}")
        await console.handle(words["lang"])
    mark = output.tell()
    await console.handle(words["new"])
    await console.handle("/as bia")
    await console.handle(words["sign a"])
    await console.handle("/as caio")
    await console.handle(words["sign b"])
    await console.handle("/as ana")
    await console.handle(words["start"])
    await console.handle("/as bia")
    await console.handle(words["resign"])
    await console.handle("/as ana")
    await console.handle(words["settle"])
    await console.handle(words["show"])
    await console.handle(words["csv"])
    transcript = output.getvalue()[mark:]
    for key in ("opened", "signed", "started", "result", "settled", "board", "end"):
        assert words[key] in transcript, (key, transcript)
    assert ENGLISH.findall(transcript) == []
    table = (tmp_path / words["file"]).read_text()
    assert table.startswith(words["head"])
