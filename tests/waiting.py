"""Waiting in the tests: for a condition, never for a length of time. A test that sleeps "long
enough" for something to happen is slow when it comes at once and fails when the machine is
busy; one that waits for the thing itself goes on as soon as it holds, and says what never
came. The deadlines are generous: they cost nothing when the condition comes quickly.

A sleep that stays in a test is a window in which nothing more may come, or a pace (a person's
tapping, a slow search): a comment beside it says which."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar, overload

T = TypeVar("T")

# How long a test waits by default: far past what any condition here needs on a busy machine.
TIMEOUT = 30.0
# How often a condition is looked at: often enough that a test goes on almost at once.
POLL = 0.01

# What was awaited, said in the failure: a text, or one made when it fails (the last lines
# of a log then, not those of before the wait).
What = str | Callable[[], str]


# The value returned is truthy, so never None: a condition that returns "X or None" gives X.
@overload
async def eventually(
    condition: Callable[[], Awaitable[T | None]],
    what: What,
    timeout: float = TIMEOUT,
    poll: float = POLL,
) -> T: ...


@overload
async def eventually(
    condition: Callable[[], T | None], what: What, timeout: float = TIMEOUT, poll: float = POLL
) -> T: ...


async def eventually(
    condition: Callable[[], object], what: What, timeout: float = TIMEOUT, poll: float = POLL
) -> object:
    """`condition()`'s first truthy value (awaited where the condition is async), looked at
    every `poll` seconds; an AssertionError naming `what` once `timeout` seconds passed."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(timed_out(what, timeout))
        await asyncio.sleep(poll)


def eventually_blocking(
    condition: Callable[[], T | None], what: What, timeout: float = TIMEOUT, poll: float = POLL
) -> T:
    """`eventually` for a test without an event loop: the thread waits."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(timed_out(what, timeout))
        time.sleep(poll)


def timed_out(what: What, timeout: float) -> str:
    return f"waited {timeout:g} s in vain for {what if isinstance(what, str) else what()}"
