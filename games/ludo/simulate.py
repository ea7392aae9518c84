"""Play many games between computer players and count who wins.

Seats rotate: in game g, agent i sits at seat (i + g) mod players, so every agent plays every
seat equally often; the first seat is drawn for each game as in play. Rolls come from one
`random.Random(seed)`, so a seed repeats a whole run.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.ludo.agents import Agent, find_agent
from games.ludo.moves import ROLLS
from games.ludo.position import LudoPosition
from games.ludo.rules import LudoRules

Progress = Callable[[int, int], None]
# How a run finds an agent by its name: the shipped agents, or a benchmark's own players.
Finder = Callable[[str], Agent]


@dataclass(frozen=True)
class SimulationResult:
    games: int
    agents: tuple[str, ...]
    wins: tuple[int, ...]
    plies: int
    seconds: float
    rules: LudoRules

    def summary(self) -> dict[str, Any]:
        """The JSON-able figures: games, win_rates (one per agent, in order), games_per_s."""
        return {
            "games": self.games,
            "agents": list(self.agents),
            "win_rates": [round(wins / self.games, 4) for wins in self.wins],
            "games_per_s": round(self.games / self.seconds, 1) if self.seconds else None,
            "plies_per_game": round(self.plies / self.games, 1),
            # The first seat is drawn anew for each game, so it is no option of the run.
            "options": {
                name: value
                for name, value in self.rules.to_options().items()
                if name != "first_seat"
            },
        }


def play_game(
    rules: LudoRules, seats: Sequence[str], rng: random.Random, find: Finder = find_agent
) -> tuple[LudoPosition, int]:
    """One game with the agent named `seats[s]` at each seat; the final position and ply count."""
    agents = [find(name) for name in seats]
    position = LudoPosition.start(rules)
    plies = 0
    while position.outcome() is None:
        if position.roll:
            position = position.play(agents[position.turn](position, rng))
        else:
            position = position.play(ROLLS[rng.randrange(6)])
        plies += 1
    return position, plies


def simulate(
    agents: Sequence[str],
    games: int,
    rules: LudoRules,
    seed: int | None = None,
    progress: Progress | None = None,
    find: Finder = find_agent,
) -> SimulationResult:
    """Play `games` games with one agent per seat (as many agents as rules.players)."""
    if len(agents) != rules.players:
        raise ValueError(
            f"{rules.players} players need {rules.players} agents, not {len(agents)}: "
            f"{','.join(agents)}"
        )
    for name in agents:
        find(name)
    if games < 1:
        raise ValueError(f"play at least 1 game, not {games}")
    rng = random.Random(seed)
    players = rules.players
    wins = [0] * players
    plies = 0
    began = time.perf_counter()
    for game in range(games):
        seat_of = [(agent + game) % players for agent in range(players)]
        seats = [""] * players
        for agent, seat in enumerate(seat_of):
            seats[seat] = agents[agent]
        game_rules = replace(rules, first_seat=rng.randrange(players))
        final, game_plies = play_game(game_rules, seats, rng, find)
        plies += game_plies
        outcome = final.outcome()
        assert outcome is not None
        for agent, seat in enumerate(seat_of):
            wins[agent] += seat in outcome.winners
        if progress is not None:
            progress(game + 1, games)
    return SimulationResult(
        games, tuple(agents), tuple(wins), plies, time.perf_counter() - began, rules
    )
