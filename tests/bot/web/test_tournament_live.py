"""A tournament's page is live (issue 28, item 2): its event stream sends the standings and
games again when a table's game ends or a round is paired, and only to whoever may see it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.service.game_service import GameService
from bot.web.links import tournament_link
from tests.bot.service.tournaments.helpers import CHAT, ORGANISER, end_game, open_with, people
from tests.bot.web.helpers import SETTINGS, local, next_event, web_client

Client = TestClient[Any, Any]


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service):
        yield opened


async def running_tournament(service: GameService, words: list[str]) -> tuple[int, dict[int, Any]]:
    """A started tournament of four: its id and its players by player id."""
    entrants = people(4)
    tournament_id = await open_with(service, entrants, words)
    await service.tournaments.start(ORGANISER, CHAT, tournament_id)
    players = {(await service.kernel.roster.player(a)).id: a for a in entrants}
    return tournament_id, players


def events_of(link: str) -> str:
    return local(link).replace("?", "/events?", 1)


async def test_a_tournament_page_streams_results_and_the_next_round(
    service: GameService, client: Client
) -> None:
    tournament_id, players = await running_tournament(service, ["brazilian", "swiss", "rounds=2"])
    stream = await client.get(events_of(tournament_link(SETTINGS, tournament_id)))
    assert stream.headers["Content-Type"] == "text/event-stream"
    first = (await next_event(stream))["html"]
    assert "0 points" in first
    assert "1 point " not in first
    facts = await service.store.tournament_facts(tournament_id)
    round_one = [game.game_id for game in facts.games if game.game_id is not None]
    await end_game(service, players, round_one[0], "white")
    ended = (await next_event(stream))["html"]
    assert "1 point " in ended
    assert "+1 =0 -0" in ended
    await end_game(service, players, round_one[1], "draw")
    # The round's last result pairs the second round: its games appear, linked.
    paired = (await next_event(stream))["html"]
    later = await service.store.tournament_facts(tournament_id)
    new_games = {game.game_id for game in later.games} - set(round_one) - {None}
    assert len(new_games) == 2
    for game in new_games:
        assert f"/game/{game}?t=" in paired
    stream.close()


async def test_a_tournament_stream_needs_what_the_page_needs(
    service: GameService, client: Client
) -> None:
    tournament_id, _ = await running_tournament(service, ["brazilian", "swiss", "rounds=2"])
    unsigned = await client.get(f"/tournament/{tournament_id}/events")
    assert unsigned.status == 404
    assert f"There is no tournament #{tournament_id}." in await unsigned.text()
    forged = await client.get(f"/tournament/{tournament_id}/events?t=" + "0" * 32)
    assert forged.status == 404


async def test_the_tournament_page_follows_its_stream_instead_of_reloading(
    service: GameService, client: Client
) -> None:
    tournament_id, _ = await running_tournament(service, ["brazilian", "swiss", "rounds=2"])
    page = await client.get(local(tournament_link(SETTINGS, tournament_id)))
    assert page.status == 200
    assert "Refresh" not in page.headers
    assert "/events" in await page.text()


async def test_an_arena_page_streams_its_leaderboard_and_the_next_pairing(
    service: GameService, client: Client
) -> None:
    tournament_id, players = await running_tournament(service, ["brazilian", "arena", "1h", "2m"])
    stream = await client.get(events_of(tournament_link(SETTINGS, tournament_id)))
    first = (await next_event(stream))["html"]
    assert "4 playing, 0 waiting for an opponent" in first
    facts = await service.store.tournament_facts(tournament_id)
    await end_game(service, players, facts.games[0].game_id or 0, "white")
    ended = ""
    while "2 (1 game: +1 =0 -0)" not in ended:
        ended = (await next_event(stream))["html"]
    assert "2 playing, 2 waiting for an opponent" in ended
    stream.close()
