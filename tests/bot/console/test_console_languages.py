"""The acceptance test of issue 12: whole games through the console in Portuguese and in
Italian, whose transcript holds none of the common English words of the games."""

from __future__ import annotations

import io
import re

import pytest

from bot.console import Console
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, BoardUpdate, GameState
from games.base import CHANCE
from games.ludo import LudoPosition

ENGLISH = re.compile(
    r"\b(move|moves|capture|captures|board|turn|piece|pieces|white|black|legal|roll|rolls|"
    r"rolled|yard|home|game|player|computer)\b",
    re.IGNORECASE,
)
# Words that are Italian too: "Computer" is what Italians call it.
SAME_IN_ITALIAN = {"computer"}
# Enough plies for two players picking the first legal move to end a game by the rules.
MOST_PLIES = 400

WORDS = {
    "pt": {
        "rules": "/regras",
        "help": "/ajuda",
        "new": "/novo",
        "vs": "contra",
        "accept": "/aceitar",
        "moves": "/lances",
        "history": "/historico",
        "games": "/partidas",
        "roll": "/rolar",
        "resign": "/desistir",
        "yes": "sim",
        "board": "/tabuleiro",
        "verify": "/verificar",
    },
    "it": {
        "rules": "/regole",
        "help": "/aiuto",
        "new": "/nuova",
        "vs": "contro",
        "accept": "/accetta",
        "moves": "/mosse",
        "history": "/storia",
        "games": "/partite",
        "roll": "/lancia",
        "resign": "/abbandona",
        "yes": "sì",
        "board": "/damiera",
        "verify": "/verifica",
    },
}


async def _state(service: GameService, name: str) -> GameState:
    events = await service.records.board(Actor("console", name, name), None)
    return next(event.state for event in events if isinstance(event, BoardUpdate))


async def _play_out_draughts(console: Console, service: GameService, kind: str) -> None:
    """Ana and Bia at one keyboard play the first legal move until the rules end the game."""
    for _ in range(MOST_PLIES):
        state = await _state(service, "ana")
        if not state.active:
            return
        player = state.seat_names[state.position.to_move()]
        await console.handle(f"/as {player}")
        await console.handle(state.position.notation(state.position.legal_moves()[0]))
    pytest.fail(f"{kind}: no result after {MOST_PLIES} plies")


async def _ludo_rounds(console: Console, service: GameService, rounds: int) -> None:
    words = WORDS[console.language or "en"]
    for _ in range(rounds):
        state = await _state(service, "ana")
        position = state.position
        assert isinstance(position, LudoPosition)
        if position.to_move() == CHANCE:
            await console.handle(words["roll"])
        else:
            await console.handle(words["moves"])
            await console.handle(position.notation(position.legal_moves()[-1]))


def _english_words(transcript: str, language: str) -> list[str]:
    found = ENGLISH.findall(transcript)
    if language == "it":
        found = [word for word in found if word.lower() not in SAME_IN_ITALIAN]
    return found


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_whole_games_in_the_console_say_no_english_word(
    service: GameService, language: str
) -> None:
    words = WORDS[language]
    output = io.StringIO()
    console = Console(service, output, player="ana")
    kind = "brasileira" if language == "pt" else "italiana"
    for line in ("/as bia", f"/lang {language}", "/as ana", f"/lang {language}"):
        await console.handle(line)
    for line in (words["help"], "ajuda" if language == "pt" else "aiuto", words["rules"]):
        await console.handle(line)
    await console.handle(f"{words['rules']} {kind}")
    await console.handle(f"{words['rules']} ludo")
    # A game between two people, played to its end by the rules.
    await console.handle(f"{words['new']} {kind} {words['vs']} bia")
    await console.handle("/as bia")
    await console.handle(words["accept"])
    await console.handle(words["moves"])
    await _play_out_draughts(console, service, kind)
    await console.handle(words["history"])
    # Against the computer, resigned after a few moves.
    await console.handle("/as ana")
    await console.handle(f"/jogar {kind} {words['vs']} computador")
    for _ in range(3):
        state = await _state(service, "ana")
        await console.handle(state.position.notation(state.position.legal_moves()[0]))
    await console.handle(words["games"])
    await console.handle(words["resign"])
    await console.handle(f"{words['resign']} {words['yes']}")
    # Ludo against three computers: some rounds, the history, then resigned; the computers
    # play on and the result is told.
    await console.handle(f"{words['new']} ludo {words['vs']} computador 4 three-sixes")
    await console.handle(words["moves"])
    await _ludo_rounds(console, service, 12)
    await console.handle(words["board"])
    await console.handle(words["history"])
    await console.handle(words["resign"])
    await console.handle(f"{words['resign']} {words['yes']}")
    await service.kernel.background.idle()
    ludo = await _state(service, "ana")
    await console.handle(f"{words['verify']} {ludo.id}")

    transcript = output.getvalue()
    assert _english_words(transcript, language) == [], transcript
    assert "Traceback" not in transcript
    assert len(transcript.splitlines()) < 1500, "the computers' game is summarised"
    over = "vencida por" if language == "pt" else "vinto da"
    assert transcript.count(over) + transcript.count("empat" if language == "pt" else "patta") >= 2
    # The dice: committed at the start, revealed at the end, checked by /verify.
    committed = transcript.find(f"SHA-256 {ludo.record.options['commitment']}.")
    revealed = transcript.find(ludo.record.options["seed"])
    assert 0 <= committed < revealed, "the commitment first, the seed at the end"
    last = transcript.splitlines()[-1]
    assert ("confere" if language == "pt" else "corrisponde") in last, last
