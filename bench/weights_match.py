"""Benchmark: one set of evaluation weights against another, at equal nodes or equal time.

    python bench/weights_match.py --variant brazilian --games 200 --nodes 10000 --seed 1
    python bench/weights_match.py --variant brazilian --games 100 --seconds 0.1 --seed 1

The engine with `--weights` (default learned) plays itself with `--against` (default hand),
both at the same node budget per move, so that the machine's load does not matter, or with
the same seconds a move (`--seconds`: the load then weighs on both alike, and the slower
evaluation pays for its time). bench/tune.py's games: one process, both sides from empty
tables each move, 200-ply cap. Openings are drawn
without repeats from every legal 2-4 ply sequence (bench/strength.py's), each played with
both colours. A match plays all its games; each is printed as it ends, then the first set's
score with its 95% interval. The last line is a JSON object. The sets play in bench/strength.py
too, each player in a process of its own: `--level strong@learned --opponent level:strong@hand`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import openings, score_of
from tune import game

from games.damas import Position
from games.damas.engine import Limit
from games.damas.engine.evaluate import VERSIONS, weights_for
from games.damas.rules import RULES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--variant", choices=sorted(RULES), default="brazilian")
    parser.add_argument("--weights", choices=VERSIONS, default="learned")
    parser.add_argument("--against", choices=VERSIONS, default="hand")
    parser.add_argument("--games", type=int, default=200)
    spend = parser.add_mutually_exclusive_group()
    spend.add_argument("--nodes", type=int, default=10000, help="per move, each side")
    spend.add_argument("--seconds", type=float, help="per move, each side, instead of nodes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    ours, theirs = weights_for(args.variant, args.weights), weights_for(args.variant, args.against)
    limit = Limit(seconds=args.seconds) if args.seconds else Limit(nodes=args.nodes, seconds=3600.0)
    budget = f"{args.seconds} s" if args.seconds else f"{args.nodes} nodes"
    rng = random.Random(args.seed)
    fens = rng.sample(openings(args.variant), (args.games + 1) // 2)
    points = []
    for number in range(args.games):
        start = Position.from_fen(args.variant, fens[number // 2])
        white = number % 2 == 0
        seed = args.seed * 100_000 + number
        if white:
            got = game(start, ours, theirs, limit, seed)
        else:
            got = 1.0 - game(start, theirs, ours, limit, seed)
        points.append(got)
        colour = "White" if white else "Black"
        print(f"game {number + 1:>3}: {args.weights} {colour}, {got} [{number + 1}/{args.games}]")
    figures = score_of(points)
    print(
        f"{args.variant}, {args.weights} v {args.against}, {budget} a move: "
        f"{100 * figures['score']:.1f}% +- {100 * figures['margin95']:.1f} ({figures['wins']} "
        f"won, {figures['draws']} drawn, {figures['lost']} lost of {figures['games']})"
    )
    report = {"variant": args.variant, "weights": args.weights, "against": args.against}
    if args.seconds:
        report["seconds"] = args.seconds
    else:
        report["nodes"] = args.nodes
    print(json.dumps(report | {"seed": args.seed} | figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
