"""The live pages: every open page of a game waits on a queue of its fresh states; the
service's events (a move in any chat, on the Mini App, by the computer) fill them."""

from __future__ import annotations

import asyncio
from collections import defaultdict

from bot.service.events import BoardUpdate, Event, GameState

# A page that does not read its events (a stalled connection) keeps only the latest ones.
QUEUE_LIMIT = 8


class Onlookers:
    """The open pages by game."""

    def __init__(self) -> None:
        self._pages: defaultdict[int, set[asyncio.Queue[GameState]]] = defaultdict(set)

    def open(self, game_id: int) -> asyncio.Queue[GameState]:
        queue: asyncio.Queue[GameState] = asyncio.Queue(QUEUE_LIMIT)
        self._pages[game_id].add(queue)
        return queue

    def close(self, game_id: int, queue: asyncio.Queue[GameState]) -> None:
        pages = self._pages.get(game_id)
        if pages is not None:
            pages.discard(queue)
            if not pages:
                del self._pages[game_id]

    async def __call__(self, event: Event) -> None:
        """The kernel's watcher: a board changed."""
        if not isinstance(event, BoardUpdate):
            return
        for queue in self._pages.get(event.state.id, ()):
            if queue.full():
                queue.get_nowait()  # the older state is of no use once a newer one waits
            queue.put_nowait(event.state)
