"""Glicko-2 against the paper's worked example and the properties a rating must have."""

from __future__ import annotations

import math

import pytest

from competition.rating.glicko2 import SCALE, START_DEVIATION, Glicko, Result, aged, rate


def test_the_papers_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system", steps 1-8 (tau 0.5).
    player = Glicko(1500, 200, 0.06)
    results = [
        Result(Glicko(1400, 30), 1),
        Result(Glicko(1550, 100), 0),
        Result(Glicko(1700, 300), 0),
    ]
    after = rate(player, results)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def _volatility_by_bisection(
    player: Glicko, opponents: list[Glicko], scores: list[float], tau: float = 0.5
) -> float:
    """Step 5 of the paper solved the slow, obvious way: f is decreasing, so bisect."""
    mu, phi = (player.rating - 1500) / SCALE, player.deviation / SCALE
    terms = []
    for opponent in opponents:
        g = 1 / math.sqrt(1 + 3 * (opponent.deviation / SCALE) ** 2 / math.pi**2)
        e = 1 / (1 + math.exp(-g * (mu - (opponent.rating - 1500) / SCALE)))
        terms.append((g, e))
    v = 1 / sum(g * g * e * (1 - e) for g, e in terms)
    delta = v * sum(g * (s - e) for (g, e), s in zip(terms, scores, strict=True))
    a = math.log(player.volatility**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    low, high = a - 20, a + 20
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if f(middle) > 0 else (low, middle)
    return math.exp(low / 2)


@pytest.mark.parametrize(
    "player",
    [Glicko(2100, 60, 0.06), Glicko(1300, 80, 0.06), Glicko(1900, 50, 0.09), Glicko(1500, 350)],
)
def test_the_volatility_is_the_root_of_step_5(player: Glicko) -> None:
    # The `glicko2` package (2.1.0) puts the rating where step 5 has the deviation: that is
    # invisible at 1500 (rating 0 on the inner scale) but not for these players.
    opponents, scores = [Glicko(1400, 30), Glicko(1450, 40)], [0.0, 0.0]
    after = rate(player, [Result(o, s) for o, s in zip(opponents, scores, strict=True)])
    assert after.volatility == pytest.approx(
        _volatility_by_bisection(player, opponents, scores), abs=1e-7
    )


def test_a_win_raises_a_loss_lowers_and_both_become_surer() -> None:
    a, b = Glicko(), Glicko()
    winner, loser = rate(a, [Result(b, 1)]), rate(b, [Result(a, 0)])
    assert winner.rating > 1500 > loser.rating
    assert winner.rating - 1500 == pytest.approx(1500 - loser.rating)
    assert winner.deviation < START_DEVIATION
    assert loser.deviation < START_DEVIATION


def test_a_draw_between_equals_changes_no_rating() -> None:
    assert rate(Glicko(1600, 80), [Result(Glicko(1600, 80), 0.5)]).rating == pytest.approx(1600)


def test_beating_a_stronger_player_earns_more() -> None:
    player = Glicko(1500, 100)
    weaker = rate(player, [Result(Glicko(1300, 100), 1)])
    stronger = rate(player, [Result(Glicko(1700, 100), 1)])
    assert stronger.rating - 1500 > weaker.rating - 1500 > 0


def test_time_without_games_widens_the_deviation_up_to_the_start() -> None:
    player = Glicko(1800, 60, 0.06)
    assert aged(player, 0).deviation == pytest.approx(60)
    assert 60 < aged(player, 30).deviation < aged(player, 90).deviation < START_DEVIATION
    assert aged(player, 1_000_000).deviation == START_DEVIATION
    assert aged(player, 30).rating == 1800
    assert rate(player, []) == aged(player, 1)
