"""Turn pings in a Telegram group (issue 21, item 4; docs/notifications.md): a live board is
edited in place and an edit's mention notifies nobody, so a turn that waits a minute gets one
new message that mentions its player and answers the board, or a private message to a player
who started the bot; none for a player who moves in time; one per turn, across a restart."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.game_flow.clocks import ManualClock
from bot.service.kernel.game_flow.turn_pings import PING_AFTER
from bot.telegram import stop_front
from storage import Store
from tests.bot.conftest import make_service
from tests.bot.telegram.conftest import Bot, current_board, start_bot, wait_for_version
from tests.bot.telegram.test_telegram_group import group_game
from tests.fakes.telegram_api import FakeBotApi

PING = "Game #1 is waiting for your move."
SECOND = timedelta(seconds=1)


@pytest.fixture
async def timed_bot(timed: GameService, api: FakeBotApi) -> AsyncIterator[Bot]:
    running = await start_bot(timed, api)
    yield running
    await stop_front(running.front, running.settings)


def pings(api: FakeBotApi, chat: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in api.bot_messages(chat) if PING in m.get("text", "")]


def mentioned(message: dict[str, Any]) -> list[int]:
    """The people an HTML message mentions (text mentions: Telegram notifies them)."""
    assert message.get("parse_mode") == "HTML", message
    return [int(found) for found in re.findall(r'<a href="tg://user\?id=(\d+)">', message["text"])]


async def play(
    api: FakeBotApi, service: GameService, user: dict[str, Any], chat: dict[str, Any], move: str
) -> None:
    version = (await service.kernel.state(1)).version
    api.send_text(user, chat, f"/move {move}")
    await wait_for_version(service, 1, version)
    await current_board(api, service, chat, 1)


@pytest.mark.usefixtures("timed_bot")
async def test_a_turn_that_waits_a_minute_pings_its_player_once_in_the_group(
    api: FakeBotApi, timed: GameService, clock: ManualClock
) -> None:
    ana, _, group, _, _ = await group_game(api, timed)
    await play(api, timed, ana, group, "c3-d4")
    _, board = await current_board(api, timed, group, 1)
    clock.advance(PING_AFTER - SECOND)
    await timed.scheduler.run_due()
    assert pings(api, group) == [], "pinged before the minute was over"
    clock.advance(2 * SECOND)
    await timed.scheduler.run_due()
    [ping] = pings(api, group)
    assert mentioned(ping) == [2], "the ping mentions Bia, whose turn it is"
    # A new message (an edit's mention would notify nobody), answering the board.
    [call] = [c for c in api.calls_of("sendMessage") if PING in c.params.get("text", "")]
    assert api.replied_to(call) == board["message_id"]
    clock.advance(10 * PING_AFTER)
    await timed.scheduler.run_due()
    assert len(pings(api, group)) == 1, "one ping per turn"
    assert not [m for m in api.calls_of("editMessageText") if PING in m.params.get("text", "")]


@pytest.mark.usefixtures("timed_bot")
async def test_players_who_move_within_the_minute_are_never_pinged(
    api: FakeBotApi, timed: GameService, clock: ManualClock
) -> None:
    ana, bia, group, _, _ = await group_game(api, timed)
    for user, move in [(ana, "c3-d4"), (bia, "f6-e5"), (ana, "d4xf6"), (bia, "g7xe5")]:
        clock.advance(PING_AFTER / 2)
        await timed.scheduler.run_due()
        await play(api, timed, user, group, move)
    clock.advance(PING_AFTER / 2)
    await timed.scheduler.run_due()
    assert pings(api, group) == []
    # Ana, to move now, lets it wait: she alone is pinged, once.
    clock.advance(PING_AFTER)
    await timed.scheduler.run_due()
    [ping] = pings(api, group)
    assert mentioned(ping) == [1]


@pytest.mark.usefixtures("timed_bot")
async def test_a_player_who_started_the_bot_is_pinged_privately(
    api: FakeBotApi, timed: GameService, clock: ManualClock
) -> None:
    ana, bia, group, _, _ = await group_game(api, timed)
    private = api.private_chat(bia)
    api.send_text(bia, private, "/start")
    await api.wait_for(lambda: api.texts(private), "the answer to /start")
    await play(api, timed, ana, group, "c3-d4")
    clock.advance(PING_AFTER + SECOND)
    await timed.scheduler.run_due()
    [ping] = pings(api, private)
    assert ping["text"].startswith(PING)
    assert "#1 Brazilian" in ping["text"]
    assert pings(api, group) == [], "nothing in the busy group"


async def test_a_ping_outlives_a_restart_and_is_sent_once(
    api: FakeBotApi, timed_store: Store, clock: ManualClock
) -> None:
    service = make_service(timed_store, clock)
    running = await start_bot(service, api)
    ana, _, group, _, _ = await group_game(api, service)
    await play(api, service, ana, group, "c3-d4")
    await stop_front(running.front, running.settings)
    await service.kernel.close()
    # The turn waits while the bot is down; the bot that starts again pings it, once.
    clock.advance(5 * PING_AFTER)
    for _ in range(2):
        service = make_service(timed_store, clock)
        running = await start_bot(service, api)
        await service.scheduler.run_due()
        await stop_front(running.front, running.settings)
        await service.kernel.close()
    [ping] = pings(api, group)
    assert mentioned(ping) == [2]


@pytest.mark.usefixtures("timed_bot")
async def test_a_correspondence_board_is_its_own_ping_and_no_second_mention_follows(
    api: FakeBotApi, timed: GameService, clock: ManualClock
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    bia = api.user(2, "Bia", "bia", "en")
    group = api.group(-100700, "Club")
    api.send_text(bia, group, "hi")
    api.send_text(ana, group, "/new brazilian vs @bia white 3d")
    await api.wait_for(lambda: api.texts(group), "the challenge")
    api.send_text(bia, group, "/accept")
    _, first = await current_board(api, timed, group, 1)
    await play(api, timed, ana, group, "c3-d4")
    _, second = await current_board(api, timed, group, 1)
    # A new board message (sendPhoto: its mention notifies Bia), and no mention besides it.
    assert second["message_id"] != first["message_id"]
    assert '<a href="tg://user?id=2">Bia</a>, your turn in game #1.' in second["caption"]
    clock.advance(PING_AFTER * 10)
    await timed.scheduler.run_due()
    assert not [line for line in api.texts(group) if "your turn" in line or PING in line]
