"""Benchmark: computer games side by side, sharing the service's worker processes.

    python bench/computer_turns.py [--games strong,strong,beginner,normal] [--turns 3]
        [--workers 2] [--game brazilian]

Each game asks for its computer's move at its level at the same moment as the others, turn
after turn (each turn from a position a few random plies on). For each level: the longest
wait for a worker (which the engine's clock does not count), the longest think as the worker
measured it, and that think against the level's limit (the goal: at most 1.10). Quick thinks
must not wait behind long ones: the longest wait of a beginner is the figure that shows it.
The LAST line printed is a JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service.kernel.computer.computer_players import ComputerPlayers, Think
from games.base import start
from games.computer import LEVELS

# A position with fewer moves may be answered at once (a forced capture): no think to measure.
FEWEST_MOVES = 5


def opening(game: str, rng: random.Random, plies: int = 4) -> str:
    """A position `plies` random plies from the start, with a real choice to make."""
    while True:
        position = start(game, {})
        for _ in range(plies):
            position = position.play(rng.choice(position.legal_moves()))
        if len(position.legal_moves()) >= FEWEST_MOVES:
            return position.snapshot()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="strong,strong,beginner,normal")
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", default="brazilian")
    options = parser.parse_args()
    levels = options.games.split(",")
    rng = random.Random(1)
    computers = ComputerPlayers(workers=options.workers)
    results: dict[str, list[Think]] = {level: [] for level in levels}
    try:
        for _ in range(options.turns):
            snapshots = [opening(options.game, rng) for _ in levels]
            thinks = await asyncio.gather(
                *(
                    computers.think(options.game, {}, snapshot, LEVELS[level])
                    for level, snapshot in zip(levels, snapshots, strict=True)
                )
            )
            for level, think in zip(levels, thinks, strict=True):
                results[level].append(think)
    finally:
        computers.close()
    figures = {}
    for level, thinks in results.items():
        limit = LEVELS[level].seconds or 0.0
        longest = max(think.thought for think in thinks)
        figures[level] = {
            "limit_s": limit,
            "longest_wait_s": round(max(think.waited for think in thinks), 3),
            "longest_think_s": round(longest, 3),
            "think_over_limit": round(longest / limit, 3) if limit else None,
        }
        print(
            f"{level:9} limit {limit:.1f} s: longest wait {figures[level]['longest_wait_s']} s, "
            f"longest think {figures[level]['longest_think_s']} s "
            f"({figures[level]['think_over_limit']} of the limit)",
            flush=True,
        )
    print(
        json.dumps(
            {
                "cores": os.cpu_count(),
                "workers": options.workers,
                "games": levels,
                "turns": options.turns,
                "levels": figures,
            }
        )
    )


if __name__ == "__main__":
    asyncio.run(main())
