"""Running whole tournaments through the service with scripted results."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, TournamentUpdate
from storage import ChatRef, TournamentFacts

CHAT = ChatRef("test", "club")
ORGANISER = Actor("test", "org", "Org")

# Decides a game: the winning colour ("white", "black") or "draw".
Decider = Callable[[TournamentFacts, int], str]


def people(count: int) -> list[Actor]:
    return [Actor("test", f"p{n}", f"P{n}") for n in range(1, count + 1)]


async def open_with(service: GameService, entrants: list[Actor], words: list[str]) -> int:
    """A tournament with these entrants joined; its id (not started)."""
    events = await service.entries.create(ORGANISER, CHAT, words)
    tournament_id = notice(events).tournament.id
    for actor in entrants:
        await service.entries.join(actor, CHAT, tournament_id)
    return tournament_id


def notice(events: list[Event]) -> TournamentUpdate:
    return next(event for event in events if isinstance(event, TournamentUpdate))


def notices(events: list[Event], language: str = "en") -> list[str]:
    """The tournament notices among events, as read in `language`."""
    return [translate(language, e.text) for e in events if isinstance(e, TournamentUpdate)]


def lower_number_wins(facts: TournamentFacts, game_id: int) -> str:
    numbers = {entry.id: entry.number or 0 for entry in facts.entries}
    table = next(game for game in facts.games if game.game_id == game_id)
    return "white" if numbers[table.white_entry] < numbers[table.black_entry] else "black"


def random_results(seed: int) -> Decider:
    chance = random.Random(seed)

    def decide(_facts: TournamentFacts, _game_id: int) -> str:
        return chance.choice(["white", "black", "draw"])

    return decide


async def end_game(
    service: GameService, actors: dict[int, Actor], game_id: int, how: str
) -> list[Event]:
    """End one game as scripted: a resignation, or a draw offered and accepted."""
    state = await service.kernel.state(game_id)
    white, black = (actors[seat.player_id or 0] for seat in state.record.seats)
    if how == "draw":
        await service.results.draw(white, None, game_id)
        return await service.results.draw(black, "accept", game_id)
    return await service.results.resign(black if how == "white" else white, game_id)


async def play_out(
    service: GameService,
    tournament_id: int,
    entrants: list[Actor],
    decide: Decider,
) -> list[Event]:
    """End every game of the tournament as `decide` says until it is over; the events."""
    actors = {(await service.kernel.roster.player(actor)).id: actor for actor in entrants}
    seen: list[Event] = []
    for _ in range(10_000):
        facts = await service.store.tournament_facts(tournament_id)
        if facts.tournament.status != "running":
            return seen
        active = [g.game_id for g in facts.games if g.status == "active" and g.game_id]
        assert active, "a running tournament has a game going on"
        game_id = active[0]
        seen.extend(await end_game(service, actors, game_id, decide(facts, game_id)))
    raise AssertionError("the tournament never ended")
