"""The chat front ends side by side (bot/fronts.py, issue 21): the work that publishes events
starts once every front end listens, is out of reach or stopped; one front end that cannot
start says why in one line and the others serve on; the process ends only when none is left;
a player's notices wait, stored, while the front end of his platform does not serve."""

from __future__ import annotations

import asyncio
import sys
import types
from collections.abc import Awaitable, Callable

import pytest

from bot import fronts
from bot.fronts import FrontEnd, serve_chats
from bot.i18n import text
from bot.refusals import StartRefused
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, PlayerNotice
from tests.waiting import eventually

Serve = Callable[..., Awaitable[None]]


def front_module(name: str, serve: Serve) -> FrontEnd:
    module = types.ModuleType(name)
    module.serve = serve  # type: ignore[attr-defined]
    sys.modules[name] = module
    return FrontEnd(name, name, name.capitalize())


@pytest.fixture(autouse=True)
def forget_modules() -> object:
    before = set(sys.modules)
    yield None
    for name in set(sys.modules) - before:
        del sys.modules[name]


def listens_after(log: list[str], name: str, delay: float) -> Serve:
    async def serve(
        _service: object, _token: str, listening: Callable[[], None], **_: object
    ) -> None:
        await asyncio.sleep(delay)  # the time it takes to connect: a pace, not a wait
        log.append(f"{name} listens")
        listening()
        await asyncio.Event().wait()

    return serve


def refuses(log: list[str], name: str) -> Serve:
    async def serve(_service: object, _token: str, **_: object) -> None:
        log.append(f"{name} refused")
        raise StartRefused(
            text("Discord refused the token: check DISCORD_TOKEN (the bot's token).")
        )

    return serve


def never_reached(log: list[str], name: str) -> Serve:
    async def serve(
        _service: object, _token: str, unreachable: Callable[[], None], **_: object
    ) -> None:
        log.append(f"{name} out of reach")
        unreachable()
        await asyncio.Event().wait()

    return serve


async def run_until(
    service: GameService,
    tokens: dict[FrontEnd, str],
    log: list[str],
    entry: str,
) -> asyncio.Task[int]:
    """serve_chats running, once `entry` is in the log."""

    async def start_work() -> None:
        log.append("computers and scheduler")

    running = asyncio.create_task(serve_chats(service, tokens, start_work, web=None))
    await eventually(lambda: entry in log or running.done(), f"{entry!r} in the log")
    assert entry in log, log
    return running


async def stop(running: asyncio.Task[int]) -> None:
    running.cancel()
    await asyncio.gather(running, return_exceptions=True)


async def test_the_work_that_publishes_starts_after_every_front_end_listens(
    service: GameService,
) -> None:
    log: list[str] = []
    slow = front_module("front_a", listens_after(log, "a", 0.05))
    quick = front_module("front_b", listens_after(log, "b", 0.01))
    running = await run_until(service, {slow: "a", quick: "b"}, log, "computers and scheduler")
    assert log == ["b listens", "a listens", "computers and scheduler"]
    await stop(running)


async def test_a_front_end_out_of_reach_does_not_hold_back_the_others(
    service: GameService,
) -> None:
    log: list[str] = []
    away = front_module("front_a", never_reached(log, "a"))
    here = front_module("front_b", listens_after(log, "b", 0.05))
    running = await run_until(service, {away: "a", here: "b"}, log, "computers and scheduler")
    assert log == ["a out of reach", "b listens", "computers and scheduler"]
    assert not running.done()
    await stop(running)


async def test_a_refused_front_end_says_why_and_the_other_serves_on(
    service: GameService, capsys: pytest.CaptureFixture[str]
) -> None:
    log: list[str] = []
    refused = front_module("front_a", refuses(log, "a"))
    here = front_module("front_b", listens_after(log, "b", 0.05))
    running = await run_until(service, {refused: "a", here: "b"}, log, "computers and scheduler")
    # The refusal was handled before the work started: a window in which a process it
    # stopped would end.
    await asyncio.sleep(0.1)
    assert not running.done(), "one refused front end stopped the process"
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["damas-bot: Discord refused the token: check DISCORD_TOKEN (the bot's token)."]
    await stop(running)


async def test_the_process_ends_when_no_front_end_is_left(
    service: GameService, capsys: pytest.CaptureFixture[str]
) -> None:
    log: list[str] = []

    async def broken(_service: object, _token: str, **_: object) -> None:
        raise RuntimeError("a fault of its own")

    refused = front_module("front_a", refuses(log, "a"))
    failing = front_module("front_b", broken)
    status = await asyncio.wait_for(
        serve_chats(service, {refused: "a", failing: "b"}, lambda: asyncio.sleep(0), web=None), 5
    )
    assert status == fronts.REFUSED_STATUS
    assert capsys.readouterr().err.splitlines() == [
        "damas-bot: Discord refused the token: check DISCORD_TOKEN (the bot's token).",
        "damas-bot: The Front_b front end stopped on an error it cannot recover from: "
        "RuntimeError: a fault of its own",
        "damas-bot: No chat front end is left to serve; stopping.",
    ]
    assert "computers and scheduler" not in log


async def test_a_notice_waits_while_its_platform_is_not_served(service: GameService) -> None:
    shown: list[Event] = []

    async def sink(event: Event) -> None:
        shown.append(event)

    service.kernel.bus.subscribe(sink)
    bia = await service.kernel.roster.player(Actor("discord", "7", "Bia", None))
    await service.store.add_notice(bia.id, None, "vacation_over")
    service.kernel.bus.serving("discord", False)
    await service.correspondence.deliver_notices()
    assert shown == []
    service.kernel.bus.serving("discord", True)
    await service.correspondence.deliver_notices()
    assert [type(event) for event in shown] == [PlayerNotice]
    await service.correspondence.deliver_notices()
    assert len(shown) == 1
