"""Tune the evaluation by play: each weight, raised and lowered, against the current weights.

    python bench/tune.py --variant brazilian --games 20 --nodes 3000 [--weights man,edge]

For every weight named (default: all whole-number weights) two challengers play the
current weights: the weight times 1.5 and times 0.5. Games are self-play in this process with
the same node budget per move for both sides (so the machine's load does not matter), from
openings of 2-4 random plies played with both colours, 200-ply cap. Prints each challenger's
score; one above 55% over enough games is worth trying in games/damas/engine/evaluate.py's
Weights. The last line is a JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import PLY_CAP, opening

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.evaluate import Weights, weights_for
from games.damas.engine.table import forget_tables


def game(start: Position, white: Weights, black: Weights, limit: Limit, seed: int) -> float:
    """White's points."""
    rng = random.Random(seed)
    position = start
    for _ in range(PLY_CAP):
        outcome = position.outcome()
        if outcome is not None:
            return 0.5 if not outcome.winners else 1.0 if 0 in outcome.winners else 0.0
        # Both sides start every move with an empty table: they must not share one.
        forget_tables()
        weights = white if position.to_move() == 0 else black
        position = position.play(think(position, limit, rng, weights).move)
    return 0.5


def duel(variant: str, challenger: Weights, games: int, limit: Limit, seed: int) -> float:
    """The challenger's score against the variant's current weights."""
    current = weights_for(variant)
    rng = random.Random(seed)
    points = 0.0
    for number in range(games // 2):
        start = opening(variant, rng)
        points += game(start, challenger, current, limit, number)
        points += 1.0 - game(start, current, challenger, limit, number)
    return points / (2 * (games // 2))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="brazilian")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--weights", default="", help="comma-separated names (default: all)")
    args = parser.parse_args()
    current = weights_for(args.variant)
    names = [f.name for f in fields(Weights) if isinstance(getattr(current, f.name), int)]
    if args.weights:
        names = args.weights.split(",")
    limit = Limit(nodes=args.nodes, seconds=3600.0)
    report: dict[str, float] = {}
    for name in names:
        value = getattr(current, name)
        for factor in (1.5, 0.5):
            challenger = replace(current, **{name: round(value * factor)})
            score = duel(args.variant, challenger, args.games, limit, args.seed)
            label = f"{name}={round(value * factor)}"
            report[label] = score
            print(f"{label:<24} {100 * score:5.1f}%", flush=True)
    print(json.dumps({"variant": args.variant, "nodes": args.nodes, "scores": report}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
