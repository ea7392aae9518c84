"""The organiser's tools and what falls due: settle, pause, resume, cancel, withdrawals, the
registration deadline, no-show forfeits and losses on time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.game_flow.clocks import ManualClock
from storage import Store, open_store
from tests.bot.service.tournaments.helpers import (
    CHAT,
    ORGANISER,
    end_game,
    notices,
    open_with,
    people,
)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def timed(tmp_path: Path, clock: ManualClock) -> AsyncIterator[GameService]:
    async with await open_store(tmp_path / "timed.sqlite3", clock=clock) as store:
        service = GameService(store, clock=clock)
        yield service
        await service.kernel.close()


async def started(service: GameService, count: int, words: list[str]) -> int:
    tournament_id = await open_with(service, people(count), words)
    await service.tournaments.start(ORGANISER, CHAT, tournament_id)
    return tournament_id


async def test_settle_decides_a_match_and_calls_its_game_off(service: GameService) -> None:
    tournament_id = await started(service, 2, ["brazilian", "knockout"])
    facts = await service.store.tournament_facts(tournament_id)
    second = next(entry for entry in facts.entries if entry.number == 2)
    events = await service.tournaments.settle(ORGANISER, CHAT, 1, 2, tournament_id)
    facts = await service.store.tournament_facts(tournament_id)
    assert facts.tournament.status == "finished"
    assert facts.settlements == {(1, 1): second.id}
    assert "The winner" in notices(events)[-1]
    game = await service.store.get_game(facts.games[0].game_id or 0) if facts.games else None
    assert game is None or game.status == "aborted"


async def test_pause_holds_the_next_round_until_resumed(service: GameService) -> None:
    entrants = people(2)
    tournament_id = await open_with(service, entrants, ["brazilian", "knockout"])
    await service.tournaments.start(ORGANISER, CHAT, tournament_id)
    await service.tournaments.set_status(ORGANISER, CHAT, "paused", tournament_id)
    facts = await service.store.tournament_facts(tournament_id)
    actors = {(await service.kernel.roster.player(actor)).id: actor for actor in entrants}
    await end_game(service, actors, facts.games[0].game_id or 0, "draw")
    assert len((await service.store.tournament_facts(tournament_id)).games) == 1
    await service.tournaments.set_status(ORGANISER, CHAT, "running", tournament_id)
    assert len((await service.store.tournament_facts(tournament_id)).games) == 2
    await service.tournaments.set_status(ORGANISER, CHAT, "cancelled", tournament_id)
    assert (await service.store.get_tournament(tournament_id)).status == "cancelled"


async def test_a_withdrawal_forfeits_the_game_going_on_and_those_to_come(
    service: GameService,
) -> None:
    entrants = people(4)
    tournament_id = await open_with(service, entrants, ["brazilian", "roundrobin"])
    await service.tournaments.start(ORGANISER, CHAT, tournament_id)
    quitter = entrants[0]
    await service.tournaments.withdraw(quitter, CHAT, tournament_id)
    facts = await service.store.tournament_facts(tournament_id)
    player = (await service.kernel.roster.player(quitter)).id
    entry = next(e.id for e in facts.entries if player in e.members)
    theirs = [g for g in facts.games if entry in (g.white_entry, g.black_entry)]
    assert theirs
    assert all(
        (g.result is not None and g.result["reason"] == "withdrawn") or g.settled for g in theirs
    )
    actors = {(await service.kernel.roster.player(actor)).id: actor for actor in entrants}
    for _ in range(10):
        facts = await service.store.tournament_facts(tournament_id)
        active = [g.game_id for g in facts.games if g.status == "active" and g.game_id]
        if not active:
            break
        await end_game(service, actors, active[0], "white")
    facts = await service.store.tournament_facts(tournament_id)
    assert facts.tournament.status == "finished"
    theirs = [g for g in facts.games if entry in (g.white_entry, g.black_entry)]
    assert len(theirs) == 3


async def test_the_deadline_starts_registration_or_cancels_it(
    timed: GameService, clock: ManualClock
) -> None:
    full = await open_with(timed, people(3), ["brazilian", "knockout", "deadline=2h"])
    empty = await open_with(timed, [], ["brazilian", "swiss", "rounds=3", "deadline=1h"])
    await timed.scheduler.run_due()
    assert (await timed.store.get_tournament(full)).status == "registering"
    clock.advance(timedelta(hours=3))
    await timed.scheduler.run_due()
    assert (await timed.store.get_tournament(full)).status == "running"
    assert (await timed.store.get_tournament(empty)).status == "cancelled"


async def test_a_no_show_loses_by_forfeit(timed: GameService, clock: ManualClock) -> None:
    tournament_id = await started(timed, 2, ["brazilian", "knockout", "10m", "noshow=5m"])
    clock.advance(timedelta(minutes=4))
    await timed.scheduler.run_due()
    store: Store = timed.store
    assert (await store.tournament_facts(tournament_id)).games[0].status == "active"
    clock.advance(timedelta(minutes=2))
    await timed.scheduler.run_due()
    facts = await store.tournament_facts(tournament_id)
    assert facts.games[0].result == {"winners": [1], "reason": "no_show"}
    assert facts.tournament.status == "finished"


async def test_a_loss_on_time_is_a_result(timed: GameService, clock: ManualClock) -> None:
    tournament_id = await started(timed, 2, ["brazilian", "knockout", "1d"])
    clock.advance(timedelta(days=2))
    await timed.scheduler.run_due()
    facts = await timed.store.tournament_facts(tournament_id)
    assert facts.games[0].result == {"winners": [1], "reason": "timeout"}
    assert facts.tournament.status == "finished"
