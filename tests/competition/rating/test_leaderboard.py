"""Leaderboards: places by shown rating, ties share a place, provisional players last."""

from __future__ import annotations

from competition.rating.leaderboard import Place, leaderboard
from competition.rating.pools import System
from competition.rating.record import Rating

RATINGS = {
    "ana": Rating(1720.2, 60),
    "bruno": Rating(1650.4, 80),
    "carla": Rating(1649.6, 70),
    "davi": Rating(1600, 90),
    "elena": Rating(1900, 300),
    "fabio": Rating(1500, 350),
}


def _rows(places: list[Place]) -> list[tuple[int, str, str]]:
    return [(p.place, p.player, str(p.shown)) for p in places]


def test_ties_share_a_place_and_provisional_players_come_after() -> None:
    assert _rows(leaderboard(RATINGS, System.GLICKO2)) == [
        (1, "ana", "1720"),
        (2, "carla", "1650"),  # the surer of the two 1650s first
        (2, "bruno", "1650"),
        (4, "davi", "1600"),
        (5, "elena", "1900?"),
        (6, "fabio", "1500?"),
    ]


def test_a_chats_leaderboard_has_only_its_players() -> None:
    rows = _rows(leaderboard(RATINGS, System.GLICKO2, among={"bruno", "davi", "fabio", "zoe"}))
    assert rows == [(1, "bruno", "1650"), (2, "davi", "1600"), (3, "fabio", "1500?")]


def test_ludo_is_provisional_by_its_own_line() -> None:
    rows = _rows(
        leaderboard({"a": Rating(1600, 200), "b": Rating(1700, 260)}, System.PLACKETT_LUCE)
    )
    assert rows == [(1, "a", "1600"), (2, "b", "1700?")]


def test_nobody_rated_gives_an_empty_board() -> None:
    assert leaderboard({}, System.GLICKO2) == []
    assert leaderboard(RATINGS, System.GLICKO2, among=set()) == []
