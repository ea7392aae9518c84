"""Benchmark: whole moves through the service, the store (real commits) and the renderer.

    python bench/service.py [--games 20] [--moves 600] [--stored 10000] [--endings 200]
        [--db PATH_OR_URL]
    python bench/service.py --processes 1,2,4 [--db PATH_OR_URL ...] [--moves 600]

The bot's side of a move, timed with `--concurrency` chats playing at once (so each figure is
a latency under that load, not the cost of one click alone, and no platform's round trip):
`service_move` is `service.move` (parse, legality check, one committed transaction with the
version check, synchronous=FULL); `picture` is the PNG of the new board drawn as the front
ends draw it (`asyncio.to_thread(boards.picture, ...)`); `move_and_picture` is the two in
turn. Games between two people are played side by side with random legal moves. Then
`--endings` rated games are each set up one move before their end, and the move that ends them
(its rating change written with the result) is timed against an ordinary move in the same kind
of game: the extra cost of a rated end must stay under 2 ms. Then `--stored` games are added
and the memory of the process is measured. The LAST line printed is a JSON object.

With `--processes`, several bot processes share one database (scaling.py: each its own
players and games, all starting at one signal); moves/s of them all, p50 and p99 of
`service_move` (no picture), for each count and each `--db` (an SQLite file, or a
postgresql:// URL), beside the machine's core count.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service.game_service import seat_to_act

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service import boards
from bot.service.game_service import GameService, events_state
from bot.service.kernel.events import Actor, ChallengeUpdate, GameState
from bot.service.kernel.rated.rated_games import rating_writes
from games.base import find_game
from storage import ChatRef, SeatRecord, open_store

CHAT = ChatRef("bench", "chat")
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


async def start_games(service: GameService, count: int, tag: str = "") -> list[GameState]:
    """`count` games between two people; `tag` keeps the people of one process apart."""
    games = []
    for index in range(count):
        white = Actor("bench", f"w{tag}{index}", f"White {tag}{index}")
        black = Actor("bench", f"b{tag}{index}", f"Black {tag}{index}")
        events = await service.challenges.new_game(
            white, CHAT, KINDS[index % len(KINDS)], opponent=black, seat=0
        )
        challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
        state = events_state(await service.challenges.accept(black, challenge.id, CHAT))
        assert state is not None
        games.append(state)
    return games


async def play_games(
    service: GameService,
    games: list[GameState],
    moves: int,
    rng: random.Random,
    timings: Timings,
    pictures: bool,
) -> None:
    """One chat's worth of traffic: moves on its own games until `moves` are played (and
    their pictures drawn, if `pictures`)."""
    played = 0
    while played < moves:
        index = rng.randrange(len(games))
        state = games[index]
        if not state.active:
            # The same people (their tag is in their names) start a new game.
            games[index] = (await start_games(service, 1, state.seat_names[0].split()[1]))[0]
            continue
        seat = seat_to_act(state)
        assert seat is not None
        number = state.seat_names[seat].split()[1]
        actor = Actor("bench", f"{'wb'[seat]}{number}", state.seat_names[seat])
        notation = state.position.notation(rng.choice(list(state.position.legal_moves())))
        started = time.perf_counter()
        fresh = events_state(await service.play.move(actor, notation, state.id, state.version))
        moved = time.perf_counter()
        assert fresh is not None
        timings.service_move.append((moved - started) * 1000)
        if pictures:
            # As the front ends draw: in a thread, the event loop going on meanwhile.
            await asyncio.to_thread(boards.picture, fresh, seat)
            finished = time.perf_counter()
            timings.picture.append((finished - moved) * 1000)
            timings.move_and_picture.append((finished - started) * 1000)
        games[index] = fresh
        played += 1


@dataclass
class Timings:
    """Milliseconds per move: the service's part, the picture's, and both in turn."""

    service_move: list[float] = field(default_factory=list)
    picture: list[float] = field(default_factory=list)
    move_and_picture: list[float] = field(default_factory=list)


async def play(
    service: GameService,
    chats: list[list[GameState]],
    moves: int,
    seed: int,
    pictures: bool = True,
) -> Timings:
    """Every chat plays at the same time; each chat's games are updated in place."""
    timings = Timings()
    await asyncio.gather(
        *(
            play_games(
                service,
                games,
                moves // len(chats),
                random.Random(seed * 1000 + index),
                timings,
                pictures,
            )
            for index, games in enumerate(chats)
        )
    )
    return timings


async def time_last_moves(service: GameService, fen: str, count: int) -> list[float]:
    """The time of `service.move` for one move in `count` rated games set up at `fen`, each
    with two moves per side in its log (so that the end counts for the ratings)."""
    snapshot = find_game("brazilian").start({"fen": fen})
    timings = []
    for index in range(count):
        actors = [Actor("bench", f"{fen}-{index}-{seat}", f"Player {seat}") for seat in (0, 1)]
        players = [await service.kernel.roster.player(actor) for actor in actors]
        seats = [SeatRecord(seat, player.id) for seat, player in enumerate(players)]
        record = await service.store.create_game(
            "brazilian", {}, seats, snapshot.snapshot(), CHAT, rated=True
        )
        for ply in range(4):
            record = await service.store.append_move(
                record.id, record.version, "-", ply % 2, players[ply % 2].id, snapshot.snapshot()
            )
        state = await service.kernel.state(record.id)
        notation = snapshot.notation(next(iter(snapshot.legal_moves())))
        started = time.perf_counter()
        await service.play.move(actors[0], notation, record.id, state.version)
        timings.append((time.perf_counter() - started) * 1000)
    return timings


async def store_many(service: GameService, count: int) -> None:
    """`count` more games with a few moves each, written straight through the store."""
    store = service.store
    player = await service.kernel.roster.player(Actor("bench", "many", "Many"))
    other = await service.kernel.roster.player(Actor("bench", "other", "Other"))
    template = (await start_games(service, 1))[0]
    seats = [SeatRecord(0, player.id), SeatRecord(1, other.id)]
    for _ in range(count):
        record = await store.create_game(
            template.record.kind, {}, seats, template.position.snapshot(), CHAT
        )
        await store.append_move(record.id, 1, "c3-d4", 0, player.id, template.position.snapshot())


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--endings", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=4, help="chats playing at the same time")
    parser.add_argument(
        "--db",
        action="append",
        help="an SQLite file or a postgresql:// URL (default: a new temporary SQLite file); "
        "with --processes it may be given once per engine",
    )
    parser.add_argument(
        "--processes", help="run that many bot processes on one database, e.g. 1,2,4"
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


async def main(argv: list[str] | None = None) -> None:
    options = arguments(argv)
    if options.worker is not None:
        await worker(options)
    elif options.processes is not None:
        await compare(options)
    else:
        await one_process(options)


async def one_process(options: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        database = (options.db or [str(Path(folder) / "bench.sqlite3")])[0]
        store = await open_store(database, on_game_end=rating_writes())
        service = GameService(store)
        try:
            games = await start_games(service, options.games)
            chats = [games[index :: options.concurrency] for index in range(options.concurrency)]
            await play(service, chats, 40, options.seed)  # warm the caches
            started = time.perf_counter()
            timings = await play(service, chats, options.moves, options.seed + 1)
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
            sqlite_file = Path(database)
            size = sqlite_file.stat().st_size / 2**20 if sqlite_file.exists() else float("nan")
        finally:
            await service.kernel.close()
            await store.close()
    moves = len(timings.service_move)
    figures: dict[str, Any] = {
        "moves": moves,
        "chats_at_once": options.concurrency,
        "moves_with_pictures_per_s": round(moves / elapsed, 1),
    }
    for name, samples in vars(timings).items():
        figures[f"{name}_p50_ms"] = round(statistics.median(samples), 2)
        figures[f"{name}_p99_ms"] = round(percentile(samples, 0.99), 2)
    figures |= {
        "quiet_move_p50_ms": round(statistics.median(quiet_ms), 2),
        "rated_end_p50_ms": round(statistics.median(ending_ms), 2),
        "rated_end_extra_ms": round(statistics.median(ending_ms) - statistics.median(quiet_ms), 2),
        "stored_games": options.stored,
        "rss_mib_before_storing": round(before, 1),
        "rss_mib_after_storing": round(after, 1),
        "database_mib": round(size, 1),
    }
    print(
        f"{moves} moves with their pictures, {options.concurrency} chats at once: "
        f"{figures['moves_with_pictures_per_s']} moves/s"
    )
    for name in vars(timings):
        print(f"  {name}: p50 {figures[f'{name}_p50_ms']} ms, p99 {figures[f'{name}_p99_ms']} ms")
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


# -- several processes on one database ---------------------------------------------------------


async def worker(options: argparse.Namespace) -> None:
    """One of the processes of `compare`: sets its games up, says "ready", plays its moves
    when told "go", and prints its move times as JSON."""
    store = await open_store(options.db[0])
    service = GameService(store)
    try:
        games = await start_games(service, options.games, f"{options.worker}x")
        chats = [games[index :: options.concurrency] for index in range(options.concurrency)]
        await play(service, chats, 20, options.seed, pictures=False)  # warm the caches
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        started, cpu = time.time(), time.process_time()
        timings = await play(service, chats, options.moves, options.seed + 1, pictures=False)
        finished, cpu = time.time(), time.process_time() - cpu
    finally:
        await service.kernel.close()
        await store.close()
    report = {
        "started": started,
        "finished": finished,
        "cpu_s": cpu,
        "move_ms": timings.service_move,
    }
    print(json.dumps(report))


def busy_jiffies() -> tuple[int, int]:
    """(busy, total) CPU time of the whole machine so far, from /proc/stat (Linux)."""
    fields = [int(field) for field in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and waiting for the disk
    return sum(fields) - idle, sum(fields)


async def run_processes(database: str, count: int, options: argparse.Namespace) -> dict[str, Any]:
    """`count` workers on `database`, started together; their moves/s, p50 and p99."""
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--worker",
            f"r{count}p{number}t{int(time.time())}",
            "--db",
            database,
            "--games",
            str(options.games),
            "--moves",
            str(options.moves),
            "--concurrency",
            str(options.concurrency),
            "--seed",
            str(options.seed + number),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        for number in range(count)
    ]
    for process in workers:
        assert process.stdout is not None
        line = await process.stdout.readline()
        if line.strip() != b"ready":
            raise SystemExit(f"a worker did not start: {line!r}")
    busy_before, total_before = busy_jiffies()
    for process in workers:
        assert process.stdin is not None
        process.stdin.write(b"go\n")
        await process.stdin.drain()
    reports = [json.loads((await process.communicate())[0]) for process in workers]
    busy_after, total_after = busy_jiffies()
    move_ms = [sample for report in reports for sample in report["move_ms"]]
    elapsed = max(r["finished"] for r in reports) - min(r["started"] for r in reports)
    bot_cpu = sum(report["cpu_s"] for report in reports)
    return {
        "engine": "postgresql" if database.startswith("postgres") else "sqlite",
        "processes": count,
        "moves": len(move_ms),
        "moves_per_s": round(len(move_ms) / elapsed, 1),
        "service_move_p50_ms": round(statistics.median(move_ms), 2),
        "service_move_p99_ms": round(percentile(move_ms, 0.99), 2),
        # Where the limit is: the bot processes' CPU per move, and how busy all the machine's
        # cores were (the database server and anything else included) during the run.
        "bot_cpu_ms_per_move": round(bot_cpu * 1000 / len(move_ms), 3),
        "machine_busy": round((busy_after - busy_before) / (total_after - total_before), 2),
    }


async def compare(options: argparse.Namespace) -> None:
    counts = [int(count) for count in options.processes.split(",")]
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        for number, database in enumerate(options.db or [str(Path(folder) / "bench.sqlite3")]):
            for count in counts:
                if not database.startswith("postgres"):
                    database = str(Path(folder) / f"bench{number}-{count}.sqlite3")
                # Migrated once here, not by the workers racing.
                await (await open_store(database)).close()
                run = await run_processes(database, count, options)
                runs.append(run)
                print(
                    f"{run['engine']:10} {count} processes: {run['moves_per_s']} moves/s, "
                    f"service_move p50 {run['service_move_p50_ms']} ms, "
                    f"p99 {run['service_move_p99_ms']} ms, "
                    f"{run['bot_cpu_ms_per_move']} ms of bot CPU a move, "
                    f"cores {run['machine_busy']:.0%} busy",
                    flush=True,
                )
    print(json.dumps({"cores": os.cpu_count(), "moves_per_process": options.moves, "runs": runs}))


if __name__ == "__main__":
    asyncio.run(main())
