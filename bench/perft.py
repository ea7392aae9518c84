"""Benchmark: our perft side by side with py-draughts and pydraughts, in plain CPython.

    python bench/perft.py [--quick]

Each peer is installed on first use into .peers/<name> (see bench/peers.py). For each
position and library the table shows the node count, the seconds, the nodes per second and
how many times faster we are than that peer on the same count. Every library counts with the
same convention (a capture is one move; equal start, end and captured set are one move) and
counts the last ply without playing it, so the node rates compare like for like.
pydraughts is slow (a few hundred nodes per second), so it gets small depths; we run the
same small depths for its comparison. py-draughts' "turbo" perft is its international-only
raw-bitboard routine, its fastest.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import peers

from games.damas import Position, perft

OURS = "damas-bot"
# Run a count again (ours and py-draughts') at least this often and this long; keep the best.
MIN_RUNS = 3
MIN_SECONDS = 1.0
RANDOM178 = "B:WK31,6,9,10,11,20,21,22,23,30,33,37,41,42,43,44,46:BK17,K24"


@dataclass(frozen=True)
class Case:
    label: str
    variant: str  # our key
    fen: str  # "" for the start position
    depth: int
    quick_depth: int
    peers: tuple[str, ...]  # which peer counters run too


CASES = (
    Case("international start", "international", "", 6, 5, ("py-draughts", "py-draughts turbo")),
    Case("brazilian start", "brazilian", "", 7, 6, ("py-draughts",)),
    Case("international Random178", "international", RANDOM178, 5, 4, ("py-draughts",)),
    Case("brazilian start", "brazilian", "", 4, 3, ("pydraughts",)),
    Case("international start", "international", "", 3, 2, ("pydraughts",)),
    Case("italian start", "italian", "", 4, 3, ("pydraughts",)),
)

Counter = Callable[[str, str, int], int]  # (variant, fen, depth) -> nodes


def our_counter(variant: str, fen: str, depth: int) -> int:
    position = Position.from_fen(variant, fen) if fen else Position.start(variant)
    return perft(position, depth)


def push_pop_perft(board: Any, depth: int, moves_of: Callable[[Any], list[Any]]) -> int:
    """Perft through a peer's public board: legal moves, push, pop; the last ply counted."""
    moves = moves_of(board)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += push_pop_perft(board, depth - 1, moves_of)
        board.pop()
    return total


def py_draughts_counters(modules: dict[str, ModuleType]) -> dict[str, Counter]:
    boards = {
        "international": modules["draughts.boards.standard"].Board,
        "brazilian": modules["draughts.boards.brazilian"].Board,
    }
    turbo = modules["draughts.engines.turbo"]

    def board_of(variant: str, fen: str) -> Any:
        board_class = boards[variant]
        return board_class.from_fen(fen) if fen else board_class()

    def counter(variant: str, fen: str, depth: int) -> int:
        return push_pop_perft(board_of(variant, fen), depth, lambda board: board.legal_moves)

    def turbo_counter(variant: str, fen: str, depth: int) -> int:
        return int(turbo.perft_from_board(board_of(variant, fen), depth))

    return {"py-draughts": counter, "py-draughts turbo": turbo_counter}


def pydraughts_counters(modules: dict[str, ModuleType]) -> dict[str, Counter]:
    board_class = modules["draughts.core.variant"].Board
    names = {"international": "standard", "brazilian": "brazilian", "italian": "italian"}

    def counter(variant: str, fen: str, depth: int) -> int:
        board = board_class(names[variant], fen or "startpos")
        return push_pop_perft(board, depth, lambda board: board.legal_moves())

    return {"pydraughts": counter}


def timed(counter: Counter, case: Case, depth: int, repeat: bool) -> tuple[int, float]:
    """(nodes, seconds of the fastest count); a fast count is repeated for a steady figure,
    since other work on the machine only ever makes a run slower."""
    fastest = float("inf")
    runs = 0
    begin = time.perf_counter()
    while True:
        start = time.perf_counter()
        nodes = counter(case.variant, case.fen, depth)
        fastest = min(fastest, time.perf_counter() - start)
        runs += 1
        if not repeat or (runs >= MIN_RUNS and time.perf_counter() - begin >= MIN_SECONDS):
            return nodes, fastest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller depths, a few seconds")
    args = parser.parse_args(argv)

    counters: dict[str, Counter] = {OURS: our_counter}
    counters.update(py_draughts_counters(peers.load(peers.PY_DRAUGHTS)))
    counters.update(pydraughts_counters(peers.load(peers.PYDRAUGHTS)))

    header = f"{'position':<26}{'depth':>6}{'library':>20}{'nodes':>11}{'seconds':>9}"
    print(header + f"{'nodes/s':>11}{'ours is x':>11}")
    mismatches = 0
    for case in CASES:
        depth = case.quick_depth if args.quick else case.depth
        our_nodes, our_seconds = timed(our_counter, case, depth, repeat=True)
        our_rate = our_nodes / our_seconds
        rows = [(OURS, our_nodes, our_seconds)]
        for name in case.peers:
            nodes, seconds = timed(counters[name], case, depth, repeat=name != "pydraughts")
            rows.append((name, nodes, seconds))
        for name, nodes, seconds in rows:
            rate = nodes / seconds
            ratio = "" if name == OURS else f"{our_rate / rate:.2f}"
            flag = "" if nodes == our_nodes else "  COUNT DIFFERS"
            mismatches += nodes != our_nodes
            print(
                f"{case.label:<26}{depth:>6}{name:>20}{nodes:>11}{seconds:>9.3f}"
                f"{rate:>11.0f}{ratio:>11}{flag}"
            )
    if mismatches:
        print(f"{mismatches} peer count(s) differ from ours", file=sys.stderr)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
