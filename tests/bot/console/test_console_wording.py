"""Console transcripts in Portuguese and Italian of the wording faults of issue 25, item 3:
the leaderboard's pace in the reader's words (typed and shown), counted nouns, the players of
a table with computers, Ludo's places, the rules' material, Italian caselle, a Swiss bye and
the tournament's published SHA-256, one Portuguese word for teams."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from bot.service.game_service import GameService
from games.ludo.dice import roll
from tests.bot.console.test_console_reader_words import Transcript

WORDS = {
    "pt": {
        "top": "/ranking brasileira ao vivo",
        "top header": "Ranking, Damas brasileiras (ao vivo)",
        "top usage": "Uso: /ranking [JOGO] [ao vivo|correspondência]",
        "new": "/novo brasileira contra bia brancas",
        "accept": "/aceitar",
        "resign": "/desistir 1 sim",
        "profile": "/perfil",
        "record": "Damas brasileiras: 1 vitória, 0 empates, 0 derrotas",
        "ludo": "/novo ludo 3",
        "begin": "/iniciar",
        "table": "Desafio aceito: ana - bia - Computador (Amarelo) jogam Ludo, partida #1.",
        "roll": "/rolar",
        "bad pawn": "'xyz' não é um peão (1..4 ou p1..p4), nem uma casa "
        "(c1..c52, h1..h5, base, chegada), nem um caminho (c14-c20)",
        "rules": "/regras internacional",
        "material": "Contra uma dama sozinha, quem tem 3 damas, 2 damas + 1 pedra ou "
        "1 dama + 2 pedras precisa vencer em 10 lances; senão, é empate.",
        "ludo rules": "/regras ludo",
        "teams": "duplas: Vermelho e Amarelo contra Verde e Azul",
        "tournament": "/torneio novo brasileira suico rodadas=1",
        "join": "/torneio entrar",
        "start": "/torneio iniciar",
        "bye": "folga nesta rodada (sem partida).",
        "sha": "o SHA-256 dela, publicado agora:",
    },
    "it": {
        "top": "/classifica brasiliana dal vivo",
        "top header": "Classifica, Dama brasiliana (dal vivo)",
        "top usage": "Uso: /classifica [GIOCO] [dal vivo|corrispondenza]",
        "new": "/nuova brasiliana contro bia bianco",
        "accept": "/accetta",
        "resign": "/abbandona 1 sì",
        "profile": "/profilo",
        "record": "Dama brasiliana: 1 vinta, 0 patte, 0 perse",
        "ludo": "/nuova ludo 3",
        "begin": "/inizia",
        "table": "Sfida accettata: ana - bia - Computer (Giallo) giocano a Ludo, partita #1.",
        "roll": "/lancia",
        "bad pawn": "'xyz' non è una pedina (1..4 o p1..p4), né una casella "
        "(c1..c52, h1..h5, base, arrivo), né un percorso (c14-c20)",
        "rules": "/regole internazionale",
        "material": "Contro una dama sola, chi ha 3 dame, 2 dame + 1 pedina o "
        "1 dama + 2 pedine deve vincere entro 10 mosse, altrimenti è patta.",
        "ludo rules": "/regole ludo",
        "teams": "squadre: Rosso e Giallo contro Verde e Blu",
        "tournament": "/torneo nuovo brasiliana svizzero turni=1",
        "join": "/torneo partecipa",
        "start": "/torneo inizia",
        "bye": "riposa in questo turno (nessuna partita).",
        "sha": "il suo SHA-256, pubblicato ora:",
    },
}
AS = {"pt": "/sou", "it": "/sono"}


async def two_people(service: GameService, language: str, folder: Path) -> Transcript:
    """Ana and Bia at one keyboard, both in `language`; Ana types next."""
    people = Transcript(service, "bia", folder)
    await people.type(f"/lang {language}")
    await people.type(f"{AS[language]} ana")
    await people.type(f"/lang {language}")
    return people


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_the_leaderboard_reads_and_shows_the_pace_in_the_readers_words(
    service: GameService, language: str, tmp_path: Path
) -> None:
    words = WORDS[language]
    people = await two_people(service, language, tmp_path)
    assert (await people.type(words["top"])).splitlines()[0] == words["top header"]
    assert (await people.type(f"{words['top']} x")).strip() == words["top usage"]


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_record_counts_in_the_readers_plural_forms(
    service: GameService, language: str, tmp_path: Path
) -> None:
    words = WORDS[language]
    people = await two_people(service, language, tmp_path)
    await people.type(words["new"])
    await people.type(f"{AS[language]} bia")
    await people.type(words["accept"])
    await people.type(words["resign"])
    await people.type(f"{AS[language]} ana")
    assert words["record"] in (await people.type(words["profile"])).splitlines()


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_ludo_table_names_its_computer_and_its_places_in_the_readers_words(
    service: GameService, language: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The dice's first roll is a 6 and Ana moves first, so a pawn is to move."""
    six_first = next(s for s in (bytes([n]) * 32 for n in range(256)) if roll(s, 0) == 6)
    monkeypatch.setattr("bot.service.kernel.families.ludo.new_seed", lambda: six_first)
    monkeypatch.setattr(secrets, "randbelow", lambda _players: 0)
    words = WORDS[language]
    people = await two_people(service, language, tmp_path)
    await people.type(words["ludo"])
    await people.type(f"{AS[language]} bia")
    await people.type(words["accept"])
    await people.type(f"{AS[language]} ana")
    assert words["table"] in (await people.type(words["begin"])).splitlines()
    await people.type(words["roll"])
    assert (await people.type("xyz")).strip().startswith(words["bad pawn"])


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_the_rules_name_material_and_teams_as_the_reader_writes_them(
    service: GameService, language: str, tmp_path: Path
) -> None:
    words = WORDS[language]
    people = await two_people(service, language, tmp_path)
    assert words["material"] in (await people.type(words["rules"])).splitlines()
    ludo = await people.type(words["ludo rules"])
    assert words["teams"] in ludo
    assert "equipes" not in ludo


async def test_an_italian_reader_reads_caselle(service: GameService, tmp_path: Path) -> None:
    people = await two_people(service, "it", tmp_path)
    await people.type("/nuova italiana contro computer bianco")
    refusal = await people.type("21-99")
    assert "99 non è una casella di questa damiera" in refusal
    assert " casa " not in refusal


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_swiss_bye_and_the_published_sha256_in_the_readers_words(
    service: GameService, language: str, tmp_path: Path
) -> None:
    words = WORDS[language]
    people = await two_people(service, language, tmp_path)
    await people.type(words["tournament"])
    for name in ("ana", "bia", "caio"):
        await people.type(f"{AS[language]} {name}")
        await people.type(words["join"])
    await people.type(f"{AS[language]} ana")
    started = await people.type(words["start"])
    assert words["sha"] in started
    assert words["bye"] in started
    for knockout_words in ("avança sem jogar", "compromisso", "impegno", "passa il turno"):
        assert knockout_words not in started
