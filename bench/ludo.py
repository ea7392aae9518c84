"""The figures of the Ludo issue: how often `best` wins four-player games against three
`random` and against three `simple` players, and how many games per second one core
simulates (four `random` players; `best`'s own speed is shown beside it).

    python bench/ludo.py [--games 2000] [--seed 1]

Prints one line per figure, then all of them as one JSON object on the last line.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.ludo.rules import LudoRules
from games.ludo.simulate import simulate

GOALS = {"best_v_random": 0.65, "best_v_simple": 0.40, "games_per_s": 100.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per figure")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rules = LudoRules()
    figures: dict[str, float] = {}
    for name, agents in (
        ("best_v_random", ["best", "random", "random", "random"]),
        ("best_v_simple", ["best", "simple", "simple", "simple"]),
        ("simple_v_random", ["simple", "random", "random", "random"]),
        ("games_per_s", ["random"] * 4),
    ):
        result = simulate(agents, arguments.games, rules, arguments.seed)
        summary = result.summary()
        win_rate = summary["win_rates"][0]
        if name == "games_per_s":
            figures[name] = summary["games_per_s"]
        else:
            figures[name] = win_rate
            figures[f"{name}_games_per_s"] = summary["games_per_s"]
        goal = GOALS.get(name)
        verdict = (
            ""
            if goal is None
            else f" (goal {goal}: {'met' if figures[name] >= goal else 'not met'})"
        )
        print(f"{name}: {figures[name]}{verdict}; {summary['games_per_s']} games/s", flush=True)
    figures["games"] = arguments.games
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
