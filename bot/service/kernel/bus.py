"""The events of the service on their way to the front ends: those of work that finishes after
its call returned (`publish`), those of another platform than the caller's (`route`), and
every one for the onlookers that show each game wherever it is played (`watch`: the web
pages)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence

from bot.service.kernel.background import Background
from bot.service.kernel.events import Actor, Event, belongs_to

logger = logging.getLogger(__name__)

EventSink = Callable[[Event], Awaitable[None]]


class EventBus:
    def __init__(self, background: Background, platform_served: Callable[[], None]) -> None:
        self.background = background
        # Told when a platform's front end starts serving (notices that waited are due).
        self._platform_served = platform_served
        self._sinks: list[EventSink] = []
        self._watchers: list[EventSink] = []
        # The platforms whose front end in this process serves now (None: every one, as in
        # the console): the notices of players last seen elsewhere stay stored for a process
        # (this one later, or another on the same database) whose front end serves theirs.
        self.served_platforms: set[str] | None = None

    def subscribe(self, sink: EventSink) -> None:
        """Receive the events of work that finishes after its call returned."""
        self._sinks.append(sink)

    def unsubscribe(self, sink: EventSink) -> None:
        """Stop receiving events (a front end that stops)."""
        if sink in self._sinks:
            self._sinks.remove(sink)

    def watch(self, sink: EventSink) -> None:
        """Receive every event, published or answered to its caller: for onlookers that show
        each game wherever it is played (the web pages), never for a chat front end."""
        self._watchers.append(sink)

    def unwatch(self, sink: EventSink) -> None:
        if sink in self._watchers:
            self._watchers.remove(sink)

    def serving(self, platform: str, serving: bool) -> None:
        """Whether the front end of `platform` serves now (bot/fronts.py tells)."""
        served = self.served_platforms = self.served_platforms or set()
        if serving:
            served.add(platform)
            self._platform_served()
        else:
            served.discard(platform)

    def serves(self, platform: str | None) -> bool:
        """Whether this process can deliver to a player last seen on `platform` (None: never
        seen on one; shown wherever his games are)."""
        served = self.served_platforms
        return served is None or platform is None or platform in served

    async def publish(self, events: Iterable[Event]) -> None:
        await self._deliver([*self._sinks, *self._watchers], events)

    async def _deliver(self, sinks: Sequence[EventSink], events: Iterable[Event]) -> None:
        for event in events:
            for sink in sinks:
                try:
                    await sink(event)
                except Exception as error:
                    self.background.failures.log(
                        error, logger, "a front end failed to show %s", type(event).__name__
                    )

    def route(self, actor: Actor, events: list[Event]) -> list[Event]:
        """The events for the actor's platform; the others are published."""
        here = [e for e in events if belongs_to(e, actor.platform)]
        elsewhere = [e for e in events if not belongs_to(e, actor.platform)]
        if elsewhere:
            self.background.run(self.publish(elsewhere))
        if here and self._watchers:
            self.background.run(self._deliver(list(self._watchers), here))
        return here
