"""Issue 40, item 2: a simul on Discord, end to end through the fake: /simul new with its
localised options, Join buttons, start, the host's desk in his answer with the Next board
button, the boards played to their ends, the summary in the channel."""

from __future__ import annotations

from typing import Any

from bot.service.game_service import GameService
from tests.bot.discord.clicks import ANA, BIA, CAIO, CHANNEL, act
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord, FakeInteraction, custom_ids

EPHEMERAL = 64  # the flag of a message only the person who acted sees


async def press(fake: FakeDiscord, who: dict[str, Any], custom_id: str) -> FakeInteraction:
    """Click a button of the newest channel message that shows it."""
    [news] = [m for m in fake.channel_messages(CHANNEL) if custom_id in custom_ids(m)][-1:]
    return await act(fake, await fake.click(who, news, custom_id))


async def test_a_simul_from_the_join_buttons_to_the_summary(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    names = {command["name"]: command for command in fake.commands}
    assert names["simul"]["name_localizations"] == {"pt-BR": "simultanea", "it": "simultanea"}
    subcommands = {sub["name"]: sub for sub in names["simul"]["options"]}
    assert subcommands["desk"]["name_localizations"] == {"pt-BR": "mesa", "it": "banco"}
    new = {option["name"]: option for option in subcommands["new"]["options"]}
    assert [choice["value"] for choice in new["colour"]["choices"]] == [
        "white",
        "black",
        "alternate",
    ]

    opened = await act(
        fake,
        await fake.slash(
            ANA,
            CHANNEL,
            "simul",
            {"variant": "brazilian", "boards": 2, "colour": "alternate"},
            subcommand="new",
        ),
    )
    assert "Ana gives simul #1" in opened.ephemeral_text
    assert custom_ids(fake.channel_messages(CHANNEL)[-1]) == ["dmb:sj:1", "dmb:sl:1"]
    for who in (BIA, CAIO):
        joined = await press(fake, who, "dmb:sj:1")
        assert "takes a board in simul #1" in joined.ephemeral_text
    assert "The host plays every board" in (await press(fake, ANA, "dmb:sj:1")).ephemeral_text
    with_buttons = [m for m in fake.channel_messages(CHANNEL) if "dmb:sj:1" in custom_ids(m)]
    assert len(with_buttons) == 1, "buttons pile up"

    started = await act(fake, await fake.slash(ANA, CHANNEL, "simul", subcommand="start"))
    assert "Simul #1 starts" in started.ephemeral_text
    assert not [m for m in fake.channel_messages(CHANNEL) if "dmb:sj:1" in custom_ids(m)]
    games = [board.game_id or 0 for board in (await service.store.simul_facts(1)).boards]
    # By turns: White on board 1, Black on board 2, where Caio moves first.
    second = await service.kernel.state(games[1])
    assert second.seat_names == ("Caio", "Ana")
    moved = {"move": "c3-d4", "game": games[1]}
    await act(fake, await fake.slash(CAIO, CHANNEL, "move", moved))

    desk = await act(fake, await fake.slash(ANA, CHANNEL, "simul", subcommand="desk"))
    assert "2 boards wait for you, oldest first" in desk.ephemeral_text
    assert desk.original is not None
    assert custom_ids(desk.original) == [f"dmb:sn:1:{games[0]}"]
    # The desk is the host's private answer: nobody else sees its button.
    assert desk.original["flags"] & EPHEMERAL
    following = await act(fake, await fake.click(ANA, desk.original, f"dmb:sn:1:{games[0]}"))
    assert "Now board 2" in following.ephemeral_text

    await act(fake, await fake.slash(BIA, CHANNEL, "resign", {"game": games[0], "confirm": True}))
    await act(fake, await fake.slash(ANA, CHANNEL, "resign", {"game": games[1], "confirm": True}))
    contents = [message["content"] for message in fake.channel_messages(CHANNEL)]
    summary = [content for content in contents if "Simul #1 is over" in content]
    assert len(summary) == 1, contents
    assert "Ana scored +1 =0 -1" in summary[0]
