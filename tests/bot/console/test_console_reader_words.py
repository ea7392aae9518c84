"""Console transcripts in Portuguese and Italian (issue 25, items 1 and 4): the commands the
console names (a challenge, a draw offer, the start banner) are the reader's, and typed as
they are written they do what they say; a new person at the keyboard reads the chat's
language; a board's pieces mean the same to every reader."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.console import Console
from bot.i18n.commands import WORDS as WORDS_OF_OPTIONS
from bot.service.game_service import GameService
from tests.bot.console.test_console import run_bot

# A command as a message names it: the slash, its name, and its words: numbers, words to
# fill in (NOME) and option words ("/empate aceitar", "/aceitar 1", "/sou NOME").
OPTION_WORDS = sorted({word for names in WORDS_OF_OPTIONS.values() for word in names}, key=len)
ALTERNATIVES = "|".join(re.escape(word) for word in reversed(OPTION_WORDS))
NAMED = re.compile(rf"/[^\W\d_][\w-]*(?: (?:[A-Z]+|\d+|{ALTERNATIVES})\b)*")

WORDS = {
    "pt": {
        "new": "/novo brasileira contra bia brancas",
        "challenge": "Desafio 1:",
        "now": "Agora você é bia.",
        "move": "c3-d4",
        "played": "ana jogou c3-d4.",
        "draw": "/empate",
        "offer": "propõe empate:",
        "declined": "bia recusou o desafio.",
        "drawn": "A partida #1 terminou empatada: empate combinado.",
        "legend": "o = pedra branca, x = pedra preta, O e X = damas",
    },
    "it": {
        "new": "/nuova italiana contro bia bianco",
        "challenge": "Sfida 1:",
        "now": "Ora sei bia.",
        "move": "21-17",
        "played": "ana ha giocato 21-17.",
        "draw": "/patta",
        "offer": "propone la patta:",
        "declined": "bia ha rifiutato la sfida.",
        "drawn": "La partita #1 è patta: patta d'accordo.",
        "legend": "o = pedina bianca, x = pedina nera, O e X = dame",
    },
}


class Transcript:
    """The real console, typed lines and what each printed."""

    def __init__(self, service: GameService, player: str, folder: Path) -> None:
        self.output = io.StringIO()
        self.console = Console(service, self.output, player=player, folder=folder)

    async def type(self, line: str) -> str:
        start = len(self.output.getvalue())
        await self.console.handle(line)
        return self.output.getvalue()[start:]


def named_in(printed: str, marker: str) -> list[str]:
    """The commands named on the printed line that holds `marker`."""
    line = next(line for line in printed.splitlines() if marker in line)
    return NAMED.findall(line.split(marker, 1)[1])


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_challenge_and_a_draw_offer_name_commands_that_work_as_typed(
    service: GameService, language: str, tmp_path: Path
) -> None:
    words = WORDS[language]
    ana = Transcript(service, "ana", tmp_path)
    await ana.console.begin()
    await ana.type(f"/lang {language}")
    challenge = await ana.type(words["new"])
    # "Desafio 1: /sou NOME e depois /aceitar 1 ou /recusar 1."
    become, accept, decline = named_in(challenge, words["challenge"])
    assert (become.split()[1], accept.split()[1], decline.split()[1]) == ("NOME", "1", "1")
    # Bia is new here: she reads the chat's language, not English.
    assert (await ana.type(become.replace("NOME", "bia"))).strip() == words["now"]
    started = await ana.type(accept)
    assert words["legend"] in started
    await ana.type(f"{become.split()[0]} ana")
    assert words["played"] in await ana.type(words["move"])
    offer = await ana.type(words["draw"])
    # "ana propõe empate: /empate aceitar ou /empate recusar."
    agree, refuse = named_in(offer, words["offer"])
    assert agree.split()[0] == refuse.split()[0] == words["draw"]
    await ana.type(f"{become.split()[0]} bia")
    ended = await ana.type(agree)
    assert words["drawn"] in ended
    # The other answers named work as typed too.
    await ana.type(f"{become.split()[0]} ana")
    again = await ana.type(words["new"])
    _, _, decline = named_in(again, words["challenge"].replace("1", "2"))
    await ana.type(f"{become.split()[0]} bia")
    assert (await ana.type(decline)).strip() == words["declined"]
    assert refuse.split()[1] in WORDS_OF_OPTIONS["decline"]


@pytest.mark.parametrize(
    ("language", "banner", "started"),
    [
        (
            "pt",
            "Você é player. Digite /ajuda para ver os comandos, ou "
            "/novo brasileira contra computador.",
            "Damas brasileiras",
        ),
        (
            "it",
            "Sei player. Scrivi /aiuto per i comandi, oppure /nuova italiana contro computer.",
            "Dama italiana",
        ),
    ],
)
def test_the_start_banner_names_the_readers_commands_and_they_work(
    tmp_path: Path, language: str, banner: str, started: str
) -> None:
    database = tmp_path / "bot.sqlite3"
    run_bot(database, [f"/lang {language}"])
    first = run_bot(database, [])
    assert banner in first
    help_command, new_game = NAMED.findall(banner.split(". ", 1)[1])
    second = run_bot(database, [help_command, new_game])
    assert new_game in second  # /help lists the command the banner named
    assert started in second
