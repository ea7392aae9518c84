"""Find winning shots for the engine's tactics tests (tests/data/shots.txt).

    python bench/shots.py --variant international --count 4 --seed 1

Plays random games and keeps positions, with the same number of pieces on both sides, where
one quiet move gives material away and wins it back with interest: by a plain material
minimax over Position objects (not the engine; captures played out at the horizon), that
move wins at least two men (`--gain`) within `--depth` plies and every other move wins
nothing. Prints
lines `variant FEN move` for the data file.

`--engine-nodes N` asks the engine of each shot found, searching N nodes (40,000 is what
`strong` searched in half a second): a line ends `# engine: found` or `# engine: MISSED
(plays M)`, and the last line, a JSON object, counts the shots and the misses.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.damas import Move, Position
from games.damas.engine import Limit, think
from games.damas.engine.table import forget_tables
from games.damas.tactics import material, minimax


def shot(position: Position, depth: int, gain: int = 2) -> Move | None:
    """The one move that wins at least `gain` men by force, if it is a sacrifice."""
    moves = position.legal_moves()
    if any(move.captures for move in moves) or len(moves) < 3:
        return None
    base = material(position)
    winners = []
    for move in moves:
        value = -minimax(position.play(move), depth - 1, -1000, 1000)
        if value > base:
            winners.append((value, move))
    if len(winners) != 1 or winners[0][0] < base + gain:
        return None
    move = winners[0][1]
    replies = position.play(move).legal_moves()
    return move if any(reply.captures for reply in replies) else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="international")
    parser.add_argument("--count", type=int, default=4)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    # In italian-familiar the opponent may decline the sacrifice (and lose a piece to the
    # huff): shots there win less.
    parser.add_argument("--gain", type=int, default=2, help="men the shot wins, at least")
    parser.add_argument("--engine-nodes", type=int, help="check the engine at this many nodes")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    found = 0
    missed = []
    while found < args.count:
        position = Position.start(args.variant)
        for _ in range(rng.randint(8, 40)):
            moves = [move for move in position.legal_moves() if not move.huff]
            if not moves or position.outcome() is not None:
                break
            position = position.play(rng.choice(moves))
            white, black = position.material(0), position.material(1)
            if sum(white) != sum(black) or position.outcome() is not None:
                continue
            move = shot(position, args.depth, args.gain)
            if move is not None:
                line = f"{args.variant} {position.fen()} {position.notation(move)}"
                if args.engine_nodes:
                    played = engine_move(position, args.engine_nodes)
                    if played == move:
                        line += "  # engine: found"
                    else:
                        line += f"  # engine: MISSED (plays {position.notation(played)})"
                        missed.append(line)
                print(line, flush=True)
                found += 1
                break
    if args.engine_nodes:
        print(json.dumps({"shots": found, "engine_nodes": args.engine_nodes, "missed": missed}))
    return 0


def engine_move(position: Position, nodes: int) -> Move:
    """The engine's move at a node budget, from empty tables (as the tests search)."""
    forget_tables()
    return think(position, Limit(nodes=nodes, seconds=1e9), random.Random(1)).move


if __name__ == "__main__":
    sys.exit(main())
