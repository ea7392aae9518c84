"""Ratings through Telegram: a rated game between two people in a group ends by resignation
and both see the change on the board; /top is a formatted message, /profile sends the chart
as a photo."""

from __future__ import annotations

import pytest

from bot.service.game_service import GameService
from storage import Store
from tests.bot.rated_play import OPENING
from tests.bot.telegram.conftest import wait_for_version
from tests.fakes.telegram_api import PNG_SIGNATURE, FakeBotApi


@pytest.fixture
def store(rated_store: Store) -> Store:
    return rated_store


@pytest.mark.usefixtures("bot")
async def test_a_rated_game_ends_and_both_players_see_their_change(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    bia = api.user(2, "Bia", "bia", "en")
    group = api.group(-100200, "Clube")
    api.send_text(bia, group, "ciao")  # the bot now knows @bia
    api.send_text(ana, group, "/new brazilian vs @bia white")
    await api.wait_for(lambda: api.bot_messages(group), "the challenge")
    api.send_text(bia, group, "/accept")
    board = await api.wait_for(lambda: api.boards(group), "the board")
    assert "Ana (White, 1500?) - Bia (Black, 1500?)" in board[-1]["caption"]
    for ply, move in enumerate(OPENING):
        api.send_text(ana if ply % 2 == 0 else bia, group, f"/move {move}")
        await wait_for_version(service, 1, ply + 1)
    api.send_text(bia, group, "/resign yes")
    changed = await api.wait_for(
        lambda: [m for m in api.boards(group) if "+162" in (m.get("caption") or "")],
        "the change on the board",
    )
    assert "Ana (White, 1662? +162) - Bia (Black, 1338? -162)" in changed[-1]["caption"]

    api.send_text(ana, group, "/top")
    top = await api.wait_for(
        lambda: [m for m in api.bot_messages(group) if "<b>Leaderboard" in m.get("text", "")],
        "the leaderboard",
    )
    assert top[-1]["text"].startswith("<b>Leaderboard, Brazilian draughts (correspondence)</b>")
    assert "1. Ana <code>1662?</code>\n2. Bia <code>1338?</code>" in top[-1]["text"]

    api.send_text(bia, group, "/perfil @ana")
    chart = await api.wait_for(
        lambda: [m for m in api.boards(group) if (m.get("caption") or "").startswith("Ratings of")],
        "the rating chart",
    )
    key = (group["id"], chart[-1]["message_id"])
    assert api.photos[key].startswith(PNG_SIGNATURE)
    assert any("1662? (+162 in 30 days, 1 game)" in line for line in api.texts(group))
