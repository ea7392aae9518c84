"""The puzzle store on both engines: puzzles added once, the nearest untried one, attempts
that advance and end exactly once with both ratings, daily posts claimed once per chat and
day."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta

from storage import ChatRef, Glicko, NewPuzzle, Player, Store

START = Glicko(1500.0, 350.0, 0.06)
CHAT = ChatRef("test", "group")
OTHER = ChatRef("test", "other")


def puzzle(number: int) -> NewPuzzle:
    return NewPuzzle("brazilian", f"B:W{number}:B1", ("a", "b", "c"), ("shot",), 2, "test")


async def test_puzzles_attempts_and_ratings(store: Store, ana: Player) -> None:
    assert await store.add_puzzles([puzzle(20), puzzle(21)], START) == 2
    assert await store.add_puzzles([puzzle(21), puzzle(22)], START) == 1
    first = await store.next_puzzle(ana.id, "brazilian", 1500.0)
    assert first is not None
    assert first.puzzle == puzzle(20)
    assert await store.next_puzzle(ana.id, "italian", 1500.0) is None

    left = await store.start_attempt(ana.id, first.id, CHAT)
    attempt = await store.start_attempt(ana.id, first.id + 1, CHAT)
    assert await store.open_attempt(ana.id) == attempt
    assert left.id != attempt.id
    assert await store.attempted(ana.id, first.id)
    # One answer moves a step on; a second answer to the same step does nothing.
    assert await store.advance_attempt(attempt.id, 0)
    assert not await store.advance_attempt(attempt.id, 0)
    stale = attempt
    current = await store.open_attempt(ana.id)
    assert current is not None
    assert current.step == 1
    better, worse = Glicko(1600.0, 300.0, 0.06), Glicko(1400.0, 300.0, 0.06)
    assert not await store.finish_attempt(stale, "brazilian", True, better, worse)
    assert await store.finish_attempt(current, "brazilian", True, better, worse)
    assert not await store.finish_attempt(current, "brazilian", True, better, worse)
    [rating] = await store.puzzle_ratings(ana.id)
    assert (rating.variant, rating.rating, rating.solved, rating.failed) == (
        "brazilian",
        better,
        1,
        0,
    )
    solved = await store.puzzle(first.id + 1)
    assert solved is not None
    assert solved.rating == worse
    # The next one is the untried puzzle nearest the rating.
    following = await store.next_puzzle(ana.id, "brazilian", 1600.0)
    assert following is not None
    assert following.puzzle == puzzle(22)


async def test_the_daily_post_is_claimed_once_per_chat_and_day(store: Store) -> None:
    await store.add_puzzles([puzzle(20), puzzle(21)], START)
    await store.set_daily_puzzle(CHAT, "brazilian", 9)
    await store.set_daily_puzzle(OTHER, "brazilian", 18)
    await store.set_daily_puzzle(OTHER, "brazilian", None)
    [setting] = await store.daily_puzzles()
    assert (setting.chat, setting.variant, setting.hour) == (CHAT, "brazilian", 9)
    today = date(2026, 5, 4)
    claims = await asyncio.gather(
        *(store.claim_daily_post(CHAT, today, "brazilian") for _ in range(4))
    )
    assert sorted(claims, key=str) == [1, None, None, None]
    assert await store.daily_post(CHAT, today) == 1
    tomorrow = today + timedelta(days=1)
    assert await store.claim_daily_post(CHAT, tomorrow, "brazilian") == 2
    # Every puzzle posted: none left for the day after.
    assert await store.claim_daily_post(CHAT, tomorrow + timedelta(days=1), "brazilian") is None
    assert await store.claim_daily_post(OTHER, today, "brazilian") == 1


async def test_a_daily_puzzle_comes_back_only_after_a_year(store: Store) -> None:
    await store.add_puzzles([puzzle(number) for number in range(20, 23)], START)
    first = date(2027, 12, 30)  # the year after spans 2028's 29 February
    posted = {}
    for offset in range(2 * 366 + 3):
        day = first + timedelta(days=offset)
        claimed = await store.claim_daily_post(CHAT, day, "brazilian")
        if claimed is not None:
            posted[day] = claimed
    # Three puzzles, each posted again 366 days after, never sooner, the oldest first.
    days = sorted(posted)
    assert [posted[day] for day in days] == [1, 2, 3] * 3
    assert [(day - first).days for day in days] == [0, 1, 2, 366, 367, 368, 732, 733, 734]
    for day in days:
        again = [later for later in days if later > day and posted[later] == posted[day]]
        assert not again or (again[0] - day).days >= 366
