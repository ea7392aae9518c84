"""Step 2: each position's label from a deeper search.

    python -m learning.label --variant brazilian --nodes 8000

Reads the positions of step 1 and searches each one again, with more nodes than the games
gave a move (the hand weights: a label must not depend on the weights being fitted), from
empty tables. Writes the positions with the deeper score appended (hundredths of a man for
White; a forced result is the engine's won or lost score): `white black kings colour result
score deep`. The fit (step 3) turns scores into a win chance and mixes it with the game's
result.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.evaluate import weights_for
from games.damas.engine.table import forget_tables
from games.damas.rules import RULES
from learning.generate import DATA, positions_path
from learning.progress import Progress
from learning.whole_files import written_whole


def labelled_path(data: Path, variant: str) -> Path:
    return data / f"{variant}.labelled"


def deep_score(start: Position, line: str, limit: Limit) -> int:
    """The deeper search's score of a position line of step 1, for White."""
    white, black, kings, colour = (int(field, 16) for field in line.split()[:4])
    position = replace(start, white=white, black=black, kings=kings, colour=colour)
    forget_tables()
    weights = weights_for(start.rules.key, "hand")
    score = think(position, limit, random.Random(0), weights).score
    return score if colour == 0 else -score


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m learning.label",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--variant", choices=sorted(RULES), default="brazilian")
    parser.add_argument("--nodes", type=int, default=8000, help="per position (default 8000)")
    parser.add_argument("--data", type=Path, default=DATA, help="folder (learning-data)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    source = positions_path(args.data, args.variant)
    if not source.is_file():
        raise SystemExit(f"{source}: no positions; run python -m learning.generate first")
    lines = source.read_text(encoding="ascii").splitlines()
    start = Position.start(args.variant)
    limit = Limit(nodes=args.nodes, seconds=3600.0)
    target = labelled_path(args.data, args.variant)
    progress = Progress(f"{args.variant} labels", len(lines))
    with written_whole(target) as out:
        for line in lines:
            out.write(f"{line} {deep_score(start, line, limit)}\n")
            progress.advance()
    print(f"{len(lines)} positions labelled in {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
