"""Tournaments with ballots: each pairing plays an opening drawn from the official list with
both colours, drawn from the tournament's committed seed (so a restart between its two games,
or a crash before the second starts, draws the same one); a variant without a list is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.events import GameState, ServiceError
from bot.service.kernel.families.draughts_ballots import seeded_ballot
from games.base import find_game
from games.damas import Position
from games.damas.ballots import IDF_64_BASIC
from storage import open_store
from tests.bot.service.tournaments.helpers import (
    CHAT,
    ORGANISER,
    end_game,
    lower_number_wins,
    open_with,
    people,
)


async def _games(service: GameService, tournament_id: int) -> dict[tuple[int, int, int], int]:
    facts = await service.store.tournament_facts(tournament_id)
    return {(g.round, g.table, g.index): g.game_id for g in facts.games if g.game_id}


async def test_a_micro_match_plays_its_ballot_with_both_colours_across_a_crash(
    tmp_path: Path,
) -> None:
    path = tmp_path / "club.sqlite3"
    entrants = people(2)
    async with await open_store(path) as store:
        service = GameService(store)
        words = ["brazilian", "knockout", "micro", "sorteio"]
        tournament_id = await open_with(service, entrants, words)
        await service.tournaments.start(ORGANISER, None, tournament_id)
        first = await service.kernel.state((await _games(service, tournament_id))[(1, 1, 0)])
        code = first.record.options["ballot"]
        ballot = IDF_64_BASIC.find(code)
        assert ballot is not None
        assert _fen(first) == IDF_64_BASIC.position(ballot).fen()
        # The game ends while nobody listens: the process dies before the second game starts.
        service.kernel.changes._finish_listeners.clear()
        actors = {(await service.kernel.roster.player(a)).id: a for a in entrants}
        await end_game(service, actors, first.id, "draw")
        await service.kernel.close()
    async with await open_store(path) as store:
        service = GameService(store)
        await service.resume()
        second = await service.kernel.state((await _games(service, tournament_id))[(1, 1, 1)])
        seed = (await store.tournament_facts(tournament_id)).tournament.seed
        await service.kernel.close()
    assert second.record.options["ballot"] == code
    assert _fen(second) == _fen(first)
    assert [s.player_id for s in second.record.seats] == [
        s.player_id for s in reversed(first.record.seats)
    ]
    # The ballot is the seed's draw for the match: checkable once the seed is revealed.
    assert seed is not None
    drawn = seeded_ballot(find_game("brazilian"), bytes.fromhex(seed), "knockout:1:1:0")
    assert drawn["ballot"] == code


async def test_a_double_round_robin_pairing_plays_its_ballot_once_with_each_colour(
    service: GameService,
) -> None:
    entrants = people(3)
    tournament_id = await open_with(service, entrants, ["brazilian", "double-roundrobin", "ballot"])
    await service.tournaments.start(ORGANISER, None, tournament_id)
    actors = {(await service.kernel.roster.player(a)).id: a for a in entrants}
    by_pair: dict[frozenset[int | None], list[tuple[int | None, str]]] = {}
    for _ in range(6):
        facts = await service.store.tournament_facts(tournament_id)
        game_id = next(g.game_id for g in facts.games if g.status == "active" and g.game_id)
        state = await service.kernel.state(game_id)
        white, black = (seat.player_id for seat in state.record.seats)
        by_pair.setdefault(frozenset((white, black)), []).append(
            (white, state.record.options["ballot"])
        )
        await end_game(service, actors, game_id, lower_number_wins(facts, game_id))
    assert len(by_pair) == 3
    for games in by_pair.values():
        (first_white, first_code), (second_white, second_code) = games
        assert first_code == second_code
        assert first_white != second_white


@pytest.mark.parametrize("variant", ["italian", "international"])
async def test_a_variant_without_a_list_is_refused(service: GameService, variant: str) -> None:
    with pytest.raises(ServiceError) as refused:
        await service.entries.create(ORGANISER, CHAT, [variant, "swiss", "rounds=3", "ballot"])
    assert "only the IDF's table for Brazilian draughts" in str(refused.value.reason)


def _fen(state: GameState) -> str:
    position = state.position
    assert isinstance(position, Position)
    return position.fen()
