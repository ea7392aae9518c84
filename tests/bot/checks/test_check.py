"""`python -m bot check` (issue 24, item 1) through the project's fakes of Telegram and
Discord: who the bot is, privacy mode, refused tokens, the invite link and the commands, the
database; exit 0 when nothing is wrong, 1 with one line per problem."""

from __future__ import annotations

import asyncio
import shlex
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.permissions import invite_url
from storage import ChatRef, open_store
from tests.fakes import discord_api, telegram_api
from tests.fakes.discord_api import FakeDiscord
from tests.fakes.telegram_api import FakeBotApi
from tests.processes import ROOT, bot_environment


@pytest.fixture
async def telegram() -> AsyncIterator[FakeBotApi]:
    fake = FakeBotApi()
    await fake.start()
    yield fake
    await fake.close()


@pytest.fixture
async def discord_fake() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    yield fake
    await fake.close()


async def check(folder: Path, *arguments: str, **environment: str) -> tuple[int, list[str]]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "check",
        "--db",
        str(folder / "bot.sqlite3"),
        *arguments,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=folder,
        env=bot_environment(LANG="C.UTF-8", **environment),
    )
    output, errors = await asyncio.wait_for(process.communicate(), 60)
    assert not errors, errors.decode()
    assert process.returncode is not None
    return process.returncode, output.decode().splitlines()


async def test_telegram_with_privacy_mode_on_and_then_off(
    telegram: FakeBotApi, tmp_path: Path
) -> None:
    status, lines = await check(
        tmp_path, TELEGRAM_TOKEN=telegram_api.TOKEN, TELEGRAM_API_URL=telegram.url
    )
    assert status == 0, lines
    assert lines[0] == (
        f"✓ Telegram: the bot is Damas (@{telegram_api.BOT_USERNAME}), "
        f"https://t.me/{telegram_api.BOT_USERNAME}"
    )
    assert lines[1].startswith("✓ Privacy mode is on: in groups the bot reads only commands")
    assert "not set yet" in lines[2]
    assert "does not exist yet" in lines[-1]
    telegram.bot_user["can_read_all_group_messages"] = True
    status, lines = await check(
        tmp_path,
        "--lang",
        "pt",
        TELEGRAM_TOKEN=telegram_api.TOKEN,
        TELEGRAM_API_URL=telegram.url,
    )
    assert status == 0, lines
    assert lines[1].startswith("✓ O modo de privacidade está desligado"), lines[1]


async def test_refused_tokens_are_problems(
    telegram: FakeBotApi, discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    status, lines = await check(
        tmp_path,
        TELEGRAM_TOKEN="1234567:AAWrongTokenButShapedAsOne-0123456789",
        TELEGRAM_API_URL=telegram.url,
        DISCORD_TOKEN="V3JvbmdCb3RCdXRTaGFwZWQ.AbCdEf.wrong-token-but-shaped-as-one-00",
        DISCORD_API_URL=discord_fake.api_url,
    )
    assert status == 1
    assert lines[0].startswith("✗ Telegram refused TELEGRAM_TOKEN: copy the bot's token")
    assert lines[1].startswith("✗ Discord refused DISCORD_TOKEN: in the Developer Portal")
    assert lines[-1] == "Problems to mend: 2."


async def test_discord_names_the_invite_link_and_the_commands(
    discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    environment = {"DISCORD_TOKEN": discord_api.TOKEN, "DISCORD_API_URL": discord_fake.api_url}
    status, lines = await check(tmp_path, **environment)
    assert status == 0, lines
    assert lines[0] == "✓ Discord: the application damas-bot, its bot user damas-bot."
    assert lines[1].startswith("✓ Intents: the bot needs only Guilds")
    assert invite_url(str(discord_api.APPLICATION_ID)) in lines[2]
    assert "scope=bot+applications.commands&permissions=309237763072" in lines[2]
    assert lines[3].startswith("✓ No slash command is registered yet")
    discord_fake.commands = [{"name": "new"}, {"name": "move"}]
    status, lines = await check(tmp_path, **environment)
    assert lines[3] == "✓ 2 slash commands are registered."


async def test_the_database_schema_and_its_backup(tmp_path: Path) -> None:
    await (await open_store(tmp_path / "bot.sqlite3")).close()
    before = (tmp_path / "bot.sqlite3").read_bytes()
    status, lines = await check(tmp_path)
    assert status == 0, lines
    assert lines[0].startswith("✓ No chat token is set")
    assert "is reachable, at schema" in lines[1]
    assert "MB free on its disk." in lines[2]
    assert lines[3] == (
        "✓ Back it up, while the bot runs too, with: python -m storage backup "
        f"{tmp_path / 'bot.sqlite3'} {tmp_path / 'backups' / 'bot.sqlite3'}"
    )
    assert (tmp_path / "bot.sqlite3").read_bytes() == before, "check wrote to the database"
    (tmp_path / "bot.sqlite3").write_bytes(b"not a database" * 100)
    status, lines = await check(tmp_path)
    assert status == 1
    assert lines[1].startswith("✗ The database ")


@pytest.mark.parametrize(
    "name", ["damas-backup.sqlite3", "backups/damas.sqlite3", "club 2026.sqlite3"]
)
async def test_the_backup_it_proposes_runs_and_never_lands_on_the_database(
    tmp_path: Path, name: str
) -> None:
    """Whatever the database is called (the old proposal backed `damas-backup.sqlite3` up
    onto itself), the command check proposes, run as printed, writes a backup beside it."""
    database = tmp_path / name
    async with await open_store(database) as store:
        await store.player_for_identity("telegram", "1", "Ana", "pt-BR")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "check",
        "--db",
        name,
        stdout=asyncio.subprocess.PIPE,
        cwd=tmp_path,
        env=bot_environment(LANG="C.UTF-8"),
    )
    output, _ = await asyncio.wait_for(process.communicate(), 60)
    [line] = [line for line in output.decode().splitlines() if "Back it up" in line]
    command = line.partition("with: ")[2]
    words = shlex.split(command)
    assert words[:4] == ["python", "-m", "storage", "backup"], line
    assert words[4] == name
    assert (tmp_path / words[5]).resolve() != database.resolve()
    done = subprocess.run(
        [sys.executable, *words[1:]],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=bot_environment(),
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "1 players" in done.stdout
    assert (tmp_path / words[5]).is_file()


async def test_the_bot_must_manage_topics_where_a_tournament_uses_them(
    telegram: FakeBotApi, tmp_path: Path
) -> None:
    topics = telegram.forum(-100950, "Clube de Damas", can_manage_topics=False)
    plain = telegram.group(-100960, "Família")
    async with await open_store(tmp_path / "bot.sqlite3") as store:
        organiser = await store.player_for_identity("telegram", "7", "Ana", "pt-BR")
        for chat, boards in ((topics, "threads"), (plain, "group")):
            place = ChatRef("telegram", str(chat["id"]))
            await store.create_tournament(
                place, organiser.id, "brazilian", "knockout", {"boards": boards}
            )
    environment = {"TELEGRAM_TOKEN": telegram_api.TOKEN, "TELEGRAM_API_URL": telegram.url}
    status, lines = await check(tmp_path, **environment)
    assert status == 1, lines
    [topic_line] = [line for line in lines if "Tournament #" in line]
    assert topic_line.startswith(
        "✗ Tournament #1 puts its boards in topics of the group Clube de Damas, but the bot is "
        "not an administrator who may manage topics"
    ), topic_line
    telegram.chats[-100950].can_manage_topics = True
    status, lines = await check(tmp_path, "--lang", "pt", **environment)
    assert status == 0, lines
    assert [line for line in lines if "#" in line] == [
        "✓ Torneio #1: o bot pode abrir tópicos no grupo Clube de Damas."
    ]


# -- issue 37, item 14: the organiser's check in his language ---------------------------------


@pytest.mark.parametrize(
    ("language", "malformed"),
    [
        ("pt", ("✗ TELEGRAM_TOKEN não é um token de bot do Telegram", "✗ DISCORD_TOKEN não é um")),
        ("it", ("✗ TELEGRAM_TOKEN non è un token di bot di Telegram", "✗ DISCORD_TOKEN non è un")),
    ],
)
async def test_a_malformed_token_is_named_before_any_platform_is_asked(
    telegram: FakeBotApi,
    discord_fake: FakeDiscord,
    tmp_path: Path,
    language: str,
    malformed: tuple[str, str],
) -> None:
    for token in ("abc", telegram_api.TOKEN[:-10]):  # a placeholder, a token cut short
        status, lines = await check(
            tmp_path,
            "--lang",
            language,
            TELEGRAM_TOKEN=token,
            TELEGRAM_API_URL=telegram.url,
            DISCORD_TOKEN="abc",
            DISCORD_API_URL=discord_fake.api_url,
        )
        assert status == 1
        assert lines[0].startswith(malformed[0]), (token, lines)
        assert lines[1].startswith(malformed[1]), lines
    assert not telegram.calls_of("getMe"), "a malformed token is not sent"
    assert not [call for call in discord_fake.calls if "/users/@me" in call.path]


@pytest.mark.parametrize(
    ("language", "advice"),
    [
        ("pt", ("✗ O Telegram está inacessível (", "ping api.telegram.org", "HTTPS_PROXY")),
        ("it", ("✗ Telegram non è raggiungibile (", "ping api.telegram.org", "HTTPS_PROXY")),
    ],
)
async def test_an_unreachable_platform_comes_with_advice(
    tmp_path: Path, language: str, advice: tuple[str, ...]
) -> None:
    status, lines = await check(
        tmp_path,
        "--lang",
        language,
        TELEGRAM_TOKEN=telegram_api.TOKEN,
        TELEGRAM_API_URL="http://127.0.0.1:9",  # nothing listens on the discard port
    )
    assert status == 1
    assert lines[0].startswith(advice[0]), lines
    assert all(part in lines[0] for part in advice[1:]), lines[0]


@pytest.mark.parametrize(
    ("language", "guide"), [("pt", "docs/hosting.pt.md"), ("it", "docs/hosting.it.md")]
)
async def test_without_a_token_the_guide_in_the_readers_language(
    tmp_path: Path, language: str, guide: str
) -> None:
    status, lines = await check(tmp_path, "--lang", language)
    assert status == 0, lines
    assert guide in lines[0], lines[0]
    assert "README" not in lines[0]
    assert (ROOT / guide).is_file()
