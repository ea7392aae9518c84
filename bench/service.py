"""Benchmark: whole moves through the service, the store (real commits) and the renderer.

    python bench/service.py [--games 20] [--moves 600] [--stored 10000]

A move is what a chat click costs: parse, legality check, one committed transaction with the
version check (synchronous=FULL), and the PNG of the new board. Games between two people are
played side by side with random legal moves. Then `--stored` games are added and the memory
of the process is measured. The LAST line printed is a JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service import boards
from bot.service.core import GameService, events_state
from bot.service.events import Actor, ChallengeUpdate, GameState
from storage import ChatRef, SeatRecord, open_store

CHAT = ChatRef("bench", "chat")
painter = boards.Painter()
KINDS = ("brazilian", "international", "italian")


def rss_mib() -> float:
    """The resident memory of this process now (Linux), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def start_games(service: GameService, count: int) -> list[GameState]:
    games = []
    for index in range(count):
        white = Actor("bench", f"w{index}", f"White {index}")
        black = Actor("bench", f"b{index}", f"Black {index}")
        events = await service.new_game(
            white, CHAT, KINDS[index % len(KINDS)], opponent=black, seat=0
        )
        challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
        state = events_state(await service.accept(black, challenge.id, CHAT))
        assert state is not None
        games.append(state)
    return games


async def play_games(
    service: GameService,
    games: list[GameState],
    moves: int,
    rng: random.Random,
    move_ms: list[float],
    render_ms: list[float],
) -> None:
    """One chat's worth of traffic: moves on its own games until `moves` are played."""
    played = 0
    while played < moves:
        index = rng.randrange(len(games))
        state = games[index]
        if not state.active:
            games[index] = (await start_games(service, 1))[0]
            continue
        seat = service.acting_seat(state)
        assert seat is not None
        number = state.seat_names[seat].split()[1]
        actor = Actor("bench", f"{'wb'[seat]}{number}", state.seat_names[seat])
        notation = state.position.notation(rng.choice(list(state.position.legal_moves())))
        started = time.perf_counter()
        fresh = events_state(await service.move(actor, notation, state.id, state.version))
        rendered = time.perf_counter()
        assert fresh is not None
        # Front ends draw pictures in worker processes: the event loop goes on meanwhile.
        await painter.picture(fresh, seat)
        finished = time.perf_counter()
        move_ms.append((finished - started) * 1000)
        render_ms.append((finished - rendered) * 1000)
        games[index] = fresh
        played += 1


async def play(
    service: GameService, chats: list[list[GameState]], moves: int, seed: int
) -> tuple[list[float], list[float]]:
    """Every chat plays at the same time; each chat's games are updated in place."""
    move_ms: list[float] = []
    render_ms: list[float] = []
    await asyncio.gather(
        *(
            play_games(
                service,
                games,
                moves // len(chats),
                random.Random(seed * 1000 + index),
                move_ms,
                render_ms,
            )
            for index, games in enumerate(chats)
        )
    )
    return move_ms, render_ms


async def store_many(service: GameService, count: int) -> None:
    """`count` more games with a few moves each, written straight through the store."""
    store = service.store
    player = await service.player(Actor("bench", "many", "Many"))
    other = await service.player(Actor("bench", "other", "Other"))
    template = (await start_games(service, 1))[0]
    seats = [SeatRecord(0, player.id), SeatRecord(1, other.id)]
    for _ in range(count):
        record = await store.create_game(
            template.record.kind, {}, seats, template.position.snapshot(), CHAT
        )
        await store.append_move(record.id, 1, "c3-d4", 0, player.id, template.position.snapshot())


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=4, help="chats playing at the same time")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "bench.sqlite3")
        service = GameService(store)
        try:
            games = await start_games(service, options.games)
            chats = [games[index :: options.concurrency] for index in range(options.concurrency)]
            await play(service, chats, 40, options.seed)  # warm the caches
            started = time.perf_counter()
            move_ms, render_ms = await play(service, chats, options.moves, options.seed + 1)
            elapsed = time.perf_counter() - started
            gc.collect()
            before = rss_mib()
            print(f"storing {options.stored} more games ...", file=sys.stderr)
            await store_many(service, options.stored)
            gc.collect()
            after = rss_mib()
            size = (Path(folder) / "bench.sqlite3").stat().st_size / 2**20
        finally:
            painter.close()
            await service.close()
            await store.close()
    figures = {
        "moves": len(move_ms),
        "moves_per_s": round(len(move_ms) / elapsed, 1),
        "p50_ms": round(statistics.median(move_ms), 2),
        "p99_ms": round(percentile(move_ms, 0.99), 2),
        "render_p50_ms": round(statistics.median(render_ms), 2),
        "render_p99_ms": round(percentile(render_ms, 0.99), 2),
        "stored_games": options.stored,
        "rss_mib_before_storing": round(before, 1),
        "rss_mib_after_storing": round(after, 1),
        "database_mib": round(size, 1),
    }
    print(
        f"{figures['moves']} moves: {figures['moves_per_s']} moves/s, "
        f"p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms; "
        f"render p99 {figures['render_p99_ms']} ms"
    )
    print(
        f"memory: {figures['rss_mib_before_storing']} MiB before, "
        f"{figures['rss_mib_after_storing']} MiB with {options.stored} more stored games"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    asyncio.run(main())
