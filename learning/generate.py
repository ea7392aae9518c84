"""Step 1: positions from the engine's own games.

    python -m learning.generate --variant brazilian --games 2000 --seed 1

Self-play with the engine (the compiled core where built) at a small node budget per move,
with a random bonus of up to --noise hundredths of a man per root move for variety, from
openings of 2 to 4 random plies. Every quiet position (no capture for either side, men on the
board) is written with the game's result and the score the mover's search gave it, one line
each: `white black kings colour result score` (bitboards in hex, result 2, 1 or 0 for White's
win, draw or loss, score in hundredths of a man for White). Game N depends only on the seed and
N (each game starts from empty tables), so a rerun writes the same file, whatever --jobs.
"""

from __future__ import annotations

import argparse
import random
import sys
from functools import partial
from pathlib import Path

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.evaluate import VERSIONS, weights_for
from games.damas.engine.table import forget_tables
from games.damas.rules import RULES
from learning.jobs import in_order
from learning.progress import Progress
from learning.whole_files import written_whole

PLY_CAP = 200
FEWEST_OPENING_PLIES, MOST_OPENING_PLIES = 2, 4
DATA = Path("learning-data")


def positions_path(data: Path, variant: str) -> Path:
    return data / f"{variant}.positions"


def same_game(pieces: int, next_pieces: int) -> bool:
    """Whether the next line of a positions file is the same game's: the file holds each
    game's positions in order, and within a game the pieces on the board never grow."""
    return next_pieces <= pieces


def is_quiet(position: Position) -> bool:
    """No capture for either side, and men on the board (the patterns see men only)."""
    generator = position.rules.generator
    white, black, kings = position.white, position.black, position.kings
    if not (white | black) & ~kings:
        return False
    return not (
        generator.can_capture(white, black, kings, 0)
        or generator.can_capture(black, white, kings, 1)
    )


def opening(variant: str, rng: random.Random) -> Position:
    position = Position.start(variant)
    for _ in range(rng.randint(FEWEST_OPENING_PLIES, MOST_OPENING_PLIES)):
        if position.outcome() is not None:
            break
        position = position.play(rng.choice(position.legal_moves()))
    return position


def play(variant: str, limit: Limit, version: str, seed: int, number: int) -> list[str]:
    """The lines of one self-play game's quiet positions."""
    rng = random.Random(f"{seed}:{number}")
    weights = weights_for(variant, version)
    position = opening(variant, rng)
    forget_tables()
    kept: list[tuple[Position, int]] = []
    for _ in range(PLY_CAP):
        if position.outcome() is not None:
            break
        thought = think(position, limit, rng, weights)
        if thought.depth and is_quiet(position):
            kept.append((position, thought.score if position.colour == 0 else -thought.score))
        position = position.play(thought.move)
    outcome = position.outcome()
    result = 1 if outcome is None or not outcome.winners else 2 if 0 in outcome.winners else 0
    return [
        f"{seen.white:x} {seen.black:x} {seen.kings:x} {seen.colour} {result} {score}"
        for seen, score in kept
    ]


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m learning.generate",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--variant", choices=sorted(RULES), default="brazilian")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--nodes", type=int, default=1500, help="per move (default 1500)")
    parser.add_argument("--noise", type=int, default=15, help="hundredths of a man (15)")
    parser.add_argument("--weights", choices=VERSIONS, default="hand", help="the players'")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", type=Path, default=DATA, help="folder (learning-data)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (1)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    limit = Limit(nodes=args.nodes, seconds=3600.0, noise=args.noise)
    path = positions_path(args.data, args.variant)
    path.parent.mkdir(parents=True, exist_ok=True)
    progress = Progress(f"{args.variant} games", args.games)
    count = 0
    game = partial(play, args.variant, limit, args.weights, args.seed)
    with written_whole(path) as out:
        for lines in in_order(game, range(args.games), args.jobs):
            out.writelines(line + "\n" for line in lines)
            count += len(lines)
            progress.advance()
    print(f"{count} quiet positions of {args.games} games in {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
