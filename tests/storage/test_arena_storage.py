"""Arenas in storage: a pairing starts a player's game only if he has none going on and has
not paused, under the arena's lock, so that two stores (two processes) pairing the same
players at the same instant never seat one of them twice; joining and pausing at any time;
berserk recorded with the game and its clock."""

from __future__ import annotations

import asyncio
import itertools
from datetime import timedelta

import pytest

from storage import (
    ChatRef,
    EntryRecord,
    GameResult,
    NewTableGame,
    Player,
    SeatRecord,
    Store,
    TableGameRecord,
    TournamentRefused,
    open_store,
)
from storage.records import NextClock

CHAT = ChatRef("console", "club")


def table_game(white: EntryRecord, black: EntryRecord) -> NewTableGame:
    seats = (SeatRecord(0, white.members[0]), SeatRecord(1, black.members[0]))
    clock = NextClock(0, timedelta(minutes=1))
    return NewTableGame(1, 0, white.id, black.id, "brazilian", {}, seats, "snapshot", clock)


async def arena_of(store: Store, count: int) -> tuple[int, list[EntryRecord]]:
    organiser = await store.player_for_identity("console", "org", "Org")
    made = await store.create_tournament(CHAT, organiser.id, "brazilian", "arena", {})
    entries = []
    for n in range(count):
        player = await store.player_for_identity("console", f"p{n}", f"P{n}")
        entries.append(await store.join_tournament(made.id, [player.id]))
    numbers = {entry.id: n for n, entry in enumerate(entries, 1)}
    await store.start_tournament(made.id, "aa", "c", numbers)
    return made.id, entries


def active_seats(games: tuple[TableGameRecord, ...]) -> list[int]:
    return [
        side
        for game in games
        if game.status == "active"
        for side in (game.white_entry, game.black_entry)
    ]


async def test_two_stores_pairing_at_once_never_seat_a_player_twice(
    store: Store, database: str
) -> None:
    tournament_id, entries = await arena_of(store, 6)
    # Every pairing of six players, offered by two processes at once in opposite orders.
    pairs = [table_game(a, b) for a, b in itertools.combinations(entries, 2)]
    async with await open_store(database) as other:
        started = await asyncio.gather(
            store.start_arena_games(tournament_id, pairs, CHAT),
            other.start_arena_games(tournament_id, pairs[::-1], CHAT),
            store.start_arena_games(tournament_id, pairs[1:], CHAT),
        )
    facts = await store.tournament_facts(tournament_id)
    seated = active_seats(facts.games)
    assert len(seated) == len(set(seated)) == 6
    assert sum(len(games) for games in started) == 3
    assert len(facts.rounds) == 3  # each game a round of its own, numbered once


async def test_a_player_is_paired_again_only_after_his_game_ends(store: Store) -> None:
    tournament_id, (a, b, c, d) = await arena_of(store, 4)
    (_, first), *_ = await store.start_arena_games(tournament_id, [table_game(a, b)], CHAT)
    assert await store.start_arena_games(tournament_id, [table_game(a, c)], CHAT) == ()
    result: GameResult = {"winners": [0], "reason": "resignation"}
    await store.finish_game(first.id, first.version, "finished", result)
    again = await store.start_arena_games(tournament_id, [table_game(a, c), table_game(b, d)], CHAT)
    assert len(again) == 2
    facts = await store.tournament_facts(tournament_id)
    finished = next(g for g in facts.games if g.game_id == first.id)
    assert finished.updated_at is not None
    assert finished.status == "finished"


async def test_paused_players_wait_and_come_back_and_late_entries_get_the_next_number(
    store: Store,
) -> None:
    tournament_id, (a, b, *_) = await arena_of(store, 3)
    await store.pause_arena_entry(tournament_id, a.members[0])
    with pytest.raises(TournamentRefused) as twice:
        await store.pause_arena_entry(tournament_id, a.members[0])
    assert twice.value.why == "state_changed"
    assert await store.start_arena_games(tournament_id, [table_game(a, b)], CHAT) == ()
    back = await store.enter_arena(tournament_id, a.members[0])
    assert back.id == a.id
    with pytest.raises(TournamentRefused) as present:
        await store.enter_arena(tournament_id, a.members[0])
    assert present.value.why == "already_entered"
    late = await store.player_for_identity("console", "late", "Late")
    entry = await store.enter_arena(tournament_id, late.id)
    assert entry.number == 4
    assert len(await store.start_arena_games(tournament_id, [table_game(a, b)], CHAT)) == 1


async def test_no_game_starts_in_an_arena_that_is_not_running(store: Store, ana: Player) -> None:
    tournament_id, (a, b, *_) = await arena_of(store, 2)
    await store.set_tournament_status(tournament_id, "paused", ("running",))
    assert await store.start_arena_games(tournament_id, [table_game(a, b)], CHAT) == ()
    made = await store.create_tournament(CHAT, ana.id, "brazilian", "arena", {})
    with pytest.raises(TournamentRefused) as registering:
        await store.enter_arena(made.id, ana.id)
    assert registering.value.why == "not_running"


async def test_berserk_halves_the_turn_going_on_and_is_kept_with_the_game(
    store: Store,
) -> None:
    tournament_id, (a, b) = await arena_of(store, 2)
    (_, game), *_ = await store.start_arena_games(tournament_id, [table_game(a, b)], CHAT)
    before = await store.clock(game.id)
    assert before is not None
    assert before.due_at is not None
    changed = await store.berserk_arena_game(game.id, 0, game.version, {"berserk": {"0": True}})
    assert changed is not None
    assert changed.version == game.version + 1
    after = await store.clock(game.id)
    assert after is not None
    assert after.due_at is not None
    assert after.per_move == before.per_move / 2
    assert after.due_at == before.due_at - before.per_move / 2
    assert await store.berserk_arena_game(game.id, 1, game.version, {}) is None  # stale
    facts = await store.tournament_facts(tournament_id)
    assert facts.games[0].berserk == frozenset({0})
