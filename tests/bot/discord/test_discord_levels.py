"""The computer's level on Discord: a `level` option of /new with choices in three languages."""

from __future__ import annotations

from bot.service.game_service import GameService
from tests.bot.discord.clicks import ANA, CHANNEL, act, game_of, latest_board
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord


async def test_new_offers_the_levels_in_three_languages(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    [new] = [command for command in fake.commands if command["name"] == "new"]
    [option] = [option for option in new["options"] if option["name"] == "level"]
    strong = next(choice for choice in option["choices"] if choice["value"] == "strong")
    assert [choice["value"] for choice in option["choices"]] == [
        "beginner",
        "easy",
        "normal",
        "strong",
    ]
    assert strong["name"] == "strong"
    assert strong["name_localizations"] == {"pt-BR": "forte", "it": "forte"}


async def test_a_level_starts_a_game_against_the_computer_at_that_level(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    await act(
        fake,
        await fake.slash(
            ANA, CHANNEL, "new", {"game": "brazilian", "level": "beginner", "side": 0}
        ),
    )
    board = latest_board(fake)
    state = await service.kernel.state(game_of(board))
    assert state.record.options["level"] == "beginner"
    assert "Computer (beginner, Black)" in board["embeds"][0]["description"]
