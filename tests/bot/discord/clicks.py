"""The members, the channel and the clicks that play a game on the fake Discord, shared by
the Discord front's end-to-end tests."""

from __future__ import annotations

import re
from typing import Any

from bot.service import boards
from tests.fakes.discord_api import (
    FakeDiscord,
    FakeInteraction,
    custom_ids,
    member,
)

ANA = member("100000000000000001", "Ana")
BIA = member("100000000000000002", "Bia")
CAIO = member("100000000000000003", "Caio")
CHANNEL = "500000000000000001"


def boards_in(fake: FakeDiscord, channel: str = CHANNEL) -> list[dict[str, Any]]:
    return [message for message in fake.channel_messages(channel) if message["embeds"]]


def latest_board(fake: FakeDiscord, channel: str = CHANNEL) -> dict[str, Any]:
    found = boards_in(fake, channel)
    assert found, "no board was posted"
    return found[-1]


def ids_like(message: dict[str, Any], pattern: str) -> list[str]:
    return [custom_id for custom_id in custom_ids(message) if re.fullmatch(pattern, custom_id)]


async def act(fake: FakeDiscord, interaction: FakeInteraction) -> FakeInteraction:
    """Wait for the final answer; every interaction is first acknowledged privately: a new
    private message, or (a choice in a private answer's menu) that answer updated."""
    await fake.settled(interaction)
    if interaction.response_type == 6:
        source = interaction.payload["message"]
        assert source["flags"] & 64, "only a private answer is updated in place"
        return interaction
    assert interaction.response_type == 5
    assert interaction.response is not None
    assert interaction.response["data"]["flags"] == 64
    return interaction


def game_of(board: dict[str, Any]) -> int:
    """The game id a board message carries in its piece menu."""
    return int(ids_like(board, r"dmb:p:\d+:\d+:\d+")[0].split(":")[2])


async def challenge_bia(fake: FakeDiscord, game: str = "brazilian", **options: Any) -> None:
    """Ana challenges Bia with /new in the channel (Ana white; `options`: more options of /new)."""
    await act(
        fake,
        await fake.slash(
            ANA,
            CHANNEL,
            "new",
            {"game": game, "opponent": BIA["user"]["id"], "side": 0, **options},
            users={BIA["user"]["id"]: BIA},
        ),
    )


async def start_duel(fake: FakeDiscord, game: str = "brazilian", **options: Any) -> dict[str, Any]:
    """Ana challenges Bia (Ana white; `options`: more options of /new); Bia accepts with the
    button; the first board."""
    await challenge_bia(fake, game, **options)
    challenge = fake.channel_messages(CHANNEL)[-1]
    assert "<@100000000000000002>" in challenge["content"]
    [accept] = ids_like(challenge, r"dmb:a:\d+")
    await act(fake, await fake.click(BIA, challenge, accept))
    assert custom_ids(fake.messages[int(challenge["id"])]) == [], (
        "the answered challenge keeps buttons"
    )
    return latest_board(fake)


async def pick_piece(
    fake: FakeDiscord, who: dict[str, Any], board: dict[str, Any], choice: boards.MoveChoice
) -> tuple[FakeInteraction, str]:
    """Pick the choice's piece in the board's menu: the click, whose private answer offers the
    destinations, and the custom id of that answer's menu offering the choice's."""
    menu = menu_offering(board, r"dmb:p:\d+:\d+:\d+", choice.piece)
    picked = await act(fake, await fake.click(who, board, menu, [choice.piece]))
    assert picked.original is not None
    return picked, menu_offering(picked.original, r"dmb:s:\d+:\d+:\d+", str(choice.index))


async def play_choice(
    fake: FakeDiscord, who: dict[str, Any], board: dict[str, Any], choice: boards.MoveChoice
) -> FakeInteraction:
    """Pick the piece in the board's menu, then the destination in the answer's menu."""
    picked, destinations = await pick_piece(fake, who, board, choice)
    assert picked.original is not None
    return await act(
        fake, await fake.click(who, picked.original, destinations, [str(choice.index)])
    )


def menu_offering(message: dict[str, Any], pattern: str, value: str) -> str:
    """The custom id of the select menu of `message` that offers `value`."""
    [menu] = [
        custom_id
        for custom_id in ids_like(message, pattern)
        if any(
            option["value"] == value
            for row in message["components"]
            for item in row["components"]
            if item.get("custom_id") == custom_id
            for option in item["options"]
        )
    ]
    return menu
