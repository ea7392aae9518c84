"""Benchmark: the web companion's board under onlookers, and an attacker's run.

    python bench/web.py [--pages 50] [--moves 40] [--requests 400] [--concurrency 8]
                        [--surface page|app]

A game between two Telegram players is watched by `--pages` open game pages (server-sent
event streams on a real aiohttp server on 127.0.0.1). Each player signed in as a person
does: the link `/web` gives him, exchanged on `/signin` for a session cookie; the game's
page gives its CSRF token. Each of `--moves` random legal moves is tapped: posted as the
page posts it (`/play/api/move`: cookie, Origin, CSRF token; `--surface app`: the Mini
App's `/app/api/move` with signed initData), through service.play.move and a real SQLite
commit, and timed from the request until the chat's front ends had the new board (the
service's event, which edits the chat's message) and every page received it:
`move_to_pages` is that time for each page and the chat (median and p99; the goal is a p99
under 100 ms with 50 pages).

Then the attacker: every request it can forge against the players' game and another game —
no session, a made-up one, its own session, a player's cookie without his CSRF token or
with the attacker's, another site's Origin or none, a stale board version, a nonce used
already, a game it may not see — each a move, a draw offer and a resignation. `accepted` is
how many of them the server accepted (the goal: 0) and `games_changed` whether either
game changed. Then `--requests` game pages are fetched with `--concurrency` at a time:
`pages_per_second`. The LAST line printed is a JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import re
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
from bot.service.kernel.events import (
    Actor,
    BoardUpdate,
    ChallengeUpdate,
    Event,
    Reply,
    SignInPage,
)
from bot.settings import WebSettings
from bot.web.app import web_app
from bot.web.links import game_link
from bot.web.play.init_data import signed_init_data
from bot.web.play.sessions import COOKIE, CSRF_HEADER
from storage import ChatRef, open_store

TOKEN = "1000:bench-token"
PLAYERS = (Actor("telegram", "1", "ana"), Actor("telegram", "2", "bia"))
ATTACKER = Actor("telegram", "666", "eve")
ELSEWHERE = (Actor("discord", "31", "dora"), Actor("discord", "32", "eli"))
GROUP = ChatRef("telegram", "-100")
OTHER_CHAT = ChatRef("discord", "900")
GOAL_P99_MS = 100.0


def init_data(actor: Actor) -> str:
    user = json.dumps({"id": int(actor.user_id), "first_name": actor.display_name})
    fields = {"auth_date": str(int(datetime.now(UTC).timestamp())), "user": user}
    return signed_init_data(fields, TOKEN)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Person:
    """A browser signed in as one person: his cookie and his page's CSRF token."""

    def __init__(self, cookie: str, csrf: str) -> None:
        self.cookie = cookie
        self.csrf = csrf


async def sign_in(
    service: GameService, session: aiohttp.ClientSession, base: str, actor: Actor, page: str
) -> Person:
    """What a person's browser does with the link /web gave him: the session, then the
    game's page with its CSRF token."""
    (reply,) = await service.web_sessions.sign_in_link(actor)
    assert isinstance(reply, Reply)
    assert isinstance(reply.page, SignInPage)
    async with session.post(
        base + "/signin", json={"key": reply.page.key}, headers={"Origin": base}
    ) as response:
        cookie = response.cookies[COOKIE].value
    async with session.get(base + page, headers={"Cookie": f"{COOKIE}={cookie}"}) as response:
        found = re.search(r'data-csrf="([0-9a-f]+)"', await response.text())
    assert found is not None, "the game's page gave no CSRF token"
    return Person(cookie, found.group(1))


async def watch(
    session: aiohttp.ClientSession, url: str, seen: dict[int, float], ready: Any
) -> None:
    """One open page: the time each version arrived."""
    async with session.get(url) as response:
        ready()
        async for line in response.content:
            if line.startswith(b"data: "):
                seen.setdefault(json.loads(line[6:])["version"], time.perf_counter())


async def new_game(service: GameService, players: tuple[Actor, Actor], chat: ChatRef) -> int:
    events = await service.challenges.new_game(
        players[0], chat, "brazilian", opponent=players[1], seat=0
    )
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(players[1], challenge.id, chat)
    return challenge.game_id or 1


async def run(options: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-web-"))
    async with await open_store(folder / "games.sqlite3") as store:
        service = GameService(store)
        probe = web.AppRunner(web.Application())
        await probe.setup()
        # The site's address is where it listens: a browser's Origin is the site's.
        listening = web.TCPSite(probe, "127.0.0.1", 0)
        await listening.start()
        port = probe.addresses[0][1]
        await probe.cleanup()
        base = f"http://127.0.0.1:{port}"
        settings = WebSettings(base, "127.0.0.1", port, b"bench" * 8, TOKEN)
        runner = web.AppRunner(web_app(service, settings))
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        game = await new_game(service, PLAYERS, GROUP)
        other_game = await new_game(service, ELSEWHERE, OTHER_CHAT)
        page = game_link(settings, game).removeprefix(settings.url)
        chat_seen: dict[int, float] = {}

        async def chat(event: Event) -> None:
            """The chat's front ends: the moment the new board reaches them."""
            if isinstance(event, BoardUpdate) and event.state.id == game:
                chat_seen.setdefault(event.state.version, time.perf_counter())

        service.kernel.bus.watch(chat)
        connector = aiohttp.TCPConnector(limit=0)
        timings: list[float] = []
        async with aiohttp.ClientSession(connector=connector) as session:
            people = [await sign_in(service, session, base, actor, page) for actor in PLAYERS]
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
            used_nonces = []
            for number in range(options.moves):
                state = await service.kernel.state(game)
                if not state.active:
                    break
                seat = seat_to_act(state) or 0
                move = state.position.notation(rng.choice(state.position.legal_moves()))
                nonce = f"bench-{number:06d}"
                used_nonces.append(nonce)
                body: dict[str, Any] = {
                    "game": game,
                    "move": move,
                    "version": state.version,
                    "nonce": nonce,
                }
                if options.surface == "app":
                    path, headers = "/app/api/move", {}
                    body["initData"] = init_data(PLAYERS[seat])
                else:
                    path, headers = "/play/api/move", tapped(base, people[seat])
                started = time.perf_counter()
                async with session.post(base + path, json=body, headers=headers) as response:
                    answer = await response.json()
                    if response.status != 200:
                        raise SystemExit(f"the move was refused: {answer}")
                version = answer["view"]["version"]
                everyone = [*seen, chat_seen]
                async with asyncio.timeout(30):
                    while not all(version in page_seen for page_seen in everyone):
                        await asyncio.sleep(0.001)
                timings.extend((page_seen[version] - started) * 1000 for page_seen in everyone)
            for stream in streams:
                stream.cancel()
            await asyncio.gather(*streams, return_exceptions=True)
            attacker = await sign_in(service, session, base, ATTACKER, page)
            before = [await service.kernel.state(each) for each in (game, other_game)]
            tried, accepted = await attack(
                session,
                base,
                (game, other_game),
                people[0],
                attacker,
                used_nonces,
                before[0].version,
            )
            after = [await service.kernel.state(each) for each in (game, other_game)]
            changed = [a.version for a in before] != [a.version for a in after]
            pages_per_second = await served(session, base + page, options)
        await runner.cleanup()
        await service.kernel.close()
    return {
        "surface": options.surface,
        "pages": options.pages,
        "moves": len(timings) // (options.pages + 1),
        "move_to_pages_median_ms": round(statistics.median(timings), 2),
        "move_to_pages_p99_ms": round(percentile(timings, 0.99), 2),
        "goal_p99_ms": GOAL_P99_MS,
        "attacks_tried": tried,
        "attacks_accepted": accepted,
        "games_changed": changed,
        "pages_per_second": round(pages_per_second, 1),
    }


def tapped(
    base: str, person: Person, csrf: str | None = None, origin: str | None = None
) -> dict[str, str]:
    """The headers of a request the game's page sends for `person`."""
    return {
        "Origin": base if origin is None else origin,
        "Cookie": f"{COOKIE}={person.cookie}",
        CSRF_HEADER: person.csrf if csrf is None else csrf,
    }


async def attack(
    session: aiohttp.ClientSession,
    base: str,
    games: tuple[int, int],
    victim: Person,
    attacker: Person,
    used_nonces: list[str],
    version: int,
) -> tuple[int, int]:
    """Every forged request against the victim's game and another game: how many were
    tried, and how many the server accepted."""
    identities = {
        "none": {},
        "made-up session": {"Cookie": f"{COOKIE}=forged-{'x' * 40}"},
        "the attacker's session": {
            "Cookie": f"{COOKIE}={attacker.cookie}",
            CSRF_HEADER: attacker.csrf,
        },
        "the victim's cookie, no token": {"Cookie": f"{COOKIE}={victim.cookie}"},
        "the victim's cookie, the attacker's token": {
            "Cookie": f"{COOKIE}={victim.cookie}",
            CSRF_HEADER: attacker.csrf,
        },
        "the victim's cookie and token": {
            "Cookie": f"{COOKIE}={victim.cookie}",
            CSRF_HEADER: victim.csrf,
        },
    }
    origins = {"the site": base, "another site": "https://evil.example", "none": None}
    targets = {"the victim's game": games[0], "another game": games[1], "no game": 987654}
    versions = {"current": version, "stale": version - 1}
    nonces = {"fresh": None, "used": used_nonces[-1]}
    actions: dict[str, dict[str, object]] = {
        "move": {"move": "c3-d4"},
        "draw": {"answer": "offer"},
        "resign": {"confirm": True},
    }
    tried = accepted = 0
    fresh = itertools.count()
    for (who, sent), (_, origin), (_, target), (_, seen), (nonce_kind, nonce), (
        action,
        extra,
    ) in itertools.product(
        identities.items(),
        origins.items(),
        targets.items(),
        versions.items(),
        nonces.items(),
        actions.items(),
    ):
        genuine = (
            who == "the victim's cookie and token"
            and origin == base
            and target == games[0]
            and seen == version
            and nonce_kind == "fresh"
        )
        if genuine:
            continue  # the victim's own request: not an attack
        headers = dict(sent)
        if origin is not None:
            headers["Origin"] = origin
        body = {
            "game": target,
            "version": seen,
            "nonce": nonce or f"attack-{next(fresh):06d}",
            **extra,
        }
        async with session.post(
            f"{base}/play/api/{action}", json=body, headers=headers
        ) as response:
            tried += 1
            accepted += response.status == 200
    return tried, accepted


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
    parser.add_argument(
        "--surface",
        choices=("page", "app"),
        default="page",
        help="where the moves are tapped: the game's page signed in, or the Mini App",
    )
    options = parser.parse_args()
    result = asyncio.run(run(options))
    print(
        f"a move tapped on the {result['surface']} to the chat and {result['pages']} pages: "
        f"median {result['move_to_pages_median_ms']} ms, p99 {result['move_to_pages_p99_ms']} ms "
        f"(goal under {GOAL_P99_MS:.0f}); attacks accepted {result['attacks_accepted']} of "
        f"{result['attacks_tried']}; {result['pages_per_second']} pages/s"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
