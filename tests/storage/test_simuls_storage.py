"""Simuls in storage: each challenger takes one board, never more than the simul has; the
start numbers the boards and creates their games exactly once, however many tasks try at the
same instant, and refuses a field that changed since it was read; the end is marked once."""

from __future__ import annotations

import asyncio

import pytest

from storage import ChatRef, NewSimulGame, Player, SeatRecord, SimulRefused, Store

CHAT = ChatRef("console", "club")


def board_game(host: Player, challenger: Player) -> NewSimulGame:
    seats = (SeatRecord(0, host.id), SeatRecord(1, challenger.id))
    return NewSimulGame(challenger.id, "italian", {"simul": 1}, seats, "start", None)


async def test_each_challenger_takes_one_board_of_those_there_are(
    store: Store, ana: Player, bruno: Player
) -> None:
    carla = await store.player_for_identity("console", "c", "Carla")
    made = await store.create_simul(CHAT, ana.id, "italian", 1, {"host": "white"})
    assert await store.join_simul(made.id, bruno.id) == 1
    with pytest.raises(SimulRefused) as twice:
        await store.join_simul(made.id, bruno.id)
    assert twice.value.why == "already_joined"
    with pytest.raises(SimulRefused) as full:
        await store.join_simul(made.id, carla.id)
    assert full.value.why == "full"
    await store.leave_simul(made.id, bruno.id)
    with pytest.raises(SimulRefused) as gone:
        await store.leave_simul(made.id, bruno.id)
    assert gone.value.why == "not_joined"
    assert await store.join_simul(made.id, carla.id) == 1
    facts = await store.simul_facts(made.id)
    assert [(b.player_id, b.board, b.game_id) for b in facts.boards] == [(carla.id, None, None)]


async def test_the_boards_start_once_whoever_starts_them(
    store: Store, ana: Player, bruno: Player
) -> None:
    carla = await store.player_for_identity("console", "c", "Carla")
    made = await store.create_simul(CHAT, ana.id, "italian", 5, {})
    await store.join_simul(made.id, bruno.id)
    await store.join_simul(made.id, carla.id)
    games = [board_game(ana, bruno), board_game(ana, carla)]
    tries = await asyncio.gather(
        *(store.start_simul(made.id, games) for _ in range(4)), return_exceptions=True
    )
    started = [done for done in tries if not isinstance(done, BaseException)]
    refused = [error for error in tries if isinstance(error, SimulRefused)]
    assert len(started) == 1
    assert [error.why for error in refused] == ["not_registering"] * 3
    [start] = started
    assert start.simul.status == "running"
    assert [board for board, _ in start.games] == [1, 2]
    facts = await store.simul_facts(made.id)
    assert [(b.player_id, b.board, b.status) for b in facts.boards] == [
        (bruno.id, 1, "active"),
        (carla.id, 2, "active"),
    ]
    for board, game in start.games:
        assert game.chat == CHAT
        assert facts.boards[board - 1].game_id == game.id
    with pytest.raises(SimulRefused):
        await store.join_simul(made.id, ana.id)


async def test_a_start_prepared_before_a_join_stores_nothing(
    store: Store, ana: Player, bruno: Player
) -> None:
    carla = await store.player_for_identity("console", "c", "Carla")
    made = await store.create_simul(CHAT, ana.id, "italian", 5, {})
    await store.join_simul(made.id, bruno.id)
    prepared = [board_game(ana, bruno)]
    await store.join_simul(made.id, carla.id)
    with pytest.raises(SimulRefused) as changed:
        await store.start_simul(made.id, prepared)
    assert changed.value.why == "changed"
    facts = await store.simul_facts(made.id)
    assert facts.simul.status == "registering"
    assert all(board.game_id is None for board in facts.boards)
    assert await store.games_of_player(bruno.id) == []


async def test_a_simul_ends_once(store: Store, ana: Player, bruno: Player) -> None:
    made = await store.create_simul(CHAT, ana.id, "italian", 5, {})
    await store.join_simul(made.id, bruno.id)
    assert await store.finish_simul(made.id) is None, "a simul not started ended"
    await store.start_simul(made.id, [board_game(ana, bruno)])
    ends = await asyncio.gather(*(store.finish_simul(made.id) for _ in range(3)))
    assert [end.status for end in ends if end is not None] == ["finished"]
    assert [s.id for s in await store.simuls(("finished",), CHAT)] == [made.id]
    assert await store.simuls(("running",)) == []


async def test_a_simul_is_cancelled_once_and_not_after_its_end(
    store: Store, ana: Player, bruno: Player
) -> None:
    made = await store.create_simul(CHAT, ana.id, "italian", 5, {})
    cancelled = await store.cancel_simul(made.id)
    assert cancelled is not None
    assert cancelled.status == "cancelled"
    assert await store.cancel_simul(made.id) is None
    ended = await store.create_simul(CHAT, ana.id, "italian", 5, {})
    await store.join_simul(ended.id, bruno.id)
    await store.start_simul(ended.id, [board_game(ana, bruno)])
    await store.finish_simul(ended.id)
    assert await store.cancel_simul(ended.id) is None
    assert (await store.get_simul(ended.id)).status == "finished"
