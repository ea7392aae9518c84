"""The site's index (issue 37, item 11): `/` without a signed link lists only what every chat
may see (open tournaments and their live games) and says how to get a chat's page; through a
chat's signed link (which /games gives in that chat) it lists that chat's live games and
tournaments, live. A forged or foreign token is refused as every page refuses it, and no
private game is reachable from it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from bot.settings import WebSettings
from bot.web.links import chat_link, game_link
from bot.web.signing import chat_subject, game_subject, sign
from storage import ChatRef
from tests.bot.conftest import CHAT as PRIVATE_CHAT
from tests.bot.service.test_service import two_player_game
from tests.bot.service.tournaments.helpers import CHAT as CLUB
from tests.bot.service.tournaments.helpers import ORGANISER
from tests.bot.web.helpers import SETTINGS, local, next_event, web_client
from tests.bot.web.test_page_links import (
    assert_private_game_hidden,
    links,
    private_game_and_open_tournament,
    reachable,
)

Client = TestClient[Any, Any]
OTHER_CLUB = ChatRef("test", "other-club")


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service):
        yield opened


async def clubs(service: GameService) -> tuple[int, set[int]]:
    """Game 1, private, in its own chat; tournament 1, open, started in the club (its games
    live); tournament 2, closed, taking entries in another club."""
    private, tournament = await private_game_and_open_tournament(service)
    await service.tournaments.start(ORGANISER, CLUB, tournament)
    facts = await service.store.tournament_facts(tournament)
    await service.entries.create(ORGANISER, OTHER_CLUB, ["international", "swiss", "rounds=2"])
    return private, {game.game_id for game in facts.games if game.game_id is not None}


async def test_the_index_without_a_link_shows_only_what_every_chat_sees(
    service: GameService, client: Client
) -> None:
    private, open_games = await clubs(service)
    response = await client.get("/")
    shown = await response.text()
    assert response.status == 200
    assert "Open tournaments" in shown
    assert "Tournament #1: Brazilian draughts, Swiss (running)" in shown
    assert "Tournament #2" not in shown  # closed: only its own chat sees it
    assert "/tournament/1?lang=en" in links(shown)
    assert {local(game_link(SETTINGS, game, "en")) for game in open_games} <= set(links(shown))
    assert "/games" in shown  # how to get a chat's page
    pages = await reachable(client, ["/"])
    for game in open_games:
        assert 'class="piece"' in pages[local(game_link(SETTINGS, game, "en"))]
    assert_private_game_hidden(private, pages)
    assert "Ana - Bia" not in shown


async def test_the_index_is_in_the_readers_language(service: GameService, client: Client) -> None:
    await clubs(service)
    portuguese = await (await client.get("/", headers={"Accept-Language": "pt-BR"})).text()
    assert "Torneios abertos" in portuguese
    assert "/partidas" in portuguese
    italian = await (await client.get("/?lang=it")).text()
    assert "/partite" in italian


async def test_a_chats_link_shows_its_live_games_and_tournaments(
    service: GameService, client: Client
) -> None:
    private, open_games = await clubs(service)
    mine = await client.get(local(chat_link(SETTINGS, PRIVATE_CHAT)))
    shown = await mine.text()
    assert mine.status == 200
    assert local(game_link(SETTINGS, private, "en")) in links(shown)
    assert "#1 Brazilian draughts: Ana - Bia" in shown
    assert "No tournament." in shown
    assert not open_games & {int(link.split("/")[2].split("?")[0]) for link in links(shown)}
    other = await (await client.get(local(chat_link(SETTINGS, OTHER_CLUB)))).text()
    assert "Tournament #2: International draughts, Swiss (taking entries)" in other
    assert "No game is being played." in other
    pages = await reachable(client, [local(chat_link(SETTINGS, OTHER_CLUB))])
    assert any(page.startswith("/tournament/2?t=") for page in pages)
    assert_private_game_hidden(private, pages)


def forged_addresses(private: int) -> dict[str, str]:
    """Addresses of the private game's chat page without its own signature."""
    chat = f"{PRIVATE_CHAT.platform}%3A{PRIVATE_CHAT.chat_id}"
    other_secret = WebSettings(**{**SETTINGS.__dict__, "secret": b"o" * 32})
    return {
        "no token": f"/?chat={chat}",
        "another chat's token": f"/?chat={chat}&t={sign(SETTINGS.secret, chat_subject(CLUB))}",
        "the game's token": f"/?chat={chat}&t={sign(SETTINGS.secret, game_subject(private))}",
        "a token of another secret (old links after WEB_SECRET changed)": local(
            chat_link(other_secret, PRIVATE_CHAT)
        ),
        "a token without its chat": "/?t=" + sign(SETTINGS.secret, chat_subject(PRIVATE_CHAT)),
        "a token cut short": local(chat_link(SETTINGS, PRIVATE_CHAT))[:-1],
        "a chat written wrong": "/?chat=test&t=" + sign(SETTINGS.secret, "chat:test"),
        "a token of other characters": f"/?chat={chat}&t=%C2%B2%C2%B2",
    }


async def test_a_forged_chat_link_is_refused_as_every_page_refuses(
    service: GameService, client: Client
) -> None:
    private, _ = await clubs(service)
    for name, address in forged_addresses(private).items():
        for path in (address, address.replace("/?", "/events?")):
            response = await client.get(path)
            shown = await response.text()
            assert response.status == 404, (name, path)
            assert "There is no such page." in shown, name
            assert "Ana" not in shown, name
            assert sign(SETTINGS.secret, game_subject(private)) not in shown, name


async def test_the_index_follows_the_chat_live(service: GameService, client: Client) -> None:
    stream = await client.get(local(chat_link(SETTINGS, PRIVATE_CHAT)).replace("/?", "/events?"))
    assert stream.status == 200
    first = await next_event(stream)
    assert "No game is being played." in first["html"]
    state = await two_player_game(service, "italian")
    started = await next_event(stream)
    assert local(game_link(SETTINGS, state.id, "en")) in links(started["html"])
    await service.results.resign(Actor("test", "ana", "Ana"), state.id, PRIVATE_CHAT)
    ended = await next_event(stream)
    stream.close()
    assert "No game is being played." in ended["html"]
