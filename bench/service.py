"""Benchmark: whole moves through the service, the store (real commits) and the renderer.

    python bench/service.py [--games 20] [--moves 600] [--stored 10000] [--endings 200]

A move is what a chat click costs: parse, legality check, one committed transaction with the
version check (synchronous=FULL), and the PNG of the new board. Games between two people are
played side by side with random legal moves. Then `--endings` rated games are each set up one
move before their end, and the move that ends them (its rating change written with the
result) is timed against an ordinary move in the same kind of game: the extra cost of a
rated end must stay under 2 ms. Then `--stored` games are added and the memory of the
process is measured. The LAST line printed is a JSON object.
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
from bot.service.rated_games import rating_writes
from games.base import find_game
from storage import ChatRef, SeatRecord, open_store

CHAT = ChatRef("bench", "chat")
painter = boards.Painter()
KINDS = ("brazilian", "international", "italian")
# Brazilian positions, White to move: the only move takes Black's last piece (the end), and
# a quiet move of a board with as few pieces (not the end).
ENDING_FEN, QUIET_FEN = "W:W22:B18", "W:W31:B5"
# The most a move that ends a rated game may cost more than another move.
RATED_END_BUDGET_MS = 2.0


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


async def time_last_moves(service: GameService, fen: str, count: int) -> list[float]:
    """The time of `service.move` for one move in `count` rated games set up at `fen`, each
    with two moves per side in its log (so that the end counts for the ratings)."""
    snapshot = find_game("brazilian").start({"fen": fen})
    timings = []
    for index in range(count):
        actors = [Actor("bench", f"{fen}-{index}-{seat}", f"Player {seat}") for seat in (0, 1)]
        players = [await service.player(actor) for actor in actors]
        seats = [SeatRecord(seat, player.id) for seat, player in enumerate(players)]
        record = await service.store.create_game(
            "brazilian", {}, seats, snapshot.snapshot(), CHAT, rated=True
        )
        for ply in range(4):
            record = await service.store.append_move(
                record.id, record.version, "-", ply % 2, players[ply % 2].id, snapshot.snapshot()
            )
        state = await service.state(record.id)
        notation = snapshot.notation(next(iter(snapshot.legal_moves())))
        started = time.perf_counter()
        await service.move(actors[0], notation, record.id, state.version)
        timings.append((time.perf_counter() - started) * 1000)
    return timings


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
    parser.add_argument("--endings", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=4, help="chats playing at the same time")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "bench.sqlite3", on_game_end=rating_writes())
        service = GameService(store)
        try:
            games = await start_games(service, options.games)
            chats = [games[index :: options.concurrency] for index in range(options.concurrency)]
            await play(service, chats, 40, options.seed)  # warm the caches
            started = time.perf_counter()
            move_ms, render_ms = await play(service, chats, options.moves, options.seed + 1)
            elapsed = time.perf_counter() - started
            await time_last_moves(service, QUIET_FEN, 20)  # warm up
            quiet_ms = await time_last_moves(service, QUIET_FEN, options.endings)
            ending_ms = await time_last_moves(service, ENDING_FEN, options.endings)
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
        "quiet_move_p50_ms": round(statistics.median(quiet_ms), 2),
        "rated_end_p50_ms": round(statistics.median(ending_ms), 2),
        "rated_end_extra_ms": round(statistics.median(ending_ms) - statistics.median(quiet_ms), 2),
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
        f"a move that ends a rated game: p50 {figures['rated_end_p50_ms']} ms, "
        f"{figures['rated_end_extra_ms']:+} ms against another move "
        f"(p50 {figures['quiet_move_p50_ms']} ms; budget +{RATED_END_BUDGET_MS} ms)"
    )
    figures["rated_end_within_budget"] = figures["rated_end_extra_ms"] <= RATED_END_BUDGET_MS
    print(
        f"memory: {figures['rss_mib_before_storing']} MiB before, "
        f"{figures['rss_mib_after_storing']} MiB with {options.stored} more stored games"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    asyncio.run(main())
