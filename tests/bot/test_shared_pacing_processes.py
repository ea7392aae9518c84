"""Two real bot processes behind one webhook proxy share each chat's flood limit (issue 41):
Telegram counts a group's twenty messages a minute whichever process sent them, and the fake
refuses the twenty-first with a 429 as Telegram does. Twenty-four commands typed at once in
a group, spread over both processes, each answered in the group: every answer arrives, and
none is refused, because each process takes the group's turns from the database
(bot/service/sends/chat_turns.py) and not only from its own pacing."""

from __future__ import annotations

import signal
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.test_two_processes import GROUP, SLOWLY, start_bot
from tests.fakes.telegram_api import FakeBotApi
from tests.postgres_server import PostgresServer, free_port
from tests.round_robin_proxy import RoundRobinProxy
from tests.waiting import eventually

# Long (two processes and a PostgreSQL server on two cores, and a minute and a half of a
# group's pace): run with -m slow.
pytestmark = pytest.mark.slow

PUBLIC = "https://damas.example"
COMMANDS = 24  # more than a group's twenty a minute


@pytest.fixture
async def api() -> AsyncIterator[FakeBotApi]:
    fake = FakeBotApi()  # Telegram's own limits, on Telegram's clock
    await fake.start()
    fake.user(1, "Ana", "ana")
    fake.group(GROUP, "Clube")
    yield fake
    await fake.close()


async def test_two_processes_keep_to_one_groups_twenty_a_minute_together(
    tmp_path: Path, postgres_server: PostgresServer, api: FakeBotApi
) -> None:
    database = postgres_server.new_database()
    ports = [free_port() for _ in range(2)]
    proxy = RoundRobinProxy([f"http://127.0.0.1:{port}" for port in ports])
    api.route(PUBLIC, await proxy.start())
    bots = [
        start_bot(
            database,
            api.url,
            tmp_path,
            f"bot{number}",
            TELEGRAM_WEBHOOK_URL=f"{PUBLIC}/telegram",
            TELEGRAM_WEBHOOK_LISTEN=f"127.0.0.1:{port}",
        )
        for number, port in enumerate(ports)
    ]
    try:
        await eventually(
            lambda: len(api.calls_of("setWebhook")) == 2, "the two processes up", **SLOWLY
        )
        group = api.chats[GROUP].info
        for _ in range(COMMANDS):
            # Answered in the group: "I do not know @nobody yet".
            api.send_text(api.users[1], group, "/new brazilian vs @nobody")

        async def all_answered() -> bool:
            return len(api.texts(group)) >= COMMANDS

        await eventually(all_answered, lambda: f"{len(api.texts(group))} answers", **SLOWLY)
        assert api.texts(group) == [api.texts(group)[0]] * COMMANDS
        in_group = [call for call in api.calls if call.params.get("chat_id") == GROUP]
        refused = [call for call in in_group if (call.error or "").startswith("Too Many")]
        assert refused == [], f"{len(refused)} of {len(in_group)} calls refused"
        # Each process answered its share.
        assert len(proxy.forwarded) == 2, proxy.forwarded
        for number in range(2):
            log = (tmp_path / f"bot{number}.log").read_text()
            assert "Traceback" not in log, log
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
        await proxy.close()
