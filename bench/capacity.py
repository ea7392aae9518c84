"""Benchmark: what P bot processes and W engine workers carry (issue 41, docs/scale.md).

    nice -n 5 python bench/capacity.py [--processes 1] [--workers 0] [--players 10,20,40,80]
        [--seconds 60] [--think 3] [--computer-share 0.5] [--level easy] [--kill] [--seed 1]

Everything runs on 127.0.0.1: a PostgreSQL server the bench starts (tests/postgres_server.py,
durable: every commit on disk), the fake Bot API (tests/fakes/telegram_api.py) in webhook
mode with Telegram's flood limits in each chat and group (the thirty a second in all lifted,
as for a bot with paid broadcasts; `--overall-limit` keeps it), a round-robin proxy
(tests/round_robin_proxy.py) in front of P real `python -m bot` processes, and W real
`python -m bot engine-worker` processes (none: each bot process thinks in its own pool).

N scripted people play Brazilian draughts with the buttons, as a person does: on their turn
they think (`--think` seconds, 0.5 to 1.5 times it), press a piece, take a second or two to
find its destination once it shows, and press it. A `--computer-share` of them play the
computer at `--level` in their private chat; the others play each other in pairs, each pair
in a group of its own. A finished game is followed by a new one. N grows by `--players`
steps; each step adds its people, lets their games begin (10 s), then measures for
`--seconds`; the bench stops after the first step whose press -> board p99 in private chats
passes 1 s (in a group the bot also waits for the group's twenty a minute, a limit of
Telegram's, not of the machines: shown apart). With `--kill`, a third of the way into each
step one bot process and one engine worker are killed with SIGKILL (with their own worker
processes) and started again 3 s later.

Measured per step: moves a second (the people's moves whose board came, and the computer's
replies); press -> board (from the press that plays to the board's picture changing) p50,
p99, max, in all and apart in private chats and in groups; the computer's reply (from that
press to the board that waits for the person again); turns given up (no board within 60 s);
the board edits per move (each process that shows a move edits the board; an edit that
changes nothing is refused as "not modified"); the 429s; the CPU seconds the bot processes,
the engine workers, PostgreSQL and the bench itself (the people, the fake and the proxy)
used, and per move. After the last step: every move a person saw confirmed is in the
database (lost: must be 0), no move was applied twice (two plies in a row by one side), no
press was answered twice, and none was left unanswered. Progress goes to stderr; one line
per step, then the LAST line printed, a JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import logging
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import Store, open_store
from tests.fakes.telegram_api import TOKEN, FakeBotApi
from tests.fakes.telegram_limits import OVERALL, FloodLimits
from tests.postgres_server import PostgresServer, free_port, start_server
from tests.processes import bot_environment
from tests.round_robin_proxy import RoundRobinProxy

PUBLIC = "https://damas.example"
# Seconds a person waits for the bot before giving the turn up (and looking again).
PATIENCE = 60.0
# Seconds each step gives its new people to begin their games before it measures.
WARM_UP = 10.0
# Seconds a killed process stays down.
DOWN = 3.0
# A press -> board p99 in private chats above this ends the run (in a group the bot waits for
# the group's twenty a minute, a limit of Telegram's and not of the machines).
TARGET_P99 = 1.0
# Seconds a person takes to find a destination once the piece's destinations show.
AIM = (1.0, 2.0)
FIRST_GROUP = -1_000_900_000

# -- the fake Bot API, watched -----------------------------------------------------------------


class WatchedApi(FakeBotApi):
    """The fake Bot API, waking the people of a chat when the bot writes there, and counting
    each board message's pictures."""

    def __init__(self, limits: FloodLimits) -> None:
        super().__init__()
        self.limits = limits
        self._changed: dict[int, asyncio.Event] = {}
        self.pictures: Counter[tuple[int, int]] = Counter()
        self.sent: defaultdict[int, list[int]] = defaultdict(list)
        self.chat_of_query: dict[str, int] = {}

    async def changed(self, chat_id: int, timeout: float) -> None:
        """Back when the bot wrote in the chat (or answered a press there), or after `timeout`."""
        event = self._changed.setdefault(chat_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await event.wait()

    def _touched(self, chat_id: int) -> None:
        event = self._changed.pop(chat_id, None)
        if event is not None:
            event.set()

    def press(self, user: dict[str, Any], message: dict[str, Any], data: str) -> str:
        query = super().press(user, message, data)
        self.chat_of_query[query] = message["chat"]["id"]
        return query

    def _api_sendMessage(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        message = super()._api_sendMessage(params, files)
        self.sent[params["chat_id"]].append(message["message_id"])
        self._touched(params["chat_id"])
        return message

    def _api_sendPhoto(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        message = super()._api_sendPhoto(params, files)
        self.sent[params["chat_id"]].append(message["message_id"])
        self._touched(params["chat_id"])
        return message

    def _api_editMessageMedia(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        message = super()._api_editMessageMedia(params, files)
        self.pictures[(params["chat_id"], params["message_id"])] += 1
        self._touched(params["chat_id"])
        return message

    def _api_editMessageReplyMarkup(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        message = super()._api_editMessageReplyMarkup(params, files)
        self._touched(params["chat_id"])
        return message

    def _api_answerCallbackQuery(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        answered = super()._api_answerCallbackQuery(params, files)
        self._touched(self.chat_of_query.get(params.get("callback_query_id", ""), 0))
        return answered


def pressable(message: dict[str, Any], *prefixes: str) -> list[str]:
    return [data for data in FakeBotApi.buttons(message).values() if data.startswith(prefixes)]


def shown_version(message: dict[str, Any]) -> int | None:
    """The game version the board's move buttons carry (None: no move waits for a press)."""
    for data in pressable(message, "m:", "p:"):
        return int(data.split(":")[2])
    return None


def game_of(message: dict[str, Any]) -> int | None:
    for data in pressable(message, "m:", "p:", "q:", "x:"):
        return int(data.split(":")[1])
    return None


# -- the processes ---------------------------------------------------------------------------


def cpu_seconds(pid: int, tree: dict[int, list[int]]) -> float:
    """CPU time of process `pid` and its children, those still alive and those it waited for."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    ticks = sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
    own = ticks / os.sysconf("SC_CLK_TCK")
    return own + sum(cpu_seconds(child, tree) for child in tree.get(pid, []))


def process_tree() -> dict[int, list[int]]:
    children: defaultdict[int, list[int]] = defaultdict(list)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                parent = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
                children[parent].append(int(entry.name))
    return children


@dataclass
class Fleet:
    """The bot processes and engine workers, each in a session of its own so that a kill
    takes its own worker processes with it."""

    folder: Path
    database: str
    api_url: str
    ports: list[int]
    bots: list[subprocess.Popen[bytes]] = field(default_factory=list)
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def _start(self, name: str, command: list[str], **settings: str) -> subprocess.Popen[bytes]:
        with (self.folder / f"{name}.log").open("ab") as log:
            return subprocess.Popen(
                [sys.executable, "-m", "bot", *command],
                cwd=self.folder,
                env=bot_environment(DATABASE_URL=self.database, **settings),
                stdout=log,
                stderr=log,
                start_new_session=True,
            )

    def bot(self, number: int) -> subprocess.Popen[bytes]:
        return self._start(
            f"bot{number}",
            [],
            TELEGRAM_TOKEN=TOKEN,
            TELEGRAM_API_URL=self.api_url,
            TELEGRAM_WEBHOOK_URL=f"{PUBLIC}/telegram",
            TELEGRAM_WEBHOOK_LISTEN=f"127.0.0.1:{self.ports[number]}",
        )

    def worker(self, number: int) -> subprocess.Popen[bytes]:
        return self._start(f"worker{number}", ["engine-worker", "--name", f"worker{number}"])

    def start(self, workers: int) -> None:
        self.bots = [self.bot(number) for number in range(len(self.ports))]
        self.workers = [self.worker(number) for number in range(workers)]

    @staticmethod
    def kill(process: subprocess.Popen[bytes]) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def stop(self) -> None:
        """SIGTERM to each, SIGKILL to what is left after 20 s (their workers included)."""
        everyone = [*self.bots, *self.workers]
        for process in everyone:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 20
        for process in everyone:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            self.kill(process)

    def cpu(self) -> dict[str, float]:
        tree = process_tree()
        return {
            "bots": sum(cpu_seconds(bot.pid, tree) for bot in self.bots),
            "workers": sum(cpu_seconds(worker.pid, tree) for worker in self.workers),
        }

    def tracebacks(self) -> int:
        return sum(log.read_text().count("Traceback") for log in self.folder.glob("*.log"))


def postgres_cpu(server: PostgresServer) -> float:
    pid = int((server.folder / "data" / "postmaster.pid").read_text().split()[0])
    return cpu_seconds(pid, process_tree())


# -- the people ----------------------------------------------------------------------------------


@dataclass
class Table:
    """A chat where one person plays the computer, or two people play each other; the game on
    now and its board message."""

    chat: dict[str, Any]
    people: list[dict[str, Any]]  # by seat: White first
    game: int = 0
    board: int = 0

    @property
    def computer(self) -> bool:
        return len(self.people) == 1


@dataclass
class Records:
    """What the people saw, each with the moment of its press."""

    # (press, seconds to the board, whether the game is in a group)
    moves: list[tuple[float, float, bool]] = field(default_factory=list)
    replies: list[tuple[float, float]] = field(default_factory=list)
    gave_up: list[float] = field(default_factory=list)
    # Moves confirmed by a new board, by game and seat; the computer's replies seen, by game.
    confirmed: Counter[tuple[int, int]] = field(default_factory=Counter)


class People:
    """The scripted people: each table's game played on its own task until `stop`."""

    def __init__(self, api: WatchedApi, options: argparse.Namespace) -> None:
        self.api = api
        self.options = options
        self.rng = random.Random(options.seed)
        self.records = Records()
        self.tables: list[Table] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.stopping = False
        self._numbers = iter(range(1, 10**6))

    def add(self, count: int) -> None:
        """`count` more people: those at the computer's share alone, the rest in pairs."""
        alone = round(count * self.options.computer_share)
        alone += (count - alone) % 2  # the odd one out plays the computer
        pairs = (count - alone) // 2
        for _ in range(alone):
            person = self._person()
            self.tables.append(Table(self.api.private_chat(person), [person]))
        for _ in range(pairs):
            number = len(self.tables)
            group = self.api.group(FIRST_GROUP - number, f"Club {number}")
            self.tables.append(Table(group, [self._person(), self._person()]))
        for table in self.tables[len(self.tasks) :]:
            self.tasks.append(asyncio.create_task(self._play(table)))

    def _person(self) -> dict[str, Any]:
        number = next(self._numbers)
        return self.api.user(number, f"Player{number}", f"player{number}")

    async def stop(self) -> None:
        self.stopping = True
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(PATIENCE):
                await asyncio.gather(*self.tasks, return_exceptions=True)
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def until(self, chat_id: int, condition: Callable[[], Any]) -> Any:
        """`condition`'s value once true, looked at whenever the bot writes in the chat; None
        after PATIENCE seconds."""
        deadline = time.monotonic() + PATIENCE
        while not (value := condition()):
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            await self.api.changed(chat_id, min(left, 1.0))
        return value

    async def _play(self, table: Table) -> None:
        while not self.stopping:
            if not await self._begin(table):
                self.records.gave_up.append(time.monotonic())
                continue
            seat = 0
            while not self.stopping:
                message = self.api.messages[(table.chat["id"], table.board)]
                version = shown_version(message)
                if version is None:
                    break  # over (a rematch button, or none)
                await asyncio.sleep(self.options.think * self.rng.uniform(0.5, 1.5))
                pressed = await self._move(table, seat)
                if pressed is None:
                    seat = 1 - seat if not table.computer else seat  # not his turn: the other's
                    continue
                if table.computer:
                    await self._reply(table, version, pressed)
                else:
                    seat = 1 - seat

    async def _begin(self, table: Table) -> bool:
        """A new game at the table, its board found."""
        api, chat = self.api, table.chat
        sent = len(api.sent[chat["id"]])
        if table.computer:
            level = self.options.level
            api.send_text(table.people[0], chat, f"/new brazilian vs computer white {level}")
        elif not await self._challenge(table):
            return False
        board = await self.until(chat["id"], lambda: self._new(chat, sent, "p:", "m:"))
        if board is None:
            return False
        table.game, table.board = game_of(board) or 0, board["message_id"]
        return True

    async def _challenge(self, table: Table) -> bool:
        """White challenges Black in the group, and Black accepts; the process that reads the
        challenge may not have read Black's first message yet ("I do not know @..."): again."""
        api, chat = self.api, table.chat
        white, black = table.people
        api.send_text(black, chat, "here")  # the bot knows @black from now on
        for _ in range(5):
            sent = len(api.sent[chat["id"]])
            api.send_text(white, chat, f"/new brazilian vs @{black['username']} white")
            answer = await self.until(chat["id"], partial(self._new, chat, sent))
            if answer is None:
                return False
            if accept := pressable(answer, "a:"):
                api.press(black, answer, accept[0])
                return True
            await asyncio.sleep(1.0)
        return False

    def _new(self, chat: dict[str, Any], sent: int, *prefixes: str) -> dict[str, Any] | None:
        """The bot's first message in `chat` after its `sent` first ones (with buttons of
        these `prefixes`, if any)."""
        for message_id in self.api.sent[chat["id"]][sent:]:
            message = self.api.messages[(chat["id"], message_id)]
            if not prefixes or pressable(message, *prefixes):
                return message
        return None

    async def _move(self, table: Table, seat: int) -> float | None:
        """The person at `seat` plays: a piece, then its destination (or a move at once);
        the moment of the press that played, once its board came; None when the bot refused
        a press (a toast) or the board did not come."""
        api, person, key = self.api, table.people[seat], (table.chat["id"], table.board)
        data = self.rng.choice(pressable(api.messages[key], "m:", "p:"))
        if data.startswith("p:"):
            query = api.press(person, api.messages[key], data)
            moves = await self.until(
                key[0], lambda: pressable(api.messages[key], "m:") or self._refused(query)
            )
            if not moves or moves is True:
                return None
            await asyncio.sleep(self.rng.uniform(*AIM))
            data = self.rng.choice(moves)
        pictures = api.pictures[key]
        pressed = time.monotonic()
        query = api.press(person, api.messages[key], data)
        shown = await self.until(
            key[0], lambda: api.pictures[key] > pictures or self._refused(query)
        )
        if shown is None:
            self.records.gave_up.append(pressed)
        if shown is not True or api.pictures[key] == pictures:
            return None
        in_group = not table.computer
        self.records.moves.append((pressed, time.monotonic() - pressed, in_group))
        self.records.confirmed[(table.game, seat)] += 1
        return pressed

    def _refused(self, query: str) -> bool:
        answer = self.api.answers.get(query)
        return bool(answer and answer.get("text"))

    async def _reply(self, table: Table, version: int, pressed: float) -> None:
        """Wait for the computer's move: the board waiting for the person again, or over."""
        key = (table.chat["id"], table.board)

        def replied() -> bool:
            message = self.api.messages[key]
            shown = shown_version(message)
            return (shown is not None and shown > version) or bool(pressable(message, "w:"))

        if not await self.until(key[0], replied):
            self.records.gave_up.append(pressed)
        elif shown_version(self.api.messages[key]) is not None:  # not the end of the game
            self.records.replies.append((pressed, time.monotonic() - pressed))
            self.records.confirmed[(table.game, 1)] += 1


# -- the steps -------------------------------------------------------------------------------


def percentiles(values: list[float]) -> dict[str, float | int]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 3)

    return {"n": len(ordered), "p50": at(0.5), "p99": at(0.99), "max": round(ordered[-1], 3)}


@dataclass
class Rig:
    """Everything a step measures: the people, the fake, the processes and the database."""

    api: WatchedApi
    people: People
    fleet: Fleet
    server: PostgresServer

    def cpu(self) -> dict[str, float]:
        own = os.times()
        return {
            **self.fleet.cpu(),
            "postgres": postgres_cpu(self.server),
            "bench": own.user + own.system,
        }

    def edits(self) -> Counter[str]:
        done: Counter[str] = Counter()
        for call in self.api.calls:
            if call.method == "editMessageMedia":
                done["refused" if call.error else "done"] += 1
            if (call.error or "").startswith("Too Many Requests"):
                done["429"] += 1
        return done


async def kill_and_restart(rig: Rig, after: float) -> None:
    """SIGKILL one bot process and one engine worker `after` seconds in; both back DOWN later."""
    await asyncio.sleep(after)
    fleet = rig.fleet
    print(f"  kill -9 bot0{' and worker0' if fleet.workers else ''}", file=sys.stderr)
    fleet.kill(fleet.bots[0])
    if fleet.workers:
        fleet.kill(fleet.workers[0])
    await asyncio.sleep(DOWN)
    fleet.bots[0] = fleet.bot(0)
    if fleet.workers:
        fleet.workers[0] = fleet.worker(0)


async def step(rig: Rig, players: int, seconds: float, kill: bool) -> dict[str, Any]:
    """Add people up to `players`, let their games begin, measure `seconds`."""
    rig.people.add(players - sum(len(table.people) for table in rig.people.tables))
    await asyncio.sleep(WARM_UP)
    records = rig.people.records
    cpu, edits, begun = rig.cpu(), rig.edits(), time.monotonic()
    killing = asyncio.create_task(kill_and_restart(rig, seconds / 3)) if kill else None
    await asyncio.sleep(seconds)
    if killing is not None:
        await killing
    ended = time.monotonic()
    cpu_after, edits_after = rig.cpu(), rig.edits()
    measured = [(taken, group) for at, taken, group in records.moves if begun <= at < ended]
    moves = [taken for taken, _ in measured]
    replies = [taken for at, taken in records.replies if begun <= at < ended]
    done = len(moves) + len(replies)
    used = {name: round(cpu_after[name] - cpu[name], 1) for name in cpu}
    return {
        "players": sum(len(table.people) for table in rig.people.tables),
        "seconds": round(ended - begun, 1),
        "moves_per_s": round(done / (ended - begun), 2),
        "press_to_board_s": percentiles(moves),
        "private_press_to_board_s": percentiles([taken for taken, group in measured if not group]),
        "group_press_to_board_s": percentiles([taken for taken, group in measured if group]),
        "computer_reply_s": percentiles(replies),
        "gave_up": sum(1 for at in records.gave_up if begun <= at < ended),
        "board_edits_per_move": round((edits_after["done"] - edits["done"]) / max(1, done), 2),
        "edits_refused_not_modified": edits_after["refused"] - edits["refused"],
        "flood_429": edits_after["429"] - edits["429"],
        "cpu_s": used,
        "cpu_ms_per_move": {
            name: round(1000 * value / max(1, done)) for name, value in used.items()
        },
    }


async def verify(rig: Rig, store: Store) -> dict[str, int]:
    """After the people stopped: what the database holds against what they saw."""
    records, api = rig.people.records, rig.api
    with contextlib.suppress(TimeoutError):  # a killed process's updates come within ~30 s
        async with asyncio.timeout(PATIENCE):
            while api.unanswered_presses():
                await asyncio.sleep(0.5)
    lost = doubled = 0
    for game in {game for game, _ in records.confirmed}:
        seats = [move.seat for move in await store.moves(game)]
        for seat in (0, 1):
            lost += max(0, records.confirmed[(game, seat)] - seats.count(seat))
        doubled += sum(1 for one, next_one in itertools.pairwise(seats) if one == next_one)
    answers = api.calls_of("answerCallbackQuery")
    return {
        "confirmed_moves": sum(records.confirmed.values()),
        "confirmed_moves_lost": lost,
        "moves_applied_twice": doubled,
        "presses_answered_twice": sum(
            1 for call in answers if call.error and "too old" in call.error
        ),
        "presses_unanswered": len(api.unanswered_presses()),
        "tracebacks_in_logs": rig.fleet.tracebacks(),
    }


def show(result: dict[str, Any]) -> None:
    board, reply = result["press_to_board_s"], result["computer_reply_s"]
    print(
        f"N={result['players']:4}  {result['moves_per_s']:6.2f} moves/s  press->board "
        f"p50 {board.get('p50', '-')} p99 {board.get('p99', '-')}  computer p50 "
        f"{reply.get('p50', '-')} p99 {reply.get('p99', '-')}  gave up {result['gave_up']}  "
        f"edits/move {result['board_edits_per_move']}  cpu ms/move {result['cpu_ms_per_move']}",
        flush=True,
    )


async def run(options: argparse.Namespace, server: PostgresServer, folder: Path) -> dict[str, Any]:
    database = server.new_database()
    store = await open_store(database)  # the schema, before the processes race to make it
    api = WatchedApi(FloodLimits(overall=OVERALL if options.overall_limit else None))
    ports = [free_port() for _ in range(options.processes)]
    proxy = RoundRobinProxy([f"http://127.0.0.1:{port}" for port in ports])
    fleet = Fleet(folder, database, await api.start(), ports)
    api.route(PUBLIC, await proxy.start())
    people = People(api, options)
    try:
        fleet.start(options.workers)
        deadline = time.monotonic() + 120
        while len(api.calls_of("setWebhook")) < options.processes or (
            await store.workers_alive(10) < options.workers
        ):
            assert time.monotonic() < deadline, f"the processes did not start: see {folder}"
            await asyncio.sleep(0.2)
        rig = Rig(api, people, fleet, server)
        steps = []
        for players in options.players:
            print(f"step: {players} players", file=sys.stderr)
            steps.append(await step(rig, players, options.seconds, options.kill))
            show(steps[-1])
            if steps[-1]["private_press_to_board_s"].get("p99", 0) > TARGET_P99:
                break
        await people.stop()
        checks = await verify(rig, store)
    finally:
        await people.stop()
        fleet.stop()
        await proxy.close()
        await api.close()
        await store.close()
    return {
        "processes": options.processes,
        "workers": options.workers,
        **vars_of(options),
        "steps": steps,
        **checks,
    }


def vars_of(options: argparse.Namespace) -> dict[str, Any]:
    names = ("think", "computer_share", "level", "kill", "overall_limit", "seed")
    return {name: getattr(options, name) for name in names}


@contextlib.contextmanager
def database_server() -> Iterator[PostgresServer]:
    server = start_server(durable=True)
    try:
        yield server
    finally:
        server.stop()


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=1, help="bot processes (P)")
    parser.add_argument("--workers", type=int, default=0, help="engine workers (W)")
    parser.add_argument(
        "--players",
        type=lambda value: [int(part) for part in value.split(",")],
        default=[10, 20, 40, 80, 160],
        help="the steps of N, comma-separated",
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="each step's measure")
    parser.add_argument("--think", type=float, default=3.0, help="seconds a person thinks")
    parser.add_argument("--computer-share", type=float, default=0.5)
    parser.add_argument("--level", default="easy", help="the computer's level")
    parser.add_argument("--kill", action="store_true", help="kill -9 a process and a worker")
    parser.add_argument("--overall-limit", action="store_true", help="Telegram's 30/s in all")
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def main() -> None:
    options = arguments()
    logging.basicConfig(level=logging.ERROR)
    # A killed process's upload cut off halfway is logged by the fake's server as an error.
    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)
    with (
        tempfile.TemporaryDirectory(prefix="damas-capacity-") as folder,
        database_server() as server,
    ):
        result = asyncio.run(run(options, server, Path(folder)))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
