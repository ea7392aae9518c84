"""Swiss and round robin tournaments played through the service to the end."""

from __future__ import annotations

from bot.service.game_service import GameService
from tests.bot.service.tournaments.helpers import (
    ORGANISER,
    notices,
    open_with,
    people,
    play_out,
    random_results,
)


async def test_seven_entries_play_five_swiss_rounds(service: GameService) -> None:
    entrants = people(7)
    tournament_id = await open_with(service, entrants, ["brazilian", "swiss", "rounds=5"])
    await service.tournaments.start(ORGANISER, None, tournament_id)
    events = await play_out(service, tournament_id, entrants, random_results(1))
    facts = await service.store.tournament_facts(tournament_id)
    assert facts.tournament.status == "finished"
    assert sorted(facts.rounds) == [1, 2, 3, 4, 5]
    # Three tables a round (one entry sits out), no pair met twice.
    assert len(facts.games) == 15
    meetings = {frozenset((g.white_entry, g.black_entry)) for g in facts.games}
    assert len(meetings) == 15
    assert "is over" in notices(events)[-1]


async def test_six_entries_play_a_double_round_robin(service: GameService) -> None:
    entrants = people(6)
    tournament_id = await open_with(service, entrants, ["italian", "double-roundrobin"])
    await service.tournaments.start(ORGANISER, None, tournament_id)
    await play_out(service, tournament_id, entrants, random_results(2))
    facts = await service.store.tournament_facts(tournament_id)
    assert facts.tournament.status == "finished"
    assert len(facts.rounds) == 10
    assert len(facts.games) == 30
    # Each pair meets twice, once with each colour.
    colours = {(g.white_entry, g.black_entry) for g in facts.games}
    assert len(colours) == 30


async def test_a_correspondence_round_robin_starts_every_game_at_once(
    service: GameService,
) -> None:
    entrants = people(4)
    tournament_id = await open_with(service, entrants, ["brazilian", "roundrobin", "3d"])
    await service.tournaments.start(ORGANISER, None, tournament_id)
    facts = await service.store.tournament_facts(tournament_id)
    assert len(facts.games) == 6
    assert sorted(facts.rounds) == [1, 2, 3]
    assert all(game.status == "active" for game in facts.games)
    clock = await service.store.clock(facts.games[0].game_id or 0)
    assert clock is not None
    assert clock.per_move.days == 3
    await play_out(service, tournament_id, entrants, random_results(4))
    assert (await service.store.get_tournament(tournament_id)).status == "finished"
