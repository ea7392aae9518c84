"""Step 2: each position's label from a deeper search.

    python -m learning.label --variant brazilian --nodes 8000

Reads the positions of step 1 and searches each one again, with more nodes than the games
gave a move (the hand weights: a label must not depend on the weights being fitted), each
game's from empty tables and in its order (a fresh table per position cost more than the
searches: the pages of a new table). Writes the positions with the deeper score appended
(hundredths of a man for White; a forced result is the engine's won or lost score):
`white black kings colour result score deep`. The fit (step 3) turns scores into a win chance
and mixes it with the game's result.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.evaluate import weights_for
from games.damas.engine.table import forget_tables
from games.damas.rules import RULES
from learning.generate import DATA, positions_path, same_game
from learning.jobs import in_order
from learning.progress import Progress
from learning.whole_files import written_whole


def labelled_path(data: Path, variant: str) -> Path:
    return data / f"{variant}.labelled"


def pieces_of(line: str) -> int:
    white, black = (int(field, 16) for field in line.split()[:2])
    return (white | black).bit_count()


def games_of(lines: list[str]) -> list[list[str]]:
    """The lines of step 1 by game, each game's in order."""
    games: list[list[str]] = []
    before = 0
    for line in lines:
        pieces = pieces_of(line)
        if not games or not same_game(before, pieces):
            games.append([])
        games[-1].append(line)
        before = pieces
    return games


def deep_score(start: Position, line: str, limit: Limit) -> int:
    """The deeper search's score of a position line of step 1, for White."""
    white, black, kings, colour = (int(field, 16) for field in line.split()[:4])
    position = replace(start, white=white, black=black, kings=kings, colour=colour)
    weights = weights_for(start.rules.key, "hand")
    score = think(position, limit, random.Random(0), weights).score
    return score if colour == 0 else -score


def labelled_game(variant: str, limit: Limit, lines: list[str]) -> list[str]:
    start = Position.start(variant)
    forget_tables()
    return [f"{line} {deep_score(start, line, limit)}" for line in lines]


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m learning.label",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--variant", choices=sorted(RULES), default="brazilian")
    parser.add_argument("--nodes", type=int, default=8000, help="per position (default 8000)")
    parser.add_argument("--data", type=Path, default=DATA, help="folder (learning-data)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (1)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    source = positions_path(args.data, args.variant)
    if not source.is_file():
        raise SystemExit(f"{source}: no positions; run python -m learning.generate first")
    lines = source.read_text(encoding="ascii").splitlines()
    limit = Limit(nodes=args.nodes, seconds=3600.0)
    target = labelled_path(args.data, args.variant)
    progress = Progress(f"{args.variant} labels", len(lines))
    label = partial(labelled_game, args.variant, limit)
    with written_whole(target) as out:
        for labelled in in_order(label, games_of(lines), args.jobs):
            out.writelines(line + "\n" for line in labelled)
            progress.advance(len(labelled))
    print(f"{len(lines)} positions labelled in {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
