"""Captures along their route on the Mini App (issue 28, item 3): the state the page draws
from names, for each capture, the squares of the pieces it takes and the squares it lands on
on its way, in the board's square names, and what it takes in the reader's words; quiet
moves name none."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.i18n import text, translate
from bot.service.game_service import GameService
from bot.web.play.board_api import ROUTES
from tests.bot.web.helpers import web_client
from tests.bot.web.test_mini_app import ANA, as_user, post
from tests.bot.web.test_mini_app_soffio import game

Client = TestClient[Any, Any]
# White's man on a3 (21) takes b4 (17) and d6 (10), landing on c5 (14) on its way to e7.
BRAZILIAN_DOUBLE = "fen=W:W21,30:B17,10,2"
# White's man on 32 takes 28 and 19 through 23 to 14 (International: squares by number).
INTERNATIONAL_DOUBLE = "fen=W:W32,47:B28,19,3"
# Italian men take only forwards: two routes from 26 to 10, each taking its own two men.
ITALIAN_TWO_ROUTES = "fen=W:W26:B13,14,21,22,4"


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service):
        yield opened


async def shown_to_ana(service: GameService, client: Client, kind: str, fen: str) -> dict[str, Any]:
    state = await game(service, kind, fen)
    status, shown = await post(client, "state", as_user(ANA, game=state.id))
    assert status == 200, shown
    return shown


def takes(language: str, squares: str) -> str:
    return translate(language, text("takes {squares}", squares=squares))


@pytest.mark.parametrize(
    ("kind", "fen", "move", "captured", "via"),
    [
        ("brazilian", BRAZILIAN_DOUBLE, ("a3", "e7"), ["b4", "d6"], ["c5"]),
        ("international", INTERNATIONAL_DOUBLE, ("32", "14"), ["28", "19"], ["23"]),
    ],
)
async def test_a_multiple_capture_lists_the_pieces_it_takes_and_its_landings(
    service: GameService,
    client: Client,
    kind: str,
    fen: str,
    move: tuple[str, str],
    captured: list[str],
    via: list[str],
) -> None:
    shown = await shown_to_ana(service, client, kind, fen)
    [capture] = shown["choices"]
    assert (capture["piece"], capture["target"]) == move
    assert capture["captured"] == captured
    assert capture["via"] == via
    # Ana reads Portuguese: what the capture takes is said in her words.
    named = ", ".join(captured)
    assert capture["takes"] == takes("pt", named) != takes("en", named)
    assert shown["routes"] is None, "one route: nothing to choose between"


async def test_two_routes_to_one_square_each_list_their_own_captures(
    service: GameService, client: Client
) -> None:
    shown = await shown_to_ana(service, client, "italian", ITALIAN_TWO_ROUTES)
    choices = shown["choices"]
    routes = {choice["notation"]: (choice["captured"], choice["via"]) for choice in choices}
    assert routes == {"26x17x10": (["21", "13"], ["17"]), "26x19x10": (["22", "14"], ["19"])}
    assert {(choice["piece"], choice["target"]) for choice in choices} == {("26", "10")}
    # The page's words on how to choose between them, in Ana's language.
    assert shown["routes"] == translate("pt", ROUTES) != translate("en", ROUTES)


async def test_quiet_moves_take_nothing(service: GameService, client: Client) -> None:
    choices = (await shown_to_ana(service, client, "brazilian", "fen=W:W21,22:B5"))["choices"]
    assert choices
    assert all(c["captured"] == [] and c["via"] == [] and c["takes"] is None for c in choices)
