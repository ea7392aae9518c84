"""Benchmark: an arena of 60 players over an hour in a Telegram group (docs/arenas.md).

    python bench/arena.py [--players 60] [--minutes 60] [--speed 20] [--seed 1]

Everyone starts the bot privately (so that the arena's live boards go privately, the
default in a group); 55 join and the arena starts, 5 join during its first ten minutes, and 3
take a break of five minutes and come back. Each game lasts 3 to 12 minutes (at random),
then one of its players resigns by typing `/resign GAME yes` in his private chat. Time runs
`--speed` times faster than the wall clock, for everything alike: the service's and the
store's clock (a fake one), Telegram's flood limits in the fake Bot API
(tests/fakes/telegram_api.py) and the bot's own pacing, and the leaderboard's pace; so every
figure below is in the arena's minutes and seconds unless it says "wall". A scheduler on
the fake clock (the bot's runs on the wall clock) calls `Arenas.run_due` every wall tenth
of a second.

Measured:
- end -> pairing (wall seconds): from a game's end in the store to the end of the pairing
  its finish listener makes (the two players paired again with whoever is free, and the
  leaderboard read), for every game: the service's own delay, the issue's goal (p99 < 2 s).
- wait for the next game (arena seconds): from a player's game end to his next game,
  which includes waiting for another player to be free (two who just met do not meet again
  while others play, for up to 20 s): the players' experience.
- the group's Bot API calls a minute, and the leaderboard's edits a minute, against the
  group's budget of 20 a minute; the 429s.
- entries paired twice at once: two games of one entry overlapping in time (from the stored
  games), which must be 0.
The LAST line printed is a JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service.game_service import GameService
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.events import Actor, Event, GameState
from bot.telegram import FrontSettings, start_front, stop_front
from bot.telegram.posting.arena_boards import LEADERBOARD_EVERY
from bot.telegram.sending.budget import Pacing
from games.computer import Limit
from storage import ChatRef, GameRecord, NewTableGame, open_store
from tests.fakes.telegram_api import TOKEN, FakeBotApi
from tests.fakes.telegram_limits import counts

GROUP_ID = -100920
GROUP_BUDGET = 20  # Telegram: twenty messages a minute in a group, edits included


class FastClock:
    """The arena's time: `speed` times the wall clock, from a fixed start."""

    def __init__(self, speed: float) -> None:
        self.speed = speed
        self.start = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
        self.wall = time.monotonic()

    def __call__(self) -> datetime:
        return self.start + timedelta(seconds=(time.monotonic() - self.wall) * self.speed)

    def wall_seconds(self, arena_seconds: float) -> float:
        return arena_seconds / self.speed


def quantiles(values: list[float]) -> dict[str, float | int]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 3)

    return {
        "n": len(values),
        "p50": round(statistics.median(values), 3),
        "p90": at(0.9),
        "p99": at(0.99),
        "max": round(ordered[-1], 3),
    }


class Arena:
    """The bench's view of the arena: the games, their ends, the measures."""

    def __init__(self, api: FakeBotApi, service: GameService, clock: FastClock) -> None:
        self.api, self.service, self.clock = api, service, clock
        self.people: dict[int, dict[str, Any]] = {}  # player id -> Telegram user
        self.ended_at: dict[int, float] = {}  # game id -> wall time of its end
        self.reaction: list[float] = []  # wall seconds, end -> pairing done
        self.free_since: dict[int, datetime] = {}  # player id -> arena time of his end
        self.waits: list[float] = []  # arena seconds, end -> next game
        self.games: list[GameRecord] = []
        self.tasks: set[asyncio.Task[None]] = set()
        self.on_break: set[int] = set()  # players who took a break (their waits not counted)

    def watch(self, rng: random.Random) -> None:
        """Wrap the store's pairing and end, and the arena's finish listener, to measure."""
        store, arenas = self.service.store, self.service.arenas
        start_games = store.start_arena_games
        finish = store.finish_game

        async def started(
            tournament_id: int, games: Sequence[NewTableGame], chat: ChatRef
        ) -> tuple[tuple[NewTableGame, GameRecord], ...]:
            made = await start_games(tournament_id, games, chat)
            now = self.clock()
            for _, record in made:
                self.games.append(record)
                for seat in record.seats:
                    since = self.free_since.pop(seat.player_id or 0, None)
                    if since is not None and seat.player_id not in self.on_break:
                        self.waits.append((now - since).total_seconds())
                    self.on_break.discard(seat.player_id or 0)
                self.spawn(self.play(record, rng.uniform(3, 12) * 60, rng))
            return made

        async def finished(game_id: int, *args: Any, **kwargs: Any) -> GameRecord:
            record = await finish(game_id, *args, **kwargs)
            self.ended_at[game_id] = time.monotonic()
            for seat in record.seats:
                self.free_since[seat.player_id or 0] = self.clock()
            return record

        async def listened(state: GameState) -> list[Event]:
            events = await arenas.game_over(state)
            if state.id in self.ended_at:
                self.reaction.append(time.monotonic() - self.ended_at[state.id])
            return events

        store.start_arena_games = started  # type: ignore[method-assign]
        store.finish_game = finished  # type: ignore[method-assign]
        listeners = self.service.kernel.changes._finish_listeners
        listeners[listeners.index(arenas.game_over)] = listened

    def spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def play(self, record: GameRecord, seconds: float, rng: random.Random) -> None:
        """The game goes on for `seconds` of arena time; then a player resigns."""
        await asyncio.sleep(self.clock.wall_seconds(seconds))
        loser = self.people[record.seats[rng.randrange(2)].player_id or 0]
        self.api.send_text(loser, self.api.private_chat(loser), f"/resign {record.id} yes")

    def take_break(self, person: dict[str, Any], group: dict[str, Any]) -> None:
        """A player pauses: his wait from then on is his own choice, not measured."""
        self.api.send_text(person, group, "/tournament leave")
        self.on_break.update(p for p, user in self.people.items() if user is person)

    async def later(self, arena_seconds: float, act: Callable[[], object]) -> None:
        await asyncio.sleep(self.clock.wall_seconds(arena_seconds))
        act()


async def until(condition: Callable[[], Any], wall: float = 60.0) -> Any:
    deadline = time.monotonic() + wall
    while time.monotonic() < deadline:
        value = condition()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        await asyncio.sleep(0.05)
    return None


async def overlaps(service: GameService) -> int:
    """Two games of one entry going on at the same time, from the stored games."""
    facts = await service.store.tournament_facts(1)
    spans: dict[int, list[tuple[datetime, datetime]]] = {}
    far = datetime.max.replace(tzinfo=UTC)
    for game in facts.games:
        record = await service.store.get_game(game.game_id or 0)
        end = record.updated_at if record.status != "active" else far
        for entry in (game.white_entry, game.black_entry):
            spans.setdefault(entry, []).append((record.created_at, end))
    return sum(
        later[0] < earlier[1]
        for games in spans.values()
        for earlier, later in pairwise(sorted(games))
    )


async def run(players: int, minutes: float, speed: float, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    scale = 1 / speed
    clock = FastClock(speed)
    api = FakeBotApi(limit_scale=scale)
    await api.start()
    pacing = Pacing(
        private_interval=1.0 * scale,
        group_interval=3.0 * scale,
        group_window=60.0 * scale,
        overall_per_second=25 / scale,
    )
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "arena.sqlite3", clock=clock)
        computers = ComputerPlayers(ThreadPoolExecutor(max_workers=1), Limit(depth=1, seconds=0.1))
        service = GameService(store, computers, clock=clock)
        settings = FrontSettings(api_url=api.url, pacing=pacing, read_timeout=5.0)
        front = await start_front(service, TOKEN, settings)
        front.showing.arena_boards.edits.interval = LEADERBOARD_EVERY * scale
        arena = Arena(api, service, clock)
        try:
            people = [api.user(n, f"P{n}", f"p{n}", "en") for n in range(1, players + 1)]
            group = api.group(GROUP_ID, "Arena club")
            for person in people:
                api.send_text(person, api.private_chat(person), "/start")
            await until(lambda: all(api.texts(api.private_chat(p)) for p in people), 120)
            api.send_text(people[0], group, f"/tournament new brazilian arena {int(minutes)}m 60m")
            await until(lambda: api.texts(group))
            late, breaks = people[-5:], people[:3]
            for person in people[:-5]:
                api.send_text(person, group, "/tournament join")

            async def entered() -> bool:
                return len((await store.tournament_facts(1)).entries) == players - 5

            await until(entered, 120)
            for person in people:
                actor = Actor("telegram", str(person["id"]), person["first_name"], "en")
                arena.people[(await service.kernel.roster.player(actor)).id] = person
            arena.watch(rng)
            calls_before = len(api.calls)
            wall_start = time.monotonic()
            api.send_text(people[0], group, "/tournament start")
            for person in late:
                join = partial(api.send_text, person, group, "/tournament join")
                arena.spawn(arena.later(rng.uniform(0, 600), join))
            for person in breaks:
                moment = rng.uniform(600, 1800)
                pause = partial(arena.take_break, person, group)
                arena.spawn(arena.later(moment, pause))
                back = partial(api.send_text, person, group, "/tournament join")
                arena.spawn(arena.later(moment + 300, back))

            async def over() -> bool:
                await service.arenas.run_due(clock())
                return (await store.tournament_facts(1)).tournament.status == "finished"

            while not await over():
                await asyncio.sleep(0.1)
            await service.kernel.background.idle()
            await asyncio.sleep(LEADERBOARD_EVERY * scale * 2)
            wall = time.monotonic() - wall_start
            played = api.calls[calls_before:]
            doubled = await overlaps(service)
            facts = await store.tournament_facts(1)
        finally:
            for task in list(arena.tasks):
                task.cancel()
            await asyncio.gather(*arena.tasks, return_exceptions=True)
            await stop_front(front, settings)
            await service.kernel.close()
            await store.close()
            await api.close()
    arena_minutes = wall * speed / 60
    in_group = [c for c in played if counts(c.method) and c.params.get("chat_id") == GROUP_ID]
    board_edits = [
        c
        for c in in_group
        if c.method == "editMessageText" and str(c.params.get("text", "")).startswith("Arena #1")
    ]
    return {
        "players": players,
        "arena_minutes": round(arena_minutes, 1),
        "speed": speed,
        "wall_seconds": round(wall, 1),
        "games": len(facts.games),
        "end_to_pairing_wall_s": quantiles(arena.reaction),
        "wait_for_next_game_arena_s": quantiles(arena.waits),
        "group_calls_per_min": round(len(in_group) / arena_minutes, 1),
        "leaderboard_edits_per_min": round(len(board_edits) / arena_minutes, 1),
        "group_budget_per_min": GROUP_BUDGET,
        "refused_429": len([c for c in played if (c.error or "").startswith("Too Many")]),
        "paired_twice_at_once": doubled,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--minutes", type=float, default=60.0, help="the arena's length")
    parser.add_argument("--speed", type=float, default=20.0, help="arena time / wall time")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    result = asyncio.run(run(options.players, options.minutes, options.speed, options.seed))
    for name, value in result.items():
        print(f"  {name:28} {value}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
