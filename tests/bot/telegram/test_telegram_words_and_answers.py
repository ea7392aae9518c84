"""What an Italian player types and reads on Telegram (issue 37, items 5 to 9): the words
people use for a level, suggestions in the reader's own words, a game's number before a
move, the PDN file in the reader's words, a bare /top on the reader's own pool."""

from __future__ import annotations

import pytest

from bot.service.game_service import GameService
from storage import Store
from tests.bot.telegram.conftest import wait_for_version
from tests.fakes.telegram_api import FakeBotApi
from tests.waiting import eventually


@pytest.fixture
def store(rated_store: Store) -> Store:
    """Rated games change ratings here, as in the bot."""
    return rated_store


@pytest.mark.usefixtures("bot")
async def test_an_italian_player_types_levels_near_misses_and_numbered_moves(
    api: FakeBotApi, service: GameService
) -> None:
    bia = api.user(2, "Bia", "bia", "it")
    chat = api.private_chat(bia)
    api.send_text(bia, chat, "/nuova italiana contro computer esperto bianco")
    board = (await api.wait_for(lambda: api.boards(chat), "the board of game 1"))[0]
    assert "Computer (forte" in board["caption"], board["caption"]
    api.send_text(bia, chat, "/nuova italiana contro computer bianco")
    await api.wait_for(lambda: len(api.boards(chat)) >= 2, "the board of game 2")

    api.send_text(bia, chat, "/muovi 2 22-19")

    async def played_in_game_2() -> bool:
        return (await service.kernel.state(2)).plies >= 1

    await eventually(played_in_game_2, "the move in game 2")
    assert (await service.kernel.state(1)).plies == 0

    api.send_text(bia, chat, "/nuova italiana contro computer bianko")
    api.send_text(bia, chat, "/nuova italiana contro computer brnacas")
    refusals = await api.wait_for(
        lambda: [said for said in api.texts(chat) if "non è un'opzione" in said][1:],
        "both refusals",
    )
    assert [said for said in api.texts(chat) if "non è un'opzione" in said] == [
        "bianko non è un'opzione di /nuova. Intendevi bianco?",
        "brnacas non è un'opzione di /nuova.",
    ], refusals


@pytest.mark.usefixtures("bot")
async def test_italian_players_get_their_pool_and_their_words_in_the_pdn(
    api: FakeBotApi, service: GameService
) -> None:
    bia = api.user(2, "Bia", "bia", "it")
    carla = api.user(3, "Carla", "carla", "it")
    group = api.group(-100300, "Circolo")
    api.send_text(carla, group, "ciao")  # the bot now knows @carla
    api.send_text(bia, group, "/nuova italiana contro @carla bianco 3g")
    await api.wait_for(lambda: api.bot_messages(group), "the challenge")
    api.send_text(carla, group, "/accetta")
    await api.wait_for(lambda: api.boards(group), "the board")
    for ply, move in enumerate(["24-20", "9-13", "20-16", "5-9"]):
        api.send_text(bia if ply % 2 == 0 else carla, group, f"/muovi {move}")
        await wait_for_version(service, 1, ply + 1)
    api.send_text(carla, group, "/abbandona sì")

    async def finished() -> bool:
        return not (await service.kernel.state(1)).active

    await eventually(finished, "the end of the game")
    api.send_text(bia, group, "/classifica")
    top = await api.wait_for(
        lambda: [m for m in api.bot_messages(group) if "<b>Classifica" in m.get("text", "")],
        "the leaderboard",
    )
    assert top[-1]["text"].startswith("<b>Classifica, Dama italiana (per corrispondenza)</b>")
    api.send_text(bia, group, "/esporta 1")
    document = await api.wait_for(lambda: list(api.documents.values()), "the PDN file")
    name, content = document[0]
    assert name == "partita-1.pdn"
    assert b'[Event "partita di damas-bot"]' in content
    assert b'[Termination "abbandono"]' in content


@pytest.mark.usefixtures("bot")
async def test_an_italian_reads_help_and_clocks_in_the_words_he_types(api: FakeBotApi) -> None:
    bia = api.user(2, "Bia", "bia", "it")
    chat = api.private_chat(bia)
    api.send_text(bia, chat, "/aiuto")
    await api.wait_for(lambda: [t for t in api.texts(chat) if "3g o 5min" in t], "the help")
    said = "\n".join(api.texts(chat))
    assert "/partite [concluse] - elencare le mie partite e sfide; con concluse" in said, said
    assert "con finite" not in said
    api.send_text(bia, chat, "/nuova italiana contro computer bianco 3g")
    board = (await api.wait_for(lambda: api.boards(chat), "the board"))[0]
    assert "restano 3g" in board["caption"], board["caption"]
