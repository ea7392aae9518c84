"""Issue 25, items 2 and 9: a knockout of three played through the console in Portuguese and in
Italian, every tournament word typed in the reader's language; the help, the notices (the
final, who is out), the bye's view of the round, the table, the CSV and the PDN as he reads
them. And the help's words are the words the reader can type."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from bot.console import Console
from bot.i18n import text, translate
from bot.service.command_table.commands import parse_command
from bot.service.command_table.table import BY_NAME, subcommand
from bot.service.command_table.tournament_new import NEW, SETTINGS
from bot.service.command_table.tournaments import tournament_help
from bot.service.game_service import GameService
from bot.service.kernel.events import GameState, PlayerNotice
from bot.service.tournaments.state import rebuild
from bot.service.tournaments.text import FORMAT_NAMES, standings_csv
from tests.bot.service.tournaments.helpers import (
    ORGANISER,
    lower_number_wins,
    open_with,
    people,
    play_out,
)

WORDS = {
    "pt": {
        "t": "/torneio",
        "new": "novo brasileira chave 10m",
        "join": "entrar",
        "start": "iniciar",
        "games": "partidas",
        "show": "mostrar",
        "csv": "csv",
        "pdn": "pdn",
        "verify": "verificar",
        "help": "ajuda",
        "resign": "/desistir",
        "yes": "sim",
        "settings": "Ajustes: uma partida por confronto",
        "round": "As partidas da rodada 1:",
        "bye": "avança para a próxima rodada sem jogar",
        "playing": "(em andamento)",
        "final": "Torneio #1: começa a final:",
        "final_line": "Final: ",
        "out_round": "Você está eliminado do torneio #1: perdeu na rodada 1.",
        "out_final": "Você está eliminado do torneio #1: perdeu a final.",
        "event": '[Event "Torneio #1: Damas brasileiras, chave"]',
        "no_games": "Ainda não há partidas",
    },
    "it": {
        "t": "/torneo",
        "new": "nuovo brasiliana eliminazione 10m",
        "join": "partecipa",
        "start": "inizia",
        "games": "partite",
        "show": "mostra",
        "csv": "csv",
        "pdn": "pdn",
        "verify": "verifica",
        "help": "aiuto",
        "resign": "/abbandona",
        "yes": "sì",
        "settings": "Impostazioni: una partita per incontro",
        "round": "Le partite del turno 1:",
        "bye": "passa al turno successivo senza giocare",
        "playing": "(in corso)",
        "final": "Torneo #1: inizia la finale:",
        "final_line": "Finale: ",
        "out_round": "Sei eliminato dal torneo #1: hai perso al turno 1.",
        "out_final": "Sei eliminato dal torneo #1: hai perso la finale.",
        "event": '[Event "Torneo #1: Dama brasiliana, eliminazione diretta"]',
        "no_games": "Ancora nessuna partita",
    },
}
CSV_HEADS = {
    "pt": ["lugar", "inscrição", "pontos", "vitórias", "empates", "derrotas"],
    "it": ["posto", "iscrizione", "punti", "vittorie", "patte", "sconfitte"],
}
# The English words of /tournament's old help, none of which a pt or it reader should read.
ENGLISH = re.compile(
    r"\b(new|join|knockout|swiss|roundrobin|teams|micro-match|seeded|threads|boards|"
    r"rounds|bye|tiebreaks|noshow|deadline|settle|withdraw|pairings|VARIANT|TABLE|NUMBER)\b"
)


async def _playing(service: GameService) -> GameState:
    """The tournament's game being played."""
    facts = await service.store.tournament_facts(1)
    game_id = next(game.game_id for game in facts.games if game.status == "active")
    return await service.kernel.state(game_id or 0)


async def _lose(console: Console, service: GameService, words: dict[str, str]) -> str:
    """The game being played ended by White's resignation; White's name."""
    state = await _playing(service)
    white = state.seat_names[0]
    await console.handle(f"/as {white}")
    await console.handle(f"{words['resign']} {state.id} {words['yes']}")
    await service.kernel.background.idle()
    return white


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_knockout_in_the_console_in_the_readers_words(
    service: GameService, language: str, tmp_path: Path
) -> None:
    words = WORDS[language]
    output = io.StringIO()
    console = Console(service, output, player="ana", language=language, folder=tmp_path)
    t = words["t"]
    for name in ("bia", "caio", "ana"):
        await console.handle(f"/as {name}")
        await console.handle(f"/lang {language}")

    mark = output.tell()
    await console.handle(f"{t} {words['help']}")
    shown = output.getvalue()[mark:]
    assert f"{t} {words['join']}" in shown
    assert ENGLISH.findall(shown) == []
    for option in SETTINGS:
        # Each setting explained in one line, in the reader's words.
        assert translate(language, option.description) in shown

    # A word that names no subcommand: the help to type, in the reader's words.
    mark = output.tell()
    await console.handle(f"{t} xyz")
    assert f"{t} {words['help']}" in output.getvalue()[mark:]

    await console.handle(f"{t} {words['new']}")
    assert words["settings"] in output.getvalue()
    for name in ("ana", "bia", "caio"):
        await console.handle(f"/as {name}")
        await console.handle(f"{t} {words['join']}")
    await console.handle("/as ana")
    await console.handle(f"{t} {words['start']}")
    await service.kernel.background.idle()
    assert words["bye"] in output.getvalue()

    # The entry going through without a game sees the round's game being played.
    playing = (await _playing(service)).seat_names
    waiting = next(name for name in ("ana", "bia", "caio") if name not in playing)
    await console.handle(f"/as {waiting}")
    mark = output.tell()
    await console.handle(f"{t} {words['games']}")
    await console.handle(f"{t} {words['show']}")
    seen = output.getvalue()[mark:]
    assert words["round"] in seen
    assert words["no_games"] not in seen
    assert words["playing"] in seen
    assert " -," not in seen, "a stray dash for a game being played"

    first_loser = await _lose(console, service, words)
    transcript = output.getvalue()
    assert words["final"] in transcript
    assert _told(transcript, first_loser, words["out_round"])
    final_loser = await _lose(console, service, words)
    assert _told(output.getvalue(), final_loser, words["out_final"])
    assert final_loser != first_loser

    await console.handle(f"/as {waiting}")
    mark = output.tell()
    await console.handle(f"{t} {words['show']}")
    lines = output.getvalue()[mark:].splitlines()
    assert [line for line in lines if line.startswith(words["final_line"])], lines
    for action in ("csv", "pdn", "verify"):
        await console.handle(f"{t} {words[action]}")
    # /tournament verify reaches the check of the draw against the revealed seed.
    assert translate(language, text("The numbers drawn are the ones the seed gives.")) in (
        output.getvalue()
    )
    [table] = tmp_path.glob("*.csv")
    rows = list(csv.reader(io.StringIO(table.read_text())))
    # A knockout ranks by the round reached: the winner, the final's loser, then the first
    # round's; no tie-break, wins once.
    assert rows[0] == CSV_HEADS[language]
    assert [row[0] for row in rows[1:]] == ["1", "2", "3"]
    assert rows[3][1] == first_loser
    assert rows[2][1] == final_loser
    [pdn] = tmp_path.glob("*.pdn")
    games = pdn.read_text()
    assert words["event"] in games
    assert '[Round "1.1"]' in games
    assert '[Round "2.1"]' in games


def _told(transcript: str, name: str, notice: str) -> bool:
    """Whether the console showed `notice` addressed to `name` ("[para bia] ...")."""
    return any(line.endswith(notice) and f" {name}]" in line for line in transcript.splitlines())


@pytest.mark.parametrize("language", ["pt", "it", "en"])
def test_every_word_the_help_shows_is_read_as_typed(language: str) -> None:
    """The help's words for /tournament new (the subcommand, each format, each setting by its
    name and values in the reader's language) are read as what they say when typed."""
    lines = tournament_help(language)
    command, sub = lines[0].split()[:2]
    assert subcommand(BY_NAME[parse_command(command).name], [sub])[0] is NEW
    formats = lines[1].strip().split(":")[0].split("|")
    assert [NEW.read(["brazilian", word])["format"] for word in formats] == [
        str(format) for format in FORMAT_NAMES
    ]
    samples = {"N": "3", "...": "2d"}
    for line, option in zip(lines[3:], SETTINGS[1:], strict=False):
        name, _, values = line.strip().split(":")[0].partition("=")
        for value in values.split("|") if values else [""]:
            typed = f"{name}={samples.get(value, value)}" if values else name
            read = NEW.read(["brazilian", "swiss", typed])
            assert option.name in read, (typed, read)
            assert "settings" not in read, typed


async def test_a_round_robins_csv_names_wins_once(service: GameService) -> None:
    entrants = people(3)
    tournament_id = await open_with(
        service, entrants, ["brazilian", "roundrobin", "tiebreaks=wins,solkoff"]
    )
    await service.tournaments.start(ORGANISER, None, tournament_id)
    await play_out(service, tournament_id, entrants, lower_number_wins)
    facts = await service.store.tournament_facts(tournament_id)
    names = {str(entry.id): f"E{entry.id}" for entry in facts.entries}
    head = standings_csv(rebuild(facts), names, "it").splitlines()[0]
    assert head == "posto,iscrizione,punti,Solkoff,vittorie,patte,sconfitte"


@pytest.mark.parametrize(("language", "computer"), [("pt", "Computador ("), ("it", "Computer (")])
async def test_a_pdn_names_the_computer_in_the_readers_language(
    service: GameService, language: str, computer: str, tmp_path: Path
) -> None:
    console = Console(service, io.StringIO(), player="ana", language=language, folder=tmp_path)
    await console.handle(f"/lang {language}")
    await console.handle("/new brazilian vs computer white")
    await console.handle("c3-d4")
    await service.kernel.background.idle()
    await console.handle("/pdn")
    [pdn] = tmp_path.glob("*.pdn")
    black = next(line for line in pdn.read_text().splitlines() if line.startswith("[Black "))
    assert black.startswith(f'[Black "{computer}'), black
    assert translate(language, text("normal")) in black


async def test_the_loser_of_a_knockout_table_is_told_at_once(service: GameService) -> None:
    """Told when his match ends, not when the round does; the organiser's settlement too."""
    entrants = people(4)
    tournament_id = await open_with(service, entrants, ["brazilian", "knockout"])
    await service.tournaments.start(ORGANISER, None, tournament_id)
    actors = {(await service.kernel.roster.player(actor)).id: actor for actor in entrants}
    facts = await service.store.tournament_facts(tournament_id)
    first, second = facts.games
    state = await service.kernel.state(first.game_id or 0)
    white, black = (actors[seat.player_id or 0] for seat in state.record.seats)
    events = await service.results.resign(white, first.game_id)
    told = [e for e in events if isinstance(e, PlayerNotice)]
    assert [(e.player_id, translate("pt", e.text)) for e in told] == [
        (
            (await service.kernel.roster.player(white)).id,
            "Você está eliminado do torneio #1: perdeu na rodada 1.",
        )
    ]
    assert (await service.kernel.state(second.game_id or 0)).active, "the round goes on"
    numbers = {entry.id: entry.number for entry in facts.entries}
    settled = await service.tournaments.settle(
        ORGANISER, None, second.table, numbers[second.white_entry] or 0, tournament_id
    )
    out = [e for e in settled if isinstance(e, PlayerNotice)]
    assert [translate("it", e.text) for e in out] == [
        "Sei eliminato dal torneo #1: hai perso al turno 1."
    ]
    assert black not in (actors[e.player_id] for e in out), (
        "the winner of the first table is not told he is out"
    )
