"""Benchmark: the web companion under onlookers.

    python bench/web.py [--pages 50] [--moves 40] [--requests 400] [--concurrency 8]

A game between two Telegram players is watched by `--pages` open game pages (server-sent
event streams on a real aiohttp server on 127.0.0.1); each of `--moves` random legal moves is
posted through the Mini App's API (initData checked, service.play.move, a real SQLite commit)
and timed from the request until every page received the new board: `move_to_pages` is that
time for each page (median and p99; the goal is a p99 under 100 ms with 50 pages). Then
`--requests` game pages are fetched with `--concurrency` at a time: `pages_per_second`.
The LAST line printed is a JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.events import Actor, ChallengeUpdate
from bot.settings import WebSettings
from bot.web.app import web_app
from bot.web.init_data import signed_init_data
from bot.web.links import game_link
from storage import ChatRef, open_store

TOKEN = "1000:bench-token"
PLAYERS = (Actor("telegram", "1", "ana"), Actor("telegram", "2", "bia"))
GROUP = ChatRef("telegram", "-100")
GOAL_P99_MS = 100.0


def init_data(actor: Actor) -> str:
    user = json.dumps({"id": int(actor.user_id), "first_name": actor.display_name})
    fields = {"auth_date": str(int(datetime.now(UTC).timestamp())), "user": user}
    return signed_init_data(fields, TOKEN)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def watch(
    session: aiohttp.ClientSession, url: str, seen: dict[int, float], ready: Any
) -> None:
    """One open page: the time each version arrived."""
    async with session.get(url) as response:
        ready()
        async for line in response.content:
            if line.startswith(b"data: "):
                seen.setdefault(json.loads(line[6:])["version"], time.perf_counter())


async def run(options: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-web-"))
    settings = WebSettings("http://127.0.0.1", "127.0.0.1", 0, b"bench" * 8, TOKEN)
    async with await open_store(folder / "games.sqlite3") as store:
        service = GameService(store)
        runner = web.AppRunner(web_app(service, settings))
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        base = f"http://127.0.0.1:{port}"
        events = await service.challenges.new_game(
            PLAYERS[0], GROUP, "brazilian", opponent=PLAYERS[1], seat=0
        )
        challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
        await service.challenges.accept(PLAYERS[1], challenge.id, GROUP)
        game = challenge.game_id or 1
        page = game_link(settings, game).removeprefix(settings.url)
        connector = aiohttp.TCPConnector(limit=0)
        timings: list[float] = []
        async with aiohttp.ClientSession(connector=connector) as session:
            opened = asyncio.Event()
            count = 0

            def ready() -> None:
                nonlocal count
                count += 1
                if count == options.pages:
                    opened.set()

            seen: list[dict[int, float]] = [{} for _ in range(options.pages)]
            streams = [
                asyncio.create_task(
                    watch(session, base + page.replace("?", "/events?"), seen[i], ready)
                )
                for i in range(options.pages)
            ]
            await asyncio.wait_for(opened.wait(), 60)
            rng = random.Random(1)
            for number in range(options.moves):
                state = await service.kernel.state(game)
                if not state.active:
                    break
                actor = PLAYERS[seat_to_act(state) or 0]
                move = state.position.notation(rng.choice(state.position.legal_moves()))
                body = {
                    "initData": init_data(actor),
                    "game": game,
                    "move": move,
                    "version": state.version,
                    "nonce": f"bench-{number:06d}",
                }
                started = time.perf_counter()
                async with session.post(base + "/app/api/move", json=body) as response:
                    answer = await response.json()
                    if response.status != 200:
                        raise SystemExit(f"the move was refused: {answer}")
                version = answer["view"]["version"]
                async with asyncio.timeout(30):
                    while not all(version in page_seen for page_seen in seen):
                        await asyncio.sleep(0.001)
                timings.extend((page_seen[version] - started) * 1000 for page_seen in seen)
            for stream in streams:
                stream.cancel()
            await asyncio.gather(*streams, return_exceptions=True)
            pages_per_second = await served(session, base + page, options)
        await runner.cleanup()
        await service.kernel.close()
    return {
        "pages": options.pages,
        "moves": len(timings) // options.pages,
        "move_to_pages_median_ms": round(statistics.median(timings), 2),
        "move_to_pages_p99_ms": round(percentile(timings, 0.99), 2),
        "goal_p99_ms": GOAL_P99_MS,
        "pages_per_second": round(pages_per_second, 1),
    }


async def served(session: aiohttp.ClientSession, url: str, options: argparse.Namespace) -> float:
    """Game pages served per second, `--concurrency` requests at a time."""
    requests: int = options.requests
    left = requests

    async def fetch() -> None:
        nonlocal left
        while left > 0:
            left -= 1
            async with session.get(url) as response:
                await response.read()

    started = time.perf_counter()
    await asyncio.gather(*(fetch() for _ in range(options.concurrency)))
    return requests / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=50, help="open game pages (default 50)")
    parser.add_argument("--moves", type=int, default=40, help="moves played (default 40)")
    parser.add_argument("--requests", type=int, default=400, help="pages fetched (default 400)")
    parser.add_argument("--concurrency", type=int, default=8, help="fetches at once (default 8)")
    options = parser.parse_args()
    result = asyncio.run(run(options))
    print(
        f"a move to {result['pages']} pages: median {result['move_to_pages_median_ms']} ms, "
        f"p99 {result['move_to_pages_p99_ms']} ms (goal under {GOAL_P99_MS:.0f}); "
        f"{result['pages_per_second']} pages/s"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
