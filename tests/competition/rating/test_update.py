"""The change of one rated game, from the ratings before it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from competition.rating.pools import Pace, Pool
from competition.rating.record import Rating, Side
from competition.rating.update import rate_game

DRAUGHTS = Pool("brazilian", Pace.LIVE)
LUDO = Pool("ludo", Pace.LIVE)
NOON = datetime(2026, 11, 23, 12, tzinfo=UTC)


def _after(
    pool: Pool, sides: list[Side], before: dict[str, Rating], at: datetime = NOON
) -> dict[str, Rating]:
    return {change.player: change.after for change in rate_game(pool, sides, before, at)}


def test_newcomers_meet_the_winner_gains_what_the_loser_loses() -> None:
    after = _after(DRAUGHTS, [Side(("ana",), 1), Side(("bruno",), 2)], {})
    assert after["ana"].value - 1500 == pytest.approx(1500 - after["bruno"].value)
    assert after["ana"].value > 1500
    assert after["ana"].games == after["bruno"].games == 1
    assert after["ana"].last_played == NOON


def test_the_change_reads_the_ratings_before_the_game() -> None:
    before = {"ana": Rating(1700, 60, games=40, last_played=NOON), "bruno": Rating(1500, 60)}
    changes = rate_game(DRAUGHTS, [Side(("ana",), 2), Side(("bruno",), 1)], before, NOON)
    assert [c.before for c in changes] == [before["ana"], before["bruno"]]
    ana, bruno = (c.after for c in changes)
    # An upset: the favourite loses more than an even game would cost.
    assert 1700 - ana.value > 10
    assert bruno.value - 1500 > 10
    assert ana.games == 41


def test_a_long_absence_makes_the_next_game_count_more() -> None:
    sides = [Side(("ana",), 1), Side(("bruno",), 2)]
    recent = {"ana": Rating(1600, 60, last_played=NOON - timedelta(days=1)), "bruno": Rating()}
    away = {"ana": Rating(1600, 60, last_played=NOON - timedelta(days=200)), "bruno": Rating()}
    assert _after(DRAUGHTS, sides, away)["ana"].value > _after(DRAUGHTS, sides, recent)["ana"].value


def test_the_same_game_always_gives_the_same_change() -> None:
    sides = [Side(("a",), 1), Side(("b",), 2), Side(("c",), 3)]
    before = {"a": Rating(1550, 200), "c": Rating(1400, 120, last_played=NOON)}
    assert rate_game(LUDO, sides, before, NOON) == rate_game(LUDO, sides, before, NOON)


def test_a_four_player_ludo_game_orders_the_changes() -> None:
    after = _after(LUDO, [Side((p,), r) for p, r in zip("abcd", (3, 1, 4, 2), strict=True)], {})
    assert sorted(after, key=lambda p: -after[p].value) == ["b", "d", "a", "c"]
    assert all(rating.volatility == 0.06 for rating in after.values())


def test_ludo_teams_share_the_result() -> None:
    after = _after(LUDO, [Side(("a", "c"), 1), Side(("b", "d"), 2)], {})
    assert after["a"] == after["c"]
    assert after["b"] == after["d"]
    assert after["a"].value > 1500 > after["b"].value


TWO_SIDES = "a rated game needs two or more sides of different players"
TWO_PLAYERS = "Glicko-2 rates games of two players"


@pytest.mark.parametrize(
    ("pool", "sides", "complaint"),
    [
        (DRAUGHTS, [Side(("a",), 1), Side(("a",), 2)], TWO_SIDES),
        (DRAUGHTS, [Side(("a",), 1)], TWO_SIDES),
        (DRAUGHTS, [Side(("a",), 1), Side(("b",), 2), Side(("c",), 3)], TWO_PLAYERS),
        (DRAUGHTS, [Side(("a", "c"), 1), Side(("b",), 2)], TWO_PLAYERS),
    ],
)
def test_games_that_cannot_be_rated_are_refused(
    pool: Pool, sides: list[Side], complaint: str
) -> None:
    with pytest.raises(ValueError, match=complaint):
        rate_game(pool, sides, {}, NOON)
