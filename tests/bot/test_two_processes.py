"""Two real bot processes on one PostgreSQL database (issue 16), each polling its own server
of one fake Telegram (the same chats and messages; each process its own updates, as behind a
webhook's proxy): started together, they send one board as the game begins (issue 41); 50
simultaneous presses of the same board, split over both, land exactly one move; a move through
one process shows on the board; `kill -9` of one process during play loses no confirmed
move, and the other goes on serving. Both schedulers running: a reminder that falls due is
sent once, and a loss on time is shown once."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from storage import NotFound, Store, open_store
from storage.sql.store import open_engine
from tests.fakes.telegram_api import TOKEN, FakeBotApi
from tests.postgres_server import PostgresServer
from tests.waiting import eventually

# Long (about four minutes on two cores, two processes and a PostgreSQL server busy at once):
# run with -m slow, as .ci/run does.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
GROUP = -100100
# Two bot processes and a PostgreSQL server share two cores: a condition may take minutes to
# come, and is looked at every 50 ms (each look may query the server).
SLOWLY = {"timeout": 180.0, "poll": 0.05}


def start_bot(
    database: str, api_url: str, folder: Path, name: str, **settings: str
) -> subprocess.Popen[bytes]:
    """A bot process on `database` and the Bot API at `api_url`, with more `settings`; its
    output in `folder`/`name`.log."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    environment.pop("DISCORD_TOKEN", None)
    environment.update(TELEGRAM_TOKEN=TOKEN, TELEGRAM_API_URL=api_url, DATABASE_URL=database)
    environment.update(settings)
    # Each scheduler looks every second: a deadline the test moves is found at once.
    environment.update(SCHEDULER_INTERVAL="1")
    with (folder / f"{name}.log").open("wb") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "bot"], cwd=folder, env=environment, stderr=log, stdout=log
        )


class Fakes:
    """Two servers of one fake Telegram, one for each process, with Ana, Bia and a group."""

    def __init__(self) -> None:
        first = FakeBotApi()
        self.apis = (first, first.mirror())
        first.user(1, "Ana", "ana")
        first.user(2, "Bia", "bia")
        first.group(GROUP, "Clube")


@pytest.fixture
async def fakes() -> AsyncIterator[Fakes]:
    made = Fakes()
    for api in made.apis:
        await api.start()
    yield made
    for api in made.apis:
        await api.close()


def local_ports(pid: int) -> list[int]:
    """The local ports of the TCP connections the process `pid` holds, by /proc."""
    sockets = set()
    for descriptor in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):  # closed while we looked
            sockets.add(os.readlink(descriptor).removeprefix("socket:[").removesuffix("]"))
    return [
        int(fields[1].rpartition(":")[2], 16)
        for table in ("/proc/net/tcp", "/proc/net/tcp6")
        for fields in (line.split() for line in Path(table).read_text().splitlines()[1:])
        if fields[9] in sockets
    ]


async def version_past(store: Store, game_id: int, past: int) -> int:
    async def moved() -> int:
        try:
            version = await store.version(game_id)
        except NotFound:  # not created yet
            return 0
        return version if version > past else 0

    found: int = await eventually(moved, f"game {game_id} to pass version {past}", **SLOWLY)
    return found


async def kill(bot: subprocess.Popen[bytes], database: str) -> None:
    """kill -9 the bot; back once the server has ended its connections: a COMMIT it had sent
    (still on its way when it died) is then done or undone for good."""
    engine = await open_engine(database)

    async def backends(query: str, *arguments: object) -> list[int]:
        async with engine.writing() as connection:
            return await connection.fetchcolumn(query, *arguments)

    try:
        served = await backends(
            "SELECT pid FROM pg_stat_activity WHERE client_port = ANY($1::int[])",
            local_ports(bot.pid),
        )
        assert served, "the bot's connections to the server were not found"
        bot.send_signal(signal.SIGKILL)
        bot.wait(timeout=10)

        async def ended() -> bool:
            query = "SELECT pid FROM pg_stat_activity WHERE pid = ANY($1::int[])"
            return not await backends(query, served)

        await eventually(ended, "the server ending the killed bot's connections", **SLOWLY)
    finally:
        await engine.close()


async def board_at(api: FakeBotApi, board: dict[str, Any], version: int) -> bool:
    """Whether the board message shows the game at `version` (its buttons carry it)."""
    message = api.messages[(GROUP, board["message_id"])]
    return any(f":1:{version}:" in data for data in api.buttons(message).values())


def edits_per_version(fakes: Fakes, board: dict[str, Any]) -> dict[int, int]:
    """How many times the processes drew and sent the board message at each version (a
    refusal for a flood limit does not count; "message is not modified" does): each move's
    board is drawn by one process, the other finds it shown (or its slot taken)."""
    counted: dict[int, int] = {}
    for api in fakes.apis:
        for call in api.calls_of("editMessageMedia"):
            if str(call.params.get("message_id")) != str(board["message_id"]):
                continue
            if call.error is not None and "not modified" not in call.error:
                continue
            buttons = str(call.params.get("reply_markup", ""))
            for version in {int(found) for found in re.findall(r"'[a-z]+:1:(\d+):", buttons)}:
                counted[version] = counted.get(version, 0) + 1
    return counted


def calls_since(api: FakeBotApi, moment: float) -> list[str]:
    """What the bot asked of `api` since `moment`: each method, its message and its error."""
    return [
        f"{call.method} {call.params.get('message_id', '')} {call.params.get('text', '')}"
        f" {str(call.params.get('reply_markup', ''))[:80]} {call.error or 'ok'}"
        for call in api.calls
        if call.at >= moment and call.method != "getUpdates"
    ]


@asynccontextmanager
async def two_bots(
    database: str, fakes: Fakes, folder: Path, *, count: int = 2
) -> AsyncIterator[list[subprocess.Popen[bytes]]]:
    """A bot process for each fake API (the first `count` of them), on one database,
    started together; stopped at the end, with any the test adds to the list (if still
    up)."""
    bots = [
        start_bot(database, api.url, folder, name)
        for api, name in list(zip(fakes.apis, ("first", "second"), strict=True))[:count]
    ]
    try:
        yield bots
    finally:
        for bot in bots:
            if bot.poll() is None:
                bot.send_signal(signal.SIGTERM)
        for bot in bots:
            try:
                bot.wait(timeout=20)
            except subprocess.TimeoutExpired:
                bot.kill()
                bot.wait()


async def start_game(store: Store, fakes: Fakes, options: str = "") -> dict[str, Any]:
    """Ana challenges Bia through the first bot and Bia accepts: one board (both processes
    show the new game: one of them sends it); then waits for the second bot's first answer."""
    first, second = fakes.apis
    ana, bia = first.users[1], first.users[2]
    group = first.chats[GROUP].info
    first.send_text(bia, group, "olá")  # the first bot now knows @bia
    first.send_text(ana, group, f"/new brazilian vs @bia white {options}".strip())

    async def challenge() -> list[dict[str, Any]]:
        return [m for m in first.bot_messages(group) if first.buttons(m)]

    (offer, *_) = await eventually(challenge, "the challenge (is the first bot up?)", **SLOWLY)
    accept = next(data for data in first.buttons(offer).values() if data.startswith("a:"))
    first.press(bia, offer, accept)
    await version_past(store, 1, 0)

    shown = (await eventually(lambda: first.boards(group), "the board", **SLOWLY))[-1]

    async def recorded() -> bool:
        return any(m.message_id == str(shown["message_id"]) for m in await store.board_messages(1))

    await eventually(recorded, "the board's message stored", **SLOWLY)
    second.send_text(ana, group, "/help")

    async def second_up() -> list[Any]:
        return second.calls_of("sendMessage")

    await eventually(second_up, "the second bot's first answer", **SLOWLY)
    # Each process has read the new game from the database by now (it wakes at once): a
    # window in which a second board, sent by the other process, would come.
    await asyncio.sleep(2)
    # (A try refused with a 429 and made again sends nothing: the two share the group's
    # flood limits.)
    tries = [call for api in fakes.apis for call in api.calls_of("sendPhoto")]
    sent = [call for call in tries if call.error is None]
    assert len(sent) == 1, [(call.params.get("caption"), call.error) for call in tries]
    assert len(first.boards(group)) == 1
    return shown


async def test_two_processes_share_one_database(
    tmp_path: Path, postgres_server: PostgresServer, fakes: Fakes
) -> None:
    database = postgres_server.new_database()
    async with two_bots(database, fakes, tmp_path) as bots, await open_store(database) as store:
        await play_in_both(database, store, fakes, bots, tmp_path)


async def play_in_both(
    database: str, store: Store, fakes: Fakes, bots: list[subprocess.Popen[bytes]], folder: Path
) -> None:
    first, second = fakes.apis
    ana, bia = first.users[1], first.users[2]
    shown = await start_game(store, fakes)

    # 50 presses at once of moves of the board at version 1 (any of Ana's first moves),
    # split over both processes: one lands.
    presses = [
        (api, message, f"m:1:1:{number % 7}")
        for number in range(25)
        for api, message in ((first, shown), (second, shown))
    ]
    queries = [(api, api.press(ana, message, data)) for api, message, data in presses]

    async def all_answered() -> bool:
        return all(query in api.answers for api, query in queries)

    await eventually(all_answered, "an answer to each of the 50 presses", **SLOWLY)
    assert await store.version(1) == 2
    assert len(await store.moves(1)) == 1

    # Play on, each move through the other process: both boards show every move (the other
    # process hears of it from the database); then kill -9 the first in mid-play.
    confirmed = 1
    for ply in range(2, 6):
        api, message = ((first, shown), (second, shown))[ply % 2]
        player = (ana, bia)[(ply - 1) % 2]
        api.press(player, message, f"m:1:{ply}:0")
        version = await version_past(store, 1, ply)
        pressed_at = time.monotonic()
        for each in fakes.apis:
            try:
                await eventually(
                    partial(board_at, each, shown, version),
                    f"the board of {each.url} at version {version}",
                    **SLOWLY,
                )
            except AssertionError as error:
                raise AssertionError(
                    f"{error}; its calls: {calls_since(each, pressed_at)}"
                ) from None
        confirmed = ply
    await asyncio.sleep(2)  # a window for a second edit of the last board
    # The moves played one at a time (the first came among 50 presses, whose refusals
    # redraw the board as it stood).
    one_by_one = {v: n for v, n in edits_per_version(fakes, shown).items() if v > 2}
    assert one_by_one == dict.fromkeys(range(3, confirmed + 2), 1)
    first.press(ana, shown, f"m:1:{confirmed + 1}:0")
    await kill(bots[0], database)
    version = await store.version(1)
    log = await store.moves(1)
    assert [move.ply for move in log] == list(range(1, len(log) + 1))
    assert len(log) >= confirmed, "every confirmed move is still in the log"

    # The second process goes on serving: the player to move plays through it.
    player = (ana, bia)[len(log) % 2]
    query = second.press(player, shown, f"m:1:{version}:0")
    await version_past(store, 1, version)

    async def answered() -> bool:
        return query in second.answers

    await eventually(answered, "the second bot's answer after the first was killed", **SLOWLY)
    assert bots[1].poll() is None
    second_log = (folder / "second.log").read_text()
    assert "Traceback" not in second_log, second_log


async def test_a_process_starting_while_another_sends_a_new_board_sends_none(
    tmp_path: Path, postgres_server: PostgresServer, fakes: Fakes
) -> None:
    """The second process starts as the first sends the first board of a new game, which
    comes back late: the second, bringing its chats' boards up to date, finds the game with
    no board stored, and leaves it to the first (which holds the board's slot)."""
    database = postgres_server.new_database()
    first, second = fakes.apis
    ana, bia = first.users[1], first.users[2]
    group = first.chats[GROUP].info
    async with (
        two_bots(database, fakes, tmp_path, count=1) as bots,
        await open_store(database) as store,
    ):
        first.send_text(bia, group, "olá")  # the bot now knows @bia
        first.send_text(ana, group, "/new brazilian vs @bia white")

        async def challenge() -> list[dict[str, Any]]:
            return [m for m in first.bot_messages(group) if first.buttons(m)]

        (offer, *_) = await eventually(challenge, "the challenge", **SLOWLY)
        # Late, but within the bot's read timeout (10 s): a call that timed out is made again.
        first.delay("sendPhoto", 8.0)
        first.press(bia, offer, next(d for d in first.buttons(offer).values() if d[:2] == "a:"))
        await eventually(lambda: first.calls_of("sendPhoto"), "the board on its way", **SLOWLY)
        bots.append(start_bot(database, second.url, tmp_path, "second"))
        second.send_text(ana, group, "/help")
        await eventually(
            lambda: second.calls_of("sendMessage"), "the second bot's first answer", **SLOWLY
        )

        async def stored() -> bool:
            return bool(await store.board_messages(1))

        await eventually(stored, "the first board's message stored", **SLOWLY)
        # A window: the second process, started within a minute of the bot's last message,
        # holds its first message in the group for 9 s (bot/telegram/sending/budget.py); a
        # second board would come within it.
        await asyncio.sleep(12)
        assert [call for call in second.calls_of("sendPhoto") if call.error is None] == []
        assert len(first.boards(group)) == 1


async def set_deadline(database: str, game_id: int, seconds_from_now: float) -> None:
    """Move the deadline of the game's running turn, as if days had passed."""
    engine = await open_engine(database)
    try:
        async with engine.writing() as connection:
            await connection.execute(
                "UPDATE clocks SET due_at = $1 WHERE game_id = $2",
                time.time() + seconds_from_now,
                game_id,
            )
    finally:
        await engine.close()


def said(fakes: Fakes, words: str) -> list[str]:
    """The bot messages of the group that hold `words` (texts and board captions)."""
    api = fakes.apis[0]
    return [
        content
        for message in api.bot_messages(api.chats[GROUP].info)
        if words in (content := message.get("text") or message.get("caption") or "")
    ]


async def test_both_schedulers_remind_and_end_on_time_once(
    tmp_path: Path, postgres_server: PostgresServer, fakes: Fakes
) -> None:
    database = postgres_server.new_database()
    first, _ = fakes.apis
    ana = first.users[1]
    async with two_bots(database, fakes, tmp_path) as bots, await open_store(database) as store:
        board = await start_game(store, fakes, "3d")
        first.press(ana, board, "m:1:1:0")
        await version_past(store, 1, 1)
        # Bia's turn, with two hours left: the reminder of 24 hours before is due at once
        # (that of one hour before is not), for both schedulers.
        await set_deadline(database, 1, 2 * 60 * 60)

        async def reminded() -> list[str]:
            return said(fakes, "it is your move")

        await eventually(reminded, "the reminder", **SLOWLY)
        await asyncio.sleep(3)  # a window: three more looks of each scheduler remind no more
        assert len(said(fakes, "it is your move")) == 1, said(fakes, "it is your move")

        group = first.chats[GROUP].info
        boards_before = len(first.boards(group))
        await set_deadline(database, 1, -1)
        await eventually(lambda: store_finished(store), "the loss on time", **SLOWLY)

        async def all_told() -> bool:
            told = [said(fakes, f"{who} ran out of time in game #1.") for who in ("You", "Bia")]
            return len(first.boards(group)) > boards_before and all(told)

        await eventually(all_told, "the result's board and notices", **SLOWLY)
        await asyncio.sleep(3)  # a window: three more looks of each scheduler: nothing more comes
        # One new board (a correspondence game's move is a new message): the process that
        # decided and the other, from the database's change, both show it, one sends it;
        # each player told once.
        captions = [board["caption"] for board in first.boards(group)[boards_before:]]
        assert len(captions) == 1, captions
        assert "Ana won game #1: time ran out." in captions[0]
        assert len(said(fakes, "You ran out of time in game #1.")) == 1
        assert len(said(fakes, "Bia ran out of time in game #1.")) == 1
        for bot, name in zip(bots, ("first", "second"), strict=True):
            assert bot.poll() is None
            log = (tmp_path / f"{name}.log").read_text()
            assert "Traceback" not in log, log


async def store_finished(store: Store) -> bool:
    return (await store.get_game(1)).status == "finished"


BOARD_CALLS = ("sendPhoto", "editMessageMedia", "editMessageCaption", "editMessageReplyMarkup")


async def test_a_restart_with_nothing_changed_sends_nothing(
    tmp_path: Path, postgres_server: PostgresServer, fakes: Fakes
) -> None:
    database = postgres_server.new_database()
    first = fakes.apis[0]
    ana, bia = first.users[1], first.users[2]
    async with two_bots(database, fakes, tmp_path), await open_store(database) as store:
        board = await start_game(store, fakes)
        for ply, player in ((1, ana), (2, bia)):
            first.press(player, board, f"m:1:{ply}:0")
            version = await version_past(store, 1, ply)

            async def shown(version: int = version) -> bool:
                messages = await store.board_messages(1)
                return bool(messages) and all(m.version >= version for m in messages)

            await eventually(shown, f"the board of version {version} shown", **SLOWLY)
    # Both stopped; then both start again.
    before = [len(api.calls_of(*BOARD_CALLS)) for api in fakes.apis]
    async with two_bots(database, fakes, tmp_path):
        for api in fakes.apis:
            group = api.chats[GROUP].info
            answers = len(api.texts(group))
            api.send_text(ana, group, "/help")

            async def answered(api: FakeBotApi = api, answers: int = answers) -> bool:
                return len(api.texts(api.chats[GROUP].info)) > answers

            await eventually(answered, f"{api.url} answering after the restart", **SLOWLY)
        # Each process has followed the other's changes since its start (it wakes at once):
        # a window in which a board shown again would come.
        await asyncio.sleep(2)
        after = [len(api.calls_of(*BOARD_CALLS)) for api in fakes.apis]
    assert after == before, [
        (call.method, call.params.get("caption"))
        for api in fakes.apis
        for call in api.calls_of(*BOARD_CALLS)[-3:]
    ]


async def test_a_takeback_asked_through_one_process_is_accepted_through_the_other(
    tmp_path: Path, postgres_server: PostgresServer, fakes: Fakes
) -> None:
    database = postgres_server.new_database()
    first, second = fakes.apis
    ana, bia = first.users[1], first.users[2]
    async with two_bots(database, fakes, tmp_path), await open_store(database) as store:
        board = await start_game(store, fakes, "casual")
        first.press(ana, board, "m:1:1:0")
        version = await version_past(store, 1, 1)
        first.send_text(ana, first.chats[GROUP].info, "/takeback")
        await version_past(store, 1, version)  # the request is stored with the game
        second.send_text(bia, second.chats[GROUP].info, "/takeback accept")

        async def taken_back() -> bool:
            return not await store.moves(1)

        await eventually(taken_back, "the move taken back through the other process", **SLOWLY)
