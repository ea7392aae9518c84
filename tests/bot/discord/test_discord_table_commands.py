"""What the command table made one on Discord (issue 23): /resign and /abort ask for a yes
(the `confirm` option) as the typed ones do; a bare /vacation shows the setting and `on`
starts one; /games has `done`; a typed command new to Discord (/rules) answers as typed."""

from __future__ import annotations

from bot.service.game_service import GameService
from tests.bot.discord.clicks import ANA, CHANNEL, act, game_of, start_duel
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord


async def test_resign_asks_for_a_yes_and_the_yes_resigns(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    game_id = game_of(await start_duel(fake))
    asked = await act(fake, await fake.slash(ANA, CHANNEL, "resign", {"game": game_id}))
    assert asked.ephemeral_text.splitlines() == [
        f"Resign game #{game_id}?",
        "To confirm, give the command again with confirm.",
    ]
    assert (await service.kernel.state(game_id)).active
    confirmed = {"game": game_id, "confirm": True}
    await act(fake, await fake.slash(ANA, CHANNEL, "resign", confirmed))
    assert not (await service.kernel.state(game_id)).active


async def test_a_bare_vacation_shows_the_setting_and_on_starts_one(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    shown = await act(fake, await fake.slash(ANA, CHANNEL, "vacation", {}))
    assert shown.ephemeral_text.startswith("You are not on vacation; 30 days left this year")
    await act(fake, await fake.slash(ANA, CHANNEL, "vacation", {"on": True}))
    again = await act(fake, await fake.slash(ANA, CHANNEL, "vacation", {}))
    assert again.ephemeral_text.startswith("You are on vacation until "), again.ephemeral_text
    ended = await act(fake, await fake.slash(ANA, CHANNEL, "vacation", {"on": False}))
    assert ended.ephemeral_text == "Welcome back: your clocks run again."


async def test_games_done_lists_the_finished_games(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    game_id = game_of(await start_duel(fake))
    confirmed = {"game": game_id, "confirm": True}
    await act(fake, await fake.slash(ANA, CHANNEL, "resign", confirmed))
    running = await act(fake, await fake.slash(ANA, CHANNEL, "games", {}))
    assert f"#{game_id}" not in running.ephemeral_text, running.ephemeral_text
    done = await act(fake, await fake.slash(ANA, CHANNEL, "games", {"done": True}))
    assert f"#{game_id}" in done.ephemeral_text, done.ephemeral_text


async def test_rules_answers_as_typed(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    rules = await act(fake, await fake.slash(ANA, CHANNEL, "rules", {"game": "ludo"}))
    assert rules.ephemeral_text.startswith("Each player brings four pawns round the 52-square")
