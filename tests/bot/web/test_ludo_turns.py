"""A Ludo game's page lists its moves by turn (issue 37, item 12): a row per turn with the
player, the dice and the moves, instead of one paragraph of hundreds of rolls; a replayed
position shows the turns up to it; draughts keeps its numbered moves."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import AsyncIterator
from html import unescape
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.service.game_service import GameService
from bot.service.kernel.events import GameState
from bot.web.links import game_link
from games.base import CHANCE
from tests.bot.conftest import ANA, CHAT
from tests.bot.service.test_service import latest, two_player_game
from tests.bot.web.helpers import SETTINGS, local, next_event, web_client

Client = TestClient[Any, Any]
ROW = re.compile(r"<tr>(.*?)</tr>")
CELL = re.compile(r"<t[dh]>(.*?)</t[dh]>")


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service):
        yield opened


async def ludo_played(
    service: GameService, actions: int, game: GameState | None = None
) -> GameState:
    """Ana (Red) against the computer (a new game, or `game` on), `actions` more of her rolls
    and moves played."""
    state = game or latest(
        await service.challenges.new_game(ANA, CHAT, "ludo", computer=True, players=2, seat=0)
    )
    pick = random.Random(len(state.log))
    for _ in range(actions):
        await service.kernel.background.idle()
        state = await service.kernel.state(state.id)
        if state.position.to_move() == CHANCE:
            state = latest(await service.play.roll(ANA, state.id))
        else:
            move = pick.choice(list(state.position.legal_moves()))
            state = latest(await service.play.move(ANA, state.position.notation(move), state.id))
    await service.kernel.background.idle()
    return await service.kernel.state(state.id)


def rows_of(page: str) -> list[list[str]]:
    table = page.partition('<table class="turns">')[2].partition("</table>")[0]
    return [[unescape(cell) for cell in CELL.findall(row)] for row in ROW.findall(table)]


async def test_a_ludo_page_lists_its_moves_by_turn(service: GameService, client: Client) -> None:
    state = await ludo_played(service, 60)
    assert len(state.log) > 60
    response = await client.get(local(game_link(SETTINGS, state.id)))
    page = await response.text()
    assert response.status == 200
    rows = rows_of(page)
    assert rows[0] == ["Player", "Dice", "Moves"]
    turns = rows[1:]
    players = {row[0] for row in turns}
    assert players == {"Ana (Red)", "Computer (Yellow)"}, players
    # One row per turn: the players alternate, never one row for two of them.
    assert all(a[0] != b[0] for a, b in itertools.pairwise(turns))
    rolls = [int(roll) for row in turns for roll in row[1].split(", ")]
    assert rolls == [int(n.split()[1]) for n in state.log if n.startswith("roll")]
    assert sum(row[2] != "no move" for row in turns) > 0
    assert len(turns) >= len(state.log) // 4
    # Each row's moves are its own: no "rolled" line, every move of the log in one row.
    moves = [n for n in state.log if not n.startswith("roll")]
    shown = [move for row in turns if row[2] != "no move" for move in row[2].split(", ")]
    assert len(shown) == len(moves)
    assert "rolled" not in page.partition('<table class="turns">')[2]
    assert '<pre id="moves">' not in page


async def test_a_ludo_page_in_portuguese_and_its_live_view_carry_the_turns(
    service: GameService, client: Client
) -> None:
    state = await ludo_played(service, 12)
    response = await client.get(local(game_link(SETTINGS, state.id, "pt")))
    rows = rows_of(await response.text())
    assert rows[0] == ["Jogador", "Dados", "Lances"]
    assert {row[0] for row in rows[1:]} == {"Ana (Vermelho)", "Computador (Amarelo)"}
    events = await client.get(local(game_link(SETTINGS, state.id, "pt")).replace("?", "/events?"))
    view = await next_event(events)
    events.close()
    assert view["turns"] == rows[1:]


async def test_a_draughts_page_keeps_its_numbered_moves(
    service: GameService, client: Client
) -> None:
    state = await two_player_game(service, "brazilian")
    response = await client.get(local(game_link(SETTINGS, state.id)))
    page = await response.text()
    assert '<pre id="moves">' in page
    assert 'class="turns"' not in page
