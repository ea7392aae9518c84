"""The language of a server channel's public text (issue 21, item 3; issue 34, item 7): the
one its managers chose with /language channel, else the server's locale (Discord's
`guild_locale`), else the first player's there (a game or a move); never whoever typed
first, not even /help."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.service import boards
from bot.service.game_service import GameService
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.events import Actor
from storage import Store
from tests.bot.discord.clicks import ANA, BIA, CHANNEL, act, latest_board
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import MEMBER_PERMISSIONS, FakeDiscord, member

# Ana may manage the server (Manage Server, 1 << 5); Olga administers it (1 << 3); Bia and
# Caio are ordinary members.
OLGA = member("100000000000000004", "Olga", str(int(MEMBER_PERMISSIONS) | 1 << 3))
CAIO = member("100000000000000003", "Caio", MEMBER_PERMISSIONS)
MANAGER = member(ANA["user"]["id"], "Ana", str(int(MEMBER_PERMISSIONS) | 1 << 5))
PLAIN_BIA = member(BIA["user"]["id"], "Bia", MEMBER_PERMISSIONS)
OTHER_CHANNEL = "500000000000000009"


async def board_against_the_computer(
    fake: FakeDiscord, who: dict[str, Any], channel: str, guild_locale: str = "en-US"
) -> str:
    """Start a game against the computer in `channel`; the board's caption."""
    await act(
        fake,
        await fake.slash(
            who,
            channel,
            "new",
            {"game": "brazilian", "computer": True, "side": 0},
            guild_locale=guild_locale,
        ),
    )
    description: str = latest_board(fake, channel)["embeds"][0]["description"]
    return description


async def test_a_brazilian_server_gets_portuguese_boards_after_an_english_help(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    """An English client types /help first; the boards still speak the server's language, and
    the people's own answers their own."""
    await connect(service)
    brazilian = "pt-BR"
    helped = await act(fake, await fake.slash(CAIO, CHANNEL, "help", {}, guild_locale=brazilian))
    lines = helped.ephemeral_text.splitlines()
    assert any(line.startswith("/move move [game] - ") for line in lines), "his answer: English"
    caption = await board_against_the_computer(fake, CAIO, CHANNEL, guild_locale=brazilian)
    assert "Damas brasileiras" in caption
    assert "Brazilian" not in caption


async def test_an_english_help_leaves_an_ordinary_server_to_its_first_player(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    """An ordinary server (en-US): an English member's /help is no play, so the channel's
    first board speaks the Portuguese player's language, who played first there."""
    await connect(service)
    await act(fake, await fake.slash(CAIO, CHANNEL, "help", {}, locale="en-US"))
    await act(fake, await fake.slash(PLAIN_BIA, CHANNEL, "games", {}, locale="en-US"))
    pedro = member("100000000000000005", "Pedro", MEMBER_PERMISSIONS)
    new = {"game": "brazilian", "computer": True, "side": 0}
    await act(fake, await fake.slash(pedro, CHANNEL, "new", new, locale="pt-BR"))
    caption = latest_board(fake, CHANNEL)["embeds"][0]["description"]
    assert "Damas brasileiras" in caption, caption
    # The channel keeps it: the next player's board, an Englishman's, is Portuguese too.
    await act(fake, await fake.slash(CAIO, CHANNEL, "new", new, locale="en-US"))
    caption = latest_board(fake, CHANNEL)["embeds"][0]["description"]
    assert "Damas brasileiras" in caption, caption


async def test_only_a_server_manager_chooses_a_channels_language(
    fake: FakeDiscord, connect: Connect, service: GameService, store: Store
) -> None:
    await connect(service)
    refused = await act(
        fake, await fake.slash(PLAIN_BIA, CHANNEL, "language", {"language": "it", "channel": True})
    )
    assert refused.ephemeral_text.startswith("Only an administrator of this chat")
    assert await store.chosen_chat_language("discord", CHANNEL) is None
    assert (await service.kernel.roster.player(actor_of(PLAIN_BIA))).language == "en", (
        "hers is unchanged too"
    )

    chose = await act(
        fake, await fake.slash(MANAGER, CHANNEL, "language", {"language": "it", "channel": True})
    )
    assert chose.ephemeral_text == "This chat's boards and public messages are in Italian now."
    # A Brazilian server's channel whose managers chose Italian: Italian, for everyone.
    caption = await board_against_the_computer(fake, CAIO, CHANNEL, guild_locale="pt-BR")
    assert "Dama brasiliana" in caption, caption
    assert (await service.kernel.roster.player(actor_of(MANAGER))).language == "en", (
        "hers stays her own"
    )

    # An administrator may too; the choice is the channel's, not the server's.
    await act(
        fake,
        await fake.slash(OLGA, OTHER_CHANNEL, "language", {"language": "pt", "channel": True}),
    )
    assert await store.chosen_chat_language("discord", OTHER_CHANNEL) == "pt"
    assert await store.chosen_chat_language("discord", CHANNEL) == "it"


def actor_of(who: dict[str, Any]) -> Actor:
    return Actor("discord", who["user"]["id"], who["user"]["global_name"])


async def test_a_thread_speaks_its_channels_chosen_language_after_a_restart(
    fake: FakeDiscord, connect: Connect, service: GameService, store: Store
) -> None:
    """A game in a thread of a channel whose managers chose Italian, on a Brazilian server:
    its boards stay Italian when the bot, started again, first hears of the thread."""
    first = await connect(service)
    brazilian = "pt-BR"
    chosen = {"language": "it", "channel": True}
    await act(fake, await fake.slash(MANAGER, CHANNEL, "language", chosen, guild_locale=brazilian))
    new = {"game": "brazilian", "computer": True, "side": 0, "thread": True}
    await act(fake, await fake.slash(CAIO, CHANNEL, "new", new, guild_locale=brazilian))
    [thread] = fake.threads.values()
    assert "Dama brasiliana" in latest_board(fake, thread["id"])["embeds"][0]["description"]
    first.cancel()
    await asyncio.gather(first, return_exceptions=True)
    restarted = GameService(store, ComputerPlayers())
    try:
        await connect(restarted)
        move = boards.move_choices(await restarted.kernel.state(1))[0].notation
        await act(
            fake,
            await fake.slash(CAIO, thread["id"], "move", {"move": move}, guild_locale=brazilian),
        )
        await restarted.kernel.background.idle()
        caption = latest_board(fake, thread["id"])["embeds"][0]["description"]
        assert (await restarted.kernel.state(1)).plies == 2, "Caio's move and the computer's reply"
        assert "Dama brasiliana" in caption, caption
        assert "ultima mossa" in caption, caption
    finally:
        await restarted.kernel.close()


async def test_an_ordinary_servers_en_us_leaves_the_first_player_s_language(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    """Discord sends en-US for every server that is not a Community server: a Brazilian
    club's ordinary server gets its first player's Portuguese, not English."""
    await connect(service)
    await act(
        fake,
        await fake.slash(
            CAIO,
            CHANNEL,
            "new",
            {"game": "brazilian", "computer": True, "side": 0},
            locale="pt-BR",
            guild_locale="en-US",
        ),
    )
    caption = latest_board(fake, CHANNEL)["embeds"][0]["description"]
    assert "Damas brasileiras" in caption, caption
    # A British English server chose English.
    await act(
        fake,
        await fake.slash(
            CAIO,
            OTHER_CHANNEL,
            "new",
            {"game": "brazilian", "computer": True, "side": 0},
            locale="pt-BR",
            guild_locale="en-GB",
        ),
    )
    assert "Brazilian" in latest_board(fake, OTHER_CHANNEL)["embeds"][0]["description"]
