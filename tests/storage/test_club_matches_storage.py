"""Club matches in storage: side B's chat joins once by its code; each player signs for one
side, never more than the boards; the start numbers the boards and creates every game exactly
once, however many tasks try at the same instant, and refuses players that changed since it
was prepared; the end is marked once."""

from __future__ import annotations

import asyncio

import pytest

from storage import (
    ChatRef,
    ClubMatchRefused,
    NewClubMatchGame,
    Player,
    SeatRecord,
    Side,
    Store,
)

HOME = ChatRef("console", "home")
AWAY = ChatRef("console", "away")


def seat_of(seat: SeatRecord) -> int:
    return seat.seat


def games(a: Player, b: Player) -> list[NewClubMatchGame]:
    """Board 1's two games: side A White in the first (in its chat), Black in the second."""
    return [
        NewClubMatchGame(
            1,
            leg,
            seat,
            chat,
            "italian",
            {"club_match": 1},
            tuple(sorted((SeatRecord(seat, a.id), SeatRecord(1 - seat, b.id)), key=seat_of)),
            "start",
            None,
        )
        for leg, seat, chat in ((1, 0, HOME), (2, 1, AWAY))
    ]


async def refused(why: str, call: object) -> None:
    assert asyncio.iscoroutine(call)
    with pytest.raises(ClubMatchRefused) as error:
        await call
    assert error.value.why == why


async def test_the_other_chat_joins_once_by_its_code(store: Store, ana: Player) -> None:
    made = await store.create_club_match(HOME, ana.id, "italian", 2, "KQZX", {})
    await refused("no_code", store.join_club_match("NOPE", AWAY))
    await refused("own_chat", store.join_club_match("KQZX", HOME))
    joins = await asyncio.gather(
        store.join_club_match("KQZX", AWAY),
        store.join_club_match("KQZX", ChatRef("console", "third")),
        return_exceptions=True,
    )
    assert sum(not isinstance(done, BaseException) for done in joins) == 1
    match = await store.get_club_match(made.id)
    assert match.away_chat in (AWAY, ChatRef("console", "third"))
    assert [m.id for m in await store.club_matches(("registering",), match.away_chat)] == [made.id]
    with pytest.raises(ValueError, match="taken"):
        await store.create_club_match(HOME, ana.id, "italian", 2, "KQZX", {})


async def test_each_player_signs_once_for_a_side_up_to_the_boards(
    store: Store, ana: Player, bruno: Player
) -> None:
    carla = await store.player_for_identity("console", "c", "Carla")
    made = await store.create_club_match(HOME, ana.id, "italian", 1, "AAAA", {})
    assert await store.sign_club_match(made.id, ana.id, "a") == 1
    await refused("already_signed", store.sign_club_match(made.id, ana.id, "b"))
    await refused("full", store.sign_club_match(made.id, carla.id, "a"))
    assert await store.sign_club_match(made.id, bruno.id, "b") == 1
    await refused("taken", store.join_club_match("AAAA", AWAY))
    await store.leave_club_match(made.id, bruno.id)
    await refused("not_signed", store.leave_club_match(made.id, bruno.id))
    facts = await store.club_match_facts(made.id)
    assert [(p.side, p.player_id, p.board) for p in facts.players] == [("a", ana.id, None)]


async def test_the_games_start_once_whoever_starts_them(
    store: Store, ana: Player, bruno: Player
) -> None:
    made = await store.create_club_match(HOME, ana.id, "italian", 1, "BBBB", {})
    await store.join_club_match("BBBB", AWAY)
    await store.sign_club_match(made.id, ana.id, "a")
    await store.sign_club_match(made.id, bruno.id, "b")
    boards: dict[Side, list[int]] = {"a": [ana.id], "b": [bruno.id]}
    tries = await asyncio.gather(
        *(store.start_club_match(made.id, boards, games(ana, bruno)) for _ in range(4)),
        return_exceptions=True,
    )
    started = [done for done in tries if not isinstance(done, BaseException)]
    assert len(started) == 1
    assert [e.why for e in tries if isinstance(e, ClubMatchRefused)] == ["not_registering"] * 3
    [start] = started
    assert start.match.status == "running"
    assert [(new.leg, stored.chat, stored.rated) for new, stored in start.games] == [
        (1, HOME, True),
        (2, AWAY, True),
    ]
    facts = await store.club_match_facts(made.id)
    assert [(p.player_id, p.board) for p in facts.players] == [(ana.id, 1), (bruno.id, 1)]
    assert [(g.board, g.leg, g.a_seat, g.status) for g in facts.games] == [
        (1, 1, 0, "active"),
        (1, 2, 1, "active"),
    ]
    assert len(await store.games_of_player(ana.id)) == 2


async def test_a_start_prepared_before_a_signing_stores_nothing(
    store: Store, ana: Player, bruno: Player
) -> None:
    carla = await store.player_for_identity("console", "c", "Carla")
    made = await store.create_club_match(HOME, ana.id, "italian", 2, "CCCC", {})
    await store.sign_club_match(made.id, ana.id, "a")
    await store.sign_club_match(made.id, bruno.id, "b")
    prepared: dict[Side, list[int]] = {"a": [ana.id], "b": [bruno.id]}
    await store.sign_club_match(made.id, carla.id, "b")
    await refused("changed", store.start_club_match(made.id, prepared, games(ana, bruno)))
    facts = await store.club_match_facts(made.id)
    assert facts.match.status == "registering"
    assert facts.games == ()
    assert await store.games_of_player(bruno.id) == []


async def test_a_match_ends_once_and_is_not_cancelled_after(
    store: Store, ana: Player, bruno: Player
) -> None:
    made = await store.create_club_match(HOME, ana.id, "italian", 1, "DDDD", {})
    await store.sign_club_match(made.id, ana.id, "a")
    await store.sign_club_match(made.id, bruno.id, "b")
    assert await store.finish_club_match(made.id) is None, "a match not started ended"
    boards: dict[Side, list[int]] = {"a": [ana.id], "b": [bruno.id]}
    await store.start_club_match(made.id, boards, games(ana, bruno))
    ends = await asyncio.gather(*(store.finish_club_match(made.id) for _ in range(3)))
    assert [end.status for end in ends if end is not None] == ["finished"]
    assert await store.cancel_club_match(made.id) is None
    other = await store.create_club_match(HOME, ana.id, "italian", 1, "EEEE", {})
    cancelled = await store.cancel_club_match(other.id)
    assert cancelled is not None
    assert cancelled.status == "cancelled"
    assert [m.id for m in await store.club_matches(("finished", "cancelled"), HOME)] == [
        made.id,
        other.id,
    ]
