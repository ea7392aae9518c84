"""A page signs only what its reader may already see (issue 34, item 1): an open tournament's
page, read anonymously or with its signed link, live or not, links its own games and nothing
else; numbers in its words and in the entrants' names ("Eve #1") are only words. A private
game in another chat stays unreachable from every page a stranger can open."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from html import unescape
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from bot.web.links import game_link, player_link, tournament_link
from bot.web.signing import game_subject, sign
from storage import ChatRef
from tests.bot.conftest import CHAT as PRIVATE_CHAT
from tests.bot.service.test_service import two_player_game
from tests.bot.service.tournaments.helpers import CHAT, ORGANISER
from tests.bot.web.helpers import SETTINGS, local, next_event, web_client

Client = TestClient[Any, Any]
# Entrants whose names write the private game's number, and a link to it.
ENTRANTS = [
    Actor("test", "eve", "Eve #1"),
    Actor("test", "zed", "Zed #1 #2"),
    Actor("test", "ivo", '<a href="/game/1">Ivo</a>'),
    Actor("test", "lia", "Lia game #1"),
]
LINK = re.compile(r'href="([^"]*)"')
ELSEWHERE = ChatRef("test", "elsewhere")


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service):
        yield opened


async def private_game_and_open_tournament(service: GameService) -> tuple[int, int]:
    """Game 1, Ana's and Bia's in their own chat, and tournament 1, open, in a club whose
    entrants write "#1" in their names."""
    private = (await two_player_game(service, "brazilian")).id
    await service.entries.create(ORGANISER, CHAT, ["brazilian", "swiss", "rounds=2", "open"])
    for entrant in ENTRANTS:
        await service.entries.join(entrant, CHAT, 1)
    assert private == 1
    return private, 1


def links(page: str) -> list[str]:
    return [local(unescape(found)) for found in LINK.findall(page)]


async def reachable(client: Client, starts: list[str]) -> dict[str, str]:
    """Every page of this server reachable by links from `starts`, by address."""
    seen: dict[str, str] = {}
    waiting = list(starts)
    while waiting:
        address = waiting.pop()
        if address in seen or not address.startswith("/"):
            continue
        response = await client.get(address)
        seen[address] = await response.text()
        if response.status == 200:
            waiting += links(seen[address])
    return seen


def assert_private_game_hidden(private: int, pages: dict[str, str]) -> None:
    token = sign(SETTINGS.secret, game_subject(private))
    for address, shown in pages.items():
        assert token not in shown, address
        for link in links(shown):
            assert not link.startswith(f"/game/{private}?"), (address, link)
            assert not link.startswith(f"/game/{private}/"), (address, link)


async def test_an_open_tournament_without_games_links_no_game(
    service: GameService, client: Client
) -> None:
    private, tournament = await private_game_and_open_tournament(service)
    anonymous = await client.get(f"/tournament/{tournament}")
    shown = await anonymous.text()
    assert anonymous.status == 200
    assert f"No games yet in tournament #{tournament}." in shown
    assert "Eve #1" in shown
    assert "&lt;a href=" in shown  # a name is shown as it is written, never as a link
    pages = {"anonymous": shown}
    signed = await client.get(local(tournament_link(SETTINGS, tournament)))
    pages["signed"] = await signed.text()
    for name, address in (
        ("anonymous live", f"/tournament/{tournament}/events"),
        ("signed live", local(tournament_link(SETTINGS, tournament)).replace("?", "/events?")),
    ):
        stream = await client.get(address)
        pages[name] = (await next_event(stream))["html"]
        stream.close()
    assert_private_game_hidden(private, pages)
    assert not [link for page in pages.values() for link in links(page)]


async def test_an_open_tournament_links_its_own_games_and_no_other(
    service: GameService, client: Client
) -> None:
    private, tournament = await private_game_and_open_tournament(service)
    await service.tournaments.start(ORGANISER, CHAT, tournament)
    facts = await service.store.tournament_facts(tournament)
    own = {game.game_id for game in facts.games if game.game_id is not None}
    assert len(own) == 2
    assert private not in own
    stream = await client.get(f"/tournament/{tournament}/events")
    live = (await next_event(stream))["html"]
    stream.close()
    pages = await reachable(
        client, [f"/tournament/{tournament}", local(tournament_link(SETTINGS, tournament))]
    )
    pages["anonymous live"] = live
    assert_private_game_hidden(private, pages)
    for game in own:
        address = local(game_link(SETTINGS, game, "en"))
        assert address in links(pages[f"/tournament/{tournament}"])
        assert address in links(live)
        assert address in pages
        assert 'class="piece"' in pages[address]
    # The private game itself: nothing without its own signature.
    for forged in ("", "?t=" + sign(SETTINGS.secret, game_subject(next(iter(own))))):
        for suffix in ("", "/events", "/pdn", "/ply/0"):
            response = await client.get(f"/game/{private}{suffix}{forged}")
            assert response.status == 404
            assert "Ana" not in await response.text()


async def test_the_rows_of_a_closed_tournament_carry_only_the_games_the_reader_sees(
    service: GameService,
) -> None:
    await service.entries.create(ORGANISER, CHAT, ["brazilian", "swiss", "rounds=2"])
    for entrant in ENTRANTS:
        await service.entries.join(entrant, CHAT, 1)
    await service.tournaments.start(ORGANISER, CHAT, 1)
    everything = [row.game_id for row in await service.reports.game_rows(ORGANISER, None, 1)]
    assert len(everything) == 2
    assert None not in everything
    assert [row.game_id for row in await service.reports.game_rows(ORGANISER, CHAT, 1)] == (
        everything
    )
    # An entrant reading from elsewhere sees his own table's game, not the other one.
    eve = (await service.kernel.roster.player(ENTRANTS[0])).id
    seats = {game: (await service.kernel.state(game or 0)).record.seats for game in everything}
    own = [game for game in everything if eve in (seat.player_id for seat in seats[game])]
    assert len(own) == 1
    rows = await service.reports.game_rows(ENTRANTS[0], ELSEWHERE, 1)
    assert [row.game_id for row in rows] == [game if game in own else None for game in everything]


async def test_a_player_page_links_only_the_games_its_chat_may_see(
    service: GameService, client: Client
) -> None:
    """Issue 37, item 11: "Playing #1" is a link on the page signed for a chat that may see
    game 1; signed for another chat, or for none, the page does not name it at all. An open
    tournament's games are linked from every chat."""
    private, tournament = await private_game_and_open_tournament(service)
    await service.tournaments.start(ORGANISER, CHAT, tournament)
    game = local(game_link(SETTINGS, private, "en"))
    mine = await client.get(local(player_link(SETTINGS, "test", "ana", PRIVATE_CHAT)))
    shown = await mine.text()
    assert mine.status == 200
    assert game in links(shown)
    assert "Playing #1 Brazilian draughts: Ana - Bia" in shown
    for chat in (ELSEWHERE, CHAT, None):
        page = await client.get(local(player_link(SETTINGS, "test", "ana", chat)))
        pages = {str(chat): await page.text()}
        assert page.status == 200
        assert "Playing #1" not in pages[str(chat)]
        assert "Ana - Bia" not in pages[str(chat)]
        assert_private_game_hidden(private, pages)
    eve = await client.get(local(player_link(SETTINGS, "test", "eve", ELSEWHERE)))
    own = await service.store.tournament_facts(tournament)
    seen = links(await eve.text())
    assert [
        g.game_id for g in own.games if local(game_link(SETTINGS, g.game_id or 0, "en")) in seen
    ]


async def test_a_player_link_for_one_chat_is_no_link_for_another(
    service: GameService, client: Client
) -> None:
    private, _ = await private_game_and_open_tournament(service)
    plain = local(player_link(SETTINGS, "test", "ana"))
    elsewhere = local(player_link(SETTINGS, "test", "ana", ELSEWHERE))
    chat = "test%3Achat-1"
    forged = [
        f"{plain}&chat={chat}",  # the page of no chat, passed off as the game's chat's
        elsewhere.replace("test%3Aelsewhere", chat),
        elsewhere.replace("&chat=test%3Aelsewhere", ""),
        f"{plain.partition('?')[0]}?chat={chat}",
        f"{plain}&chat=nocolon",
    ]
    for address in forged:
        response = await client.get(address)
        shown = await response.text()
        assert response.status == 404, address
        assert "There is no such page." in shown
        assert_private_game_hidden(private, {address: shown})
