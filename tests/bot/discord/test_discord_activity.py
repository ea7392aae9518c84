"""The Discord Activity launched from a board (issue 38, item 2): with the application's
OAuth2 client set, a live board has "Play here", whose press Discord answers by launching
the Activity (interaction response type 12, LAUNCH_ACTIVITY, through discord.py's
`launch_activity`); without it, no such button. The fake checks every component rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service.game_service import GameService
from bot.settings import read_settings
from bot.settings.parts import DiscordClient
from tests.bot.discord.clicks import ANA, CHANNEL, act, ids_like, latest_board
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord
from tests.fakes.discord_oauth import CLIENT_ID, CLIENT_SECRET

ENVIRONMENT = {"WEB_URL": "https://damas.example", "WEB_SECRET": "discord activity"}


async def new_game(fake: FakeDiscord) -> None:
    started = await act(
        fake,
        await fake.slash(ANA, CHANNEL, "new", {"game": "brazilian", "computer": True, "side": 0}),
    )
    assert "starts" in started.ephemeral_text


async def test_a_board_launches_the_activity(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    web = read_settings(ENVIRONMENT).web
    assert web is not None
    await connect(service, web=replace(web, discord_client=DiscordClient(CLIENT_ID, CLIENT_SECRET)))
    await new_game(fake)
    board = latest_board(fake)
    [play_here] = ids_like(board, r"dmb:v:\d+")
    pressed = await fake.settled(await fake.click(ANA, board, play_here))
    assert pressed.response_type == 12
    assert fake.violations == []


async def test_without_the_client_a_board_has_no_activity(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service, web=read_settings(ENVIRONMENT).web)
    await new_game(fake)
    assert ids_like(latest_board(fake), r"dmb:v:\d+") == []


async def test_the_entry_point_command_of_activities_is_kept_at_start(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    """Discord refuses a bulk overwrite of the commands that leaves out the Entry Point
    command it added when Activities were enabled (400, 50240): the bot keeps it."""
    fake.enable_activities()
    web = read_settings(ENVIRONMENT).web
    assert web is not None
    await connect(service, web=replace(web, discord_client=DiscordClient(CLIENT_ID, CLIENT_SECRET)))
    assert [command["type"] for command in fake.commands].count(4) == 1
    assert "tournament" in {command["name"] for command in fake.commands}
    assert fake.violations == []


def test_the_fake_refuses_an_overwrite_without_the_entry_point() -> None:
    fake = FakeDiscord()
    fake.enable_activities()
    with pytest.raises(Exception, match="Entry Point"):
        fake._overwrite_commands([])
