"""The game's page played in a real browser (issue 38, items 1 and 3): a person opens the
personal link /web gives, the page signs him in and lists his games, and he taps his moves
on the board component while his opponent's page and a watcher's follow live, and a move
made in the chat shows on his page. Resigning asks twice. The one board component plays
every kind of game on a phone's screen. Skipped where Chromium or Playwright is missing, as
tests/bot/web/test_browser.py is."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.service import boards
from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.events import BoardUpdate, ChallengeUpdate, GameState, Reply, SignInPage
from bot.web.app import web_app
from bot.web.links import game_link
from games.base import CHANCE
from tests.bot.web.helpers import DEADLINE, SETTINGS
from tests.bot.web.test_browser import ANA, BIA, GROUP, browser, holds, pytestmark, tap_move
from tests.waiting import eventually

__all__ = ["browser", "pytestmark"]
Client = TestClient[Any, Any]
PHONE = {"width": 390, "height": 844}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
async def site(service: GameService) -> AsyncIterator[tuple[Client, Any]]:
    """The pages served at the very address their settings name, so that the browser's
    Origin is the site's own."""
    port = free_port()
    settings = replace(SETTINGS, url=f"http://127.0.0.1:{port}")
    client: Client = TestClient(TestServer(web_app(service, settings), port=port))
    await client.start_server()
    try:
        yield client, settings
    finally:
        await client.close()


async def group_game(service: GameService, kind: str = "brazilian") -> GameState:
    events = await service.challenges.new_game(ANA, GROUP, kind, opponent=BIA, seat=0)
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, GROUP)
    return await service.kernel.state(challenge.game_id or 1)


async def signed_in_page(browser: Any, service: GameService, site: Any, actor: Any) -> Any:
    """A phone's browser of its own (its own cookies) that opened `actor`'s /web link and
    landed on his games."""
    _, settings = site
    (reply,) = await service.web_sessions.sign_in_link(actor)
    assert isinstance(reply, Reply)
    assert isinstance(reply.page, SignInPage)
    context = await browser.new_context(viewport=PHONE)
    page = await context.new_page()
    await page.goto(f"{settings.url}/signin?key={reply.page.key}")
    await page.wait_for_url("**/me?lang=*", timeout=DEADLINE * 1000)
    return page


async def open_game(page: Any, settings: Any, game: int) -> None:
    await page.goto(game_link(settings, game))
    await page.locator("#board svg").wait_for(timeout=DEADLINE * 1000)


async def test_two_players_tap_their_moves_and_every_page_follows(
    service: GameService, site: Any, browser: Any
) -> None:
    _, settings = site
    state = await group_game(service)
    ana = await signed_in_page(browser, service, site, ANA)
    link = ana.locator("#games a")
    assert await link.count() == 1
    await link.click()
    await ana.locator("#board svg").wait_for(timeout=DEADLINE * 1000)
    bia = await signed_in_page(browser, service, site, BIA)
    await open_game(bia, settings, state.id)
    watcher = await browser.new_page(viewport=PHONE)
    await watcher.goto(game_link(settings, state.id))
    for number, (start, end, page) in enumerate(
        (("c3", "d4", ana), ("f6", "e5", bia), ("d4", "f6", ana)), start=1
    ):
        await holds(page, f"document.body.dataset.version == {state.version}")
        await tap_move(page, start, end)

        async def played(count: int = number, game: int = state.id) -> bool:
            return len((await service.kernel.state(game)).log) == count

        await eventually(played, f"ply {number} played", DEADLINE)
        state = await service.kernel.state(state.id)
        for each in (ana, bia):
            await holds(each, f"document.body.dataset.version == {state.version}")
        await holds(watcher, f"document.body.dataset.plies == {number}")
    # A move made in the chat shows on the pages at once.
    await service.play.move(BIA, "g7xe5", state.id)
    state = await service.kernel.state(state.id)
    await holds(ana, f"document.body.dataset.version == {state.version}")
    assert await ana.locator("#board .piece").count() == 22
    assert "c3-d4" in await ana.locator("#moves").inner_text()


async def test_resigning_on_the_page_asks_twice(
    service: GameService, site: Any, browser: Any
) -> None:
    _, settings = site
    state = await group_game(service)
    bia = await signed_in_page(browser, service, site, BIA)
    await open_game(bia, settings, state.id)
    resign = bia.locator("#resign")
    await resign.click()
    assert (await service.kernel.state(state.id)).active
    await resign.click()

    async def over() -> bool:
        return not (await service.kernel.state(state.id)).active

    await eventually(over, "Bia's resignation", DEADLINE)
    await holds(bia, "document.getElementById('resign').hidden")


@pytest.mark.parametrize("kind", ["brazilian", "international", "italian", "italian-familiar"])
async def test_the_board_component_plays_each_draughts_game_on_a_phone(
    service: GameService, site: Any, browser: Any, kind: str
) -> None:
    _, settings = site
    state = await group_game(service, kind)
    seat = seat_to_act(state)
    page = await signed_in_page(browser, service, site, (ANA, BIA)[seat or 0])
    await open_game(page, settings, state.id)
    width = await page.evaluate(
        "document.querySelector('#board svg').getBoundingClientRect().width"
    )
    assert 300 <= width <= PHONE["width"]
    choice = boards.move_choices(state)[0]
    # A square by its name ("c3") or its number ("31", international's), as the page finds it.
    for square in (choice.piece, choice.target):
        found = f'#board rect[data-name="{square}"], #board rect[data-square="{square}"]'
        await page.locator(found).click()

    async def moved() -> bool:
        return (await service.kernel.state(state.id)).log == (choice.notation,)

    await eventually(moved, f"{kind}: {choice.notation} played", DEADLINE)


async def test_ludo_rolls_and_moves_on_the_page(
    service: GameService, site: Any, browser: Any
) -> None:
    _, settings = site
    events = await service.challenges.new_game(ANA, GROUP, "ludo", computer=True, players=2, seat=0)
    game = next(e.state for e in events if isinstance(e, BoardUpdate))
    page = await signed_in_page(browser, service, site, ANA)
    await open_game(page, settings, game.id)
    roll = page.locator("#roll")
    await roll.wait_for(timeout=DEADLINE * 1000)
    height = await page.evaluate("document.getElementById('roll').getBoundingClientRect().height")
    assert height >= 44  # a thumb's target
    await roll.click()

    async def rolled() -> bool:
        state = await service.kernel.state(game.id)
        return bool(state.log) and state.log[0].startswith("roll")

    await eventually(rolled, "Ana's roll", DEADLINE)
    state = await service.kernel.state(game.id)
    if state.position.to_move() != CHANCE and seat_to_act(state) == 0:
        button = page.locator("#own button").first
        await button.wait_for(timeout=DEADLINE * 1000)
        await button.click()

        async def moved() -> bool:
            return len((await service.kernel.state(game.id)).log) >= 2

        await eventually(moved, "Ana's pawn moved", DEADLINE)


async def test_a_piece_dragged_to_its_square_is_played(
    service: GameService, site: Any, browser: Any
) -> None:
    _, settings = site
    state = await group_game(service)
    ana = await signed_in_page(browser, service, site, ANA)
    await open_game(ana, settings, state.id)
    start = await ana.locator('#board rect[data-name="c3"]').bounding_box()
    end = await ana.locator('#board rect[data-name="d4"]').bounding_box()
    await ana.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    await ana.mouse.down()
    await ana.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=5)
    await ana.mouse.up()

    async def dragged() -> bool:
        return (await service.kernel.state(state.id)).log == ("c3-d4",)

    await eventually(dragged, "the piece dragged from c3 to d4", DEADLINE)
