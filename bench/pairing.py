"""How long one Swiss round of a big field takes to pair (the goal: under 100 ms for 256
entries; wall time, and the process's CPU time, steadier on a shared machine), and how long
rebuilding the whole tournament from its facts takes after the last round (what the
service pays after a restart).

    python bench/pairing.py [--entries 256] [--rounds 9] [--seed 1]

Prints one line per round, then the figures as one JSON object on the last line.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from competition.pairing.results import GameResult, Outcome, PlayedGame
from competition.pairing.swiss import swiss_round
from competition.pairing.tournament import Format, Setup, Tournament

GOAL_MS = 100.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = Random(arguments.seed)
    entries = tuple(f"e{number}" for number in range(1, arguments.entries + 1))
    results: dict[tuple[int, int], list[GameResult]] = {}
    games: list[PlayedGame] = []
    byes: list[str] = []
    pair_ms: list[float] = []
    cpu_ms: list[float] = []
    for round_number in range(1, arguments.rounds + 1):
        started, started_cpu = time.perf_counter(), time.process_time()
        paired = swiss_round(round_number, entries, games, byes, 1.0, seed=bytes(32))
        pair_ms.append((time.perf_counter() - started) * 1000)
        cpu_ms.append((time.process_time() - started_cpu) * 1000)
        print(
            f"round {round_number}: paired in {pair_ms[-1]:.1f} ms ({cpu_ms[-1]:.1f} ms CPU)",
            flush=True,
        )
        for table in paired.tables:
            result = GameResult(rng.choice(list(Outcome)))
            results[round_number, table.number] = [result]
            games.append(PlayedGame(round_number, table.first, table.second, result))
        if paired.bye is not None:
            byes.append(paired.bye)
    setup = Setup(Format.SWISS, entries, bytes(32), rounds=arguments.rounds)
    started = time.perf_counter()
    assert Tournament(setup, results).finished
    rebuild_ms = (time.perf_counter() - started) * 1000
    longest = max(pair_ms)
    verdict = "met" if longest < GOAL_MS else "not met"
    print(f"longest round: {longest:.1f} ms (goal {GOAL_MS:.0f} ms: {verdict})")
    print(f"rebuild of all {arguments.rounds} rounds from the facts: {rebuild_ms:.1f} ms")
    print(
        json.dumps(
            {
                f"pair_ms_{arguments.entries}": round(longest, 1),
                "pair_ms_median": round(sorted(pair_ms)[len(pair_ms) // 2], 1),
                f"pair_cpu_ms_{arguments.entries}": round(max(cpu_ms), 1),
                "rebuild_ms": round(rebuild_ms, 1),
                "entries": arguments.entries,
                "rounds": arguments.rounds,
            }
        )
    )


if __name__ == "__main__":
    main()
