"""Fit the review's win-chance curve (games/damas/review.py WIN_SLOPE) to the engine's games.

    python bench/fit_win_chances.py --games 30 --nodes 3000 --seed 27

The engine plays itself (each side `--nodes` nodes a move, a small random bonus per move so
that games differ, after a random opening of 2-4 plies) in each variant; every position it
searched after the opening gives a pair (its score for the side to move, that side's result:
1, 0.5 or 0). The slope `k` of `1 / (1 + exp(-k * score))` is the one that minimises the
cross-entropy over all pairs (forced results, beyond WON, left out: the curve gives them 1
or 0), and apart over the positions without kings and those with kings (king endings the
evaluation scores high are often drawn by the rules). Prints the slopes per variant and over
all of them; the last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.search import WON

VARIANTS = ("brazilian", "italian", "international")
OPENING_PLIES = 8  # positions before this ply say little about the result
MAX_PLIES = 300


# One searched position: its score for the side to move, that side's result, and whether
# kings were on the board.
Pair = tuple[int, float, bool]


def self_play(variant: str, nodes: int, rng: random.Random) -> list[Pair]:
    """One game of the engine against itself: its searched positions."""
    position = Position.start(variant)
    for _ in range(rng.randint(2, 4)):
        position = position.play(rng.choice(position.legal_moves()))
    limit = Limit(nodes=nodes, seconds=10.0, noise=8)
    scored: list[tuple[int, int, bool]] = []  # (seat to move, score, kings)
    ply = 0
    while position.outcome() is None and ply < MAX_PLIES:
        thought = think(position, limit, rng)
        if ply >= OPENING_PLIES and thought.depth and abs(thought.score) < WON:
            scored.append((position.to_move(), thought.score, bool(position.kings)))
        position = position.play(thought.move)
        ply += 1
    outcome = position.outcome()
    winners = outcome.winners if outcome is not None else frozenset()
    pairs = []
    for seat, score, kings in scored:
        result = 0.5 if not winners else (1.0 if seat in winners else 0.0)
        pairs.append((score, result, kings))
    return pairs


def cross_entropy(pairs: list[Pair], slope: float) -> float:
    total = 0.0
    for score, result, _ in pairs:
        chance = 1.0 / (1.0 + math.exp(-slope * score))
        chance = min(max(chance, 1e-9), 1 - 1e-9)
        total -= result * math.log(chance) + (1 - result) * math.log(1 - chance)
    return total / len(pairs)


def fit(pairs: list[Pair]) -> float:
    """The slope of least cross-entropy (golden-section search; the loss is convex)."""
    low, high = 1e-4, 0.1
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        left, right = high - ratio * (high - low), low + ratio * (high - low)
        if cross_entropy(pairs, left) < cross_entropy(pairs, right):
            high = right
        else:
            low = left
    return (low + high) / 2


def _parts(pairs: list[Pair]) -> dict[str, list[Pair]]:
    """All positions, those without kings and those with kings."""
    return {
        "all": pairs,
        "without kings": [pair for pair in pairs if not pair[2]],
        "with kings": [pair for pair in pairs if pair[2]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per variant")
    parser.add_argument("--nodes", type=int, default=3000, help="nodes a move")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS))
    options = parser.parse_args()
    rng = random.Random(options.seed)
    began = time.process_time()
    every: list[Pair] = []
    report: dict[str, object] = {}
    for variant in options.variants:
        pairs: list[Pair] = []
        for _ in range(options.games):
            pairs += self_play(variant, options.nodes, rng)
        fitted: dict[str, object] = {"games": options.games}
        for name, part in _parts(pairs).items():
            slope = fit(part)
            print(
                f"{variant}, {name}: {len(part)} positions, slope {slope:.5f} (a man up: "
                f"{1 / (1 + math.exp(-100 * slope)):.2f}), loss {cross_entropy(part, slope):.4f}"
            )
            fitted[name] = {"positions": len(part), "slope": round(slope, 5)}
        report[variant] = fitted
        every += pairs
    for name, part in _parts(every).items():
        slope = fit(part)
        print(f"all variants, {name}: {len(part)} positions, slope {slope:.5f}")
        report[name] = round(slope, 5)
    report |= {
        "positions": len(every),
        "nodes": options.nodes,
        "seed": options.seed,
        "cpu_seconds": round(time.process_time() - began, 1),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
