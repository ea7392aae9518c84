"""An arena on Discord through the fake: /tournament new with the arena format and its
length as slash options, Join and Take a break buttons while it runs, /tournament berserk,
and the leaderboard as one channel message edited in place."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from bot.discord.posting import arena_boards
from bot.service.game_service import GameService
from storage import Store
from tests.bot.discord.clicks import ANA, BIA, CAIO, CHANNEL, act
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord, custom_ids, member
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


async def test_after_a_restart_the_same_leaderboard_is_edited_and_a_deleted_one_posted_once(
    fake: FakeDiscord, connect: Connect, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(arena_boards, "LEADERBOARD_EVERY", 0.0)
    names = ("Ana", "Bia", "Caio", "Duda", "Edu", "Fabi")
    people = {name: member(f"10000000000000010{n}", name) for n, name in enumerate(names)}
    service = GameService(store)
    first = await connect(service)
    try:
        await act(
            fake,
            await fake.slash(
                people["Ana"],
                CHANNEL,
                "tournament",
                {"variant": "brazilian", "format": "arena", "duration": "45m", "time": "1m"},
                subcommand="new",
            ),
        )
        for person in people.values():
            await act(fake, await fake.slash(person, CHANNEL, "tournament", subcommand="join"))
        await act(fake, await fake.slash(people["Ana"], CHANNEL, "tournament", subcommand="start"))
        [board] = await eventually(lambda: leaderboard_messages(fake), "the leaderboard")
        games = [game.game_id or 0 for game in (await store.tournament_facts(1)).games]
        assert len(games) == 3
        # A restart: a new service and client, which remember nothing of the last ones.
        first.cancel()
        await asyncio.gather(first, return_exceptions=True)
        await service.kernel.close()
        service = GameService(store)
        await service.resume()
        await connect(service)

        async def resign(game_id: int, games_done: int) -> None:
            state = await service.kernel.state(game_id)
            loser = people[state.seat_names[1]]
            await act(
                fake,
                await fake.slash(loser, CHANNEL, "resign", {"game": game_id, "confirm": True}),
            )
            await eventually(
                lambda: [m for m in leaderboard_messages(fake) if games_in(m) == games_done],
                f"the leaderboard after {games_done} games",
            )

        await resign(games[0], 1)
        assert [m["id"] for m in leaderboard_messages(fake)] == [board["id"]]
        # Someone deletes it: the next standings are posted anew, once, then edited.
        fake.delete_message(board["id"])
        await resign(games[1], 2)
        [replaced] = leaderboard_messages(fake)
        await resign(games[2], 3)
        assert [m["id"] for m in leaderboard_messages(fake)] == [replaced["id"]]
        ever = [m for m in fake.messages.values() if m["content"].startswith("Arena #1:")]
        assert len(ever) == 2, "the first leaderboard and the one replacing the deleted one"
    finally:
        await service.kernel.close()


def games_in(message: dict[str, Any]) -> int:
    """How many games the leaderboard counts (each player's line says his games)."""
    return sum(int(found) for found in re.findall(r"\((\d+) games?", message["content"])) // 2
