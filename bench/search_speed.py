"""Benchmark: nodes per second of our search and of py-draughts' TurboEngine, in this process.

    python bench/search_speed.py [--seconds 1.0] [--positions 6]

Both search the same positions (the start and positions a few random plies on, the same for
both) for the same time; ours in every variant, TurboEngine in International only (it plays
nothing else). Each engine counts its own nodes (every node it enters, transposition hits
included), so the figures compare like with like only roughly. The machine's other load
moves them: run it alone, and read them side by side rather than as absolutes. The last line
is a JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import peers

from games.damas import RULES, Position
from games.damas.engine import Limit, think
from games.damas.engine.table import forget_tables


def positions(variant: str, count: int, rng: random.Random) -> list[Position]:
    found = [Position.start(variant)]
    while len(found) < count:
        position = Position.start(variant)
        for _ in range(rng.randint(4, 16)):
            moves = [move for move in position.legal_moves() if not move.huff]
            if position.outcome() is not None:
                break
            position = position.play(rng.choice(moves))
        if position.outcome() is None and len(position.legal_moves()) > 1:
            found.append(position)
    return found


def ours(variant: str, boards: list[Position], seconds: float) -> tuple[float, float]:
    """(nodes per second, average depth)."""
    forget_tables()
    nodes = depth = 0
    spent = 0.0
    for position in boards:
        thought = think(position, Limit(seconds=seconds), random.Random(0))
        nodes += thought.nodes
        depth += thought.depth
        spent += thought.seconds
    return nodes / spent, depth / len(boards)


def turbo(boards: list[Position], seconds: float) -> tuple[float, float]:
    modules = peers.load(peers.PY_DRAUGHTS)
    board_class = modules["draughts.boards.standard"].Board
    nodes = depth = 0
    spent = 0.0
    for position in boards:
        engine = modules["draughts.engines.turbo"].TurboEngine(time_limit=seconds)
        board = board_class.from_fen(position.fen())
        begun = time.perf_counter()
        engine.get_best_move(board)
        spent += time.perf_counter() - begun
        nodes += engine.nodes
        depth += engine.completed_depth
    return nodes / spent, depth / len(boards)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report = {}
    for variant in sorted(RULES):
        boards = positions(variant, args.positions, random.Random(args.seed))
        rate, depth = ours(variant, boards, args.seconds)
        report[f"ours {variant}"] = {"nodes_per_second": round(rate), "depth": depth}
        if variant == "international":
            rate, depth = turbo(boards, args.seconds)
            report["turbo international"] = {"nodes_per_second": round(rate), "depth": depth}
    for name, figures in report.items():
        print(f"{name:<28}{figures['nodes_per_second']:>9} nodes/s  depth {figures['depth']:.1f}")
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
