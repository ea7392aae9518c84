"""Benchmark: our perft side by side with py-draughts and pydraughts, in plain CPython.

    python bench/perft.py [--quick]

Each peer is installed on first use into .peers/<name> (see bench/peers.py). For each
position and library the table shows the node count, the seconds (the fastest of a few runs),
the nodes per second and how many times faster we are than that peer on the same count.
Every library counts with the same convention (a capture is one move; equal start, end and
captured set are one move), so the counts must agree; a difference is flagged and makes the
exit status 1.

Every counter counts the last ply without playing it; ours also counts the men's moves there
from their target bitboards instead of building them. The peers run through their public
boards (legal moves, push, pop), except py-draughts' "turbo" perft, its international-only
raw-bitboard routine and its fastest. pydraughts is slow (a few hundred nodes per second), so
it gets small depths, and we run the same small depths for its comparison.
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
# Count again, in turns, at least this often and this long, and keep each one's best time.
MIN_ROUNDS = 5
MIN_SECONDS = 1.0
RUN_ONCE = frozenset({"pydraughts"})  # too slow to repeat
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
    Case(
        "international Random178",
        "international",
        RANDOM178,
        5,
        4,
        ("py-draughts", "py-draughts turbo"),
    ),
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


def timed(counters: dict[str, Counter], case: Case, depth: int) -> dict[str, tuple[int, float]]:
    """name -> (nodes, seconds of its fastest count). The counters take turns, round after
    round, so that other work on the machine slows them alike; pydraughts counts once."""
    best: dict[str, tuple[int, float]] = {}
    begin = time.perf_counter()
    rounds = 0
    while rounds < MIN_ROUNDS or time.perf_counter() - begin < MIN_SECONDS:
        rounds += 1
        for name, counter in counters.items():
            if name in best and name in RUN_ONCE:
                continue
            start = time.perf_counter()
            nodes = counter(case.variant, case.fen, depth)
            seconds = time.perf_counter() - start
            if name not in best or seconds < best[name][1]:
                best[name] = (nodes, seconds)
    return best


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
        names = (OURS, *case.peers)
        results = timed({name: counters[name] for name in names}, case, depth)
        our_nodes, our_seconds = results[OURS]
        our_rate = our_nodes / our_seconds
        for name in names:
            nodes, seconds = results[name]
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
