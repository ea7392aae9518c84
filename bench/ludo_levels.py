"""Ludo's computer levels against the heuristic players (bench/ludo_heuristics.py), today's
one-move `best` (games/ludo/agents.py), `depth1` (the strong level before the learned
evaluation) and each other, in seat-rotated four-player games.

    python bench/ludo_levels.py --level strong --opponent expert --games 2000
    python bench/ludo_levels.py --level strong --opponent expert --teams --games 2000
    python bench/ludo_levels.py --goals --games 2000     # the issue's four goals
    python bench/ludo_levels.py --ladder --games 500     # each level v three of the one below
    python bench/ludo_levels.py --learned-depth 0 --games 2000   # the network alone

A match is the level against three of the opponent (par 25%); with --teams, the level and
one opponent as its partner against two more (par 50%). Each line gives the level's win share
with its 95% interval and its decision times (decisions with a choice); the last line is all
of it as JSON. `--option three_sixes --option towers_block` plays with those rules.
`--learned-depth N` has the level under test score four-player games by the learned network
and search them N rolls deep (strong's own is 1; 0 measures a network alone).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ludo_heuristics import HEURISTICS

from games.computer import LEVEL_NAMES, LUDO_LEVELS
from games.ludo.agents import Agent, choose_best
from games.ludo.moves import LudoMove
from games.ludo.position import LudoPosition
from games.ludo.rules import LudoRules
from games.ludo.search import LudoLimit, choose
from games.ludo.simulate import simulate

OPTIONS = ("three_sixes", "towers_block")
# The issue's goals: the strongest level's win share against each field. "Itself at today's
# strength" is `depth1`, the strong level before the learned evaluation.
GOALS: dict[str, tuple[str, str, bool, float]] = {
    "strong_v_random": ("strong", "random", False, 0.92),
    "strong_v_expert": ("strong", "expert", False, 0.50),
    "strong_v_depth1": ("strong", "depth1", False, 0.40),
    "strong_teams_v_expert": ("strong", "expert", True, 0.62),
}
LADDER = (("easy", "beginner"), ("normal", "easy"), ("strong", "normal"))
# The strong level before the learned evaluation (issue 39's fifth round): the look-ahead
# over one roll on the hand evaluation.
DEPTH_1 = LudoLimit(depth=1)
Z95 = 1.96


@dataclass
class Timed:
    """A level's agent that records how long each decision with a choice took."""

    level: str
    limit: LudoLimit
    seconds: list[float] = field(default_factory=list)

    @classmethod
    def own(cls, level: str) -> Timed:
        """The level playing its own limit."""
        return cls(level, LUDO_LEVELS[level])

    def __call__(self, position: LudoPosition, rng: random.Random) -> LudoMove:
        if len(position.legal_moves()) == 1:
            return position.legal_moves()[0]
        began = time.perf_counter()
        move = choose(position, self.limit, rng)
        self.seconds.append(time.perf_counter() - began)
        return move


def choose_depth1(position: LudoPosition, rng: random.Random) -> LudoMove:
    return choose(position, DEPTH_1, rng)


def players(timed: Timed) -> Mapping[str, Agent]:
    """Every player a match may seat, by name: the level under test (timed), the other
    levels, today's `best`, `depth1` and the heuristics."""
    levels: dict[str, Agent] = {
        name: Timed.own(name) for name in LEVEL_NAMES if name != timed.level
    }
    others = {"best": choose_best, "depth1": choose_depth1}
    return {**HEURISTICS, **others, **levels, timed.level: timed}


def interval(wins: int, games: int) -> float:
    """The half-width of the 95% interval of a win share (normal approximation)."""
    share = wins / games
    return Z95 * math.sqrt(share * (1 - share) / games)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def match(
    level: str,
    opponent: str,
    teams: bool,
    games: int,
    seed: int,
    options: dict[str, bool],
    learned_depth: int | None = None,
) -> dict[str, Any]:
    """One match's figures: the level's wins, share, interval and decision times; with
    `learned_depth`, the level plays the learned network at that depth."""
    limit = LUDO_LEVELS[level]
    if learned_depth is not None:
        limit = replace(limit, learned_depth=learned_depth)
    timed = Timed(level, limit)
    found = players(timed)
    rules = LudoRules(teams=teams, **options)

    def progress(done: int, total: int) -> None:
        if done % 100 == 0 or done == total:
            print(f"  {done}/{total}", end="\r", file=sys.stderr, flush=True)

    result = simulate(
        [level, opponent, opponent, opponent], games, rules, seed, progress, found.__getitem__
    )
    wins = result.wins[0]
    return {
        "level": level,
        "opponent": opponent,
        "teams": teams,
        "learned_depth": limit.learned_depth,
        "games": games,
        "wins": wins,
        "share": round(wins / games, 4),
        "interval": round(interval(wins, games), 4),
        "par": 0.5 if teams else 0.25,
        "decision_ms_p50": round(1000 * statistics.median(timed.seconds or [0.0]), 2),
        "decision_ms_p99": round(1000 * percentile(timed.seconds, 0.99), 2),
        "decision_ms_max": round(1000 * max(timed.seconds, default=0.0), 2),
        "games_per_s": round(games / result.seconds, 2),
    }


def line(name: str, figures: dict[str, Any], goal: float | None) -> str:
    verdict = (
        ""
        if goal is None
        else f" (goal {goal:.0%}: {'met' if figures['share'] >= goal else 'not met'})"
    )
    partner = f" with a {figures['opponent']} partner" if figures["teams"] else ""
    return (
        f"{name}: {figures['level']}{partner} v {'two' if figures['teams'] else 'three'} "
        f"{figures['opponent']}: {figures['share']:.1%} +- {figures['interval']:.1%} of "
        f"{figures['games']} (par {figures['par']:.0%}){verdict}; decisions p50 "
        f"{figures['decision_ms_p50']} ms, p99 {figures['decision_ms_p99']} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--level", choices=LEVEL_NAMES, default="strong")
    parser.add_argument(
        "--opponent", default="expert", help="a heuristic, best, depth1, or a level"
    )
    parser.add_argument("--teams", action="store_true")
    parser.add_argument("--goals", action="store_true", help="play the issue's four goals")
    parser.add_argument("--ladder", action="store_true", help="each level v the one below")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", choices=OPTIONS, default=[])
    parser.add_argument(
        "--learned-depth",
        type=int,
        help="the level under test plays the learned network this many rolls deep",
    )
    arguments = parser.parse_args()
    options = dict.fromkeys(arguments.option, True)
    known = set(players(Timed.own(arguments.level)))
    if arguments.opponent not in known:
        parser.error(
            f"unknown opponent {arguments.opponent!r}; choose from {', '.join(sorted(known))}"
        )
    if arguments.games < 1:
        parser.error("play at least 1 game")
    if arguments.learned_depth is not None and arguments.learned_depth < 0:
        parser.error("--learned-depth must be 0 or more")
    matches: dict[str, tuple[str, str, bool, float | None]]
    if arguments.goals:
        matches = dict(GOALS)
    elif arguments.ladder:
        matches = {f"{upper}_v_{lower}": (upper, lower, False, None) for upper, lower in LADDER}
    else:
        name = f"{arguments.level}{'_teams' if arguments.teams else ''}_v_{arguments.opponent}"
        matches = {name: (arguments.level, arguments.opponent, arguments.teams, None)}
    figures: dict[str, Any] = {"options": options}
    for name, (level, opponent, teams, goal) in matches.items():
        depth = arguments.learned_depth if level == arguments.level else None
        result = match(level, opponent, teams, arguments.games, arguments.seed, options, depth)
        if goal is not None:
            result["goal"] = goal
        figures[name] = result
        print(line(name, result, goal), flush=True)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
