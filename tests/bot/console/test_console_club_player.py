"""What a club player reads around the moves, through the console in Portuguese and Italian
(issue 25, items 5-8, 10 and 11): the soffio told to each player in his own words, the
history numbered right after a huff, captures with every square of their route, the nearest
words for a mistyped option, a set position given to the person with the side to move, Ludo
with its distances, towers and the next step, the computer's thinking, /help's console
commands, a bare /lang, one picture file per subject and the provisional rating explained."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.console import Console
from bot.i18n import translate
from bot.render import LudoView
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, BoardUpdate, ComputerThinking, GameState
from bot.service.kernel.families.ludo_boards import ludo_lines
from bot.service.kernel.families.ludo_words import shown_ludo_move
from games.base import CHANCE
from games.ludo import LudoPosition
from tests.waiting import eventually

MISSED = "fen=W:W22,28:B18,1"  # White may take 22x13; 28-24 skips it
# Two-piece captures whose short notation names only the ends.
ROUTES = {
    "pt": ("brasileira", "brancas", "fen=W:W21,22:B18,11,1", "c3xg7", "c3xe5xg7"),
    "it": ("italiana", "bianco", "fen=W:W27:B23,15,1", "27x11", "27x20x11"),
}
WORDS = {
    "pt": {"new": "/novo", "vs": "contra", "computer": "computador", "accept": "/aceitar",
           "history": "/historico", "pdn": "/exportar", "roll": "/rolar", "help": "/ajuda",
           "lang": "/idioma", "profile": "/perfil", "white": "brancas", "black": "pretas",
           "moves": "/lances", "move": "/jogar"},
    "it": {"new": "/nuova", "vs": "contro", "computer": "computer", "accept": "/accetta",
           "history": "/storia", "pdn": "/esporta", "roll": "/lancia", "help": "/aiuto",
           "lang": "/lingua", "profile": "/profilo", "white": "bianco", "black": "nero",
           "moves": "/mosse", "move": "/muovi"},
}  # fmt: skip


async def _console(
    service: GameService, folder: Path, name: str, language: str
) -> tuple[Console, io.StringIO]:
    output = io.StringIO()
    console = Console(service, output, player=name, folder=folder)
    await console.handle(f"/lang {language}")
    return console, output


async def _state(service: GameService, name: str) -> GameState:
    events = await service.records.board(Actor("console", name, name), None)
    return next(event.state for event in events if isinstance(event, BoardUpdate))


# -- item 5: the soffio to each player in his words ---------------------------------------------


@pytest.mark.parametrize(
    ("language", "to_the_one_who_erred", "to_the_one_who_may"),
    [
        (
            "pt",
            "Soffio: você não fez a tomada obrigatória: bia (Pretas) pode soprar a sua peça em "
            "22, ou então jogar normalmente.",
            "Soffio: ana (Brancas) não fez a tomada obrigatória: você pode soprar a peça em 22 "
            "(soffio 22), ou então jogar normalmente.",
        ),
        (
            "it",
            "Soffio: non hai fatto la presa dovuta: bia (Nero) può soffiare la tua pedina in 22, "
            "oppure giocare normalmente.",
            "Soffio: ana (Bianco) non ha fatto la presa dovuta: puoi soffiare il pezzo in 22 "
            "(soffio 22), oppure giocare normalmente.",
        ),
    ],
)
async def test_the_soffio_is_offered_to_the_opponent_of_the_one_who_erred(
    service: GameService,
    tmp_path: Path,
    language: str,
    to_the_one_who_erred: str,
    to_the_one_who_may: str,
) -> None:
    words = WORDS[language]
    ana, told = await _console(service, tmp_path, "ana", language)
    bia, said = await _console(service, tmp_path, "bia", language)
    await ana.handle(f"{words['new']} familiare {words['vs']} bia {words['white']} {MISSED}")
    await bia.handle(words["accept"])
    # Ana's console plays her move; Bia's shows the same events, read by Bia.
    events = await service.play.move(ana.actor, "28-24")
    await ana.show(events)
    await bia.show(events)
    assert to_the_one_who_erred in told.getvalue(), told.getvalue()
    assert to_the_one_who_may in said.getvalue(), said.getvalue()
    for wrong in ("você pode soprar", "puoi soffiare"):
        assert wrong not in told.getvalue()
    # The board of the chat, which both read, names both.
    board = next(event for event in events if isinstance(event, BoardUpdate))
    neutral = translate(language, board.headline or "")
    assert ("bia (Pretas) pode soprar" if language == "pt" else "bia (Nero) può soffiare") in (
        neutral
    )


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_against_the_computer_the_person_who_erred_reads_that_it_may_huff(
    service: GameService, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    console, output = await _console(service, tmp_path, "caio", language)
    await console.handle(
        f"{words['new']} familiare {words['vs']} {words['computer']} {words['white']} {MISSED}"
    )
    await console.handle("28-24")
    expected = {
        "pt": "você não fez a tomada obrigatória: Computador (normal, Pretas) pode soprar a sua "
        "peça em 22",
        "it": "non hai fatto la presa dovuta: Computer (normale, Nero) può soffiare la tua "
        "pedina in 22",
    }[language]
    assert expected in output.getvalue(), output.getvalue()


# -- item 6: the history after a huff -----------------------------------------------------------


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_the_history_after_a_huff_keeps_each_move_under_its_colour(
    service: GameService, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    console, output = await _console(service, tmp_path, "ana", language)
    await console.handle(f"{words['new']} familiare {words['vs']} bia {words['white']} {MISSED}")
    await console.handle("/as bia")
    await console.handle(f"/lang {language}")
    await console.handle(words["accept"])
    await console.handle("/as ana")
    await console.handle("28-24")
    await console.handle("/as bia")
    await console.handle("soffio 22")
    state = await _state(service, "bia")
    black = state.position.notation(state.position.legal_moves()[0])
    await console.handle(black)
    await console.handle("/as ana")
    state = await _state(service, "ana")
    white = state.position.notation(state.position.legal_moves()[0])
    await console.handle(white)
    await console.handle(words["history"])
    assert f"1. 28-24 (soffio 22) {black} 2. {white}" in output.getvalue(), output.getvalue()
    await console.handle(words["pdn"])
    saved = {"pt": "partida", "it": "partita"}[language]
    pdn = (tmp_path / f"{saved}-{state.id}.pdn").read_text()
    assert f"1. 28-24 {{soffio 22}} 1... {black} 2. {white}" in pdn, pdn


# -- item 7: captures with every square of the route --------------------------------------------


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_capture_of_several_pieces_shows_every_square_in_chat(
    service: GameService, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    game, side, fen, short, route = ROUTES[language]
    console, output = await _console(service, tmp_path, "caio", language)
    await console.handle(f"{words['new']} {game} {words['vs']} {words['computer']} {side} {fen}")
    await console.handle(words["moves"])
    await console.handle(short)
    await console.handle(words["history"])
    transcript = output.getvalue()
    played = {"pt": f"caio jogou {route}.", "it": f"caio ha giocato {route}."}[language]
    assert played in transcript, transcript
    assert f"1. {route}" in transcript
    # The list of legal moves names the route too.
    assert route in transcript.split(played)[0]
    # PDN keeps the standard's short form where it names one move.
    await console.handle(words["pdn"])
    pdn = next(tmp_path.glob("parti[dt]a-*.pdn")).read_text()
    assert f"1. {short}" in pdn, pdn
    assert route not in pdn, pdn


# -- item 8: the nearest words and the side to move of a set position --------------------------


@pytest.mark.parametrize(
    ("language", "typed", "refused"),
    [
        (
            "pt",
            "/novo brasileira contra computador dificio",
            "dificio não é um nível. Os níveis são iniciante, fácil, normal, forte. Você quis "
            "dizer forte?",
        ),
        (
            "it",
            "/nuova brasiliana contro computer dificile",
            "dificile non è un livello. I livelli sono principiante, facile, normale, forte. "
            "Intendevi forte?",
        ),
        ("pt", "/novo brasileira contra computador numeross", "Você quis dizer numeros"),
        ("it", "/nuova brasiliana contro computer numerii", "Intendevi numeri"),
        (
            "pt",
            "/novo brasileira contra computador brnacas",
            "brnacas não é uma opção de /novo. Você quis dizer brancas",
        ),
        (
            "it",
            "/nuova brasiliana contro computer bianko",
            "bianko non è un'opzione di /nuova. Intendevi bianco",
        ),
        ("pt", "/novo ludo contra computador tres-seiss", "Você quis dizer tres-seis"),
        ("it", "/nuova ludo contro computer tre-seii", "Intendevi tre-sei"),
    ],
)
async def test_a_near_miss_names_the_nearest_valid_words(
    service: GameService, tmp_path: Path, language: str, typed: str, refused: str
) -> None:
    console, output = await _console(service, tmp_path, "caio", language)
    await console.handle(typed)
    assert refused in output.getvalue(), output.getvalue()
    assert "#1" not in output.getvalue(), "no game started"


@pytest.mark.parametrize(
    ("language", "typed"),
    [
        ("pt", "/novo brasileira contra computador valendo"),
        ("pt", "/novo brasileira contra computador numeros"),
        ("it", "/nuova ludo contro computer squadre"),
        ("it", "/nuova ludo contro computer teams"),
        ("it", "/nuova brasiliana contro computer rated"),
    ],
)
async def test_option_words_after_the_computer_are_not_taken_for_levels(
    service: GameService, tmp_path: Path, language: str, typed: str
) -> None:
    console, output = await _console(service, tmp_path, "caio", language)
    await console.handle(typed)
    assert "#1" in output.getvalue(), output.getvalue()
    for refusal in ("não é um nível", "non è un livello", "quis dizer", "Intendevi"):
        assert refusal not in output.getvalue()


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_set_position_against_the_computer_is_the_person_s_to_play(
    service: GameService, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    console, output = await _console(service, tmp_path, "caio", language)
    new = f"{words['new']} brasileira {words['vs']} {words['computer']}"
    await console.handle(f"{new} fen=B:W21,22:B18,11,1")
    state = await _state(service, "caio")
    assert state.plies == 0, "the computer did not play the person's position"
    assert state.record.seats[1].player_id is not None, "the person has Black, to move"
    side = {"pt": "vez de caio (Pretas)", "it": "tocca a caio (Nero)"}[language]
    assert side in output.getvalue()
    # Asked otherwise, he gets the other side, and the computer plays at once.
    await console.handle(f"{new} {words['white']} fen=B:W21,22:B18,11,1")
    await service.kernel.background.idle()
    other = await _state(service, "caio")
    assert other.id != state.id
    assert other.record.seats[0].player_id is not None
    assert other.plies == 1


@pytest.mark.parametrize(("language", "unit"), [("pt", "dias"), ("it", "giorni")])
async def test_a_time_control_in_two_words_is_read_as_one(
    service: GameService, tmp_path: Path, language: str, unit: str
) -> None:
    """ "/novo brasileira contra computador 3 dias": the 3 is the days of the clock, not a
    number of players."""
    words = WORDS[language]
    console, output = await _console(service, tmp_path, "caio", language)
    await console.handle(f"{words['new']} brasileira {words['vs']} {words['computer']} 3 {unit}")
    state = await _state(service, "caio")
    three_days = {"per_move": 3 * 24 * 3600.0, "correspondence": True}
    assert state.record.options.get("time") == three_days, output.getvalue()
    for refusal in ("dois jogadores", "due giocatori"):
        assert refusal not in output.getvalue()


# -- item 10: Ludo in the console ----------------------------------------------------------------


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_ludo_in_the_console_says_what_to_do_after_the_roll(
    service: GameService, tmp_path: Path, language: str
) -> None:
    words = WORDS[language]
    console, output = await _console(service, tmp_path, "caio", language)
    await console.handle(f"{words['new']} ludo {words['vs']} {words['computer']} 2")
    start = {"pt": "(saída c", "it": "(partenza c"}[language]
    assert start in output.getvalue()
    moved = False
    # The dice are the game's own: roll until a pawn of the person may move (a 1 or a 6).
    for _ in range(200):
        state = await _state(service, "caio")
        position = state.position
        assert isinstance(position, LudoPosition)
        if position.to_move() == CHANCE:
            await console.handle(words["roll"])
            continue
        moves = position.legal_moves()
        rolled = {"pt": "caio tirou ", "it": "caio ha tirato "}[language]
        headline = [line for line in output.getvalue().splitlines() if rolled in line][-1]
        token = position.notation(moves[0]).split()[0]
        if len(moves) == 1:
            offer = {
                "pt": f": /jogar {token} faz esse lance.",
                "it": f": /muovi {token} la gioca.",
            }[language]
            assert headline.endswith(offer), headline
        else:
            assert {"pt": "Mova um peão: ", "it": "Muovi una pedina: "}[language] in headline
        await console.handle(words["roll"])
        refusal = {"pt": "Não é hora de jogar o dado. ", "it": "Non è il momento di lanciare"}
        assert output.getvalue().splitlines()[-1].startswith(refusal[language])
        await console.handle(f"{words['move']} {token}")
        moved = True
        break
    assert moved, "no roll let a pawn move"
    # One board per turn (issue 37, item 10): the next comes with the next roll, or asked for.
    await console.handle({"pt": "/tabuleiro", "it": "/tavoliere"}[language])
    to_go = {"pt": "faltam 5", "it": "ne mancano 5"}[language]
    assert to_go in output.getvalue()
    assert "basex" not in output.getvalue()
    assert "yard" not in output.getvalue()


@pytest.mark.parametrize(
    ("language", "line", "capture"),
    [
        (
            "pt",
            "Vermelho (saída c1): 1+2 c6 torre, faltam 51 · 3 base · 4 chegada",
            "p1 base-c1 (captura)",
        ),
        (
            "it",
            "Rosso (partenza c1): 1+2 c6 torre, ne mancano 51 · 3 base · 4 arrivo",
            "p1 base-c1 (cattura)",
        ),
    ],
)
def test_the_ludo_board_names_towers_distances_and_captures(
    language: str, line: str, capture: str
) -> None:
    view = LudoView(colours=(1, 3), pawns={1: (5, 5, -1, 56), 3: (10, -1, -1, -1)})
    lines = translate(language, ludo_lines(view)).splitlines()
    assert lines[0] == line
    to_go = {"pt": "faltam 46", "it": "ne mancano 46"}[language]
    assert lines[1].endswith(f"c27): 1 c37, {to_go} · 2 base · 3 base · 4 base"), lines[1]
    assert translate(language, shown_ludo_move("p1 yardxc1")) == capture


# -- item 11: thinking, /help, a bare /lang, one file per subject, provisional ratings -----------


@pytest.mark.parametrize(
    ("language", "thinking", "moved"),
    [
        (
            "pt",
            "Computador (normal, Brancas) está pensando no seu lance na partida #1...",
            "Computador (normal) jogou ",
        ),
        (
            "it",
            "Computer (normale, Bianco) sta pensando alla sua mossa nella partita #1...",
            "Computer (normale) ha giocato ",
        ),
    ],
)
async def test_the_console_says_the_computer_is_thinking_before_its_move(
    service: GameService,
    tmp_path: Path,
    language: str,
    thinking: str,
    moved: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    words = WORDS[language]
    console, output = await _console(service, tmp_path, "caio", language)
    # A search that takes its time, as the strong level's does: the move comes once the notice
    # is out (the compiled core plays the normal level at once).
    choose = service.kernel.computers.choose

    async def after_the_notice(*args: Any, **kwargs: Any) -> Any:
        await eventually(lambda: thinking in output.getvalue(), "the thinking notice")
        return await choose(*args, **kwargs)

    monkeypatch.setattr(service.kernel.computers, "choose", after_the_notice)
    await console.handle(
        f"{words['new']} brasileira {words['vs']} {words['computer']} {words['black']}"
    )
    transcript = output.getvalue()
    assert thinking in transcript, transcript
    # After the game's start (which the search may begin before), before the move.
    started = {"pt": "Começa a partida #1", "it": "Inizia la partita #1"}[language]
    assert transcript.index(started) < transcript.index(thinking) < transcript.index(moved)
    assert transcript.count(thinking) == 1


async def test_no_thinking_notice_comes_after_the_computer_s_move(
    service: GameService, tmp_path: Path
) -> None:
    console, output = await _console(service, tmp_path, "caio", "pt")
    await console.handle("/novo brasileira contra computador pretas")
    state = await _state(service, "caio")
    assert state.record.seats[0].computer is not None
    assert state.last_move, output.getvalue()
    before = output.getvalue()
    # The notice of the board the computer has already answered (published late, in the
    # background) says nothing: the move is on the screen.
    answered = replace(state, record=replace(state.record, version=state.version - 1))
    await console.show([ComputerThinking(answered)])
    assert output.getvalue() == before
    assert "pensando" not in before.split("jogou")[-1]


@pytest.mark.parametrize(
    ("language", "lines", "setting"),
    [
        (
            "pt",
            (
                "/sou NOME - jogar como outra pessoa neste teclado",
                "/png [PARTIDA] [ARQUIVO] - salvar a imagem do tabuleiro num arquivo PNG",
                "/sair - sair do console (suas partidas ficam guardadas)",
                "/ferias [DIAS|sim|não] - parar seus relógios em todas as partidas (até 30 dias "
                "por ano); com não, as férias acabam",
            ),
            "Escrevo para você em português, como você escolheu; /idioma pt, it ou en muda isso.",
        ),
        (
            "it",
            (
                "/sono NOME - giocare come un'altra persona a questa tastiera",
                "/png [PARTITA] [FILE] - salvare l'immagine della damiera in un file PNG",
                "/esci - uscire dalla console (le tue partite restano salvate)",
                "/vacanza [GIORNI|sì|no] - fermare i tuoi orologi in tutte le partite (fino a 30 "
                "giorni l'anno); con no la vacanza finisce",
            ),
            "Ti scrivo in italiano, come hai scelto; /lingua pt, it o en lo cambia.",
        ),
    ],
)
async def test_help_lists_the_console_s_commands_and_a_bare_lang_shows_the_setting(
    service: GameService, tmp_path: Path, language: str, lines: tuple[str, ...], setting: str
) -> None:
    words = WORDS[language]
    console, output = await _console(service, tmp_path, "caio", language)
    await console.handle(words["help"])
    shown = output.getvalue().splitlines()
    for line in lines:
        assert line in shown, shown
    await console.handle(words["lang"])
    assert output.getvalue().splitlines()[-1] == setting


@pytest.mark.parametrize(
    ("language", "replaced", "provisional"),
    [
        (
            "pt",
            "(o arquivo anterior foi substituído)",
            "Uma pontuação com ? (1500?) é provisória",
        ),
        (
            "it",
            "(il file precedente è stato sostituito)",
            "Un punteggio con ? (1500?) è provvisorio",
        ),
    ],
)
async def test_a_profile_keeps_one_chart_file_and_explains_provisional_ratings(
    service: GameService, tmp_path: Path, language: str, replaced: str, provisional: str
) -> None:
    words = WORDS[language]
    console, output = await _console(service, tmp_path, "caio", language)
    await console.handle(words["profile"])
    await console.handle(words["profile"])
    await console.handle(words["profile"])
    charts = sorted(path.name for path in tmp_path.iterdir() if path.suffix == ".png")
    assert len(charts) == 1, "one file per subject, no ratings-1-2.png"
    assert charts[0].startswith({"pt": "pontuacao-", "it": "punteggi-"}[language])
    saved = [line for line in output.getvalue().splitlines() if charts[0] in line]
    assert len(saved) == 3, "each line names the file"
    assert replaced not in saved[0]
    assert all(replaced in line for line in saved[1:])
    assert output.getvalue().count(provisional) == 3
