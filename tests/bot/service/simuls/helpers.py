"""Simuls through the service: a host and challengers, a simul opened and joined, its news
read in a language."""

from __future__ import annotations

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, SimulDesk, SimulUpdate
from storage import ChatRef

CHAT = ChatRef("test", "club")
HOST = Actor("test", "host", "Host")
CHALLENGERS = [Actor("test", f"c{n}", f"C{n}") for n in range(1, 4)]


async def opened(service: GameService, colour: str = "white", time: str | None = None) -> int:
    """A simul of Italian draughts that every challenger joined (not started); its id."""
    events = await service.simuls.create(HOST, CHAT, "italian", 5, time, colour)
    [news] = [event for event in events if isinstance(event, SimulUpdate)]
    for challenger in CHALLENGERS:
        await service.simuls.join(challenger, CHAT, news.simul.id)
    return news.simul.id


def news(events: list[Event], language: str = "en") -> list[str]:
    """The simul's news among events, as read in `language`."""
    return [translate(language, e.text) for e in events if isinstance(e, SimulUpdate)]


def desk_of(events: list[Event]) -> SimulDesk:
    [desk] = [event for event in events if isinstance(event, SimulDesk)]
    return desk
