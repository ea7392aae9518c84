"""Fixtures for the Telegram end-to-end tests: the fake Bot API, and the real front end
running against it on the service of tests/bot/conftest.py, with short timeouts and pacing."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from functools import partial
from operator import contains
from typing import Any

import pytest

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import GameState, ServiceError
from bot.settings import WebSettings
from bot.telegram import FrontSettings, TelegramFront, start_front, stop_front
from bot.telegram.sending.budget import Pacing
from bot.telegram.widgets.presses import STILL_PRESSING
from tests.fakes.telegram_api import TOKEN, FakeBotApi
from tests.waiting import eventually

# The toast of a press while the same person's last press is still being handled.
STILL_PRESSING_EN = translate("en", STILL_PRESSING)

# Telegram's flood limits on a clock 50 times faster (a second lasts 20 ms), and the bot's
# production pacing scaled alike: the tests play whole games quickly, within the limits.
SCALE = 0.02
QUICK = Pacing(
    private_interval=1.0 * SCALE,
    group_interval=3.0 * SCALE,
    group_window=60.0 * SCALE,
    overall_per_second=25 / SCALE,
    first_backoff=0.1,
    longest_backoff=0.5,
    send_attempts=3,
)


def quick_settings(
    api: FakeBotApi, pacing: Pacing = QUICK, web: WebSettings | None = None
) -> FrontSettings:
    return FrontSettings(
        api_url=api.url,
        poll_timeout=1,
        read_timeout=1.0,
        pacing=pacing,
        shutdown_grace=2.0,
        web=web,
    )


@dataclass
class Bot:
    """The running front end and its settings, to stop or restart it."""

    front: TelegramFront
    settings: FrontSettings


@pytest.fixture
async def api() -> AsyncIterator[FakeBotApi]:
    fake = FakeBotApi(limit_scale=SCALE)
    await fake.start()
    yield fake
    await fake.close()
    # Nothing the bot sent broke the Bot API's documented limits (even where it went on).
    assert fake.violations == []


async def start_bot(
    service: GameService, api: FakeBotApi, pacing: Pacing = QUICK, web: WebSettings | None = None
) -> Bot:
    settings = quick_settings(api, pacing, web)
    front = await start_front(service, TOKEN, settings)
    assert front.bot.base_url == f"{api.url}/bot{TOKEN}"
    return Bot(front, settings)


@pytest.fixture
async def bot(service: GameService, api: FakeBotApi) -> AsyncIterator[Bot]:
    running = await start_bot(service, api)
    yield running
    await stop_front(running.front, running.settings)
    assert not api.unanswered_presses(), "a press was never answered: its spinner never ends"


# -- driving the bot as people do ------------------------------------------------------------


def board_message(api: FakeBotApi, chat: dict[str, Any]) -> dict[str, Any] | None:
    """The newest board picture the bot posted in a chat."""
    boards = api.boards(chat)
    return boards[-1] if boards else None


def move_buttons(api: FakeBotApi, message: dict[str, Any]) -> dict[str, str]:
    """The buttons that play (pieces, moves, back, the roll), without resign and abort."""
    return {
        label: data
        for label, data in api.buttons(message).items()
        if data[:2] in ("m:", "p:", "b:", "r:")
    }


async def current_board(
    api: FakeBotApi, service: GameService, chat: dict[str, Any], game_id: int
) -> tuple[GameState, dict[str, Any]]:
    """The stored game and its board message once the computer has played (if it is its turn)
    and the board shows the latest version."""
    await service.kernel.background.idle()

    async def shown() -> tuple[GameState, dict[str, Any]] | None:
        try:
            state = await service.kernel.state(game_id)
        except ServiceError:  # not started yet
            return None
        message = board_message(api, chat)
        if message is None or f"#{game_id} " not in message.get("caption", ""):
            return None
        data = list(api.buttons(message).values())
        if data and all(f":{game_id}:{state.version}" in item for item in data):
            return state, message
        if not state.active and all(item.startswith("w:") for item in data):
            return state, message  # a finished board offers only the rematch
        return None  # the computer is still to play, or the board is not edited yet

    caught_up = f"the board of game {game_id} catching up in chat {chat['id']}"
    return await eventually(shown, caught_up)


async def press(
    api: FakeBotApi, user: dict[str, Any], message: dict[str, Any], data: str
) -> dict[str, Any]:
    """Press a button and wait for the bot's answer to the callback query. A press that
    comes while the person's last one is still being handled (the tests press within
    milliseconds of a keyboard appearing) gets the wait toast: pressed again, as a person
    would, until it is taken."""

    async def taken() -> dict[str, Any] | None:
        query_id = api.press(user, message, data)
        await api.wait_for(partial(contains, api.answers, query_id), f"the answer to {data}")
        answer = api.answers[query_id]
        return None if answer.get("text") == STILL_PRESSING_EN else answer

    return await eventually(taken, f"the press of {data} taken", poll=0.02)


async def wait_for_version(service: GameService, game_id: int, past: int) -> GameState:
    """The game once its version is past `past` (a press is answered before it plays)."""

    async def moved() -> GameState | None:
        state = await service.kernel.state(game_id)
        return state if state.version > past else None

    return await eventually(moved, f"game {game_id} to pass version {past}")


async def play_one_move_by_buttons(
    api: FakeBotApi,
    service: GameService,
    user: dict[str, Any],
    chat: dict[str, Any],
    message: dict[str, Any],
    rng: random.Random,
) -> str:
    """Press a piece (or a roll or a move) of a board, then a destination, and wait until the
    move is stored; returns the data of the button that played."""
    choices = [data for data in api.buttons(message).values() if data[:2] in ("m:", "p:", "r:")]
    data = rng.choice(choices)
    answer = await press(api, user, message, data)
    assert "text" not in answer, answer
    if data.startswith("p:"):
        key = (chat["id"], message["message_id"])
        opened = await api.wait_for(
            lambda: [d for d in api.buttons(api.messages[key]).values() if d.startswith("m:")],
            "the destinations of a piece",
        )
        data = rng.choice(opened)
        answer = await press(api, user, api.messages[key], data)
        assert "text" not in answer, answer
    _, game, version, *_ = data.split(":")
    await wait_for_version(service, int(game), int(version))
    return data
