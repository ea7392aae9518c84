"""Benchmark: how many puzzles the finder gets from games, and whether they hold deeper.

    python bench/puzzles.py [--games 10] [--variants brazilian,international,italian]
                            [--recheck PLIES] [--out found.json] [--python]
    python bench/puzzles.py --proof N [--variants ...]

For each variant the engine plays `--games` noisy games against itself (the games the
shipped set was made from: games.damas.puzzles.sources.engine_game, seeds from `--seed`);
every position is searched for a puzzle (games.damas.puzzles.finder, DEPTH plies, each line
kept only if its own second check at VERIFY_TIMES the depth holds), and each puzzle found is
checked again at `--recheck` plies (default double the depth, the issue's figure): every
solver move of its line must still be the only one that wins, every alternative searched
again (`verify`). Prints per variant the games, the puzzles found per 100 games, the share
that pass the check again (goal 100%) and the CPU seconds per game and per puzzle found of the
finder; the last line is a JSON object of the same figures. The proof's search runs in the
compiled core where it is built (games.damas.puzzles.proof); `--python` runs it on the Python
reference throughout. `--out` writes the puzzles found, in the generator's JSON (python -m
games.damas puzzles), for the shipped set.

`--proof N` measures the proof alone: the finder's whole search (`find_puzzle`: the first
search, the line, the check at double the depth) of the first N shipped puzzles of each
variant (bot/data/puzzles/), on the Python reference and compiled, the CPU seconds per
puzzle of each, the speedup, and whether both found the same puzzles (they must).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.damas.engine.compiled import COMPILED
from games.damas.puzzles import Puzzle, find_puzzle, puzzle_from_json, puzzle_json, verify
from games.damas.puzzles.finder import DEPTH
from games.damas.puzzles.proof import python_only
from games.damas.puzzles.sources import engine_game, puzzles_in


def measure(
    variant: str, games: int, seed: int, recheck: int, out: list[dict[str, object]]
) -> dict[str, float | None]:
    found: list[Puzzle] = []
    began = time.process_time()
    for number in range(seed, seed + games):
        for puzzle in puzzles_in(engine_game(variant, number).positions):
            found.append(puzzle)
            out.append(puzzle_json(puzzle, f"engine {variant} game {number}"))
    seconds = time.process_time() - began
    held = sum(verify(puzzle, recheck) for puzzle in found)
    return {
        "games": games,
        "puzzles": len(found),
        "per_100_games": round(100 * len(found) / games, 1),
        "deeper_check_share": round(held / len(found), 3) if found else 1.0,
        "cpu_seconds_per_game": round(seconds / games, 1),
        "cpu_seconds_per_puzzle": round(seconds / len(found), 1) if found else None,
    }


SHIPPED = Path(__file__).resolve().parents[1] / "bot" / "data" / "puzzles"


def proof_speed(variant: str, count: int) -> dict[str, object]:
    """CPU seconds per puzzle of the finder's proof of the variant's first `count` shipped
    puzzles, Python and compiled, and whether both found the same."""
    entries = json.loads((SHIPPED / f"{variant}.json").read_text(encoding="utf-8"))[:count]
    positions = [puzzle_from_json(entry).start() for entry in entries]
    seconds: dict[str, float] = {}
    found: dict[str, list[Puzzle | None]] = {}
    for search, within in (("python", python_only), ("compiled", nullcontext)):
        began = time.process_time()
        with within():
            found[search] = [find_puzzle(position) for position in positions]
        seconds[search] = time.process_time() - began
    return {
        "puzzles": len(positions),
        "python_seconds_per_puzzle": round(seconds["python"] / len(positions), 2),
        "compiled_seconds_per_puzzle": round(seconds["compiled"] / len(positions), 3),
        "speedup": round(seconds["python"] / seconds["compiled"], 1),
        "same_puzzles": found["python"] == found["compiled"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="engine games per variant")
    parser.add_argument("--seed", type=int, default=1001, help="of the first game")
    parser.add_argument("--variants", default="brazilian,international,italian")
    parser.add_argument("--recheck", type=int, default=2 * DEPTH, help="plies of the check")
    parser.add_argument("--out", type=Path, help="write the puzzles found here (JSON)")
    parser.add_argument("--python", action="store_true", help="the proof in Python only")
    parser.add_argument("--proof", type=int, help="time the proof of N shipped puzzles")
    args = parser.parse_args()
    if args.proof:
        if not COMPILED:
            print("the compiled core is not built here: nothing to compare", file=sys.stderr)
            return 1
        speeds = {}
        for variant in args.variants.split(","):
            speeds[variant] = row = proof_speed(variant, args.proof)
            print(
                f"{variant:14} {row['puzzles']} shipped puzzles: Python "
                f"{row['python_seconds_per_puzzle']} s, compiled "
                f"{row['compiled_seconds_per_puzzle']} s CPU per puzzle "
                f"({row['speedup']} times faster), same puzzles: {row['same_puzzles']}",
                flush=True,
            )
        print(json.dumps({"proof": speeds}))
        return 0
    with python_only() if args.python else nullcontext():
        return run(args)


def run(args: argparse.Namespace) -> int:
    figures: dict[str, dict[str, float | None]] = {}
    found: list[dict[str, object]] = []
    for variant in args.variants.split(","):
        figures[variant] = measure(variant, args.games, args.seed, args.recheck, found)
        if args.out is not None:
            args.out.write_text(json.dumps(found, indent=1, ensure_ascii=False))
        row = figures[variant]
        print(
            f"{variant:14} {row['games']:4.0f} games  {row['puzzles']:3.0f} puzzles  "
            f"{row['per_100_games']:6.1f} per 100 games  "
            f"{row['deeper_check_share']:6.1%} hold at {args.recheck} plies  "
            f"{row['cpu_seconds_per_game']:5.1f} s CPU per game  "
            f"{row['cpu_seconds_per_puzzle'] or '-'} s per puzzle",
            flush=True,
        )
    search = "python" if args.python else "compiled" if COMPILED else "python (no core)"
    summary = {"depth": DEPTH, "recheck_depth": args.recheck, "search": search}
    print(json.dumps(summary | {"variants": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
