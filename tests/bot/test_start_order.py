"""The start of the chat front ends: the computers whose turn it is play, and the scheduler
delivers the notices due, only once every front end listens, so that their events reach the
chats (issue 11, item 2)."""

from __future__ import annotations

import asyncio
import sys
import types
from collections.abc import Callable

import pytest

import bot.__main__ as main


def slow_front(name: str, log: list[str], delay: float) -> types.ModuleType:
    """A front end module that takes `delay` seconds to start listening, then runs briefly."""
    module = types.ModuleType(name)

    async def serve(service: object, token: str, listening: Callable[[], None]) -> None:
        await asyncio.sleep(delay)
        log.append(f"{name} listens")
        listening()
        await asyncio.sleep(0.05)

    module.serve = serve  # type: ignore[attr-defined]
    return module


async def test_the_work_that_publishes_starts_after_every_front_end_listens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    log: list[str] = []
    for name, delay in (("fake_front_a", 0.05), ("fake_front_b", 0.01)):
        monkeypatch.setitem(sys.modules, name, slow_front(name, log, delay))
    monkeypatch.setattr(main, "FRONT_ENDS", {"A_TOKEN": "fake_front_a", "B_TOKEN": "fake_front_b"})

    async def start_work() -> None:
        log.append("computers and scheduler")

    tokens = {"A_TOKEN": "a", "B_TOKEN": "b"}
    await main.serve_chats(object(), tokens, start_work)  # type: ignore[arg-type]
    assert log == ["fake_front_b listens", "fake_front_a listens", "computers and scheduler"]
