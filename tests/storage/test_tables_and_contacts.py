"""Ludo tables (players join an open challenge one at a time, each once, never too many)
and the private chats where the bot can reach a person."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from storage import ChallengeFull, ChallengeNotOpen, ChatRef, NotFound, SeatRecord, open_store

CHAT = ChatRef("test", "table")


async def test_players_join_once_in_order_up_to_the_capacity(tmp_path: Path) -> None:
    async with await open_store(tmp_path / "db.sqlite3") as store:
        host, *guests = [await store.player_for_identity("test", str(n), f"P{n}") for n in range(5)]
        challenge = await store.create_challenge("ludo", {}, host.id, CHAT)
        assert challenge.entrants == ()
        joined = await store.join_challenge(challenge.id, guests[0].id, capacity=3)
        again = await store.join_challenge(challenge.id, guests[0].id, capacity=3)
        assert joined.entrants == again.entrants == (guests[0].id,)
        await store.join_challenge(challenge.id, guests[1].id, capacity=3)
        full = await store.join_challenge(challenge.id, guests[2].id, capacity=3)
        assert full.entrants == (guests[0].id, guests[1].id, guests[2].id)
        with pytest.raises(ChallengeFull):
            await store.join_challenge(challenge.id, guests[3].id, capacity=3)
        await store.resolve_challenge(challenge.id, "cancelled")
        with pytest.raises(ChallengeNotOpen):
            await store.join_challenge(challenge.id, guests[3].id, capacity=9)


async def test_a_race_for_the_last_place_has_one_winner(tmp_path: Path) -> None:
    async with await open_store(tmp_path / "db.sqlite3") as store:
        host, *guests = [await store.player_for_identity("test", str(n), f"P{n}") for n in range(9)]
        challenge = await store.create_challenge("ludo", {}, host.id, CHAT)
        results = await asyncio.gather(
            *(store.join_challenge(challenge.id, guest.id, capacity=1) for guest in guests),
            return_exceptions=True,
        )
        assert sum(not isinstance(result, Exception) for result in results) == 1
        assert sum(isinstance(result, ChallengeFull) for result in results) == len(guests) - 1


async def test_a_private_chat_is_remembered_per_account(tmp_path: Path) -> None:
    async with await open_store(tmp_path / "db.sqlite3") as store:
        ana = await store.player_for_identity("telegram", "42", "Ana")
        (identity,) = await store.identities(ana.id)
        assert identity.private_chat_id is None
        await store.set_private_chat("telegram", "42", "42")
        (identity,) = await store.identities(ana.id)
        assert identity.private_chat_id == "42"
        await store.set_private_chat("telegram", "42", None)
        (identity,) = await store.identities(ana.id)
        assert identity.private_chat_id is None
        with pytest.raises(NotFound):
            await store.set_private_chat("telegram", "nobody", "1")


async def test_notations_and_version_are_cheap_views_of_a_game(tmp_path: Path) -> None:
    async with await open_store(tmp_path / "db.sqlite3") as store:
        ana = await store.player_for_identity("test", "1", "Ana")
        game = await store.create_game(
            "brazilian", {}, [SeatRecord(0, ana.id), SeatRecord(1, None, "computer")], "s", None
        )
        assert await store.notations(game.id) == []
        assert await store.version(game.id) == 1
        await store.append_move(game.id, 1, "c3-d4", 0, ana.id, "s2")
        await store.append_move(game.id, 2, "f6-e5", 1, None, "s3")
        assert await store.notations(game.id) == ["c3-d4", "f6-e5"]
        assert await store.version(game.id) == 3
        with pytest.raises(NotFound):
            await store.notations(999)
        with pytest.raises(NotFound):
            await store.version(999)
