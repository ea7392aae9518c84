"""Tournaments in storage: each player enters once, a tournament starts once, and each round
and each game of a table starts exactly once, however many tasks try at the same instant."""

from __future__ import annotations

import asyncio

import pytest

from storage import (
    ChatRef,
    NewTableGame,
    Player,
    SeatRecord,
    Store,
    TournamentRefused,
)

CHAT = ChatRef("console", "club")


async def test_each_player_enters_once_and_a_full_field_refuses(
    store: Store, ana: Player, bruno: Player
) -> None:
    carla = await store.player_for_identity("console", "c", "Carla")
    made = await store.create_tournament(CHAT, ana.id, "brazilian", "knockout", {}, max_entries=2)
    await store.join_tournament(made.id, [ana.id])
    with pytest.raises(TournamentRefused) as twice:
        await store.join_tournament(made.id, [ana.id])
    assert twice.value.why == "already_entered"
    await store.join_tournament(made.id, [bruno.id])
    with pytest.raises(TournamentRefused) as full:
        await store.join_tournament(made.id, [carla.id])
    assert full.value.why == "full"
    facts = await store.tournament_facts(made.id)
    assert [entry.members for entry in facts.entries] == [(ana.id,), (bruno.id,)]


async def test_a_team_member_cannot_enter_again_alone(
    store: Store, ana: Player, bruno: Player
) -> None:
    made = await store.create_tournament(CHAT, ana.id, "brazilian", "swiss", {}, team_size=2)
    await store.join_tournament(made.id, [ana.id, bruno.id])
    carla = await store.player_for_identity("console", "c", "Carla")
    with pytest.raises(TournamentRefused):
        await store.join_tournament(made.id, [carla.id, bruno.id])
    facts = await store.tournament_facts(made.id)
    assert [entry.members for entry in facts.entries] == [(ana.id, bruno.id)]
    await store.leave_tournament(made.id, bruno.id)
    assert (await store.tournament_facts(made.id)).entries == ()


async def test_start_once_then_no_joining(store: Store, ana: Player, bruno: Player) -> None:
    made = await store.create_tournament(CHAT, ana.id, "brazilian", "knockout", {})
    first = await store.join_tournament(made.id, [ana.id])
    second = await store.join_tournament(made.id, [bruno.id])
    started = await store.start_tournament(made.id, "aa", "c", {first.id: 2, second.id: 1})
    assert started.status == "running"
    with pytest.raises(TournamentRefused):
        await store.start_tournament(made.id, "bb", "c", {first.id: 1, second.id: 2})
    with pytest.raises(TournamentRefused):
        await store.leave_tournament(made.id, ana.id)
    facts = await store.tournament_facts(made.id)
    assert {entry.id: entry.number for entry in facts.entries} == {first.id: 2, second.id: 1}
    assert facts.tournament.seed == "aa"


async def test_a_round_and_its_games_start_once_under_racing_tasks(
    store: Store, ana: Player, bruno: Player
) -> None:
    made = await store.create_tournament(CHAT, ana.id, "brazilian", "knockout", {})
    first = await store.join_tournament(made.id, [ana.id])
    second = await store.join_tournament(made.id, [bruno.id])
    await store.start_tournament(made.id, "aa", "c", {first.id: 1, second.id: 2})
    game = NewTableGame(
        1,
        0,
        first.id,
        second.id,
        "brazilian",
        {},
        (SeatRecord(0, ana.id), SeatRecord(1, bruno.id)),
        "snapshot",
    )
    starts = await asyncio.gather(
        *(store.start_round(made.id, 1, {"tables": []}, [game], CHAT) for _ in range(4))
    )
    assert sum(start.new_round for start in starts) == 1
    created = [record for start in starts for _, record in start.games]
    assert len(created) == 1
    assert created[0] is not None
    assert await store.tournament_of_game(created[0].id) == made.id
    facts = await store.tournament_facts(made.id)
    assert [(g.round, g.table, g.index, g.game_id, g.status) for g in facts.games] == [
        (1, 1, 0, created[0].id, "active")
    ]
    assert facts.rounds == {1: {"tables": []}}
