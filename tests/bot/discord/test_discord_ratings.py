"""Ratings through Discord: a rated game between two members ends by resignation and the
board shows both changes; /top answers with an embed, /profile with the chart in an embed."""

from __future__ import annotations

import pytest

from bot.service.game_service import GameService
from storage import Store
from tests.bot.discord.clicks import ANA, BIA, CHANNEL, act, latest_board, start_duel
from tests.bot.discord.conftest import Connect
from tests.bot.rated_play import OPENING
from tests.fakes.discord_api import FakeDiscord


@pytest.fixture
def store(rated_store: Store) -> Store:
    return rated_store


async def test_a_rated_game_ends_and_both_members_see_their_change(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    assert "Ana (White, 1500?) - Bia (Black, 1500?)" in board["embeds"][0]["description"]
    for ply, move in enumerate(OPENING):
        who = ANA if ply % 2 == 0 else BIA
        await act(fake, await fake.slash(who, CHANNEL, "move", {"move": move}))
    await act(fake, await fake.slash(BIA, CHANNEL, "resign", {"confirm": True}))
    ended = latest_board(fake)["embeds"][0]["description"]
    assert "Ana (White, 1662? +162) - Bia (Black, 1338? -162)" in ended

    top = await act(fake, await fake.slash(ANA, CHANNEL, "top", {"game": "brazilian"}))
    assert top.original is not None
    assert top.original["content"] == "", "no bare Done. above the embed"
    (embed,) = top.original["embeds"]
    assert embed["title"] == "Leaderboard, Brazilian draughts (correspondence)"
    assert [field["value"] for field in embed["fields"]] == ["1. Ana 1662?\n2. Bia 1338?"] * 2

    profile = await act(
        fake,
        await fake.slash(
            BIA, CHANNEL, "profile", {"player": ANA["user"]["id"]}, users={ANA["user"]["id"]: ANA}
        ),
    )
    assert profile.original is not None
    assert profile.original["content"] == ""
    (card,) = profile.original["embeds"]
    assert card["title"] == "Ana"
    assert "1662? (+162 in 30 days, 1 game)" in card["description"]
    assert card["image"]["url"].startswith("attachment://ratings-")
    (chart,) = fake.files[int(profile.original["id"])].values()
    assert chart.startswith(b"\x89PNG")
