"""Clocks, vacations, reminder notices and account links in storage, with a controlled clock."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from storage import (
    ChatRef,
    LinkRefused,
    NextClock,
    OnVacation,
    SeatRecord,
    Store,
    open_store,
)

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


class FakeClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(database: str, clock: FakeClock) -> AsyncIterator[Store]:
    async with await open_store(database, clock=clock) as opened:
        yield opened


async def game_with_clock(store: Store, per_move: timedelta = 3 * DAY) -> tuple[int, int, int]:
    ana = await store.player_for_identity("test", "ana", "Ana")
    bia = await store.player_for_identity("test", "bia", "Bia")
    record = await store.create_game(
        "brazilian",
        {},
        [SeatRecord(0, ana.id), SeatRecord(1, bia.id)],
        "snap",
        ChatRef("test", "chat"),
        clock=NextClock(0, per_move),
    )
    return record.id, ana.id, bia.id


async def test_a_move_starts_the_next_turn_clock_and_the_end_removes_it(
    store: Store, clock: FakeClock
) -> None:
    game, ana, bia = await game_with_clock(store)
    first = await store.clock(game)
    assert first is not None
    assert first.seat == 0
    assert first.due_at == START + 3 * DAY
    clock.now += HOUR
    await store.append_move(game, 1, "c3-d4", 0, ana, "snap2", clock=NextClock(1, 3 * DAY))
    second = await store.clock(game)
    assert second is not None
    assert second.seat == 1
    assert second.due_at == START + HOUR + 3 * DAY
    await store.append_move(
        game, 2, "f6-e5", 1, bia, "snap3", result={"winners": [1], "reason": "no_moves"}
    )
    assert await store.clock(game) is None


@pytest.mark.usefixtures("clock")
async def test_due_clocks_and_reminders_come_at_their_moments(store: Store) -> None:
    game, ana, _ = await game_with_clock(store)
    assert await store.next_wakeup({"24h": DAY, "1h": HOUR}) == START + 2 * DAY
    assert await store.clocks_to_remind(START + DAY, "24h", DAY) == []
    (due,) = await store.clocks_to_remind(START + 2 * DAY, "24h", DAY)
    assert await store.remind(game, due.seat, "24h", ana)
    assert not await store.remind(game, due.seat, "24h", ana), "a reminder is sent once"
    assert await store.clocks_to_remind(START + 2 * DAY, "24h", DAY) == []
    assert await store.next_wakeup({"24h": DAY, "1h": HOUR}) == START + 3 * DAY - HOUR
    assert [n.kind for n in await store.unsent_notices()] == ["reminder_24h"]
    assert await store.due_clocks(START + 3 * DAY - timedelta(seconds=1)) == []
    assert [c.game_id for c in await store.due_clocks(START + 3 * DAY)] == [game]


async def test_no_reminder_longer_than_the_turn(store: Store) -> None:
    await game_with_clock(store, per_move=DAY)
    assert await store.clocks_to_remind(START + DAY - HOUR, "24h", DAY) == []
    assert len(await store.clocks_to_remind(START + DAY - HOUR, "1h", HOUR)) == 1


async def test_a_vacation_stops_the_clock_and_a_move_restarts_it(
    store: Store, clock: FakeClock
) -> None:
    game, ana, _ = await game_with_clock(store)
    clock.now = START + DAY
    await store.start_vacation(ana, START + 10 * DAY)
    with pytest.raises(OnVacation):
        await store.start_vacation(ana, START + 10 * DAY)
    stopped = await store.clock(game)
    assert stopped is not None
    assert stopped.due_at is None
    assert stopped.remaining == 2 * DAY
    assert await store.due_clocks(START + 30 * DAY) == []
    clock.now = START + 5 * DAY
    await store.append_move(game, 1, "c3-d4", 0, ana, "s", clock=NextClock(1, 3 * DAY))
    (vacation,) = await store.vacations(ana, START)
    assert vacation.ended_at == START + 5 * DAY
    running = await store.clock(game)
    assert running is not None
    assert running.due_at == START + 8 * DAY


async def test_a_turn_that_starts_on_vacation_starts_stopped(
    store: Store, clock: FakeClock
) -> None:
    game, ana, bia = await game_with_clock(store)
    await store.start_vacation(bia, START + 10 * DAY)
    await store.append_move(game, 1, "c3-d4", 0, ana, "s", clock=NextClock(1, 3 * DAY))
    stopped = await store.clock(game)
    assert stopped is not None
    assert stopped.due_at is None
    assert stopped.remaining == 3 * DAY
    clock.now = START + 4 * DAY
    assert [v.player_id for v in await store.vacations_due(START + 10 * DAY)] == [bia]
    await store.end_vacation(bia)
    running = await store.clock(game)
    assert running is not None
    assert running.due_at == START + 7 * DAY


@pytest.mark.usefixtures("clock")
async def test_linking_moves_an_account_and_its_games(store: Store) -> None:
    ana = await store.player_for_identity("telegram", "1", "Ana")
    ana_discord = await store.player_for_identity("discord", "9", "ana#1")
    bia = await store.player_for_identity("telegram", "2", "Bia")
    game = await store.create_game(
        "italian", {}, [SeatRecord(0, ana_discord.id), SeatRecord(1, bia.id)], "s", None
    )
    await store.create_link_code(ana.id, "ABC123", START + HOUR)
    linked = await store.link_identity("ABC123", "discord", "9")
    assert linked.id == ana.id
    assert {i.platform for i in await store.identities(ana.id)} == {"telegram", "discord"}
    assert (await store.get_game(game.id)).seats[0].player_id == ana.id
    with pytest.raises(LinkRefused):
        await store.link_identity("ABC123", "discord", "9")


async def test_an_expired_code_or_two_opponents_cannot_link(store: Store, clock: FakeClock) -> None:
    ana = await store.player_for_identity("telegram", "1", "Ana")
    bia = await store.player_for_identity("discord", "2", "Bia")
    await store.create_link_code(ana.id, "OLD", START + HOUR)
    clock.now = START + 2 * HOUR
    with pytest.raises(LinkRefused, match="expired"):
        await store.link_identity("OLD", "discord", "2")
    await store.create_game(
        "italian", {}, [SeatRecord(0, ana.id), SeatRecord(1, bia.id)], "s", None
    )
    await store.create_link_code(ana.id, "NEW", START + 3 * HOUR)
    with pytest.raises(LinkRefused, match="play each other"):
        await store.link_identity("NEW", "discord", "2")


async def test_a_reminder_is_marked_once_under_concurrency(store: Store) -> None:
    game, ana, _ = await game_with_clock(store)
    marks = await asyncio.gather(*(store.remind(game, 0, "1h", ana) for _ in range(20)))
    assert marks.count(True) == 1
    assert len(await store.unsent_notices()) == 1


async def test_a_turn_ping_waits_until_due_is_queued_once_and_closed_by_the_next_turn(
    store: Store, clock: FakeClock
) -> None:
    game, ana, bia = await game_with_clock(store)
    due = START + timedelta(seconds=60)
    await asyncio.gather(*(store.queue_turn_ping(game, [ana], "turn:0", due) for _ in range(5)))
    assert await store.unsent_notices() == [], "not due yet"
    assert await store.next_wakeup({}) == due
    clock.now = due
    [ping] = await store.unsent_notices()
    assert (ping.player_id, ping.kind, ping.due_at) == (ana, "turn:0", due)
    # The next turn begins: Ana's ping of the turn that ended is closed, Bia's waits.
    await store.queue_turn_ping(game, [bia], "turn:1", due + timedelta(seconds=60))
    assert await store.unsent_notices() == []
    clock.now = due + timedelta(seconds=60)
    assert [(n.player_id, n.kind) for n in await store.unsent_notices()] == [(bia, "turn:1")]
    with pytest.raises(ValueError, match="turn:"):
        await store.queue_turn_ping(game, [bia], "reminder_1h", due)
