"""The web pages (issue 28, items 1, 2, 4): a game's page in the reader's language with the
board drawn as SVG, live through server-sent events, replayed move by move, its PDN; a
tournament's and a player's page; nothing without the signed link the bot gives."""

from __future__ import annotations

import re
import socket
from collections.abc import AsyncIterator
from dataclasses import replace
from html import escape
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.i18n import text, translate
from bot.refusals import SettingsRefused, StartRefused
from bot.service import boards
from bot.service.game_service import GameService
from bot.settings import WebSettings, read_settings
from bot.web import serving_web
from bot.web.links import game_link, player_link, tournament_link
from tests.bot.conftest import ANA, BIA, CHAT
from tests.bot.service.test_service import two_player_game
from tests.bot.web.helpers import SETTINGS, local, next_event, web_client

Client = TestClient[Any, Any]


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service):
        yield opened


async def page_of(client: Client, link: str, **headers: str) -> tuple[int, str]:
    response = await client.get(local(link), headers=headers)
    return response.status, await response.text()


@pytest.mark.parametrize(
    ("asked", "language"),
    [
        ({"lang": "pt"}, "pt"),
        ({"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"}, "it"),
        ({"Accept-Language": "de-DE, pt-BR;q=0.8"}, "pt"),
        ({}, "en"),
    ],
)
async def test_a_game_page_is_in_the_readers_language_with_the_board_drawn(
    service: GameService, client: Client, asked: dict[str, str], language: str
) -> None:
    state = await two_player_game(service, "brazilian")
    link = game_link(SETTINGS, state.id)
    query = {key: value for key, value in asked.items() if key == "lang"}
    headers = {key: value for key, value in asked.items() if key != "lang"}
    if query:
        link += f"&lang={query['lang']}"
    status, page = await page_of(client, link, **headers)
    assert status == 200
    assert f'<html lang="{language}">' in page
    title = translate(language, text("Game #{game}", game=state.id))
    assert f"<h1>{title}</h1>" in page
    assert page.count('class="piece"') == 24
    assert page.count('class="square"') == 32
    assert escape(translate(language, boards.caption(state))) in page
    assert 'name="viewport"' in page


async def test_the_pages_are_translated_in_portuguese_and_italian(
    service: GameService, client: Client
) -> None:
    state = await two_player_game(service, "brazilian")
    link = game_link(SETTINGS, state.id)
    shown = {lang: (await page_of(client, f"{link}&lang={lang}"))[1] for lang in ("pt", "it", "en")}
    assert "Partida #" in shown["pt"]
    assert "Lances" in shown["pt"]
    assert "Partita #" in shown["it"]
    assert "Mosse" in shown["it"]
    assert "Game #" in shown["en"]
    assert "Moves" in shown["en"]


@pytest.mark.parametrize(
    "address",
    ["/game/{game}", "/game/{game}?t=0123456789abcdef0123456789abcdef", "/game/{game}?t={other}"],
)
async def test_a_game_page_needs_its_own_signed_link(
    service: GameService, client: Client, address: str
) -> None:
    state = await two_player_game(service, "brazilian")
    other = game_link(SETTINGS, state.id + 1).partition("t=")[2]
    for suffix in ("", "/events", "/pdn", "/ply/0"):
        path, _, query = address.format(game=state.id, other=other).partition("?")
        response = await client.get(f"{path}{suffix}?{query}")
        shown = await response.text()
        assert response.status == 404
        assert f"There is no game {state.id}." in shown
        assert "<svg" not in shown
        assert "Ana" not in shown


async def test_an_unknown_game_and_a_bad_address_read_as_no_game(client: Client) -> None:
    for path in ("/game/999?t=00", "/game/abc", "/game/99999999999999999999", "/nothing"):
        response = await client.get(path)
        assert response.status == 404
        assert "Traceback" not in await response.text()
    response = await client.get(local(game_link(SETTINGS, 999)))
    assert response.status == 404
    assert "There is no game 999." in await response.text()


async def test_a_game_is_live_on_its_page(service: GameService, client: Client) -> None:
    state = await two_player_game(service, "brazilian")
    events = await client.get(local(game_link(SETTINGS, state.id)).replace("?", "/events?"))
    assert events.headers["Content-Type"] == "text/event-stream"
    first = await next_event(events)
    assert first["version"] == state.version
    assert first["plies"] == 0
    await service.play.move(ANA, "c3-d4", state.id)
    moved = await next_event(events)
    assert moved["plies"] == 1
    assert moved["version"] > state.version
    assert "c3-d4" in moved["moves"] or "c3-d4" in moved["caption"]
    assert moved["svg"].count('class="piece"') == 24
    events.close()


async def test_a_finished_game_is_replayed_move_by_move_and_downloaded(
    service: GameService, client: Client
) -> None:
    state = await two_player_game(service, "brazilian")
    for actor, move in ((ANA, "c3-d4"), (BIA, "f6-e5"), (ANA, "d4xf6")):
        await service.play.move(actor, move, state.id)
    await service.results.resign(BIA, state.id)
    link = game_link(SETTINGS, state.id)
    status, page = await page_of(client, link)
    assert status == 200
    assert 'data-step="-1"' in page
    base, _, query = local(link).partition("?")
    start = await (await client.get(f"{base}/ply/0?{query}")).json()
    assert start["plies"] == 0
    assert start["svg"].count('class="piece"') == 24
    after = await (await client.get(f"{base}/ply/3?{query}")).json()
    assert after["plies"] == 3
    assert after["svg"].count('class="piece"') == 23
    pdn = await client.get(f"{base}/pdn?{query}")
    assert pdn.status == 200
    assert f"game-{state.id}.pdn" in pdn.headers["Content-Disposition"]
    content = await pdn.text()
    assert "c3-d4" in content or "22-18" in content
    assert '[Result "' in content


async def test_a_game_in_play_has_no_replay(service: GameService, client: Client) -> None:
    state = await two_player_game(service, "brazilian")
    base, _, query = local(game_link(SETTINGS, state.id)).partition("?")
    response = await client.get(f"{base}/ply/0?{query}")
    assert response.status == 409


async def test_a_ludo_game_is_drawn_with_its_pawns(service: GameService, client: Client) -> None:
    events = await service.challenges.new_game(ANA, CHAT, "ludo", computer=True, players=2)
    game = max(int(found) for found in re.findall(r"#(\d+)", str(events)) or ["1"])
    status, page = await page_of(client, game_link(SETTINGS, game))
    assert status == 200
    assert page.count('class="pawn"') == 8


async def test_a_tournament_page_shows_its_standings_and_links_its_games(
    service: GameService, client: Client
) -> None:
    await service.entries.create(ANA, CHAT, ["brazilian", "swiss", "rounds=3"])
    status, page = await page_of(client, tournament_link(SETTINGS, 1) + "&lang=pt")
    assert status == 200
    assert "Torneio #1" in page
    unsigned = await client.get("/tournament/1")
    assert unsigned.status == 404
    assert "There is no tournament #1." in await unsigned.text()


async def test_an_open_tournament_is_seen_without_a_signed_link(
    service: GameService, client: Client
) -> None:
    await service.entries.create(ANA, CHAT, ["brazilian", "swiss", "rounds=3", "open"])
    response = await client.get("/tournament/1")
    assert response.status == 200
    assert "Tournament #1" in await response.text()


async def test_a_player_page_shows_the_profile_only_with_its_signed_link(
    service: GameService, client: Client
) -> None:
    state = await two_player_game(service, "brazilian")
    _, game_page = await page_of(client, game_link(SETTINGS, state.id))
    assert escape(player_link(SETTINGS, "test", "ana")) in game_page
    status, page = await page_of(client, player_link(SETTINGS, "test", "ana"))
    assert status == 200
    assert "Ana" in page
    assert "No rated games yet." in page
    assert (await client.get("/player/test/ana")).status == 404
    assert (await client.get("/player/test/ana?t=" + "0" * 32)).status == 404


def web_settings(environment: dict[str, str]) -> WebSettings | None:
    return read_settings(environment).web


def refusal_of(environment: dict[str, str]) -> str:
    with pytest.raises(SettingsRefused) as refused:
        read_settings(environment)
    return translate(None, refused.value.reason)


def test_the_web_is_off_unless_configured_and_says_what_is_wrong() -> None:
    assert web_settings({}) is None
    made = web_settings({"WEB_URL": "https://damas.example/", "WEB_SECRET": "s"})
    assert made is not None
    assert (made.url, made.host, made.port) == ("https://damas.example", "127.0.0.1", 8080)
    assert made.secret != b"s"
    listen = {"WEB_URL": "https://x.example", "WEB_SECRET": "s", "WEB_LISTEN": "80"}
    assert "WEB_LISTEN is host:port" in refusal_of(listen)
    assert "public address" in refusal_of({"WEB_URL": "damas.example", "WEB_SECRET": "s"})
    assert "WEB_SECRET" in refusal_of({"WEB_URL": "https://x.example"})
    by_token = web_settings({"WEB_URL": "https://x.example", "TELEGRAM_TOKEN": "1:a"})
    assert by_token is not None
    assert by_token.secret != made.secret


async def test_a_busy_listen_address_stops_the_start_saying_which(service: GameService) -> None:
    async with serving_web(service, replace(SETTINGS, port=0)):
        pass  # serves, and stops at the block's end
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(StartRefused) as refused:
            async with serving_web(service, replace(SETTINGS, port=port)):
                raise AssertionError("it served on a taken address")
    assert f"127.0.0.1:{port}" in translate("en", refused.value.reason)
