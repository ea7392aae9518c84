"""The web companion from Telegram (issue 28, item 3): the board in a private chat opens the
Mini App (a web_app button, which the fake, as Telegram, refuses in groups), a group's board
links to it through t.me/BOT/APP?startapp=, and a move on the Mini App shows in the group's
board as a move in the chat does. /tournament show and /profile carry a url button to their
pages (signed; an open tournament's unsigned), none without WEB_URL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from aiohttp.test_utils import TestClient

from bot.service.game_service import GameService
from bot.settings import WebSettings, read_settings
from bot.telegram import stop_front
from bot.web.links import player_link, tournament_link
from storage import ChatRef
from tests.bot.telegram.conftest import Bot, current_board, start_bot
from tests.bot.telegram.test_telegram_group import group_game
from tests.bot.web.helpers import init_data, web_client
from tests.fakes.telegram_api import TOKEN, FakeBotApi

Client = TestClient[Any, Any]
ENVIRONMENT = {
    "WEB_URL": "https://damas.example",
    "WEB_SECRET": "a secret",
    "TELEGRAM_TOKEN": TOKEN,
    "TELEGRAM_BOT_NAME": "damas_bot",
    "WEB_APP_NAME": "board",
}


@pytest.fixture
def settings() -> WebSettings:
    made = read_settings(ENVIRONMENT).web
    assert made is not None
    return made


@pytest.fixture
async def web_bot(
    settings: WebSettings, service: GameService, api: FakeBotApi
) -> AsyncIterator[Bot]:
    running = await start_bot(service, api, web=settings)
    assert running.settings.web == settings
    yield running
    await stop_front(running.front, running.settings)


@pytest.fixture
async def client(settings: WebSettings, service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service, settings):
        yield opened


@pytest.mark.usefixtures("web_bot")
async def test_a_move_on_the_mini_app_shows_on_the_groups_board(
    api: FakeBotApi, service: GameService, client: Client
) -> None:
    _, _, group, state, board = await group_game(api, service)
    openings = api.openings(board)
    assert list(openings.values()) == [("url", openings["Open in the app"][1])]
    link = urlsplit(openings["Open in the app"][1])
    assert (link.netloc, link.path) == ("t.me", "/damas_bot/board")
    start = parse_qs(link.query)["startapp"][0]
    assert start.startswith(f"{state.id}-")
    body = {
        "initData": init_data(1, "Ana", datetime.now(UTC), start=start),
        "move": "c3-d4",
        "version": state.version,
        "nonce": "from-the-app-1",
    }
    response = await client.post("/app/api/move", json=body)
    assert response.status == 200, await response.text()
    fresh, board = await current_board(api, service, group, state.id)
    assert fresh.log == ("c3-d4",)
    assert "last move: c3-d4" in board["caption"]


@pytest.mark.usefixtures("web_bot")
async def test_a_private_board_opens_the_mini_app(api: FakeBotApi, service: GameService) -> None:
    ana = api.user(1, "Ana", "ana", "pt")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/new brazilian vs computer white")
    _, board = await current_board(api, service, chat, 1)
    (kind, address), *_ = api.openings(board).values()
    assert kind == "web_app"
    assert address == "https://damas.example/app?game=1"
    assert "Jogar no app" in api.openings(board)


async def answer_with(api: FakeBotApi, chat: dict[str, Any], words: str) -> dict[str, Any]:
    """The bot's message that starts with `words`, the newest."""
    found = await api.wait_for(
        lambda: [m for m in api.bot_messages(chat) if m.get("text", "").startswith(words)],
        words,
    )
    last: dict[str, Any] = found[-1]
    return last


@pytest.mark.usefixtures("web_bot")
@pytest.mark.parametrize("opened", [False, True])
async def test_tournament_show_links_its_page(
    api: FakeBotApi, settings: WebSettings, opened: bool
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    group = api.group(-100300, "Clube")
    api.send_text(ana, group, "/tournament new brazilian knockout" + " open" * opened)
    await answer_with(api, group, "Ana opens tournament #1")
    api.send_text(ana, group, "/tournament show")
    shown = await answer_with(api, group, "Tournament #1:")
    address = f"{settings.url}/tournament/1" if opened else tournament_link(settings, 1)
    assert api.openings(shown) == {"Tournament page": ("url", address)}


@pytest.mark.usefixtures("web_bot")
async def test_profile_links_the_players_page(api: FakeBotApi, settings: WebSettings) -> None:
    ana = api.user(1, "Ana", "ana", "pt")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/perfil")
    shown = await answer_with(api, chat, "Ana")
    assert api.openings(shown) == {
        "Página do jogador": (
            "url",
            player_link(settings, "telegram", "1", ChatRef("telegram", "1")),
        )
    }


@pytest.mark.usefixtures("bot")
async def test_no_page_is_linked_without_web_url(api: FakeBotApi) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    group = api.group(-100300, "Clube")
    api.send_text(ana, group, "/tournament new brazilian knockout")
    await answer_with(api, group, "Ana opens tournament #1")
    api.send_text(ana, group, "/tournament show")
    assert api.openings(await answer_with(api, group, "Tournament #1:")) == {}
    api.send_text(ana, group, "/profile")
    assert api.openings(await answer_with(api, group, "Ana")) == {}


@pytest.mark.usefixtures("web_bot")
async def test_web_in_a_group_sends_the_sign_in_link_privately(
    api: FakeBotApi, settings: WebSettings
) -> None:
    """/web's link signs its holder in: never in the group (issue 38, item 1)."""
    ana = api.user(1, "Ana", "ana", "en")
    group = api.group(-100300, "Clube")
    api.send_text(ana, group, "/web")
    await answer_with(api, group, "I cannot write to you privately")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/help")
    await answer_with(api, chat, "")
    api.send_text(ana, group, "/web")
    private = await answer_with(api, chat, "Your own link")
    [(kind, address)] = api.openings(private).values()
    assert kind == "url"
    assert address.startswith(f"{settings.url}/signin?key=")
    assert all("signin" not in str(message) for message in api.bot_messages(group))
