"""What every capability of the service is: an object holding the kernel; and the routing of a
capability's answers by platform."""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot.service.kernel.events import Actor, Event
from bot.service.kernel.kernel import Kernel


class Capability:
    """A part of the service: holds the kernel, and uses nothing else of the service's insides."""

    def __init__(self, kernel: Kernel) -> None:
        self.kernel = kernel


C = TypeVar("C", bound=Capability)
P = ParamSpec("P")
Call = Callable[Concatenate[C, Actor, P], Coroutine[Any, Any, list[Event]]]


def routed(method: Call[C, P]) -> Call[C, P]:
    """Events of another platform than the actor's (a game that lives in a Telegram group,
    played from Discord; a notice for a player seen last elsewhere) go to the subscribed
    front ends instead of back to the caller."""

    @functools.wraps(method)
    async def routed(
        capability: C, actor: Actor, /, *args: P.args, **kwargs: P.kwargs
    ) -> list[Event]:
        return capability.kernel.bus.route(actor, await method(capability, actor, *args, **kwargs))

    return routed
