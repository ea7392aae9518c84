"""Benchmark: two live games in one Telegram group, under Telegram's flood limits.

    python bench/telegram_load.py [--games 2] [--seconds 90] [--think 2.0] [--seed 1]

The fake Bot API (tests/fakes/telegram_api.py, loopback only) holds the bot to the limits of
Telegram's Bots FAQ (tests/fakes/telegram_limits.py: one message a second in a chat, twenty a
minute in a group, thirty a second in all). The real Telegram front end and service run in
this process on a temporary SQLite database with the production pacing. Four scripted people
play two ordinary games of Brazilian draughts side by side in one group (two challenges
accepted with the button; a tournament would put the same two boards in the group and needs
more setting up); `--games 1` for one game alone, for comparison. On their turn each waits
`--think` seconds (0.5 to 1.5 times it, at random), then presses a piece, waits for its
destinations and presses one, as a person does.

Measured: press -> new board, from the press that plays to the group's board showing the
move (median, p90, max); the same for a piece's press -> its destinations, and for a whole
turn (its first press -> the new board); the counted Bot API calls (sends and edits) per
minute in the group, the 429s, the toasts. The LAST line printed is a JSON object.
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
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service.game_service import seat_to_act

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.service.game_service import GameService
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.telegram import FrontSettings, start_front, stop_front
from games.computer import Limit
from storage import open_store
from tests.fakes.telegram_api import TOKEN, FakeBotApi
from tests.fakes.telegram_limits import counts

GROUP_ID = -100900
# Seconds a scripted person waits for something before looking at the board again.
PATIENCE = 60.0


@dataclass
class Figures:
    move: list[float] = field(default_factory=list)  # press that plays -> new board
    turn: list[float] = field(default_factory=list)  # first press of a turn -> new board
    select: list[float] = field(default_factory=list)  # piece press -> its destinations
    toasts: list[str] = field(default_factory=list)
    gave_up: int = 0


def summary(values: list[float]) -> dict[str, float | int]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return {
        "n": len(values),
        "median": round(statistics.median(values), 2),
        "p90": round(p90, 2),
        "max": round(ordered[-1], 2),
    }


def board_of(api: FakeBotApi, group: dict[str, Any], game: int) -> dict[str, Any] | None:
    """The newest board message of `game` in the group."""
    found = [m for m in api.boards(group) if f"#{game} " in m.get("caption", "")]
    return found[-1] if found else None


def version_shown(api: FakeBotApi, message: dict[str, Any], game: int) -> int | None:
    """The game version the buttons of a board carry (None without buttons)."""
    for data in api.buttons(message).values():
        parts = data.split(":")
        if len(parts) >= 3 and parts[1] == str(game) and parts[2].isdigit():
            return int(parts[2])
    return None


def shown_past(api: FakeBotApi, group: dict[str, Any], game: int, version: int) -> bool:
    """Whether the group's board of `game` shows a version after `version` (or the end)."""
    board = board_of(api, group, game)
    shown = version_shown(api, board, game) if board is not None else version
    return shown is None or shown > version


async def until(condition: Any, timeout: float = PATIENCE) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        await asyncio.sleep(0.01)
    return None


async def answer_of(api: FakeBotApi, query: str, figures: Figures) -> bool:
    """Wait for the answer to a press; False when it was refused (a toast)."""
    answered = await until(lambda: api.answers.get(query))
    if answered and answered.get("text"):
        figures.toasts.append(answered["text"])
        return False
    return bool(answered)


@dataclass
class Table:
    """One game in the group and its two people (by seat)."""

    api: FakeBotApi
    service: GameService
    group: dict[str, Any]
    game: int
    seats: dict[int, dict[str, Any]]


async def play(
    table: Table, stop: float, think: float, rng: random.Random, figures: Figures
) -> None:
    """The two people of one game, each moving on their turn until `stop`."""
    api, game = table.api, table.game
    while time.monotonic() < stop:
        state = await table.service.kernel.state(game)
        if not state.active:
            return
        seat = seat_to_act(state)
        message = board_of(api, table.group, game)
        if seat not in table.seats or message is None:
            await asyncio.sleep(0.05)
            continue
        if version_shown(api, message, game) != state.version:
            await asyncio.sleep(0.05)  # the board is not there yet
            continue
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        await one_turn(table, table.seats[seat], message, state.version, rng, figures)


async def one_turn(
    table: Table,
    person: dict[str, Any],
    message: dict[str, Any],
    version: int,
    rng: random.Random,
    figures: Figures,
) -> None:
    """A piece, its destination (or a move straight away), timed."""
    api = table.api
    key = (table.group["id"], message["message_id"])
    choices = [d for d in api.buttons(message).values() if d[:2] in ("m:", "p:")]
    data = rng.choice(choices)
    started = time.monotonic()
    if data.startswith("p:"):
        pressed = time.monotonic()
        if not await answer_of(api, api.press(person, api.messages[key], data), figures):
            return
        opened = await until(
            lambda: [d for d in api.buttons(api.messages[key]).values() if d.startswith("m:")]
        )
        if not opened:
            figures.gave_up += 1
            return
        figures.select.append(time.monotonic() - pressed)
        data = rng.choice(opened)
    pressed = time.monotonic()
    if not await answer_of(api, api.press(person, api.messages[key], data), figures):
        return
    if not await until(lambda: shown_past(api, table.group, table.game, version)):
        figures.gave_up += 1
        return
    figures.move.append(time.monotonic() - pressed)
    figures.turn.append(time.monotonic() - started)


async def start_game(
    api: FakeBotApi, group: dict[str, Any], white: dict[str, Any], black: dict[str, Any]
) -> None:
    """White challenges Black in the group; Black accepts with the button."""
    before = {m["message_id"] for m in api.bot_messages(group)}
    api.send_text(white, group, f"/new brazilian vs @{black['username']} white")
    challenge = await until(
        lambda: [
            m
            for m in api.bot_messages(group)
            if m["message_id"] not in before
            and any(d.startswith("a:") for d in api.buttons(m).values())
        ]
    )
    assert challenge, "no challenge came"
    accept = next(d for d in api.buttons(challenge[0]).values() if d.startswith("a:"))
    api.press(black, challenge[0], accept)


async def run(games: int, seconds: float, think: float, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    api = FakeBotApi()
    url = await api.start()
    figures = Figures()
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "games.sqlite3")
        computers = ComputerPlayers(ThreadPoolExecutor(max_workers=1), Limit(depth=2, seconds=0.2))
        service = GameService(store, computers)
        settings = FrontSettings(api_url=url)
        front = await start_front(service, TOKEN, settings)
        try:
            people = [
                api.user(n, name, name.lower()) for n, name in enumerate(PEOPLE[: 2 * games], 1)
            ]
            group = api.group(GROUP_ID, "Clube")
            for person in people:
                api.send_text(person, group, "oi")
            for game in range(games):
                await start_game(api, group, people[2 * game], people[2 * game + 1])
            numbers = range(1, games + 1)
            ready = await until(lambda: all(board_of(api, group, n) for n in numbers))
            assert ready, "the boards never came"
            set_up = time.monotonic()
            calls_before = len(api.calls)
            stop = set_up + seconds
            tables = [
                Table(api, service, group, n, {0: people[2 * n - 2], 1: people[2 * n - 1]})
                for n in numbers
            ]
            await asyncio.gather(*(play(table, stop, think, rng, figures) for table in tables))
            elapsed = time.monotonic() - set_up
            played = api.calls[calls_before:]
        finally:
            await stop_front(front, settings)
            await service.kernel.close()
            await store.close()
            await api.close()
    in_group = [c for c in played if counts(c.method) and c.params.get("chat_id") == GROUP_ID]
    refused = [c for c in in_group if (c.error or "").startswith("Too Many Requests")]
    minutes = elapsed / 60
    return {
        "games": games,
        "seconds": round(elapsed, 1),
        "think_s": think,
        "moves": len(figures.move),
        "press_to_board_s": summary(figures.move),
        "piece_to_destinations_s": summary(figures.select),
        "turn_s": summary(figures.turn),
        "group_calls_per_min": round(len(in_group) / minutes, 1),
        "group_calls_done_per_min": round((len(in_group) - len(refused)) / minutes, 1),
        "group_429_per_min": round(len(refused) / minutes, 1),
        "answers_per_min": round(len(api.calls_of("answerCallbackQuery")) / minutes, 1),
        "toasts": len(figures.toasts),
        "gave_up": figures.gave_up,
    }


PEOPLE = ("Ana", "Bia", "Caio", "Duda")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, choices=(1, 2), default=2, help="games in the group")
    parser.add_argument("--seconds", type=float, default=90.0, help="how long the games go on")
    parser.add_argument("--think", type=float, default=2.0, help="seconds a person thinks")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    result = asyncio.run(run(options.games, options.seconds, options.think, options.seed))
    for name, value in result.items():
        print(f"{name:28} {value}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
