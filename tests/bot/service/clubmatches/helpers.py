"""Club matches through the service: an organiser, two clubs' chats and their players, a match
opened, joined and signed, its news read in a language."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, ClubMatchUpdate, Event
from bot.service.kernel.rated.rated_games import pool_of, stored_rating
from competition.rating import Rating
from storage import ChatRef, Store

HOME = ChatRef("test", "home-club")
AWAY = ChatRef("test", "away-club")
ORGANISER = Actor("test", "org", "Org")
SIDE_A = [Actor("test", f"a{n}", f"A{n}") for n in (1, 2)]
SIDE_B = [Actor("test", f"b{n}", f"B{n}") for n in (1, 2)]


async def rate(store: Store, actor: Actor, value: float, kind: str = "italian") -> None:
    """Give `actor` a rating in the pool of the matches' games (no clock: correspondence)."""
    player = await store.player_for_identity(actor.platform, actor.user_id, actor.display_name)
    kept = [r for r in await store.all_ratings() if r.player_id != player.id]
    pool = pool_of(kind, {})
    await store.replace_ratings(
        [*kept, stored_rating(player.id, pool, replace(Rating(), value=value))], []
    )


async def signed(service: GameService, time: str | None = None) -> int:
    """A match of Italian draughts on two boards between HOME and AWAY, both sides signed (A2
    rated above A1, B1 above B2), not started; its id."""
    events = await service.club_matches.create(ORGANISER, HOME, "italian", 2, time)
    match = updates(events)[0].match
    await service.club_matches.join(SIDE_B[0], AWAY, match.code.lower())
    await rate(service.store, SIDE_A[1], 1700)
    await rate(service.store, SIDE_B[1], 1400)
    for actor in SIDE_A:
        await service.club_matches.sign(actor, HOME)
    for actor in SIDE_B:
        await service.club_matches.sign(actor, AWAY)
    return match.id


def updates(events: list[Event]) -> list[ClubMatchUpdate]:
    return [event for event in events if isinstance(event, ClubMatchUpdate)]


def news(events: list[Event], chat: ChatRef = HOME, language: str = "en") -> list[str]:
    """The match's news (not its score board) for one chat, as read in `language`."""
    return [
        translate(language, e.text) for e in updates(events) if e.chat == chat and not e.standings
    ]


def boards(events: list[Event], chat: ChatRef = HOME) -> list[str]:
    """The score boards given for one chat."""
    return [translate("en", e.text) for e in updates(events) if e.chat == chat and e.standings]
