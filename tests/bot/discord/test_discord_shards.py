"""Discord shards (issue 16): DISCORD_SHARD_COUNT and DISCORD_SHARD_IDS split the gateway
connection; two processes (here two clients and two services) with one shard each, on one
PostgreSQL database, serve one game together: each gets the interactions of its guilds (as
Discord sends them), and a move made through one updates the board the other posted."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.i18n import translate
from bot.refusals import SettingsRefused
from bot.service.game_service import GameService
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.settings import Shards, read_settings
from games.computer import Limit
from storage import open_store
from tests.bot.discord.clicks import (
    ANA,
    CHANNEL,
    act,
    game_of,
    latest_board,
    start_duel,
)
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord
from tests.postgres_server import PostgresServer

# A channel of another guild, whose events Discord sends to shard 0 of 2 (CHANNEL's guild
# goes to shard 1): (guild id >> 22) % 2.
OTHER_GUILD = "800000000004194305"
OTHER_CHANNEL = "500000000000000009"


def read_shards(count: str, ids: str) -> Shards | None:
    """The shards DISCORD_SHARD_COUNT and DISCORD_SHARD_IDS give, as the bot reads them."""
    environment = {"DISCORD_TOKEN": "t", "DISCORD_SHARD_COUNT": count, "DISCORD_SHARD_IDS": ids}
    discord = read_settings(environment).discord
    assert discord is not None
    return discord.shards


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [
        ("", "", None),
        ("4", "", Shards(4, (0, 1, 2, 3))),
        ("4", "3,1", Shards(4, (1, 3))),
    ],
)
def test_shards_come_from_the_environment(count: str, ids: str, expected: Shards | None) -> None:
    assert read_shards(count, ids) == expected


@pytest.mark.parametrize(
    ("count", "ids", "problem"),
    [("", "1", "needs DISCORD_SHARD_COUNT"), ("two", "", "is a number"), ("2", "2", "0 to 1")],
)
def test_wrong_shards_are_named(count: str, ids: str, problem: str) -> None:
    with pytest.raises(SettingsRefused) as refused:
        read_settings({"DISCORD_SHARD_COUNT": count, "DISCORD_SHARD_IDS": ids})
    assert problem in translate(None, refused.value.reason)


@pytest.fixture
async def services(postgres_server: PostgresServer) -> AsyncIterator[list[GameService]]:
    database = postgres_server.new_database()
    stores = [await open_store(database) for _ in range(2)]
    pair = [
        GameService(store, ComputerPlayers(ThreadPoolExecutor(1), Limit(depth=1, seconds=0.1)))
        for store in stores
    ]
    following = [asyncio.create_task(service.elsewhere.run()) for service in pair]
    yield pair
    for task in following:
        task.cancel()
    await asyncio.gather(*following, return_exceptions=True)
    for service, store in zip(pair, stores, strict=True):
        await service.kernel.close()
        await store.close()


async def test_two_processes_with_a_shard_each_serve_one_game(
    fake: FakeDiscord,
    connect: Connect,
    services: list[GameService],
) -> None:
    fake.channel_guilds[OTHER_CHANNEL] = OTHER_GUILD
    for shard, service in enumerate(services):
        await connect(service, shards=read_shards("2", str(shard)))
    # The duel is in CHANNEL: its guild is shard 1's, the second process's.
    board = await start_duel(fake)
    game_id = game_of(board)
    assert "c3-d4" not in board["embeds"][0]["description"]
    # Ana plays from a channel of the other guild, naming the game: the first process serves
    # it, and the board in CHANNEL shows the move.
    played = await act(
        fake, await fake.slash(ANA, OTHER_CHANNEL, "move", {"move": "c3-d4", "game": game_id})
    )
    assert "c3-d4" in played.ephemeral_text
    assert (await services[1].kernel.state(game_id)).log == ("c3-d4",)
    await fake.wait_for(
        lambda: "c3-d4" in latest_board(fake, CHANNEL)["embeds"][0]["description"],
        30,
        "the move on the board in CHANNEL",
    )
