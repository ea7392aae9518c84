"""`seeded`: the numbers drawn by rating in the pool of the tournament's games."""

from __future__ import annotations

import pytest

from bot.service.game_service import GameService
from bot.service.tournaments import tournaments
from bot.service.tournaments.options import read_plan
from competition.rating.pools import Pool
from competition.rating.record import Rating
from storage import Store
from tests.bot.service.tournaments.helpers import ORGANISER, open_with, people

ENTRANTS = people(4)


@pytest.mark.parametrize("word", ["seeded", "semeado", "teste-di-serie", "SEEDED"])
def test_the_seeded_word_in_three_languages(word: str) -> None:
    assert read_plan(["brazilian", "knockout", word]).options["seeded"] is True


async def _numbers(service: GameService, words: list[str]) -> list[str]:
    tournament_id = await open_with(service, ENTRANTS, words)
    await service.tournaments.start(ORGANISER, None, tournament_id)
    facts = await service.store.tournament_facts(tournament_id)
    names = {
        (await service.kernel.roster.player(actor)).id: actor.display_name for actor in ENTRANTS
    }
    numbered = sorted(facts.entries, key=lambda entry: entry.number or 0)
    return [names[entry.members[0]] for entry in numbered]


@pytest.fixture
def ratings(monkeypatch: pytest.MonkeyPatch) -> None:
    """P3 1900, P1 1700, P2 1600, P4 unrated (no rated game)."""
    values = {"P1": Rating(1700, games=5), "P2": Rating(1600, games=3), "P3": Rating(1900, games=9)}

    async def pool_rating(store: Store, player_id: int, pool: Pool) -> Rating:
        assert pool.key.startswith("brazilian")
        name = (await store.get_player(player_id)).display_name
        return values.get(name, Rating())

    monkeypatch.setattr(tournaments, "pool_rating", pool_rating)


@pytest.mark.usefixtures("ratings")
async def test_seeded_numbers_go_by_rating_with_the_unrated_last(service: GameService) -> None:
    assert await _numbers(service, ["brazilian", "knockout", "seeded"]) == ["P3", "P1", "P2", "P4"]


@pytest.mark.usefixtures("ratings")
async def test_without_seeded_the_numbers_are_drawn_by_lot(service: GameService) -> None:
    orders = {tuple(await _numbers(service, ["brazilian", "knockout"])) for _ in range(6)}
    assert len(orders) > 1
