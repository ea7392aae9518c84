"""bot/paced_edits.py: a message edited at most once an interval, only the newest of the
changes that came meanwhile shown, a final one at once."""

from __future__ import annotations

import asyncio
import time

from bot.paced_edits import PacedEdits


async def test_changes_inside_an_interval_are_shown_once_and_the_newest_only() -> None:
    shown: list[tuple[str, int, float]] = []

    async def show(key: str, value: int) -> None:
        shown.append((key, value, time.monotonic()))

    edits: PacedEdits[str, int] = PacedEdits(0.3, show)
    for value in range(1, 6):
        await edits.offer("arena", value)
    await edits.offer("other", 1)  # another key keeps its own pace
    await asyncio.sleep(0.5)
    assert [(key, value) for key, value, _ in shown] == [("arena", 1), ("other", 1), ("arena", 5)]
    first, last = (at for key, _, at in shown if key == "arena")
    assert last - first >= 0.29
    await edits.offer("arena", 6)
    await edits.offer("arena", 7, at_once=True)  # the end: no waiting, nothing older after
    await asyncio.sleep(0.4)
    assert [value for key, value, _ in shown if key == "arena"] == [1, 5, 7]
    await edits.close()


async def test_a_failed_edit_does_not_stop_the_next_and_close_drops_the_waiting() -> None:
    shown: list[int] = []

    async def show(_key: str, value: int) -> None:
        if value == 1:
            raise RuntimeError("the chat is gone")
        shown.append(value)

    edits: PacedEdits[str, int] = PacedEdits(0.2, show)
    await edits.offer("arena", 1)
    await edits.offer("arena", 2)
    await asyncio.sleep(0.3)
    assert shown == [2]
    await edits.offer("arena", 3)
    await edits.close()
    await asyncio.sleep(0.3)
    assert shown == [2]


async def test_standings_read_before_the_last_offered_are_never_shown() -> None:
    shown: list[int] = []

    async def show(_key: str, value: int) -> None:
        shown.append(value)

    edits: PacedEdits[str, int] = PacedEdits(0.2, show)
    await edits.offer("arena", 1, read_at=1.0)
    # Two games end (standings read at 3.0), then a join's standings, read before them
    # (2.0), arrive last: the newer stays the one waiting.
    await edits.offer("arena", 3, read_at=3.0)
    await edits.offer("arena", 2, read_at=2.0)
    await asyncio.sleep(0.3)
    assert shown == [1, 3]
    # Nor after it is shown, final or not.
    await edits.offer("arena", 2, read_at=2.5, at_once=True)
    await edits.offer("arena", 4, read_at=4.0, at_once=True)
    assert shown == [1, 3, 4]
    await edits.close()
