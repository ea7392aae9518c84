"""Checking a finished tournament's draw and coin tosses against its revealed seed."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Reply, ServiceError
from bot.service.tournaments.verification import verification
from storage import TableGameRecord, TournamentFacts
from tests.bot.service.tournaments.helpers import (
    CHAT,
    ORGANISER,
    open_with,
    people,
    play_out,
    random_results,
)


async def _finished(service: GameService, words: list[str], count: int = 5) -> int:
    entrants = people(count)
    tournament_id = await open_with(service, entrants, words)
    await service.tournaments.start(ORGANISER, CHAT, tournament_id)
    await play_out(service, tournament_id, entrants, random_results(7))
    return tournament_id


def _said(events: Sequence[object]) -> str:
    (reply,) = events
    assert isinstance(reply, Reply)
    return translate("en", reply.text)


async def test_a_finished_knockout_checks_its_commitment_draw_and_every_toss(
    service: GameService,
) -> None:
    tournament_id = await _finished(service, ["brazilian", "knockout"])
    facts = await service.store.tournament_facts(tournament_id)
    # Five entries: two tables, then the one who went through against a winner, then the final.
    tables = {(g.round, g.table) for g in facts.games if g.index == 0}
    assert len(tables) == 4
    said = _said(await service.reports.verify(ORGANISER, CHAT, tournament_id))
    assert f"the seed {facts.tournament.seed} matches the commitment" in said
    assert "The numbers drawn are the ones the seed gives." in said
    assert "The 4 coin tosses agree with the seed." in said


async def test_the_check_waits_for_the_end_when_the_seed_is_revealed(
    service: GameService,
) -> None:
    entrants = people(4)
    tournament_id = await open_with(service, entrants, ["brazilian", "knockout"])
    await service.tournaments.start(ORGANISER, CHAT, tournament_id)
    with pytest.raises(ServiceError) as refused:
        await service.reports.verify(entrants[0], CHAT, tournament_id)
    assert "revealed when it is over" in translate("en", refused.value.reason)


async def test_a_swiss_checks_its_first_coin_and_a_round_robin_tosses_none(
    service: GameService,
) -> None:
    swiss = await _finished(service, ["brazilian", "swiss", "rounds=2"], 4)
    said = _said(await service.reports.verify(ORGANISER, CHAT, swiss))
    assert "The numbers drawn are the ones the seed gives." in said
    assert "The coin toss agrees with the seed." in said
    robin = await _finished(service, ["brazilian", "roundrobin"], 3)
    said = _said(await service.reports.verify(ORGANISER, CHAT, robin))
    assert "The numbers drawn are the ones the seed gives." in said
    assert "coin" not in said


async def test_a_seeded_draw_is_said_to_go_by_rating(service: GameService) -> None:
    seeded = await _finished(service, ["brazilian", "knockout", "seeded"], 4)
    said = _said(await service.reports.verify(ORGANISER, CHAT, seeded))
    assert "The numbers went by rating" in said
    assert "The 3 coin tosses agree with the seed." in said


async def test_a_changed_record_fails_the_check(service: GameService) -> None:
    facts = await service.store.tournament_facts(
        await _finished(service, ["brazilian", "knockout"])
    )
    assert "NOT" not in translate("en", verification(facts))
    record = facts.tournament
    other_seed = dataclasses.replace(record, seed="00" * 32)
    assert "does NOT match the commitment" in _verdict(facts, tournament=other_seed)
    one, two, *rest = sorted(facts.entries, key=lambda entry: entry.number or 0)
    swapped = (
        dataclasses.replace(one, number=two.number),
        dataclasses.replace(two, number=one.number),
        *rest,
    )
    assert "NOT the ones the seed gives" in _verdict(facts, entries=swapped)
    first = next(game for game in facts.games if game.index == 0)
    assert f"The coin of round {first.round}, table {first.table} does NOT agree" in _verdict(
        facts, games=_colours_turned(facts, first)
    )


async def test_a_swiss_with_its_first_colours_turned_fails_the_check(
    service: GameService,
) -> None:
    facts = await service.store.tournament_facts(
        await _finished(service, ["brazilian", "swiss", "rounds=2"], 4)
    )
    first = next(game for game in facts.games if (game.round, game.table, game.index) == (1, 1, 0))
    turned = _colours_turned(facts, first)
    assert "The coin of round 1, table 1 does NOT agree" in _verdict(facts, games=turned)


def _colours_turned(facts: TournamentFacts, turned: TableGameRecord) -> tuple[TableGameRecord, ...]:
    """The games with one game's colours the other way round."""
    swapped = dataclasses.replace(
        turned, white_entry=turned.black_entry, black_entry=turned.white_entry
    )
    return tuple(swapped if game is turned else game for game in facts.games)


def _verdict(facts: TournamentFacts, **changes: object) -> str:
    return translate("en", verification(dataclasses.replace(facts, **changes)))  # type: ignore[arg-type]
