"""Two services on one database, as two bot processes would be (issue 16): what the scheduler
decides is done once and each notice sent once; a computer's turn is played once; on SQLite
and on PostgreSQL. On PostgreSQL a move in one service is shown by the other."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from bot.i18n import translate
from bot.service.challenges.challenges import COMPUTER
from bot.service.elsewhere.changes import ChangesElsewhere
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, BoardUpdate, Event, PlayerNotice
from bot.service.kernel.game_flow.clocks import ManualClock
from bot.service.kernel.game_flow.turn_pings import PING_AFTER
from games.base import start
from storage import NOTICE_LEASE, SeatRecord, Store, open_store
from tests.bot.conftest import ANA, BIA, CHAT, START, make_service
from tests.bot.service.correspondence.test_correspondence import DAY, HOUR, notices, timed_game
from tests.bot.service.test_service import two_player_game
from tests.waiting import eventually


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(START)


@pytest.fixture
async def services(database: str, clock: ManualClock) -> AsyncIterator[list[GameService]]:
    stores: list[Store] = [await open_store(database, clock=clock) for _ in range(2)]
    pair = [make_service(store, clock) for store in stores]
    yield pair
    for service, store in zip(pair, stores, strict=True):
        await service.kernel.close()
        await store.close()


async def both_run_due(services: list[GameService]) -> None:
    outcomes = await asyncio.gather(
        *(service.scheduler.run_due() for service in services), return_exceptions=True
    )
    assert [o for o in outcomes if o is not None] == []


def sent(seen: list[list[PlayerNotice]]) -> list[str]:
    return sorted(translate("en", notice.text) for each in seen for notice in each)


async def test_a_reminder_and_a_loss_on_time_happen_once(
    services: list[GameService], clock: ManualClock
) -> None:
    seen = [notices(service) for service in services]
    game = await timed_game(services[0])
    # Ana moves; then Bia lets her clock run out (a game whose first player never moved
    # would be aborted instead).
    await services[0].play.move(ANA, "c3-d4", game)
    clock.advance(2 * DAY + HOUR)  # 23 hours left
    await both_run_due(services)
    assert sent(seen) == [f"Game #{game}: it is your move, 23h 0m left."]
    clock.advance(DAY)
    await both_run_due(services)
    state = await services[1].kernel.state(game)
    assert (state.record.status, state.record.result) == (
        "finished",
        {"winners": [0], "reason": "timeout"},
    )
    assert sent(seen)[:2] == [
        "Bia ran out of time in game #1.",
        f"Game #{game}: it is your move, 23h 0m left.",
    ]
    assert sent(seen).count(f"You ran out of time in game #{game}.") == 1
    assert len(sent(seen)) == 3


async def test_the_end_of_a_vacation_is_told_once(
    services: list[GameService], clock: ManualClock
) -> None:
    seen = [notices(service) for service in services]
    await services[0].correspondence.vacation(ANA, 1)
    clock.advance(DAY + HOUR)
    await both_run_due(services)
    assert sent(seen) == ["Your vacation is over: your clocks run again."]


async def test_a_notice_whose_sender_died_is_sent_by_the_other_after_the_lease(
    services: list[GameService], clock: ManualClock
) -> None:
    seen = [notices(service) for service in services]
    ana = await services[0].kernel.roster.player(ANA)
    notice = await services[0].store.add_notice(ana.id, None, "vacation_over")
    assert await services[0].store.claim_notice(notice.id)  # ... and its process dies here
    survivor = services[1:]
    await both_run_due(survivor)
    assert sent(seen) == []
    clock.advance(NOTICE_LEASE)
    await both_run_due(survivor)
    assert sent(seen) == ["Your vacation is over: your clocks run again."]
    clock.advance(NOTICE_LEASE)
    await both_run_due(services)
    assert len(sent(seen)) == 1


async def test_a_computer_turn_is_played_once(
    services: list[GameService], caplog: pytest.LogCaptureFixture
) -> None:
    # A game stored with the computer (White) to move, as a process that stopped leaves it;
    # then both services wake its computers at once.
    store = services[0].store
    ana = await services[0].kernel.roster.player(ANA)
    record = await store.create_game(
        "brazilian",
        {},
        [SeatRecord(0, None, COMPUTER), SeatRecord(1, ana.id)],
        start("brazilian").snapshot(),
        CHAT,
    )
    with caplog.at_level(logging.ERROR):
        await asyncio.gather(*(service.resume() for service in services))
        await asyncio.gather(*(service.kernel.background.idle() for service in services))
    assert len(await store.moves(record.id)) == 1
    assert (await services[1].kernel.state(record.id)).version == 2
    assert "background work failed" not in caplog.text


def looks_of(follower: ChangesElsewhere, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The follower's looks at the changes, each noted once done: the first follows at once
    when it listens (for what it missed meanwhile)."""
    looks: list[int] = []
    show = follower.show_changes

    async def noted(seen: int) -> int:
        newest = await show(seen)
        looks.append(newest)
        return newest

    monkeypatch.setattr(follower, "show_changes", noted)
    return looks


async def test_a_move_in_one_service_is_shown_by_the_other(
    services: list[GameService], database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not database.startswith("postgresql"):
        pytest.skip("SQLite serves one process: nothing crosses")
    shown: list[BoardUpdate] = []

    async def sink(event: Event) -> None:
        if isinstance(event, BoardUpdate):
            shown.append(event)

    services[1].kernel.bus.subscribe(sink)
    looks = looks_of(services[1].elsewhere, monkeypatch)
    following = asyncio.create_task(services[1].elsewhere.run())
    try:
        game = await timed_game(services[0])
        await eventually(lambda: looks, "the follower listening")
        await services[0].play.move(ANA, "c3-d4", game)
        moved = (await services[0].kernel.state(game)).version
        await eventually(lambda: shown and shown[-1].state.version == moved, "the move shown")
        assert shown[-1].state.log == ("c3-d4",)
        assert shown[-1].headline is not None
        assert translate("en", shown[-1].headline) == "Ana played c3-d4."
        assert shown[-1].chat == CHAT
    finally:
        following.cancel()
        await asyncio.gather(following, return_exceptions=True)


async def test_a_process_that_starts_shows_no_board_of_before(
    services: list[GameService], database: str, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not database.startswith("postgresql"):
        pytest.skip("SQLite serves one process: nothing crosses")
    games = [await timed_game(services[0]) for _ in range(3)]
    for game in games:
        await services[0].play.move(ANA, "c3-d4", game)
    # A process starts (a restart, or one more of a rolling restart): nothing changed since.
    store = await open_store(database, clock=clock)
    started = make_service(store, clock)
    shown: list[BoardUpdate] = []

    async def sink(event: Event) -> None:
        if isinstance(event, BoardUpdate):
            shown.append(event)

    started.kernel.bus.subscribe(sink)
    looks = looks_of(started.elsewhere, monkeypatch)
    following = asyncio.create_task(started.elsewhere.run())
    try:
        # The follower listens, and looks once at its start.
        await eventually(lambda: looks, "the follower's look at its start")
        assert shown == [], "a start posted old boards again"
        await services[0].play.move(BIA, "f6-g5", games[1])
        await eventually(lambda: shown, "the move shown")
        await asyncio.sleep(0.3)  # a window: a second board would come in it
        assert [(event.state.id, event.state.log) for event in shown] == [
            (games[1], ("c3-d4", "f6-g5"))
        ]
    finally:
        following.cancel()
        await asyncio.gather(following, return_exceptions=True)
        await started.kernel.close()
        await store.close()


async def test_a_turn_ping_is_sent_once(services: list[GameService], clock: ManualClock) -> None:
    seen = [notices(service) for service in services]
    state = await two_player_game(services[0], "brazilian")
    await services[0].play.move(ANA, "c3-d4", state.id)
    clock.advance(PING_AFTER + timedelta(seconds=1))
    await both_run_due(services)
    await both_run_due(services)
    assert sent(seen) == ["Game #1 is waiting for your move."]


async def test_a_notice_goes_out_through_the_process_that_serves_its_platform(
    services: list[GameService],
) -> None:
    # The Telegram front end runs in one process, the Discord one in the other.
    services[0].kernel.bus.serving("telegram", True)
    services[1].kernel.bus.serving("discord", True)
    seen = [notices(service) for service in services]
    bia = await services[0].kernel.roster.player(Actor("discord", "77", "Bia", None))
    await services[0].store.add_notice(bia.id, None, "vacation_over")
    await both_run_due(services)
    await both_run_due(services)
    assert [len(each) for each in seen] == [0, 1]
