"""Benchmark: whole tournaments played with random legal moves through the service.

    python bench/tournament.py [--entries 256] [--rounds 9] [--seed 1] [--formats swiss,knockout]

A Swiss of `--entries` entries and `--rounds` rounds, then a knockout of `--entries`, each
on SQLite in a temporary folder: every move is a service call with its committed
transaction, every game's end goes through the finish listener that starts the next games.
`pair_ms_256` is the longest time the service spent rebuilding a tournament from its stored
facts to pair a new round (named for 256 entries; measured at the size given), `moves_per_s`
the moves of the whole run per second. The LAST line printed is a JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.service.game_service import seat_to_act

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bot.service.tournaments.tournaments as tournaments_module
from bot.service.boards import move_choices
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from bot.service.tournaments.state import rebuild
from competition.pairing.tournament import Tournament
from storage import ChatRef, TournamentFacts, open_store

CHAT = ChatRef("bench", "club")
ORGANISER = Actor("bench", "organiser", "Organiser")


class PairingTimer:
    """Wraps the service's rebuild of a tournament and keeps the longest one that paired a
    round it had not paired before (wall and CPU time)."""

    def __init__(self, rebuild: Callable[[TournamentFacts], Tournament]) -> None:
        self.rebuild = rebuild
        self.longest = 0.0
        self.longest_cpu = 0.0
        self.seen: dict[int, int] = {}

    def __call__(self, facts: TournamentFacts) -> Tournament:
        start, cpu = time.perf_counter(), time.process_time()
        state = self.rebuild(facts)
        spent, spent_cpu = time.perf_counter() - start, time.process_time() - cpu
        known = self.seen.get(facts.tournament.id, 0)
        if len(state.rounds) > known:
            self.seen[facts.tournament.id] = len(state.rounds)
            self.longest = max(self.longest, spent)
            self.longest_cpu = max(self.longest_cpu, spent_cpu)
        return state


async def play(service: GameService, words: list[str], entries: int, chance: random.Random) -> int:
    """One whole tournament; the number of moves played."""
    people = [Actor("bench", f"p{n}", f"P{n}") for n in range(entries)]
    opened = await service.entries.create(ORGANISER, CHAT, words)
    tournament_id = next(e.tournament.id for e in opened if hasattr(e, "tournament"))
    for person in people:
        await service.entries.join(person, CHAT, tournament_id)
    await service.tournaments.start(ORGANISER, CHAT, tournament_id)
    actors = {(await service.kernel.roster.player(person)).id: person for person in people}
    moves = 0
    while True:
        facts = await service.store.tournament_facts(tournament_id)
        active = [g.game_id for g in facts.games if g.status == "active" and g.game_id]
        if not active:
            assert facts.tournament.status == "finished", facts.tournament.status
            return moves
        for game_id in active:
            state = await service.kernel.state(game_id)
            while state.active:
                choice = chance.choice(move_choices(state))
                seat = seat_to_act(state)
                assert seat is not None
                actor = actors[state.record.seats[seat].player_id or 0]
                await service.play.move(actor, choice.notation, game_id, state.version)
                state = await service.kernel.current(game_id)
                moves += 1


async def run(arguments: argparse.Namespace) -> dict[str, Any]:
    timer = PairingTimer(rebuild)
    setattr(tournaments_module, "rebuild", timer)  # noqa: B010 (mypy: rebuild is not exported)
    chance = random.Random(arguments.seed)
    figures: dict[str, Any] = {"entries": arguments.entries, "rounds": arguments.rounds}
    moves = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        async with await open_store(Path(folder) / "bench.sqlite3") as store:
            service = GameService(store)
            for name in arguments.formats.split(","):
                words = ["brazilian", name]
                if name == "swiss":
                    words.append(f"rounds={arguments.rounds}")
                began = time.perf_counter()
                played = await play(service, words, arguments.entries, chance)
                spent = time.perf_counter() - began
                print(f"{name}: {played} moves in {spent:.1f} s", flush=True)
                moves += played
            await service.kernel.close()
    elapsed = time.perf_counter() - start
    figures["pair_ms_256"] = round(timer.longest * 1000, 2)
    # CPU time is steadier than wall time on a shared machine.
    figures["pair_cpu_ms_256"] = round(timer.longest_cpu * 1000, 2)
    figures["moves"] = moves
    figures["moves_per_s"] = round(moves / elapsed, 1)
    print(f"longest pairing of a round: {figures['pair_ms_256']} ms (goal: under 100 ms)")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=9, help="rounds of the Swiss")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--formats", default="swiss,knockout")
    figures = asyncio.run(run(parser.parse_args()))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
