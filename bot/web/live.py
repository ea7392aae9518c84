"""The live pages: every open page waits on a queue of the events of what it shows (a game,
a tournament); the service's events (a move in any chat, on the Mini App, by the computer; a
round paired, a game ended) fill them, and each page streams its new view as server-sent
events."""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from collections.abc import Awaitable, Callable, Mapping

from aiohttp import web

from bot.service.kernel.events import BoardUpdate, Event, TournamentUpdate
from bot.web.signing import game_subject, tournament_subject

# The index's topic (bot/web/index_page.py): every page of it re-reads its lists.
INDEX = "index"
# A page that does not read its events (a stalled connection) keeps only the latest ones.
QUEUE_LIMIT = 8
# Seconds between comments on a quiet event stream, so that proxies keep it open.
KEEP_ALIVE = 25.0

# What a page shows after an event (None: the first view), or None when it shows no change.
Viewer = Callable[[Event | None], Awaitable[Mapping[str, object] | None]]


def topics(event: Event) -> list[str]:
    """The pages an event changes: its game's, and its tournament's when a table's game ends
    (the standings change; the service has recorded the result by then) or the tournament
    itself has news (a round paired, the end); the index when a game starts or ends (its
    lists of live games) or a tournament has news."""
    if isinstance(event, TournamentUpdate):
        # An arena's leaderboard changes its page only (the index lists no standings).
        index = [] if event.leaderboard else [INDEX]
        return [tournament_subject(event.tournament.id), *index]
    if not isinstance(event, BoardUpdate):
        return []
    shown = [game_subject(event.state.id)]
    if event.state.tournament is not None and not event.state.active:
        shown.append(tournament_subject(event.state.tournament))
    if event.state.plies == 0 or not event.state.active:
        shown.append(INDEX)
    return shown


class Onlookers:
    """The open pages by what they show (`signing`'s subjects: "game:12", "tournament:3")."""

    def __init__(self) -> None:
        self._pages: defaultdict[str, set[asyncio.Queue[Event]]] = defaultdict(set)

    def open(self, topic: str) -> asyncio.Queue[Event]:
        queue: asyncio.Queue[Event] = asyncio.Queue(QUEUE_LIMIT)
        self._pages[topic].add(queue)
        return queue

    def close(self, topic: str, queue: asyncio.Queue[Event]) -> None:
        pages = self._pages.get(topic)
        if pages is not None:
            pages.discard(queue)
            if not pages:
                del self._pages[topic]

    async def __call__(self, event: Event) -> None:
        """The kernel's watcher."""
        for topic in topics(event):
            for queue in self._pages.get(topic, ()):
                if queue.full():
                    queue.get_nowait()  # the older news is of no use once newer waits
                queue.put_nowait(event)

    async def stream(
        self, request: web.Request, topic: str, view: Viewer, going: Callable[[], bool]
    ) -> web.StreamResponse:
        """The page's views as server-sent events: the current one, then one after each
        batch of news, while `going()` says more may come."""
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",  # nginx: pass each event on at once
            }
        )
        await response.prepare(request)
        queue = self.open(topic)
        try:
            # Read after the queue opened, so that nothing between is missed.
            await _send(response, await view(None))
            while going():
                try:
                    news = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                while not queue.empty():  # one view for news that came together
                    news = queue.get_nowait()
                await _send(response, await view(news))
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self.close(topic, queue)
        return response


async def _send(response: web.StreamResponse, shown: Mapping[str, object] | None) -> None:
    if shown is not None:
        await response.write(f"data: {json.dumps(shown)}\n\n".encode())
