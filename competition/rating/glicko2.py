"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) for two-player games.

Written here rather than taken from PyPI: the `glicko2` package (2.1.0) computes the
volatility with the player's rating where the paper has the deviation (step 5's f(x)), which
happens not to matter in the paper's example but does elsewhere; the other candidates are
single beta releases. The paper is short and this follows it step by step.

Values are on the Glicko scale (1500 ± 350); the Glicko-2 scale is internal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# The paper's example uses 0.5; Glickman advises 0.3-1.2, lower for steadier volatility.
# Every game is its own rating period here (one result, not the 10-15 the paper expects),
# so one upset must not swing the volatility: the low end suits that.
TAU = 0.5
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
# The factor between the Glicko and Glicko-2 scales (400 / ln 10), from the paper.
SCALE = 173.7178
# The Illinois iteration stops when the volatility's log is known to this precision.
CONVERGENCE = 0.000001


@dataclass(frozen=True)
class Glicko:
    """A player's rating, rating deviation and volatility."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


@dataclass(frozen=True)
class Result:
    """One game of a rating period: the opponent before it and the score (1, 0.5 or 0)."""

    opponent: Glicko
    score: float


def aged(player: Glicko, periods: float) -> Glicko:
    """The player after `periods` rating periods without a game (step 6 of the paper, one
    period at a time adds the volatility's square to the deviation's), never above 350."""
    phi = player.deviation / SCALE
    grown = math.sqrt(phi * phi + periods * player.volatility**2) * SCALE
    return Glicko(player.rating, min(grown, START_DEVIATION), player.volatility)


def rate(player: Glicko, results: Sequence[Result], tau: float = TAU) -> Glicko:
    """The player after one rating period with these results (steps 2-8 of the paper).

    With no results only the deviation grows (step 6 alone)."""
    if not results:
        return aged(player, 1)
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    games = [
        (_g(r.opponent.deviation / SCALE), (r.opponent.rating - START_RATING) / SCALE, r.score)
        for r in results
    ]
    expected = [(g, _expected(mu, g, mu_j), score) for g, mu_j, score in games]
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in expected)
    improvement = sum(g * (score - e) for g, e, score in expected)
    delta = v * improvement
    sigma = _volatility(phi, player.volatility, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * improvement
    deviation = min(new_phi * SCALE, START_DEVIATION)
    return Glicko(new_mu * SCALE + START_RATING, deviation, sigma)


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, g: float, mu_j: float) -> float:
    return 1 / (1 + math.exp(-g * (mu - mu_j)))


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of f found by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        spread = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2 * spread * spread) - (x - a) / (
            tau * tau
        )

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > CONVERGENCE:
        c = low + (low - high) * f_low / (f_high - f_low)
        f_c = f(c)
        if f_c * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = c, f_c
    return math.exp(low / 2)
