"""Two quick clicks on a destination in the private "Where to" answer (issue 21, item 3): the
first plays and takes that answer away; the second is answered in a message of its own, never
by editing the deleted one (Discord: 404 Unknown Message)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.service import boards
from bot.service.game_service import GameService
from tests.bot.discord.clicks import (
    ANA,
    act,
    game_of,
    pick_piece,
    start_duel,
)
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord, FakeInteraction


def failed_calls(fake: FakeDiscord) -> list[str]:
    return [f"{call.method} {call.path} {call.status}" for call in fake.calls if call.status >= 400]


async def where_to(fake: FakeDiscord, service: GameService) -> tuple[int, dict[str, Any], str, str]:
    """A duel, and Ana's private "Where to" answer for her first move: the game, the answer,
    its destination menu and the destination."""
    board = await start_duel(fake)
    game_id = game_of(board)
    choice = boards.move_choices(await service.kernel.state(game_id))[0]
    picked, menu = await pick_piece(fake, ANA, board, choice)
    assert picked.original is not None
    assert picked.ephemeral_text.startswith("Where to")
    return game_id, picked.original, menu, str(choice.index)


def answered_apart(interaction: FakeInteraction) -> str:
    """What the click read in a private message of its own (not the "Where to" answer)."""
    assert interaction.response_type == 5, "answered in a new private message"
    assert interaction.original is not None
    assert interaction.original["flags"] & 64
    return interaction.ephemeral_text


async def test_a_click_after_the_answer_went_away_gets_its_own_answer(
    fake: FakeDiscord,
    connect: Connect,
    service: GameService,
    caplog: pytest.LogCaptureFixture,
) -> None:
    await connect(service)
    game_id, answer, menu, destination = await where_to(fake, service)
    first = await act(fake, await fake.click(ANA, answer, menu, [destination]))
    assert first.original is not None, "the move tidied up"
    assert first.original.get("deleted"), "the move tidied up"
    # Discord delivers the second click: it left the person's client before the delete came.
    with caplog.at_level(logging.WARNING):
        second = await act(fake, await fake.click(ANA, answer, menu, [destination]))
    assert answered_apart(second) == "The board changed; here is the current one."
    assert (await service.kernel.state(game_id)).plies == 1
    assert failed_calls(fake) == []
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]


async def test_two_clicks_at_once_play_one_move_and_touch_no_deleted_message(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    game_id, answer, menu, destination = await where_to(fake, service)
    clicks = [await fake.click(ANA, answer, menu, [destination]) for _ in range(2)]
    await asyncio.gather(*(fake.settled(click) for click in clicks))
    assert (await service.kernel.state(game_id)).plies == 1
    assert failed_calls(fake) == []
    # Whichever came second was answered apart, and said why nothing more was played.
    [late] = [click for click in clicks if click.response_type == 5]
    assert late.ephemeral_text.startswith("The board changed"), late.ephemeral_text
