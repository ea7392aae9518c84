"""Games that explain themselves (issue 12, items 2, 3, 5): /rules, /help, the words that
lead to help or start a game, the Ludo moves in words, the committed dice and /verify."""

from __future__ import annotations

import io

import pytest

from bot.console import Console
from bot.i18n import Text, text, translate
from bot.service.command_table.table import help_lines
from bot.service.game_service import GameService
from bot.service.kernel.families.ludo_words import options_note, shown_ludo_move, typed_ludo_move
from bot.service.kernel.words.rules_text import rules_of
from games.damas.rules import BRAZILIAN_KING_MOVES, INTERNATIONAL_KING_MOVES, REPETITION_COUNT


async def _session(service: GameService, language: str, *lines: str) -> list[str]:
    output = io.StringIO()
    console = Console(service, output, player="ana")
    await console.handle(f"/lang {language}")
    start = len(output.getvalue().splitlines())
    for line in lines:
        await console.handle(line)
    await service.kernel.background.idle()
    return output.getvalue().splitlines()[start:]


def _said(language: str, lines: list[Text]) -> str:
    return "\n".join(translate(language, line) for line in lines)


def test_the_draw_rules_give_the_counts_of_the_rules() -> None:
    brazilian = _said("pt", list(rules_of("brazilian")))
    assert f"{BRAZILIAN_KING_MOVES} lances de cada jogador só com damas" in brazilian
    assert f"{REPETITION_COUNT} vezes" in brazilian
    assert "lei da maioria" in brazilian
    international = _said("it", list(rules_of("international")))
    assert f"{INTERNATIONAL_KING_MOVES} mosse" in international
    assert "dama volante" in international


def test_italian_rules_say_the_priorities_and_the_soffio() -> None:
    italian = _said("it", list(rules_of("italian")))
    assert "la dama deve prendere" in italian
    assert "La pedina non può prendere la dama." in italian
    assert "soffio" not in italian.lower()
    familiar = _said("it", list(rules_of("italian-familiar")))
    assert "soffiare" in familiar
    assert "soffio 22" in familiar


def test_ludo_rules_name_every_option_or_those_in_force() -> None:
    every = _said("pt", list(rules_of("ludo")))
    assert "tres-seis" in every
    assert "torres-bloqueiam" in every
    assert "duplas" in every
    chosen = _said("it", list(rules_of("ludo", {"players": 4, "teams": True})))
    assert "squadre" in chosen
    assert "tre-sei" not in chosen
    plain = _said("en", list(rules_of("ludo", {"players": 2})))
    assert "No option is in force" in plain
    assert translate("pt", options_note({"teams": True}) or "") == (
        "duplas Vermelho + Amarelo contra Verde + Azul"
    )


def test_ludo_rules_say_what_the_computer_does_at_each_level() -> None:
    every = _said("pt", list(rules_of("ludo")))
    assert "Os níveis do computador:" in every
    assert "iniciante: uma vez em cada duas joga às cegas" in every
    assert "forte: pesa também cada face da próxima jogada do dado" in every
    assert "uma rede treinada em milhares de partidas contra si mesma" in every
    italian = _said("it", list(rules_of("ludo")))
    assert "forte: valuta anche ogni faccia del prossimo lancio" in italian
    assert "una rete allenata su migliaia di partite contro sé stessa" in italian
    assert "I livelli del computer" not in _said("it", list(rules_of("ludo", {"players": 2})))


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pt", "/novo JOGO [contra NOME|computador [NÍVEL]]"),
        ("it", "/nuova GIOCO [contro NOME|computer [LIVELLO]]"),
    ],
)
def test_help_is_in_the_readers_language_with_its_command_names(
    language: str, expected: str
) -> None:
    lines = help_lines(language)
    assert lines[0].startswith(expected)
    assert any("fen=" in line and "three-sixes" not in line for line in lines)
    assert not any(line.startswith(("/new ", "/move ", "/board")) for line in lines)


@pytest.mark.parametrize("word", ["ajuda", "aiuto", "help", "/play", "/jogar", "/start"])
async def test_bare_words_people_try_lead_to_help(service: GameService, word: str) -> None:
    said = await _session(service, "pt", word)
    assert said[0].startswith("/novo JOGO"), said[:2]


async def test_jogar_brasileira_starts_a_game(service: GameService) -> None:
    said = await _session(service, "pt", "/jogar brasileira contra computador")
    assert said[0].startswith("Começa a partida #1: "), said[:2]
    assert "Computador" in said[0], said[:2]
    assert any("Damas brasileiras" in line for line in said)


async def test_rules_without_a_game_name_explain_the_current_game(service: GameService) -> None:
    said = await _session(service, "it", "/regole", "/nuova ludo contro computer 2 squadre")
    assert said[0].startswith("Giochi:")
    said = await _session(service, "it", "/nuova ludo contro computer 2 tre-sei", "/regole")
    assert "Opzioni di questa partita:" in said
    assert any(line.startswith("tre-sei:") for line in said)


def test_ludo_moves_read_in_words_and_are_typed_back() -> None:
    assert translate("pt", shown_ludo_move("roll 6")) == "tirou 6"
    assert translate("it", shown_ludo_move("p2 yard-c14")) == "p2 base-c14"
    assert translate("pt", shown_ludo_move("p1+p3 h4-home")) == "p1+p3 h4-chegada"
    assert typed_ludo_move("p2 base-c14") == "p2 yard-c14"
    assert typed_ludo_move("P4 h5-Arrivo") == "P4 h5-home"


async def test_moves_before_a_roll_say_to_roll(service: GameService) -> None:
    said = await _session(service, "pt", "/novo ludo contra computador 2", "/lances")
    # The computer has played until the person's turn, which starts with a roll.
    assert said[-1] == "Primeiro jogue o dado: /rolar."
    assert not any("roll" in line for line in said)


async def test_verify_keeps_the_seed_secret_until_the_end(service: GameService) -> None:
    said = await _session(service, "pt", "/novo ludo contra computador 2", "/verificar 1")
    assert said[0].count("SHA-256") == 1
    commitment = said[0].split("SHA-256 ")[1].split(".")[0]
    assert said[-1] == (
        f"A partida #1 continua: a semente fica secreta até o fim. SHA-256 publicado: {commitment}."
    )
    said = await _session(service, "pt", "/desistir 1 sim", "/verificar 1")
    assert "A semente dos dados era" in "\n".join(said)
    assert said[-1].startswith("Partida #1: a semente ")
    assert commitment in said[-1]


@pytest.mark.parametrize(
    ("language", "lines", "asked"),
    [
        ("pt", ("/desistir", "/desistir 1 sim"), "Abandonar a partida #1? Para confirmar, digite "),
        (
            "it",
            ("/abbandona", "/abbandona sì"),
            "Abbandonare la partita #1? Per confermare, scrivi ",
        ),
    ],
)
async def test_resign_asks_for_a_yes(
    service: GameService, language: str, lines: tuple[str, str], asked: str
) -> None:
    await _session(service, language, "/new brazilian vs computer")
    said = await _session(service, language, lines[0])
    assert said[-1].startswith(asked)
    assert (await service.kernel.state(1)).active
    await _session(service, language, lines[1])
    result = (await service.kernel.state(1)).record.result
    assert result is not None
    assert result["reason"] == "resignation"


async def test_abort_asks_for_a_yes(service: GameService) -> None:
    await _session(service, "it", "/nuova brasiliana contro computer bianco")
    said = await _session(service, "it", "/annulla")
    assert said[-1] == "Annullare la partita #1? Per confermare, scrivi /annulla 1 sì."


async def test_abort_after_the_first_move_is_refused_without_asking(
    service: GameService,
) -> None:
    # The computer (White) has moved: no question whose yes would be refused anyway.
    await _session(service, "it", "/nuova brasiliana contro computer nero")
    said = await _session(service, "it", "/annulla")
    assert said[-1] == "Una partita si può annullare solo prima della prima mossa."


async def test_a_rematch_swaps_the_colours(service: GameService) -> None:
    said = await _session(service, "pt", "/revanche")
    assert said[-1].startswith("Você não tem")  # no game to play again
    await _session(service, "pt", "/novo brasileira contra computador brancas")
    said = await _session(service, "pt", "/revanche")
    assert said[-1] == "A partida #1 ainda está em andamento."
    await _session(service, "pt", "/desistir sim", "/revanche 1")
    again = await service.kernel.state(2)
    assert again.record.seats[1].player_id is not None
    assert again.record.seats[0].computer


async def test_a_rematch_between_people_is_a_challenge_to_the_opponent(
    service: GameService,
) -> None:
    await _session(service, "it", "/nuova italiana contro bia bianco")
    output = io.StringIO()
    bia = Console(service, output, player="bia")
    await bia.handle("/lang it")
    await bia.handle("/accetta")
    await bia.handle("/abbandona sì")
    await bia.handle("/rivincita")
    assert output.getvalue().splitlines()[-2:] == [
        "bia offre a ana la rivincita della partita #1, a colori scambiati: /accetta 2.",
        "Sfida 2: /sono NOME e poi /accetta 2 o /rifiuta 2.",
    ]


async def test_as_confirms_in_the_language_of_the_person_now_at_the_keyboard(
    service: GameService,
) -> None:
    output = io.StringIO()
    console = Console(service, output, player="ana")
    for line in ("/as bia", "/lang it", "/as ana", "/lang pt", "/as bia"):
        await console.handle(line)
    assert output.getvalue().splitlines()[-1] == translate(
        "it", text("You are now {name}.", name="bia")
    )
    await console.handle("/as ana")
    assert output.getvalue().splitlines()[-1] == translate(
        "pt", text("You are now {name}.", name="ana")
    )
    assert translate("pt", text("You are now {name}.", name="ana")) != "You are now ana."
