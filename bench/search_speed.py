"""Benchmark: nodes per CPU second of our search and of py-draughts' TurboEngine.

    python bench/search_speed.py [--seconds 1.0] [--positions 6] [--rounds 3]
    python bench/search_speed.py --nodes 100000 [--positions 6] [--rounds 3]
    python bench/search_speed.py --depth 7 [--positions 6] [--rounds 3]
    python bench/search_speed.py ... --pure

Both search the same positions (the start and positions a few random plies on, the same for
both) for the same time; ours in every variant, TurboEngine in International only (it plays
nothing else). Each engine counts its own nodes (every node it enters, transposition hits
included), so the figures compare like with like only roughly. Rates are per CPU second of
this process (the searches stop on the wall clock, so a loaded machine gives them fewer
nodes and a shallower depth, but the rate holds); the engines search in turns, round after
round, and the fastest round of each counts. The last line is a JSON object.

`--nodes N` stops our searches after N nodes, `--depth D` after the iteration of D plies,
instead of a time (TurboEngine is left out): the tree is then the same on any machine and
under any load, so two versions of the engine compare on the same work, and where a change
should not alter the tree, the `searches` printed (each position's move, depth, score and
nodes) must be equal.

Ours is the compiled core where it is built (see docs/engine.md); `--pure` measures the
pure-Python search instead. At a node budget both print the same `searches`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

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


def ours(position: Position, limit: Limit, searches: list[str]) -> tuple[int, float, int]:
    """(nodes, seconds, depth) of one search with empty tables; what it found is added to
    `searches` as `move depth score`."""
    forget_tables()
    begun = time.process_time()
    thought = think(position, limit, random.Random(0))
    seconds = time.process_time() - begun
    move = position.notation(thought.move)
    searches.append(f"{move} d{thought.depth} {thought.score} {thought.nodes}n")
    return thought.nodes, seconds, thought.depth


def turbo(modules: dict[str, Any], position: Position, seconds: float) -> tuple[int, float, int]:
    engine = modules["draughts.engines.turbo"].TurboEngine(time_limit=seconds)
    board = modules["draughts.boards.standard"].Board.from_fen(position.fen())
    begun = time.process_time()
    engine.get_best_move(board)
    return engine.nodes, time.process_time() - begun, engine.completed_depth


def best_round(runs: list[list[tuple[int, float, int]]]) -> dict[str, float]:
    """The fastest round's nodes per second and its average depth."""
    rates = []
    for searches in runs:
        nodes = sum(s[0] for s in searches)
        seconds = sum(s[1] for s in searches)
        depth = sum(s[2] for s in searches) / len(searches)
        rates.append((nodes / seconds, depth))
    rate, depth = max(rates)
    return {"nodes_per_second": round(rate), "depth": round(depth, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="the fastest round counts")
    parser.add_argument("--nodes", type=int, help="stop ours after this many nodes, not a time")
    parser.add_argument("--depth", type=int, help="stop ours after this depth, not a time")
    parser.add_argument("--pure", action="store_true", help="our pure-Python search")
    args = parser.parse_args()
    with_turbo = args.nodes is None and args.depth is None
    modules = peers.load(peers.PY_DRAUGHTS) if with_turbo else {}
    limit = Limit(seconds=args.seconds, pure=args.pure)
    if not with_turbo:
        limit = Limit(
            seconds=1e9, nodes=args.nodes or Limit().nodes, depth=args.depth or 64, pure=args.pure
        )
    report: dict[str, Any] = {}
    for variant in sorted(RULES):
        boards = positions(variant, args.positions, random.Random(args.seed))
        ours_runs, turbo_runs = [], []
        searches: list[str] = []
        # Rounds in turns, so that a burst of load elsewhere slows both alike.
        for _ in range(args.rounds):
            searches.clear()
            ours_runs.append([ours(board, limit, searches) for board in boards])
            if variant == "international" and with_turbo:
                turbo_runs.append([turbo(modules, board, args.seconds) for board in boards])
        report[f"ours {variant}"] = {**best_round(ours_runs), "searches": list(searches)}
        if turbo_runs:
            report["turbo international"] = best_round(turbo_runs)
    for name, figures in report.items():
        print(f"{name:<28}{figures['nodes_per_second']:>9} nodes/s  depth {figures['depth']:.1f}")
        if "searches" in figures:
            print(f"{'':<28}{', '.join(figures['searches'])}")
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
