"""What people see of a tournament: standings, pictures, pairings with coin tosses, games,
exports; and micro-matches."""

from __future__ import annotations

import csv
import io

import pytest

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import FileReady, Reply
from tests.bot.conftest import said
from tests.bot.service.tournaments.helpers import (
    CHAT,
    ORGANISER,
    lower_number_wins,
    open_with,
    people,
    play_out,
    random_results,
)

PNG = b"\x89PNG"


@pytest.mark.parametrize(
    "words",
    [
        ["brazilian", "knockout"],
        ["brazilian", "swiss", "rounds=3"],
        ["brazilian", "roundrobin"],
    ],
)
async def test_show_gives_the_standings_and_a_picture(
    service: GameService, words: list[str]
) -> None:
    entrants = people(5)
    tournament_id = await open_with(service, entrants, words)
    before = await service.reports.show(ORGANISER, CHAT, tournament_id)
    assert "Entries: P1, P2, P3, P4, P5" in said("en", before[0])
    await service.tournaments.start(ORGANISER, CHAT, tournament_id)
    await play_out(service, tournament_id, entrants, random_results(5))
    shown = await service.reports.show(ORGANISER, CHAT, tournament_id)
    replies = [translate("pt", e.text) for e in shown if isinstance(e, Reply)]
    assert "encerrado" in replies[0]
    pictures = [e for e in shown if isinstance(e, FileReady)]
    assert len(pictures) == 1
    assert pictures[0].content.startswith(PNG)


async def test_pairings_show_the_coin_toss_and_exports_hold_every_game(
    service: GameService,
) -> None:
    entrants = people(4)
    tournament_id = await open_with(service, entrants, ["brazilian", "knockout"])
    await service.tournaments.start(ORGANISER, CHAT, tournament_id)
    pairings = await service.reports.pairings(entrants[0], CHAT, tournament_id)
    italian = said("it", pairings[0])
    assert "lancio della moneta" in italian
    assert "Tavolo 2" in italian
    await play_out(service, tournament_id, entrants, lower_number_wins)
    pdn = (await service.reports.export_pdn(ORGANISER, CHAT, tournament_id))[0]
    assert isinstance(pdn, FileReady)
    assert pdn.content.decode().count("[Event") == 3
    exported = (await service.reports.export_csv(ORGANISER, CHAT, tournament_id))[0]
    assert isinstance(exported, FileReady)
    rows = list(csv.reader(io.StringIO(exported.content.decode())))
    assert rows[0][:3] == ["place", "entry", "score"]
    assert len(rows) == 5
    mine = await service.reports.games(entrants[0], CHAT, tournament_id)
    everyone = await service.reports.games(entrants[0], CHAT, tournament_id, True)
    assert len(said("en", everyone[0]).splitlines()) == 3
    assert 1 <= len(said("en", mine[0]).splitlines()) <= 2


async def test_a_micro_match_plays_two_games_with_colours_swapped(
    service: GameService,
) -> None:
    entrants = people(2)
    tournament_id = await open_with(service, entrants, ["brazilian", "knockout", "micro"])
    await service.tournaments.start(ORGANISER, CHAT, tournament_id)
    await play_out(service, tournament_id, entrants, lambda _facts, _game: "white")
    facts = await service.store.tournament_facts(tournament_id)
    # 1-0 and 1-0 with colours swapped: level, so single deciding games follow until one
    # side wins; every game is won by White, so the decider's White wins the match.
    assert len(facts.games) == 3
    first, second, third = facts.games
    assert (second.white_entry, second.black_entry) == (first.black_entry, first.white_entry)
    assert (third.white_entry, third.black_entry) == (first.white_entry, first.black_entry)
    assert facts.tournament.status == "finished"
