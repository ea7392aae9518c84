"""Tune the Ludo evaluation's weights (games/ludo/evaluation.py) by matches.

    python bench/ludo_tune.py --games 400 --passes 1 --confirm 1000

A coordinate search: the candidate plays at depth 0 (the one-move score, well under a
millisecond a decision) in seat-rotated four-player games against a mixed field, one each of
`expert`, `mixed` (bench/ludo_heuristics.py) and today's one-move `best`
(games/ludo/agents.py); par 25%. Each weight in turn is moved up and down by `--step` (a
share of its value; `leader` and `opponents` by that share of 1) and each move is played on
the same seeds as the weights it would replace, so both meet the same dice for as long as
they choose alike. A move is kept only when it wins more than `--margin` intervals of the
difference beyond the weights kept so far. Then the kept weights and the starting ones play
`--confirm` games on fresh seeds. Each trial prints a line; the last line is JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ludo_heuristics import HEURISTICS

from games.ludo.agents import Agent, choose_best
from games.ludo.evaluation import WEIGHTS, Weights
from games.ludo.moves import LudoMove
from games.ludo.position import LudoPosition
from games.ludo.rules import LudoRules
from games.ludo.search import LudoLimit, choose
from games.ludo.simulate import simulate

FIELD = ("expert", "mixed", "best")
# Weights whose natural scale is 1 (a count of opponents), stepped by `step` itself.
UNIT = ("leader", "opponents")


def candidate(weights: Weights, depth: int, width: int) -> Agent:
    # No time budget: a loaded machine must not change how the candidate plays.
    limit = LudoLimit(depth=depth, width=width, seconds=math.inf, weights=weights)

    def agent(position: LudoPosition, rng: random.Random) -> LudoMove:
        return choose(position, limit, rng)

    return agent


@dataclass(frozen=True)
class Trial:
    """How the candidate plays a trial's games: `depth` and `width` as in LudoLimit."""

    games: int
    depth: int = 0
    width: int = 2

    def share(self, weights: Weights, seed: int) -> float:
        """The candidate's win share against the field over the seat-rotated games."""
        found: dict[str, Agent] = {
            **HEURISTICS,
            "best": choose_best,
            "candidate": candidate(weights, self.depth, self.width),
        }
        result = simulate(
            ["candidate", *FIELD], self.games, LudoRules(), seed, None, found.__getitem__
        )
        return result.wins[0] / self.games


def moved(weights: Weights, name: str, step: float, sign: int) -> Weights:
    value = getattr(weights, name)
    delta = step if name in UNIT else step * abs(value)
    return replace(weights, **{name: round(max(0.0, value + sign * delta), 4)})


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games a trial")
    parser.add_argument("--passes", type=int, default=1, help="passes over the weights")
    parser.add_argument("--step", type=float, default=0.4, help="share of a weight moved")
    parser.add_argument("--margin", type=float, default=1.0, help="intervals to clear")
    parser.add_argument("--confirm", type=int, default=1000, help="games on fresh seeds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=0, choices=(0, 1), help="the candidate's")
    parser.add_argument("--width", type=int, default=2, help="moves searched at depth 1")
    parser.add_argument("--only", action="append", default=[], help="tune these weights only")
    arguments = parser.parse_args()
    names = arguments.only or [f.name for f in fields(Weights)]
    games = arguments.games
    trial = Trial(games, arguments.depth, arguments.width)
    confirm = Trial(arguments.confirm, arguments.depth, arguments.width)
    # The standard error of a difference of two shares near par over `games` games each.
    noise = math.sqrt(2 * 0.25 * 0.75 / games)
    kept = WEIGHTS
    seed = arguments.seed
    trials: list[dict[str, Any]] = []
    for _ in range(arguments.passes):
        for name in names:
            base = trial.share(kept, seed)
            best_weights, best_share = kept, base
            for sign in (1, -1):
                tried = moved(kept, name, arguments.step, sign)
                if tried == kept:
                    continue
                value = trial.share(tried, seed)
                trials.append({"weight": name, "value": getattr(tried, name), "share": value})
                print(
                    f"seed {seed} {name}={getattr(tried, name)}: {value:.1%} "
                    f"(kept {getattr(kept, name)}: {base:.1%})",
                    file=sys.stderr,
                    flush=True,
                )
                if value > best_share and value - base > arguments.margin * noise:
                    best_weights, best_share = tried, value
            kept = best_weights
            seed += 1
    fresh = seed + 1000
    confirmed = {"start": confirm.share(WEIGHTS, fresh)}
    if kept != WEIGHTS:
        confirmed["tuned"] = confirm.share(kept, fresh)
    print(f"confirm on seed {fresh}, {arguments.confirm} games: {confirmed}", file=sys.stderr)
    print(
        json.dumps(
            {
                "field": FIELD,
                "games": games,
                "depth": arguments.depth,
                "width": arguments.width,
                "start": asdict(WEIGHTS),
                "tuned": asdict(kept),
                "confirm_games": arguments.confirm,
                "confirm_seed": fresh,
                "confirm_share": {key: round(value, 4) for key, value in confirmed.items()},
                "trials": trials,
            }
        )
    )


if __name__ == "__main__":
    main()
