"""Knockouts played through the service to their winner."""

from __future__ import annotations

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.events import ServiceError
from bot.telegram.widgets.keyboards import board_keyboard
from storage import TournamentFacts
from tests.bot.service.tournaments.helpers import (
    ORGANISER,
    lower_number_wins,
    notices,
    open_with,
    people,
    play_out,
)


@pytest.mark.parametrize("count", [2, 3, 5, 8, 13])
async def test_a_knockout_ends_with_the_lowest_number_as_winner(
    service: GameService, count: int
) -> None:
    entrants = people(count)
    tournament_id = await open_with(service, entrants, ["brazilian", "knockout"])
    started = await service.tournaments.start(ORGANISER, None, tournament_id)
    assert f"starts with {count} entries" in notices(started)[0]
    events = await play_out(service, tournament_id, entrants, lower_number_wins)
    facts = await service.store.tournament_facts(tournament_id)
    assert facts.tournament.status == "finished"
    first = next(entry for entry in facts.entries if entry.number == 1)
    name = (await service.store.get_player(first.members[0])).display_name
    assert f"The winner: {name}!" in notices(events)[-1]
    assert len(facts.games) == count - 1


def draw_first_game(facts: TournamentFacts, game_id: int) -> str:
    table = next(game for game in facts.games if game.game_id == game_id)
    return "draw" if table.index == 0 else lower_number_wins(facts, game_id)


async def test_a_drawn_game_is_replayed_with_colours_swapped(service: GameService) -> None:
    entrants = people(4)
    tournament_id = await open_with(service, entrants, ["brazilian", "knockout"])
    await service.tournaments.start(ORGANISER, None, tournament_id)
    await play_out(service, tournament_id, entrants, draw_first_game)
    facts = await service.store.tournament_facts(tournament_id)
    assert facts.tournament.status == "finished"
    assert len(facts.games) == 6
    for first, replay in zip(facts.games[::2], facts.games[1::2], strict=True):
        assert (first.round, first.table) == (replay.round, replay.table)
        assert (replay.white_entry, replay.black_entry) == (first.black_entry, first.white_entry)


async def test_a_tournament_game_offers_no_rematch(service: GameService) -> None:
    entrants = people(2)
    tournament_id = await open_with(service, entrants, ["brazilian", "knockout"])
    await service.tournaments.start(ORGANISER, None, tournament_id)
    await play_out(service, tournament_id, entrants, lower_number_wins)
    [table] = (await service.store.tournament_facts(tournament_id)).games
    assert table.game_id is not None
    state = await service.kernel.state(table.game_id)
    assert state.tournament == tournament_id
    assert board_keyboard(state, "en") is None, "no Rematch button under the board"
    with pytest.raises(ServiceError, match="pairs the next games itself"):
        await service.challenges.rematch(entrants[0], table.game_id, None)


async def test_the_final_standings_say_one_point_and_no_points(service: GameService) -> None:
    # A round robin: a knockout's table shows no points (it ranks by the round reached).
    entrants = people(2)
    tournament_id = await open_with(service, entrants, ["brazilian", "roundrobin"])
    await service.tournaments.start(ORGANISER, None, tournament_id)
    events = await play_out(service, tournament_id, entrants, lower_number_wins)
    final = notices(events)[-1]
    assert ": 1 point (" in final
    assert ": 0 points (" in final
    assert ": 1 ponto (" in notices(events, "pt")[-1]
    assert ": 1 punto (" in notices(events, "it")[-1]
