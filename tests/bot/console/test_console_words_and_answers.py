"""What a player reads and may type at the console in Portuguese and Italian (issue 37, items 5
to 9): the words people use for a level, suggestions in the reader's own words, a game's
number before a move, counts, the soffio and the clocks in the reader's words, the default
name and the console's language, the ranking of the reader's own pools."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from bot.console import Console
from bot.service.game_service import GameService
from storage import Store
from tests.bot.puzzle_set import use_known_puzzles
from tests.processes import bot_environment


@pytest.fixture
def store(rated_store: Store) -> Store:
    """Rated games change ratings here, as in the bot."""
    return rated_store


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


# -- item 7: counts, the soffio, /help and the clocks in the reader's words ----------------------

TWO_CAPTURERS = "fen=W:W22,23,31:B18,19,1"  # 22 and 23 may take; 31-27 skips both


@pytest.mark.parametrize(
    ("language", "new", "as_", "accept", "move", "erred", "refused"),
    [
        (
            "pt",
            "/novo familiar contra bia brancas",
            "/sou",
            "/aceitar",
            "/jogar",
            "bia (Pretas) pode soprar a sua peça em 22 ou 23, ou então jogar normalmente.",
            "você só pode soprar a peça em 22 ou 23 (soffio 22 ou soffio 23) ou jogar",
        ),
        (
            "it",
            "/nuova familiare contro bia bianco",
            "/sono",
            "/accetta",
            "/muovi",
            "bia (Nero) può soffiare la tua pedina in 22 o 23, oppure giocare normalmente.",
            "puoi soffiare solo il pezzo in 22 o 23 (soffio 22 o soffio 23), oppure giocare",
        ),
    ],
)
async def test_the_soffio_of_two_pieces_names_them_as_alternatives(
    service: GameService,
    tmp_path: Path,
    language: str,
    new: str,
    as_: str,
    accept: str,
    move: str,
    erred: str,
    refused: str,
) -> None:
    console, output = await _console(service, tmp_path, "ana", language)
    await console.handle(f"{new} {TWO_CAPTURERS}")
    await console.handle(f"{as_} bia")
    await console.handle(accept)
    await console.handle(f"{as_} ana")
    assert erred in await _said(console, output, f"{move} 31-27")
    await console.handle(f"{as_} bia")
    said = await _said(console, output, f"{move} soffio 5")
    assert refused in said, said
    assert "22, 23" not in said
    assert "soffio 22, soffio 23" not in said


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "pt",
            [
                "/partidas [terminadas] - listar minhas partidas e desafios; com terminadas, as "
                "partidas encerradas",
                "Jogos: brasileira, internacional, italiana, familiar (dama italiana com o sopro)",
                "o ludo aceita 2-4 jogadores e tres-seis, torres-bloqueiam, duplas; 3d ou 5min",
                "/relogio [+2d]",
            ],
        ),
        (
            "it",
            [
                "/partite [concluse] - elencare le mie partite e sfide; con concluse, le partite "
                "finite",
                "Giochi: brasiliana, internazionale, italiana, familiare (con il soffio)",
                "il ludo accetta 2-4 giocatori e tre-sei, torri-bloccano, squadre; 3g o 5min",
                "/orologio [+2g]",
            ],
        ),
    ],
)
async def test_help_names_the_option_words_the_reader_types(
    service: GameService, tmp_path: Path, language: str, lines: list[str]
) -> None:
    console, output = await _console(service, tmp_path, "caio", language)
    said = await _said(console, output, {"pt": "/ajuda", "it": "/aiuto"}[language])
    for line in lines:
        assert line in said, said
    assert "familiare" not in said if language == "pt" else "con finite" not in said


@pytest.mark.parametrize(
    ("language", "new", "shown", "advance", "moved"),
    [
        ("pt", "/novo brasileira contra bia 3d", "restam 3d 0h", "/relogio +1d", "restam 2d 0h"),
        ("it", "/nuova italiana contro bia 3g", "restano 3g 0h", "/orologio +1g", "restano 2g 0h"),
        ("it", "/nuova italiana contro bia 5min", "restano 5min", "/orologio +2min", "3min"),
    ],
)
async def test_a_clock_is_typed_as_it_is_shown(
    timed: GameService,
    tmp_path: Path,
    language: str,
    new: str,
    shown: str,
    advance: str,
    moved: str,
) -> None:
    board = {"pt": "/tabuleiro", "it": "/tavoliere"}[language]
    console, output = await _console(timed, tmp_path, "ana", language)
    await console.handle(new)
    await console.handle({"pt": "/sou bia", "it": "/sono bia"}[language])
    await console.handle({"pt": "/aceitar", "it": "/accetta"}[language])
    said = await _said(console, output, board)
    assert shown in said, said
    await console.handle(advance)
    said = await _said(console, output, board)
    assert moved in said, said


@pytest.mark.parametrize(
    ("language", "profile", "tally"),
    [
        ("pt", "/perfil", "Problemas, Damas brasileiras: {rating} (1 resolvido, 1 errado)"),
        ("it", "/profilo", "Problemi, Dama brasiliana: {rating} (1 risolto, 1 sbagliato)"),
    ],
)
async def test_the_puzzle_tally_counts_in_the_readers_plural_forms(
    service: GameService,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    profile: str,
    tally: str,
) -> None:
    use_known_puzzles(monkeypatch)
    console, output = await _console(service, tmp_path, "ana", language)
    await console.handle("/problema brasileira")
    await console.handle("/problema c5-b4")
    await console.handle("/problema b6xh4")
    await console.handle("/problema brasileira")
    await console.handle("/problema h6-g5")
    said = await _said(console, output, profile)
    player = await service.kernel.roster.player(console.actor)
    [rating] = await service.store.puzzle_ratings(player.id)
    assert tally.format(rating=round(rating.rating.rating)) in said, said


async def test_the_familiar_game_reads_without_nested_brackets_in_portuguese(
    service: GameService, tmp_path: Path
) -> None:
    console, output = await _console(service, tmp_path, "ana", "pt")
    said = await _said(console, output, "/ranking familiar correspondência")
    assert "Ranking, Damas italianas com sopro (por correspondência)" in said, said
    assert ") (" not in said


# -- item 9: the reader's own pool; a game face to face ------------------------------------------

GAME_IN_ITALIAN = ["24-20", "9-13", "20-16", "5-9"]


async def _rated_italian_game(console: Console, clock: str) -> None:
    """Ana (White) and Bia play a rated Italian game at one keyboard; Bia resigns."""
    await console.handle(f"/nuova italiana contro bia bianco {clock}".strip())
    await console.handle("/sono bia")
    await console.handle("/accetta")
    for index, move in enumerate(GAME_IN_ITALIAN):
        await console.handle("/sono bia" if index % 2 else "/sono ana")
        await console.handle(f"/muovi {move}")
    await console.handle("/abbandona sì")


@pytest.mark.parametrize(
    ("clock", "pool"),
    [("3g", "Dama italiana (per corrispondenza)"), ("", "Dama italiana (dal vivo)")],
)
async def test_a_bare_ranking_shows_the_readers_own_pool(
    service: GameService, tmp_path: Path, clock: str, pool: str
) -> None:
    console, output = await _console(service, tmp_path, "ana", "it")
    await _rated_italian_game(console, clock)
    await console.handle("/sono ana")
    said = await _said(console, output, "/classifica")
    assert f"Classifica, {pool}" in said, said
    assert "1. ana" in said, said
    assert "Dama brasiliana" not in said
    # A newcomer to the chat reads the pool its players play in.
    await console.handle("/sono caio")
    said = await _said(console, output, "/classifica")
    assert f"Classifica, {pool}" in said, said


async def test_an_untimed_game_at_one_keyboard_is_rated_live_in_portuguese(
    service: GameService, tmp_path: Path
) -> None:
    console, output = await _console(service, tmp_path, "ana", "pt")
    await console.handle("/novo brasileira contra bia brancas")
    await console.handle("/sou bia")
    await console.handle("/aceitar")
    for index, move in enumerate(["c3-d4", "f6-g5", "g3-h4", "b6-a5"]):
        await console.handle("/sou bia" if index % 2 else "/sou ana")
        await console.handle(f"/jogar {move}")
    await console.handle("/desistir sim")
    said = await _said(console, output, "/perfil ana")
    assert "Damas brasileiras (ao vivo): 1662?" in said, said
    assert "correspondência" not in said


# -- item 8: the default name, the system's language, --help, PDN and file names ------------------


@pytest.mark.parametrize(
    ("language", "name", "new", "started"),
    [
        ("pt", "jogador", "/novo brasileira contra computador brancas", "#1: jogador - "),
        ("it", "giocatore", "/nuova italiana contro computer bianco", "#1: giocatore - "),
    ],
)
async def test_the_default_player_is_named_in_the_consoles_language(
    service: GameService, tmp_path: Path, language: str, name: str, new: str, started: str
) -> None:
    output = io.StringIO()
    console = Console(service, output, language=language, folder=tmp_path)
    await console.begin()
    assert console.actor.display_name == name
    assert console.language == language
    said = await _said(console, output, new)
    assert started in said, said
    assert "player" not in said
    # Every language's word names the same person, whose turn notice is not shown to him.
    assert console._actor("player", None).user_id == console.actor.user_id
    assert f"{name}:" not in said


@pytest.mark.parametrize(
    ("language", "export", "event", "termination", "file"),
    [
        ("pt", "/exportar", "partida do damas-bot", "desistência", "partida-1.pdn"),
        ("it", "/esporta", "partita di damas-bot", "abbandono", "partita-1.pdn"),
    ],
)
async def test_the_pdn_says_its_words_for_people_in_the_readers_language(
    service: GameService,
    tmp_path: Path,
    language: str,
    export: str,
    event: str,
    termination: str,
    file: str,
) -> None:
    console, _ = await _console(service, tmp_path, "ana", language)
    new = {"pt": "/novo brasileira contra computador", "it": "/nuova italiana contro computer"}
    await console.handle(new[language])
    await console.handle({"pt": "/desistir sim", "it": "/abbandona sì"}[language])
    await console.handle(export)
    pdn = (tmp_path / file).read_text(encoding="utf-8")
    assert f'[Event "{event}"]' in pdn, pdn
    assert f'[Termination "{termination}"]' in pdn, pdn
    assert '[White "ana"]' in pdn or '[Black "ana"]' in pdn


@pytest.mark.parametrize(
    ("environment", "lines"),
    [
        (
            {"LANG": "pt_BR.UTF-8"},
            ["Console do damas-bot.", "Você é jogador.", "jogador jogou c3-d4."],
        ),
        (
            {"LANG": "C.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"},
            ["Console di damas-bot.", "Sei giocatore.", "giocatore ha giocato c3-d4."],
        ),
    ],
)
def test_the_first_start_speaks_the_systems_language(
    tmp_path: Path, environment: dict[str, str], lines: list[str]
) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "bot", "--db", str(tmp_path / "bot.sqlite3")],
        input="/new brazilian vs computer white\n/move c3-d4\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=bot_environment(**environment),
    )
    assert completed.returncode == 0, completed.stderr
    for line in lines:
        assert line in completed.stdout, completed.stdout
    assert "player" not in completed.stdout
