"""Telegram's flood limits (issue 21, item 5): the fake enforces them as Telegram answers them;
the bot keeps to them with its production pacing, answers extra presses with a toast, drops
an edit that a newer edit of the same message replaces, and serves the chats in turn, so that
one person tapping fast delays no one else's board."""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import aiohttp
import pytest
from telegram.error import BadRequest, RetryAfter
from telegram.ext import ExtBot

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.sends.chat_turns import ChatPace
from bot.telegram import start_front, stop_front
from bot.telegram.posting.delivery import is_not_modified
from bot.telegram.sending.budget import Budget, Pacing
from bot.telegram.sending.paced_request import PacedRequest
from bot.telegram.widgets.presses import STILL_PRESSING
from tests.bot.telegram.conftest import (
    QUICK,
    SCALE,
    Bot,
    current_board,
    press,
    quick_settings,
    start_bot,
)
from tests.bot.telegram.test_telegram_group import group_game
from tests.fakes.telegram_api import TOKEN, FakeBotApi
from tests.fakes.telegram_limits import FloodLimits, counts

# -- the fake's limits -----------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_one_message_a_second_in_a_chat() -> None:
    clock = Clock()
    limits = FloodLimits(clock=clock)
    assert limits.charge("sendMessage", 7) is None
    assert limits.charge("editMessageMedia", 7) == 1, "edits count too"
    assert limits.charge("sendMessage", 8) is None, "another chat has its own second"
    clock.now += 1.0
    assert limits.charge("sendPhoto", 7) is None


def test_twenty_messages_a_minute_in_a_group() -> None:
    clock = Clock()
    limits = FloodLimits(clock=clock)
    for _ in range(20):
        assert limits.charge("sendMessage", -100) is None
        clock.now += 1.0
    # The first of the twenty was sent 20 s ago: the group may write again in 40 s.
    assert limits.charge("editMessageReplyMarkup", -100) == 40
    clock.now += 40.0
    assert limits.charge("sendMessage", -100) is None


def test_thirty_messages_a_second_in_all() -> None:
    clock = Clock()
    limits = FloodLimits(clock=clock)
    for chat in range(1, 31):
        assert limits.charge("sendMessage", chat) is None
    assert limits.charge("sendMessage", 31) == 1
    clock.now += 1.0
    assert limits.charge("sendMessage", 31) is None


def test_the_thirty_a_second_in_all_can_be_lifted_but_not_a_chats_limits() -> None:
    # As for a bot with paid broadcasts: bench/capacity.py measures the machines past 30/s.
    clock = Clock()
    limits = FloodLimits(clock=clock, overall=None)
    for chat in range(1, 101):
        assert limits.charge("sendMessage", chat) is None
    assert limits.charge("editMessageMedia", 7) == 1, "a chat's second still holds"
    for _ in range(19):
        clock.now += 1.0
        assert limits.charge("sendMessage", -100) is None
    clock.now += 1.0
    assert limits.charge("sendMessage", -100) is None
    clock.now += 1.0
    assert limits.charge("sendMessage", -100) == 40, "and a group's twenty a minute"


def test_answers_and_polls_do_not_count() -> None:
    limits = FloodLimits(clock=Clock())
    assert limits.charge("sendMessage", 7) is None
    for method in ("answerCallbackQuery", "getUpdates", "setMyCommands", "sendChatAction"):
        assert not counts(method)
        assert limits.charge(method, 7) is None


def test_a_scaled_fake_counts_on_a_faster_clock() -> None:
    clock = Clock()
    limits = FloodLimits(scale=0.02, clock=clock)
    assert limits.charge("sendMessage", 7) is None
    assert limits.charge("sendMessage", 7) == 0.02
    clock.now += 0.02
    assert limits.charge("sendMessage", 7) is None


async def test_the_fake_answers_a_flood_as_telegram_does() -> None:
    fake = FakeBotApi()
    url = await fake.start()
    chat = fake.group(-100500, "Clube")
    try:
        async with aiohttp.ClientSession() as session:
            address = f"{url}/bot{TOKEN}/sendMessage"
            first = await session.post(address, json={"chat_id": chat["id"], "text": "a"})
            assert first.status == 200
            second = await session.post(address, json={"chat_id": chat["id"], "text": "b"})
            assert second.status == 429
            assert await second.json() == {
                "ok": False,
                "error_code": 429,
                "description": "Too Many Requests: retry after 1",
                "parameters": {"retry_after": 1},
            }
    finally:
        await fake.close()
    assert fake.texts(chat) == ["a"], "a refused message is not sent"


async def test_a_forums_topics_share_the_groups_twenty_a_minute() -> None:
    fake = FakeBotApi(limit_scale=SCALE)
    url = await fake.start()
    forum = fake.forum(-100510, "Clube")
    try:
        async with aiohttp.ClientSession() as session:

            async def call(method: str, **params: Any) -> aiohttp.ClientResponse:
                await asyncio.sleep(1.5 * SCALE)  # past the chat's one a second
                address = f"{url}/bot{TOKEN}/{method}"
                return await session.post(address, json={"chat_id": forum["id"], **params})

            opened = await call("createForumTopic", name="Mesa 1")
            assert opened.status == 200, "opening a topic is the group's first message"
            topic = (await opened.json())["result"]["message_thread_id"]
            for number in range(19):
                where = {"message_thread_id": topic} if number % 2 else {}
                sent = await call("sendMessage", text=f"{number}", **where)
                assert sent.status == 200, await sent.json()
            refused = await call("sendMessage", text="21st", message_thread_id=topic)
            assert refused.status == 429
            assert (await refused.json())["parameters"]["retry_after"] > 0
    finally:
        await fake.close()
    assert "21st" not in fake.texts(forum)


# -- the bot's budget ------------------------------------------------------------------------


async def test_a_newer_edit_of_a_message_replaces_the_one_waiting() -> None:
    budget = Budget(Pacing(private_interval=0.05))
    went: list[tuple[str, bool]] = []

    async def edit(name: str) -> None:
        async with budget.turn("7", edited=3) as replaced:
            went.append((name, replaced))

    await edit("first")
    # The chat's next turn is 50 ms away: both wait; only the newest goes out.
    await asyncio.gather(edit("second"), edit("third"))
    assert went == [("first", False), ("second", True), ("third", False)]


async def test_each_call_also_waits_for_its_chats_turn_among_the_bots_processes() -> None:
    asked: list[tuple[str, ChatPace]] = []

    async def shared(chat_id: str, pace: ChatPace) -> float:
        asked.append((chat_id, pace))
        return 0.3  # another process holds the next 0.3 s of this chat

    budget = Budget(Pacing(), wrote_lately=False, shared=shared)
    loop = asyncio.get_running_loop()
    for chat in ("-100", "42"):
        began = loop.time()
        async with budget.turn(chat) as replaced:
            assert not replaced
            assert loop.time() - began >= 0.3
    # A group: a second apart, two at once, then one every 60/17 s (19 in any minute); a
    # private chat: a second apart; both half a second later after another process's call.
    assert asked == [
        ("-100", ChatPace(1.0, 60 / 17, 60 / 17, 0.5)),
        ("42", ChatPace(1.0, 1.0, 0.0, 0.5)),
    ]


async def test_chats_take_turns_in_the_global_budget() -> None:
    budget = Budget(Pacing(private_interval=0.0, overall_per_second=20.0))
    went: list[str] = []

    async def call(chat: str) -> None:
        async with budget.turn(chat):
            went.append(chat)

    await asyncio.gather(*(call("1") for _ in range(5)), call("2"))
    # Chat 1's first call goes at once; it holds at most one slot ahead of chat 2 after that
    # (first come, first served, it would hold all five).
    assert went.index("2") <= 2, went


async def test_a_group_spends_its_store_then_keeps_to_its_pace_and_window() -> None:
    pacing = Pacing(
        private_interval=0.01, group_interval=0.2, group_burst=2, group_most=3, group_window=1.0
    )
    budget = Budget(pacing, wrote_lately=False)
    loop = asyncio.get_running_loop()
    began: list[float] = []
    for _ in range(4):
        async with budget.turn("-100"):
            began.append(loop.time())
    gaps = [later - earlier for earlier, later in itertools.pairwise(began)]
    # Two at once from the store (a quiet group's move), the third when the store is topped
    # up, the fourth only when the first has left the window (at most 3 a second here).
    assert gaps[0] < 0.1, gaps
    assert 0.15 < gaps[1] < 0.35, gaps
    assert began[3] - began[0] >= 0.99, gaps


def most_in_a_window(times: list[float], window: float) -> int:
    """The most of `times` that fall in any `window` seconds."""
    ordered = sorted(times)
    return max(
        (sum(1 for t in ordered[i:] if t < start + window) for i, start in enumerate(ordered)),
        default=0,
    )


async def test_a_restart_keeps_to_the_groups_minute() -> None:
    """A process calls in a group as fast as its pacing lets it, dies, and the next one
    starts at once: together they never pass the pacing's most in a window (Telegram would
    refuse the 21st), and the new one's first call waits only for the oldest to leave."""
    pacing = replace(QUICK, group_most=19)
    loop = asyncio.get_running_loop()
    began: list[float] = []

    async def calls(budget: Budget, count: int) -> None:
        for _ in range(count):
            async with budget.turn("-100"):
                began.append(loop.time())

    await calls(Budget(pacing), 12)
    restarted = loop.time()
    # A restart at once: the new process knows only that the bot wrote lately.
    await calls(Budget(pacing), 10)
    assert most_in_a_window(began, pacing.group_window) <= pacing.group_most
    first_wait = began[12] - restarted
    # The oldest of the 19 calls the pacing allows in a minute leaves 9 s after the start
    # (here on a clock 50 times faster).
    assert first_wait < 10.5 * SCALE, first_wait


async def test_a_start_after_a_quiet_minute_sends_at_once() -> None:
    """Nothing was sent in the last window: a group's first call and a private chat's go at
    once, and the group's second a second later, from its store (spent, they would wait 9 s,
    a second, and 12 s)."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    budget = Budget(Pacing(), wrote_lately=False)
    went: list[float] = []

    async def call(chat: str) -> None:
        async with budget.turn(chat):
            went.append(loop.time() - started)

    await asyncio.gather(call("-100"), call("7"), call("-100"))
    assert max(went[:2]) < 0.5, went
    assert went[2] < 1.5, went


async def test_a_private_chat_starts_a_second_after_the_start() -> None:
    loop = asyncio.get_running_loop()
    started = loop.time()
    budget = Budget(Pacing(private_interval=0.1))
    async with budget.turn("7"):
        assert loop.time() - started >= 0.1, "the last process may have just written"


# -- the bot under Telegram's limits ---------------------------------------------------------


@pytest.fixture
async def api() -> AsyncIterator[FakeBotApi]:
    """The fake with Telegram's own limits, unscaled."""
    fake = FakeBotApi()
    await fake.start()
    yield fake
    await fake.close()


@pytest.fixture
async def bot(service: GameService, api: FakeBotApi) -> AsyncIterator[Bot]:
    """The bot with its production pacing."""
    running = await start_bot(service, api, Pacing())
    yield running
    await stop_front(running.front, running.settings)
    assert not api.unanswered_presses(), "a press was never answered: its spinner never ends"


async def hammer(api: FakeBotApi, user: dict[str, Any], key: tuple[int, int]) -> list[str]:
    """200 presses in about a second, each on a button the message shows at that moment."""
    rng = random.Random(21)
    queries = []
    for _ in range(200):
        message = api.messages[key]
        queries.append(api.press(user, message, rng.choice(list(api.buttons(message).values()))))
        await asyncio.sleep(0.005)  # a person's fast tapping, not a wait for the bot
    return queries


def shown_version(api: FakeBotApi, key: tuple[int, int]) -> int:
    """The game version the buttons of a board message carry (m:GAME:VERSION:...)."""
    fields = [data.split(":") for data in api.buttons(api.messages[key]).values()]
    return max((int(f[2]) for f in fields if len(f) > 2 and f[2].isdigit()), default=-1)


def written(api: FakeBotApi, chat: dict[str, Any], since: int) -> list[str]:
    """The calls that count against the chat's limits, made after call number `since`."""
    return [
        call.method
        for call in api.calls[since:]
        if counts(call.method) and call.params.get("chat_id") == chat["id"]
    ]


async def test_two_hundred_presses_in_a_second_cost_the_group_a_few_messages(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    ana, _, group, _, board = await group_game(api, service, ("pt-br", "en"))
    since = len(api.calls)
    queries = await hammer(api, ana, (group["id"], board["message_id"]))
    await api.wait_for(lambda: set(queries) <= set(api.answers), "every answer", timeout=30)
    await api.wait_for(lambda: not bot.front.presses.pressing, "the last press handled", timeout=30)
    await service.kernel.background.idle()
    await bot.front.desk.settled()
    calls = written(api, group, since)
    # One press is handled at a time, and its keyboard waits for the group's turn (a message
    # every 3 s): the first press shows its piece's destinations, the others get a toast.
    assert 1 <= len(calls) <= 3, calls
    assert not [c for c in api.calls if c.error and c.error.startswith("Too Many")]
    toasts = [api.answers[query].get("text") for query in queries]
    wait = translate("pt", STILL_PRESSING)
    assert wait != STILL_PRESSING.message, "the toast speaks Ana's language"
    assert toasts.count(wait) >= 190, toasts


@pytest.mark.usefixtures("bot")
async def test_a_move_in_another_chat_gets_its_board_while_someone_hammers(
    api: FakeBotApi, service: GameService
) -> None:
    ana, _, group, _, board = await group_game(api, service)
    caio = api.user(3, "Caio", "caio", "en")
    chat = api.private_chat(caio)
    api.send_text(caio, chat, "/new brazilian vs computer white normal")
    _, mine = await current_board(api, service, chat, 2)
    key = (chat["id"], mine["message_id"])
    piece = next(d for d in api.buttons(mine).values() if d.startswith("p:"))
    await press(api, caio, mine, piece)
    destinations = await api.wait_for(
        lambda: [d for d in api.buttons(api.messages[key]).values() if d.startswith("m:")],
        "the destinations of Caio's piece",
    )
    version = int(destinations[0].split(":")[2])
    hammering = asyncio.create_task(hammer(api, ana, (group["id"], board["message_id"])))
    await asyncio.sleep(0.3)  # a pace: Caio moves while Ana is tapping
    pressed = time.monotonic()
    await press(api, caio, api.messages[key], destinations[0])
    await api.wait_for(lambda: shown_version(api, key) > version, "Caio's new board")
    waited = time.monotonic() - pressed
    queries = await hammering
    await api.wait_for(lambda: set(queries) <= set(api.answers), "every answer", timeout=30)
    # Caio's chat may get a message a second: his board waits for no one else's, not for the
    # group's next turn (a message every 3 s; under the bound, with room for a loaded machine).
    assert waited < 2.9, waited


async def test_a_busy_group_holds_up_no_other_chats_presses(
    service: GameService, api: FakeBotApi
) -> None:
    """Ana's and Bia's joins both wait for the group's next message (the news of each):
    with one place per chat, Caio's press in his own chat still has the other place."""
    settings = replace(quick_settings(api, Pacing()), concurrency=2, chat_concurrency=1)
    front = await start_front(service, TOKEN, settings)
    try:
        ana, bia = api.user(1, "Ana", "ana"), api.user(2, "Bia", "bia")
        group = api.group(-100600, "Clube")
        api.send_text(ana, group, "/tournament new brazilian knockout")
        [opened] = await api.wait_for(
            lambda: [m for m in api.bot_messages(group) if "Join" in api.buttons(m)],
            "the tournament's buttons",
        )
        caio = api.user(3, "Caio", "caio")
        chat = api.private_chat(caio)
        api.send_text(caio, chat, "/new brazilian vs computer white normal")
        _, mine = await current_board(api, service, chat, 1)
        piece = next(d for d in api.buttons(mine).values() if d.startswith("p:"))
        joins = [api.press(person, opened, "tj:1") for person in (ana, bia)]
        started = time.monotonic()
        assert "text" not in await press(api, caio, mine, piece)
        waited = time.monotonic() - started
        await api.wait_for(lambda: set(joins) <= set(api.answers), "the joins", timeout=30)
        await api.wait_for(lambda: len(api.texts(group)) == 3, "the news of both", timeout=30)
    finally:
        await stop_front(front, settings)
    assert waited < 1.0, waited


# -- the request layer -----------------------------------------------------------------------


class Notes:
    """Stands for the service's note of the bot's sends: counts the calls announced."""

    def __init__(self) -> None:
        self.count = 0

    async def __call__(self) -> None:
        self.count += 1


@pytest.fixture
def notes() -> Notes:
    return Notes()


@pytest.fixture
async def paced_bot(
    api: FakeBotApi, notes: Notes, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[ExtBot[None]]:
    """A bot whose calls go through a budget of Telegram's own pacing, to the limited fake."""
    monkeypatch.setenv("PTB_TIMEDELTA", "true")  # as bot.telegram.start_front sets it
    request = PacedRequest(Budget(Pacing()), notes)
    bot: ExtBot[None] = ExtBot(TOKEN, base_url=f"{api.url}/bot", request=request)
    async with bot:
        yield bot


async def test_the_calls_that_count_are_announced_before_they_go(
    api: FakeBotApi, paced_bot: ExtBot[None], notes: Notes
) -> None:
    """The service notes when the bot last wrote (a restart reads it): every call Telegram
    counts is announced, and no other (getMe went when the bot opened, a typing action)."""
    ana = api.user(1, "Ana")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/start")
    await paced_bot.send_chat_action(chat["id"], "typing")
    assert notes.count == 0
    sent = await paced_bot.send_message(chat["id"], "board 1")
    await paced_bot.edit_message_text("board 2", chat["id"], sent.message_id)
    assert notes.count == 2


async def test_an_edit_replaced_while_waiting_never_reaches_telegram(
    api: FakeBotApi, paced_bot: ExtBot[None], notes: Notes
) -> None:
    bot = paced_bot
    ana = api.user(1, "Ana")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/start")
    sent = await bot.send_message(chat["id"], "board 1")
    # The chat's next turn is a second away: the second edit waits, and the third replaces it.
    edits = [bot.edit_message_text(f"board {n}", chat["id"], sent.message_id) for n in (2, 3)]
    second, third = await asyncio.gather(*edits, return_exceptions=True)
    assert isinstance(second, BadRequest), second
    assert is_not_modified(second), second
    assert not isinstance(third, Exception), third
    assert [c.params.get("text") for c in api.calls_of("editMessageText")] == ["board 3"]
    assert api.texts(chat) == ["board 3"]
    assert notes.count == 2, "the edit that never went was not announced"


async def test_a_429_holds_its_chat_back_and_no_other(
    api: FakeBotApi, paced_bot: ExtBot[None]
) -> None:
    bot = paced_bot
    people = [api.user(n, name) for n, name in ((1, "Ana"), (2, "Bia"))]
    chats = [api.private_chat(person) for person in people]
    for person, chat in zip(people, chats, strict=True):
        api.send_text(person, chat, "/start")
    api.flood("sendMessage", retry_after=2)
    with pytest.raises(RetryAfter):
        await bot.send_message(chats[0]["id"], "refused")
    refused = time.monotonic()
    await bot.send_message(chats[1]["id"], "another chat")
    assert time.monotonic() - refused < 0.5, "another chat waits for no one's 429"
    await bot.send_message(chats[0]["id"], "after the wait")
    assert time.monotonic() - refused >= 1.9, "the retry_after was not waited out"
    assert not [c for c in api.calls if c.error and c.error.startswith("Too Many")][1:]
