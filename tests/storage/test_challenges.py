"""Challenges: created open, closed exactly once."""

from __future__ import annotations

import pytest

from storage import ChallengeNotOpen, ChatRef, NotFound, Player, SeatRecord, Store

from_chat = ChatRef("discord", "channel-7")


async def test_open_challenge_to_anyone(store: Store, ana: Player) -> None:
    made = await store.create_challenge("brazilian", {"clock": "3d"}, ana.id, from_chat)
    assert (made.status, made.opponent_id, made.vs_computer, made.game_id) == (
        "open",
        None,
        None,
        None,
    )
    assert made.options == {"clock": "3d"}
    assert await store.get_challenge(made.id) == made
    assert await store.open_challenges(from_chat) == [made]
    assert await store.open_challenges(ChatRef("discord", "elsewhere")) == []


async def test_accepting_links_the_game(store: Store, ana: Player, bruno: Player) -> None:
    made = await store.create_challenge(
        "international", {}, ana.id, from_chat, opponent_id=bruno.id
    )
    game = await store.create_game(
        "international",
        {},
        [SeatRecord(0, ana.id), SeatRecord(1, bruno.id)],
        "s",
        from_chat,
        from_challenge=made.id,
    )
    accepted = await store.get_challenge(made.id)
    assert (accepted.status, accepted.game_id) == ("accepted", game.id)
    assert await store.open_challenges(from_chat) == []


async def test_declined_challenge_cannot_be_accepted(
    store: Store, ana: Player, bruno: Player
) -> None:
    made = await store.create_challenge("italian", {}, ana.id, from_chat, opponent_id=bruno.id)
    declined = await store.resolve_challenge(made.id, "declined")
    assert declined.status == "declined"
    with pytest.raises(ChallengeNotOpen, match=f"challenge {made.id} is already declined"):
        await store.resolve_challenge(made.id, "accepted")
    with pytest.raises(ChallengeNotOpen):
        await store.create_game(
            "italian", {}, [SeatRecord(0, ana.id)], "s", from_chat, from_challenge=made.id
        )
    # The refused accept stored no game.
    assert await store.games_of_player(ana.id) == []


async def test_computer_challenge_and_its_rules(store: Store, ana: Player, bruno: Player) -> None:
    made = await store.create_challenge("ludo", {}, ana.id, from_chat, vs_computer="easy")
    assert made.vs_computer == "easy"
    with pytest.raises(ValueError, match="not to both"):
        await store.create_challenge(
            "ludo", {}, ana.id, from_chat, opponent_id=bruno.id, vs_computer="easy"
        )
    with pytest.raises(ValueError, match="only an accepted challenge has a game"):
        await store.resolve_challenge(made.id, "cancelled", game_id=1)
    with pytest.raises(NotFound, match="no challenge with id 999"):
        await store.resolve_challenge(999, "cancelled")
    with pytest.raises(NotFound, match="no player with id 999"):
        await store.create_challenge("ludo", {}, 999, from_chat)
