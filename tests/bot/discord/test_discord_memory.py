"""What the Discord front end remembers stays within its bounds (bot/recent.py: a bot runs for
months, across ever more channels, challenges and games), keeps its newest entries working,
and asks the service again for what it forgot."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord import app
from bot.discord.front import DiscordFront
from bot.service import boards
from bot.service.game_service import GameService
from tests.bot.discord.clicks import ANA, BIA, CAIO, CHANNEL, act, ids_like
from tests.bot.discord.conftest import Connect
from tests.bot.discord.test_discord_channel_language import MANAGER
from tests.bot.discord.test_discord_tournament import press
from tests.fakes.discord_api import FakeDiscord, custom_ids

BOUND = 2
CHANNELS = ("500000000000000011", "500000000000000012", "500000000000000013")


@pytest.fixture
def fronts(monkeypatch: pytest.MonkeyPatch) -> list[DiscordFront]:
    """The front ends the clients build, each remembering `BOUND` entries of every kind."""
    built: list[DiscordFront] = []

    def small(*args: Any, **kwargs: Any) -> DiscordFront:
        front = DiscordFront(*args, **kwargs)
        for memory in (
            front.channels.languages,
            front.poster._shown,
            front.poster._unsent,
            front.showing._challenge_messages,
            front.showing._tournament_messages,
            front.showing.threads._places,
        ):
            memory.size = BOUND
        built.append(front)
        return front

    monkeypatch.setattr(app, "DiscordFront", small)
    return built


async def test_channels_and_challenges_beyond_the_bound_are_forgotten_oldest_first(
    fake: FakeDiscord, connect: Connect, service: GameService, fronts: list[DiscordFront]
) -> None:
    await connect(service)
    [front] = fronts
    first = CHANNELS[0]
    chosen = {"language": "it", "channel": True}
    await act(fake, await fake.slash(MANAGER, first, "language", chosen))
    for channel in CHANNELS:
        await act(
            fake,
            await fake.slash(
                ANA, channel, "new", {"game": "brazilian", "opponent": BIA["user"]["id"]}
            ),
        )
    assert list(front.channels.languages) == list(CHANNELS[-BOUND:])
    assert len(front.showing._challenge_messages) == BOUND
    # The channel forgotten still speaks the language its managers chose: the service says.
    assert await front.channels.language(first) == "it"

    # The newest challenge, remembered, loses its buttons once accepted; so does the oldest,
    # forgotten: its own message is the one pressed.
    for channel in (CHANNELS[-1], first):
        challenge = fake.channel_messages(channel)[-1]
        [accept] = ids_like(challenge, r"dmb:a:\d+")
        await act(fake, await fake.click(BIA, challenge, accept))
        assert custom_ids(fake.messages[int(challenge["id"])]) == [], channel
    await service.kernel.background.idle()
    assert len(front.poster._shown) == BOUND
    # No channel's turn to post is held once its boards are out.
    assert front.poster._posting == {}


async def test_a_forgotten_board_stays_the_newest_and_a_forgotten_thread_is_found_again(
    fake: FakeDiscord, connect: Connect, service: GameService, fronts: list[DiscordFront]
) -> None:
    await connect(service)
    [front] = fronts
    settings = {"variant": "brazilian", "format": "knockout", "boards": "threads"}
    await act(fake, await fake.slash(ANA, CHANNEL, "tournament", settings, subcommand="new"))
    for who in (ANA, BIA, CAIO):
        await press(fake, who, "dmb:tj:1")
    await act(fake, await fake.slash(ANA, CHANNEL, "tournament", subcommand="start"))
    [thread] = fake.threads.values()
    game_id = (await service.store.tournament_facts(1)).games[0].game_id or 0
    first = await service.kernel.state(game_id)
    front.showing.threads._places.clear()
    front.poster._shown.clear()

    mover = {"Ana": ANA, "Bia": BIA, "Caio": CAIO}[first.seat_names[0]]
    move = boards.move_choices(first)[0].notation
    await act(fake, await fake.slash(mover, thread["id"], "move", {"game": game_id, "move": move}))
    await service.kernel.background.idle()
    # Found again by its stored board message: no second thread, the board moved on there.
    assert len(fake.threads) == 1
    moved = await service.kernel.state(game_id)
    assert moved.version > first.version
    newest = f"game-{game_id}-{moved.version}.png"
    assert newest in shown_board(fake, thread["id"])

    # The older board, its version forgotten by the front end, is not posted over it.
    front.poster._shown.clear()
    await front.poster.post_board(first, None, thread["id"], None)
    assert newest in shown_board(fake, thread["id"])


def shown_board(fake: FakeDiscord, channel: str) -> str:
    """The picture of the newest board message in a channel."""
    board = [message for message in fake.channel_messages(channel) if message["embeds"]][-1]
    url: str = fake.messages[int(board["id"])]["embeds"][0]["image"]["url"]
    return url
