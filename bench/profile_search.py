"""Benchmark: where the search's time goes, by sampling (not by tracing every call).

    python bench/profile_search.py [--nodes 60000] [--positions 4] [--seed 1]

Searches the positions of bench/search_speed.py (the start and a few random plies on) of
every variant at the `strong` level's settings, stopped by a node count instead of the
clock so that a loaded machine changes the time but not the tree. Every millisecond of CPU
a timer signal notes the innermost frame of the engine or the move generator (builtins such
as `bit_count` or `sorted` count to the function that called them) and its line. Prints the
share of the samples per part of the search (move generation, making moves, evaluation,
transposition table, ordering, the node's own bookkeeping), the functions and the lines of
the node that took most; the last line is a JSON object. A sampler slows the search by a few
per cent, unlike cProfile, which doubles the cost of every call and so overstates the small
functions. It profiles the pure-Python search (the compiled core's frames are invisible to it).
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from search_speed import positions

from games.computer import LEVELS
from games.damas import RULES
from games.damas.engine import think
from games.damas.engine.table import forget_tables

PACKAGE = str(Path(__file__).resolve().parents[1] / "games" / "damas")
INTERVAL = 0.001  # seconds of CPU between samples
# (file name, function name) -> part of the search; anything else of the package: "other".
PARTS = {
    "movegen.py": "move generation",
    "evaluate.py": "evaluation",
    "ordering.py": "move ordering",
    "table.py": "transposition table (store)",
    "lone_king.py": "lone-king table",
}
SEARCH_PARTS = {
    "child": "making moves",
    "static": "evaluation",
    "quiet_leaf": "quiescence",
    "resolve": "quiescence",
    "best_reply": "quiescence",
    "node": "node (probe, draw rules, loop, recursion)",
}


class Sampler:
    """Counts the innermost frame of the package at every tick of a CPU timer."""

    def __init__(self) -> None:
        self.functions: Counter[tuple[str, str]] = Counter()
        self.node_lines: Counter[int] = Counter()

    def __enter__(self) -> Sampler:
        signal.signal(signal.SIGPROF, self.sample)
        signal.setitimer(signal.ITIMER_PROF, INTERVAL, INTERVAL)
        return self

    def __exit__(self, *_: object) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, signal.SIG_DFL)

    def sample(self, _signal: int, frame: FrameType | None) -> None:
        while frame is not None and not frame.f_code.co_filename.startswith(PACKAGE):
            frame = frame.f_back
        if frame is None:
            return
        code = frame.f_code
        name = Path(code.co_filename).name
        self.functions[(name, code.co_name)] += 1
        # (No line while the frame is being entered or left.)
        if name == "search.py" and code.co_name == "node" and frame.f_lineno is not None:
            self.node_lines[frame.f_lineno] += 1


def part(name: str, function: str) -> str:
    if name == "search.py":
        return SEARCH_PARTS.get(function, "other")
    return PARTS.get(name, "other")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=60_000, help="per position")
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    limit = replace(LEVELS["strong"], seconds=1e9, nodes=args.nodes, pure=True)
    report: dict[str, object] = {}
    for variant in sorted(RULES):
        sampler = Sampler()
        nodes, began = 0, time.process_time()
        for position in positions(variant, args.positions, random.Random(args.seed)):
            forget_tables()
            with sampler:
                nodes += think(position, limit, random.Random(0)).nodes
        seconds = time.process_time() - began
        total = sum(sampler.functions.values()) or 1
        parts: Counter[str] = Counter()
        for (name, function), count in sampler.functions.items():
            parts[part(name, function)] += count
        print(f"{variant}: {nodes} nodes, {seconds:.2f} s CPU, {total} samples")
        for label, count in parts.most_common():
            print(f"  {100 * count / total:5.1f}%  {label}")
        print("  functions:")
        for (name, function), count in sampler.functions.most_common(8):
            print(f"  {100 * count / total:5.1f}%  {name}:{function}")
        print("  lines of search.py's node:")
        for line, count in sampler.node_lines.most_common(6):
            print(f"  {100 * count / total:5.1f}%  line {line}")
        report[variant] = {
            "nodes": nodes,
            "cpu_seconds": round(seconds, 2),
            "parts": {label: round(count / total, 3) for label, count in parts.most_common()},
        }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
