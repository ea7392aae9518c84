"""Fit the International evaluation weights to py-draughts' TurboEngine evaluation.

    python bench/strength.py --games 20 --time 0.5 --pdn games.pdn
    python bench/fit_eval.py games.pdn [more.pdn ...]

TurboEngine's static evaluation (py-draughts 1.10.1, installed apart: see peers.py) adds to
its hand terms men patterns regressed on the Scan engine's search scores, so it carries more
positional knowledge than our few terms. Every quiet position (no capture for either side,
men on both sides) of the games is scored by it and by each of our weights alone (the other
weights zero); a least-squares fit (a little ridge) gives the weights that come closest.
Prints each fitted weight beside the current one and the root-mean-square gap of both; the
last line is a JSON object. The fit is advice: games/damas/engine/evaluate.py says what was
taken from it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import peers

from games.damas import Position
from games.damas.engine.evaluate import Evaluate, Weights, make_evaluator, weights_for
from games.damas.pdn import PdnGame, UnreadRecord, stream_records
from games.damas.pdn_replay import start_position
from games.damas.rules import RULES

VARIANT = "international"
# The runaway bonus is left out: in weight * (4 - rows left) // 3 a weight of 1 reads nothing
# but one row before crowning, and quiet positions of games have few runaways.
ALONE = (
    "man",
    "flying_king",
    "centre",
    "back_rank",
    "supported",
    "mobility",
    "balance",
    "king_diagonal",
)
ADVANCES = range(1, 9)
RIDGE = 1.0


def features() -> list[tuple[str, Evaluate]]:
    """(name, evaluation with that weight 1 and every other 0)."""
    rules = RULES[VARIANT]
    zeros: dict[str, Any] = dict.fromkeys(ALONE, 0)  # scalar weights, not the patterns
    zero = Weights(**zeros, advance=(0,) * 9)
    zero = replace(zero, edge=0, runaway=0, cornering=0, closing=0)

    def only(name: str) -> Weights:
        one: dict[str, Any] = {name: 1}  # a scalar weight (not `advance`, a tuple)
        return replace(zero, **one)

    found = [(name, make_evaluator(rules, only(name))) for name in ALONE]
    for rows in ADVANCES:
        advance = tuple(1 if index == rows else 0 for index in range(9))
        found.append((f"advance[{rows}]", make_evaluator(rules, replace(zero, advance=advance))))
    return found


def read_file(path: Path) -> Iterator[PdnGame]:
    """The games of a PDN file, read a block at a time; a record that is not PDN stops."""
    with path.open(encoding="utf-8") as file:
        for record in stream_records(iter(partial(file.read, 1 << 16), ""), VARIANT):
            if isinstance(record, UnreadRecord):
                raise SystemExit(f"{path}: line {record.line}: {record.reason}")
            yield record


def quiet_positions(paths: list[str]) -> list[Position]:
    seen: dict[str, Position] = {}
    generator = RULES[VARIANT].generator
    for path in paths:
        for game in read_file(Path(path)):
            position = start_position(game)
            for text in game.moves:
                position = position.play(position.parse(text))
                white, black, kings = position.white, position.black, position.kings
                if generator.captures(white, black, kings, 0) or generator.captures(
                    black, white, kings, 1
                ):
                    continue
                if white & ~kings and black & ~kings:
                    seen.setdefault(position.fen(), position)
    return list(seen.values())


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix x = vector (Gauss-Jordan with partial pivoting)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for row in range(size):
            if row != column:
                factor = rows[row][column] / rows[column][column]
                rows[row] = [a - factor * b for a, b in zip(rows[row], rows[column], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python bench/fit_eval.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("pdn", nargs="+", help="PDN files of International games")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    files = arguments(argv).pdn
    modules = peers.load(peers.PY_DRAUGHTS)
    board_class = modules["draughts.boards.standard"].Board
    turbo = modules["draughts.engines.turbo"]
    named = features()
    samples = []
    for position in quiet_positions(files):
        # Both from White's view.
        ghost = turbo.TurboEngine._convert(board_class.from_fen(position.fen()))
        target = turbo._evaluate(*ghost, True)
        row = [evaluate(position.white, position.black, position.kings, 0) for _, evaluate in named]
        samples.append((row, target))
    size = len(named)
    matrix = [[RIDGE if i == j else 0.0 for j in range(size)] for i in range(size)]
    vector = [0.0] * size
    for row, target in samples:
        for i in range(size):
            vector[i] += row[i] * target
            for j in range(size):
                matrix[i][j] += row[i] * row[j]
    fitted = solve(matrix, vector)
    weights = weights_for(VARIANT)
    current = [getattr(weights, name) for name in ALONE] + [weights.advance[r] for r in ADVANCES]

    def gap(values: list[float]) -> float:
        total = sum(
            (sum(a * b for a, b in zip(row, values, strict=True)) - target) ** 2
            for row, target in samples
        )
        return math.sqrt(total / len(samples))

    print(f"{len(samples)} quiet positions")
    for (name, _), value, now in zip(named, fitted, current, strict=True):
        print(f"{name:<14} fitted {value:8.2f}   current {now}")
    print(f"rms gap to TurboEngine: fitted {gap(fitted):.1f}, current {gap(current):.1f}")
    names = [name for name, _ in named]
    report = {"positions": len(samples), "fitted": dict(zip(names, fitted, strict=True))}
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
