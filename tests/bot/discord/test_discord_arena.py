"""An arena on Discord through the fake: /tournament new with the arena format and its
length as slash options, Join and Take a break buttons while it runs, /tournament berserk,
and the leaderboard as one channel message edited in place."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.posting import arena_boards
from bot.service.game_service import GameService
from tests.bot.discord.conftest import Connect
from tests.bot.discord.test_discord_front import ANA, BIA, CAIO, CHANNEL, act
from tests.fakes.discord_api import FakeDiscord, custom_ids
from tests.waiting import eventually


def leaderboard_messages(fake: FakeDiscord) -> list[dict[str, Any]]:
    return [m for m in fake.channel_messages(CHANNEL) if m["content"].startswith("Arena #1:")]


async def test_an_arena_by_slash_commands_and_buttons(
    fake: FakeDiscord, connect: Connect, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(arena_boards, "LEADERBOARD_EVERY", 0.2)
    await connect(service)
    names = {command["name"]: command for command in fake.commands}
    subcommands = {sub["name"]: sub for sub in names["tournament"]["options"]}
    assert "berserk" in subcommands
    new = {option["name"]: option for option in subcommands["new"]["options"]}
    assert any(choice["value"] == "arena" for choice in new["format"]["choices"])
    assert new["duration"]["name_localizations"] == {"pt-BR": "duração", "it": "durata"}
    opened = await act(
        fake,
        await fake.slash(
            ANA,
            CHANNEL,
            "tournament",
            {"variant": "brazilian", "format": "arena", "duration": "45m", "time": "1m"},
            subcommand="new",
        ),
    )
    assert "opens tournament #1" in opened.ephemeral_text
    for who in (ANA, BIA):
        await act(fake, await fake.slash(who, CHANNEL, "tournament", subcommand="join"))
    await act(fake, await fake.slash(ANA, CHANNEL, "tournament", subcommand="start"))
    [news] = [m for m in fake.channel_messages(CHANNEL) if "dmb:tj:1" in custom_ids(m)][-1:]
    late = await act(fake, await fake.click(CAIO, news, "dmb:tj:1"))
    assert "joins arena #1 as number 3" in late.ephemeral_text
    game = (await service.store.tournament_facts(1)).games[0].game_id
    state = await service.kernel.state(game or 0)
    black = ANA if state.seat_names[1] == "Ana" else BIA
    went = await act(
        fake, await fake.slash(black, CHANNEL, "tournament", {"game": game}, subcommand="berserk")
    )
    assert "goes berserk" in went.ephemeral_text
    # White by the board's button, before his first move.
    white = BIA if black is ANA else ANA

    def berserk_buttons() -> list[tuple[dict[str, Any], str]]:
        return [
            (message, custom_id)
            for message in fake.channel_messages(CHANNEL)
            for custom_id in custom_ids(message)
            if custom_id.startswith(f"dmb:b:{game}:")
        ]

    board, button = (await eventually(berserk_buttons, "the board's Berserk button"))[-1]
    await act(fake, await fake.click(white, board, button))
    chosen = (await service.kernel.state(game or 0)).record.options["berserk"]
    assert chosen == {"0": True, "1": True}
    [news] = [m for m in fake.channel_messages(CHANNEL) if "dmb:tl:1" in custom_ids(m)][-1:]
    paused = await act(fake, await fake.click(CAIO, news, "dmb:tl:1"))
    assert "takes a break" in paused.ephemeral_text
    loser = ANA if black is BIA else BIA
    await act(fake, await fake.slash(loser, CHANNEL, "resign", {"game": game, "confirm": True}))
    boards = await eventually(
        lambda: [m for m in leaderboard_messages(fake) if "(1 game" in m["content"]],
        "the leaderboard after the game",
    )
    assert len(leaderboard_messages(fake)) == 1, "one leaderboard message, edited"
    assert boards[0]["edited_timestamp"] is not None
