"""Issue 40, item 2: a simul played through the console in Portuguese and in Italian, every
word typed in the reader's language: opened with the host's colour by turns, joined, started,
the desk, the results, the summary and the PDN as he reads them, with none of the English
words of simuls."""

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
        "new": "/simultanea nova italiana 2 10m alternadas",
        "join": "/simultanea entrar",
        "start": "/simultanea iniciar",
        "desk": "/simultanea mesa",
        "move": "/jogar 22-18",
        "resign": "/desistir sim",
        "draw": "/empate",
        "accept": "/empate aceitar",
        "show": "/simultanea mostrar",
        "pdn": "/simultanea pdn",
        "opened": "o simultanista joga de brancas e de pretas, alternadamente, ritmo 10m.",
        "started": "A simultânea #1 começa: ana contra 2 desafiantes.",
        "board 2": "Simultânea #1, tabuleiro 2: partida #2, caio (brancas) - ana.",
        "desk 1": "Simultânea #1, sua mesa: 1 tabuleiro espera por você: tabuleiro 1 (bia,",
        "desk 2": "Simultânea #1, sua mesa: 2 tabuleiros esperam por você",
        "summary": "A simultânea #1 terminou: ana fez +1 =1 -0. Os tabuleiros: tabuleiro 1, "
        "bia: o simultanista venceu; tabuleiro 2, caio: empate.",
        "event": '[Event "Simultânea #1: Damas italianas"]',
        "file": "simultanea-1.pdn",
    },
    "it": {
        "lang": "/lingua it",
        "new": "/simultanea nuova italiana 2 10m alternato",
        "join": "/simultanea partecipa",
        "start": "/simultanea inizia",
        "desk": "/simultanea banco",
        "move": "/muovi 22-18",
        "resign": "/abbandona sì",
        "draw": "/patta",
        "accept": "/patta accetta",
        "show": "/simultanea mostra",
        "pdn": "/simultanea pdn",
        "opened": "il simultaneista gioca col bianco e col nero, a turno, tempo 10m.",
        "started": "La simultanea #1 inizia: ana contro 2 sfidanti.",
        "board 2": "Simultanea #1, damiera 2: partita #2, caio (bianco) - ana.",
        "desk 1": "Simultanea #1, il tuo banco: 1 damiera ti aspetta: damiera 1 (bia,",
        "desk 2": "Simultanea #1, il tuo banco: 2 damiere ti aspettano",
        "summary": "La simultanea #1 è finita: ana ha chiuso con +1 =1 -0. Le damiere: damiera "
        "1, bia: ha vinto il simultaneista; damiera 2, caio: patta.",
        "event": '[Event "Simultanea #1: Dama italiana"]',
        "file": "simultanea-1.pdn",
    },
}
# The English words of simuls, none of which a pt or it reader should read.
ENGLISH = re.compile(r"\b(simul|host|board|boards|desk|challengers?|waits?|score|scored)\b")


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_simul_in_the_console_in_the_readers_words(
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
    for name in ("bia", "caio"):
        await console.handle(f"/as {name}")
        await console.handle(words["join"])
    await console.handle("/as ana")
    await console.handle(words["start"])
    await console.handle(words["desk"])
    shown = output.getvalue()[mark:]
    for key in ("opened", "started", "board 2", "desk 1"):
        assert words[key] in shown, (key, shown)

    # Caio moves first on board 2, where the host has Black: now two boards wait.
    await console.handle("/as caio")
    await console.handle(words["move"])
    await console.handle("/as ana")
    await console.handle(words["desk"])
    assert words["desk 2"] in output.getvalue()
    await console.handle("/as bia")
    await console.handle(words["resign"])
    await console.handle("/as caio")
    await console.handle(words["draw"])
    await console.handle("/as ana")
    await console.handle(words["accept"])
    await console.handle(words["show"])
    await console.handle(words["pdn"])
    transcript = output.getvalue()
    assert words["summary"] in transcript
    assert ENGLISH.findall(transcript[mark:]) == []
    pdn = (tmp_path / words["file"]).read_text()
    assert pdn.count(words["event"]) == 2
