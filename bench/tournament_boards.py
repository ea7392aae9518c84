"""Benchmark: where a live tournament's boards go in a Telegram group, and what each costs.

    python bench/tournament_boards.py [--boards group,threads,private] [--seconds 90]
                                      [--think 2.0] [--seed 1]

For each choice of `boards=` (docs/tournaments.md), six scripted people open a live knockout
(10 minutes a player) in a group with topics (a forum whose topics the bot may manage), join
it and start it: three games at once. Each person has started the bot privately, so that
`private` keeps every game out of the group. On their turn they wait `--think` seconds (0.5
to 1.5 times it, at random), then press a piece, wait for its destinations and press one, as
in bench/telegram_load.py. The fake Bot API (tests/fakes/telegram_api.py, loopback only)
holds the bot to Telegram's limits, unscaled (tests/fakes/telegram_limits.py: a message a
second in a chat, twenty a minute in a group with its topics, thirty a second in all); the
real Telegram front end and service run in this process with the production pacing.

Measured, for each choice: press -> board, from the press that plays a move to the board of
the player to move next showing it (the same message in the group or its topic; the other
player's own board with `private`), median, p90 and max; the moves played; the counted Bot
API calls in the group per minute; the 429s. The LAST line printed is a JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from telegram_load import Figures, answer_of, summary, until, version_shown

from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.telegram import FrontSettings, start_front, stop_front
from games.computer import Limit
from storage import open_store
from tests.fakes.telegram_api import TOKEN, FakeBotApi
from tests.fakes.telegram_limits import counts

GROUP_ID = -100910
PEOPLE = ("Ana", "Bia", "Caio", "Duda", "Edu", "Fabi")
CHOICES = ("group", "threads", "private")


@dataclass
class Table:
    """One game of the tournament: where each seat's board is, and who sits there."""

    api: FakeBotApi
    service: GameService
    game: int
    seats: dict[int, dict[str, Any]]
    boards_in: dict[int, dict[str, Any]]  # the chat of each seat's board


def board_of(api: FakeBotApi, chat: dict[str, Any], game: int) -> dict[str, Any] | None:
    """The newest board message of `game` in a chat (its topics included)."""
    found = [m for m in api.boards(chat) if f"#{game} " in m.get("caption", "")]
    return found[-1] if found else None


def shown_past(api: FakeBotApi, chat: dict[str, Any], game: int, version: int) -> bool:
    """Whether the chat's board of `game` shows a version after `version` (or the end)."""
    board = board_of(api, chat, game)
    shown = version_shown(api, board, game) if board is not None else version
    return shown is None or shown > version


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
        message = board_of(api, table.boards_in[seat], game) if seat is not None else None
        if seat is None or message is None or version_shown(api, message, game) != state.version:
            await asyncio.sleep(0.05)  # the board is not there yet
            continue
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        await one_turn(table, seat, message, state.version, rng, figures)


async def one_turn(
    table: Table,
    seat: int,
    message: dict[str, Any],
    version: int,
    rng: random.Random,
    figures: Figures,
) -> None:
    """A piece, its destination (or a move straight away); timed up to the next player's
    board showing the move."""
    api, person = table.api, table.seats[seat]
    key = (table.boards_in[seat]["id"], message["message_id"])
    choices = [d for d in api.buttons(message).values() if d[:2] in ("m:", "p:")]
    data = rng.choice(choices)
    started = time.monotonic()
    if data.startswith("p:"):
        if not await answer_of(api, api.press(person, api.messages[key], data), figures):
            return
        opened = await until(
            lambda: [d for d in api.buttons(api.messages[key]).values() if d.startswith("m:")]
        )
        if not opened:
            figures.gave_up += 1
            return
        figures.select.append(time.monotonic() - started)
        data = rng.choice(opened)
    pressed = time.monotonic()
    if not await answer_of(api, api.press(person, api.messages[key], data), figures):
        return
    following = table.boards_in[1 - seat]
    if not await until(lambda: shown_past(api, following, table.game, version)):
        figures.gave_up += 1
        return
    figures.move.append(time.monotonic() - pressed)
    figures.turn.append(time.monotonic() - started)


async def tournament(
    api: FakeBotApi, group: dict[str, Any], people: list[dict[str, Any]], choice: str
) -> None:
    """Everyone starts the bot privately; Ana opens the live knockout, all join, it starts."""
    for person in people:
        chat = api.private_chat(person)
        api.send_text(person, chat, "/start")
        assert await until(lambda chat=chat: api.texts(chat)), "no answer to /start"
    api.send_text(people[0], group, f"/tournament new brazilian knockout 10m boards={choice}")
    assert await until(lambda: api.texts(group)), "the tournament never opened"
    for person in people:
        api.send_text(person, group, "/tournament join 1")
    assert await until(lambda: len(api.texts(group)) > len(people)), "the entries never came"
    api.send_text(people[0], group, "/tournament start 1")


async def run(choice: str, seconds: float, think: float, seed: int) -> dict[str, Any]:
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
            people = [api.user(n, name, name.lower()) for n, name in enumerate(PEOPLE, 1)]
            group = api.forum(GROUP_ID, "Clube")
            await tournament(api, group, people, choice)
            started = await until(lambda: [t for t in api.texts(group) if "starts with" in t])
            assert started, "the tournament never started"
            await service.kernel.background.idle()
            facts = await store.tournament_facts(1)
            tables = []
            for game in [entry.game_id for entry in facts.games if entry.game_id is not None]:
                state = await service.kernel.current(game)
                seats = {
                    seat: next(p for p in people if p["first_name"] == name)
                    for seat, name in enumerate(state.seat_names)
                }
                where = {
                    seat: api.private_chat(person) if choice == "private" else group
                    for seat, person in seats.items()
                }
                tables.append(Table(api, service, game, seats, where))
            ready = await until(
                lambda: all(
                    board_of(api, chat, t.game) for t in tables for chat in t.boards_in.values()
                )
            )
            assert ready, "the boards never came"
            set_up = time.monotonic()
            calls_before = len(api.calls)
            stop = set_up + seconds
            await asyncio.gather(*(play(table, stop, think, rng, figures) for table in tables))
            elapsed = time.monotonic() - set_up
            played = api.calls[calls_before:]
        finally:
            await stop_front(front, settings)
            await service.kernel.close()
            await store.close()
            await api.close()
    in_group = [c for c in played if counts(c.method) and c.params.get("chat_id") == GROUP_ID]
    refused = [c for c in played if (c.error or "").startswith("Too Many Requests")]
    minutes = elapsed / 60
    return {
        "boards": choice,
        "games": len(tables),
        "seconds": round(elapsed, 1),
        "moves": len(figures.move),
        "press_to_board_s": summary(figures.move),
        "piece_to_destinations_s": summary(figures.select),
        "group_calls_per_min": round(len(in_group) / minutes, 1),
        "refused_429": len(refused),
        "toasts": len(figures.toasts),
        "gave_up": figures.gave_up,
    }


async def run_all(choices: list[str], seconds: float, think: float, seed: int) -> dict[str, Any]:
    return {choice: await run(choice, seconds, think, seed) for choice in choices}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", default=",".join(CHOICES), help="the choices to measure")
    parser.add_argument("--seconds", type=float, default=90.0, help="how long the games go on")
    parser.add_argument("--think", type=float, default=2.0, help="seconds a person thinks")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    choices = options.boards.split(",")
    if not set(choices) <= set(CHOICES):
        parser.error(f"--boards: some of {', '.join(CHOICES)}")
    logging.basicConfig(level=logging.ERROR)
    result = asyncio.run(run_all(choices, options.seconds, options.think, options.seed))
    for choice, figures in result.items():
        print(choice)
        for name, value in figures.items():
            print(f"  {name:26} {value}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
