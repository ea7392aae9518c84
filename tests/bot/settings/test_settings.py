"""The settings (issue 35, part 4): read once at start from the environment and the .env file
of the folder the bot starts in, the environment winning; validated, with their defaults; said
in the log without a secret; documented in one table; and read nowhere else."""

from __future__ import annotations

import ast
import asyncio
import logging
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.i18n import translate
from bot.refusals import SettingsRefused
from bot.settings import (
    DiscordSettings,
    Settings,
    Shards,
    TelegramSettings,
    WebSettings,
    default_database,
    load_settings,
    read_settings,
)
from bot.settings.parts import DiscordClient, Webhook
from bot.settings.variables import NAMES, VARIABLES
from tests.fakes import telegram_api
from tests.fakes.telegram_api import FakeBotApi
from tests.processes import ROOT, bot_environment

# The one module that reads the environment.
READER = ROOT / "bot" / "settings" / "environment.py"
ENVIRONMENT_NAMES = {"environ", "environb", "getenv", "getenvb"}


def environment_reads(tree: ast.AST) -> Iterator[int]:
    """The lines that read the process's environment: `os.environ` (and `os.getenv`) named
    anywhere but as the target of a write (`os.environ[NAME] = ...`, a bare
    `os.environ.setdefault(...)`: an opt-in a library reads), and `from os import environ`."""
    writes: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            writes.add(id(node.value))
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Attribute)
            and node.value.func.attr == "setdefault"
        ):
            writes.add(id(node.value.func.value))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr in ENVIRONMENT_NAMES
            and isinstance(node.value, ast.Name)
            and node.value.id == "os"
            and id(node) not in writes
        ):
            yield node.lineno
        if isinstance(node, ast.ImportFrom) and node.module == "os":
            yield from [node.lineno] if {a.name for a in node.names} & ENVIRONMENT_NAMES else []


def test_nothing_but_the_settings_reads_the_environment() -> None:
    reads = [
        f"{path.relative_to(ROOT)}:{line}"
        for package in ("bot", "storage", "games", "competition")
        for path in sorted((ROOT / package).rglob("*.py"))
        if path != READER
        for line in environment_reads(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert reads == []
    assert list(environment_reads(ast.parse(READER.read_text(encoding="utf-8"))))


def test_every_way_of_reading_the_environment_is_found() -> None:
    module = """\
import os
from os import getenv
a = os.environ.get("A")
b = os.getenv("B")
c = os.environ["C"]
d = dict(os.environ)
os.environ["E"] = "1"
os.environ.setdefault("F", "1")
"""
    assert sorted(environment_reads(ast.parse(module))) == [2, 3, 4, 5, 6]


# -- reading and validating ------------------------------------------------------------------


def test_without_variables_every_setting_has_its_default() -> None:
    settings = read_settings({})
    assert settings == Settings(database=default_database())
    assert (settings.telegram, settings.discord, settings.web) == (None, None, None)
    assert settings.scheduler_interval == timedelta(seconds=600)
    assert settings.chats() == {}


def test_each_part_gets_its_own_settings() -> None:
    settings = read_settings(
        {
            "TELEGRAM_TOKEN": " 1:telegram ",
            "TELEGRAM_API_URL": "http://127.0.0.1:8081",
            "DISCORD_TOKEN": "discord",
            "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/gateway",
            "DISCORD_SHARD_COUNT": "2",
            "DISCORD_SHARD_IDS": "1",
            "DATABASE_URL": "postgresql://damas@db/damas",
            "SCHEDULER_INTERVAL": "5",
            "WEB_URL": "https://damas.example/",
            "WEB_LISTEN": "[::1]:8443",
            "WEB_APP_NAME": "board",
            "TELEGRAM_BOT_NAME": "damas_bot",
            "LANG": "it_IT.UTF-8",
        }
    )
    assert settings.telegram == TelegramSettings("1:telegram", "http://127.0.0.1:8081")
    assert settings.discord == DiscordSettings(
        "discord", "https://discord.com/api/v10", "ws://127.0.0.1:9/gateway", Shards(2, (1,))
    )
    assert settings.database == "postgresql://damas@db/damas"
    assert settings.scheduler_interval == timedelta(seconds=5)
    web = settings.web
    assert web is not None
    assert (web.url, web.host, web.port) == ("https://damas.example", "::1", 8443)
    assert (web.telegram_token, web.bot_name, web.app_name) == ("1:telegram", "damas_bot", "board")
    assert settings.language == "it_IT.UTF-8"
    assert list(settings.chats()) == ["telegram", "discord"]


def test_the_database_given_with_db_wins_over_database_url() -> None:
    environment = {"DATABASE_URL": "postgresql://damas@db/damas"}
    assert read_settings(environment, "games.sqlite3").database == "games.sqlite3"
    assert read_settings(environment).database == "postgresql://damas@db/damas"


def refusal(environment: dict[str, str], language: str | None = None) -> str:
    with pytest.raises(SettingsRefused) as refused:
        read_settings(environment)
    return translate(language, refused.value.reason)


@pytest.mark.parametrize(
    ("environment", "said"),
    [
        (
            {"TELEGRAM_API_URL": "api.telegram.org"},
            "TELEGRAM_API_URL is an address starting with http:// or https://, not "
            "'api.telegram.org'.",
        ),
        (
            {"DISCORD_API_URL": "https://"},
            "DISCORD_API_URL is an address starting with http:// or https://, not 'https://'.",
        ),
        (
            {"DISCORD_GATEWAY_URL": "https://gateway.discord.gg"},
            "DISCORD_GATEWAY_URL is an address starting with ws:// or wss://, not "
            "'https://gateway.discord.gg'.",
        ),
        (
            {"TELEGRAM_TOKEN": "123:abc def"},
            "TELEGRAM_TOKEN holds a space or a line break: copy the token again, whole.",
        ),
        (
            {"TELEGRAM_BOT_NAME": "@damas_bot"},
            "TELEGRAM_BOT_NAME is a name of letters, digits and _ as @BotFather shows it "
            "(without @), not '@damas_bot'.",
        ),
        (
            {"WEB_URL": "https://x.example", "WEB_SECRET": "s", "WEB_LISTEN": "localhost:70000"},
            "WEB_LISTEN is host:port (e.g. 127.0.0.1:8080), not 'localhost:70000'.",
        ),
        (
            {"DISCORD_SHARD_COUNT": "2", "DISCORD_SHARD_IDS": "0,2"},
            "The shards [0, 2] are not shards 0 to 1 of DISCORD_SHARD_COUNT=2.",
        ),
        (
            {"SCHEDULER_INTERVAL": "1h"},
            "SCHEDULER_INTERVAL is a number of seconds from 1 to 600, not '1h'.",
        ),
        (
            {"TELEGRAM_TOKEN": "1:t", "TELEGRAM_WEBHOOK_URL": "http://bot.example/hook"},
            "TELEGRAM_WEBHOOK_URL is the public https:// address Telegram pushes updates to, "
            "on port 443, 80, 88 or 8443, not 'http://bot.example/hook'.",
        ),
        (
            {"TELEGRAM_TOKEN": "1:t", "TELEGRAM_WEBHOOK_URL": "https://bot.example:8080/hook"},
            "TELEGRAM_WEBHOOK_URL is the public https:// address Telegram pushes updates to, "
            "on port 443, 80, 88 or 8443, not 'https://bot.example:8080/hook'.",
        ),
        (
            {
                "TELEGRAM_TOKEN": "1:t",
                "TELEGRAM_WEBHOOK_URL": "https://bot.example/hook",
                "TELEGRAM_WEBHOOK_SECRET": "a secret!",
            },
            "TELEGRAM_WEBHOOK_SECRET is 1 to 256 letters A-Z and a-z, digits, _ and -.",
        ),
        (
            {
                "TELEGRAM_TOKEN": "1:t",
                "TELEGRAM_WEBHOOK_URL": "https://bot.example/hook",
                "TELEGRAM_WEBHOOK_LISTEN": "8443",
            },
            "TELEGRAM_WEBHOOK_LISTEN is host:port (e.g. 127.0.0.1:8443), not '8443'.",
        ),
    ],
)
def test_a_setting_that_cannot_work_is_refused_saying_what_is_expected(
    environment: dict[str, str], said: str
) -> None:
    assert refusal(environment) == said


def webhook_of(environment: dict[str, str]) -> Webhook:
    telegram = read_settings(environment).telegram
    assert telegram is not None
    assert telegram.webhook is not None
    return telegram.webhook


def test_a_webhook_gets_its_listen_address_and_one_secret_for_every_process() -> None:
    environment = {"TELEGRAM_TOKEN": "1:t", "TELEGRAM_WEBHOOK_URL": "https://bot.example/hook"}
    webhook = webhook_of(environment)
    assert (webhook.url, webhook.host, webhook.port) == (
        "https://bot.example/hook",
        "127.0.0.1",
        8443,
    )
    # Derived from the token: the same in every process, and never the token itself.
    assert webhook.secret == webhook_of(environment).secret
    assert "1:t" not in webhook.secret
    assert webhook_of({**environment, "TELEGRAM_WEBHOOK_SECRET": "Ab_9-x"}).secret == "Ab_9-x"
    assert read_settings({"TELEGRAM_TOKEN": "1:t"}).telegram == TelegramSettings("1:t")


def test_a_refused_address_is_shown_without_its_password() -> None:
    said = refusal({"TELEGRAM_API_URL": "ftp://bot:hunter2@api.example"})
    assert "hunter2" not in said
    assert "'ftp://bot:***@api.example'" in said


def test_a_refusal_is_said_in_the_systems_language() -> None:
    with pytest.raises(SettingsRefused) as refused:
        read_settings({"LANG": "pt_BR.UTF-8", "SCHEDULER_INTERVAL": "0"})
    assert refused.value.language == "pt_BR.UTF-8"
    assert translate("pt", refused.value.reason) != translate(None, refused.value.reason)
    assert translate("it", refused.value.reason) != translate(None, refused.value.reason)


# -- the .env file ---------------------------------------------------------------------------


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder to start in, and an environment without any of the bot's variables."""
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def test_the_env_file_of_the_folder_gives_settings_and_the_environment_wins(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (folder / ".env").write_text(
        "\ufeff# the club's bot\n"
        "\n"
        "TELEGRAM_TOKEN = '1:from-the-file'\n"
        'export DISCORD_TOKEN="from-the-file"\n'
        "SCHEDULER_INTERVAL=30\n"
        "DATABASE_URL=/srv/damas/damas.sqlite3\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("DISCORD_TOKEN", "from-the-environment")
    monkeypatch.setenv("SCHEDULER_INTERVAL", "")
    settings = load_settings(folder)
    assert settings.telegram == TelegramSettings("1:from-the-file")
    assert settings.discord == DiscordSettings("from-the-environment")
    # Set in the environment, even empty: the file's value does not count.
    assert settings.scheduler_interval == timedelta(seconds=600)
    assert settings.database == "/srv/damas/damas.sqlite3"
    assert settings.env_file == folder / ".env"
    assert load_settings(folder, "given.sqlite3").database == "given.sqlite3"


def test_without_an_env_file_the_environment_alone_counts(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "from-the-environment")
    settings = load_settings(folder)
    assert settings.discord == DiscordSettings("from-the-environment")
    assert settings.env_file is None


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("TELEGRAM_TOKEN=1:a\nDISCORD_TOKEN MTI3-secret\n", "Line 2 of {path} is not a setting"),
        ("# a comment\n\n1TOKEN=x\n", "Line 3 of {path} is not a setting"),
        ("TELEGRAM_TOKEN='1:secret\n", "Line 1 of {path} opens a quote it does not close"),
        ('WEB_SECRET="\n', "Line 1 of {path} opens a quote it does not close"),
        (
            "TELEGRAM_TOKEN=1:a\n#\nTELEGRAM_TOKEN=1:b\n",
            "Line 3 of {path} sets TELEGRAM_TOKEN again (line 1 set it): keep one.",
        ),
    ],
)
def test_a_line_of_the_env_file_that_is_no_setting_is_named_not_shown(
    folder: Path, content: str, said: str
) -> None:
    path = folder / ".env"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SettingsRefused) as refused:
        load_settings(folder)
    shown = translate(None, refused.value.reason)
    assert shown.startswith(said.format(path=path)), shown
    assert "secret" not in shown


def test_an_env_file_that_cannot_be_read_is_said(folder: Path) -> None:
    (folder / ".env").mkdir()
    with pytest.raises(SettingsRefused) as refused:
        load_settings(folder)
    assert translate(None, refused.value.reason).startswith(
        f"Cannot read the settings in {folder / '.env'} ("
    )
    (folder / ".env").rmdir()
    (folder / ".env").write_bytes(b"TELEGRAM_TOKEN=\xff\xfe\n")
    with pytest.raises(SettingsRefused) as refused:
        load_settings(folder)
    assert translate(None, refused.value.reason) == (
        f"{folder / '.env'} is not UTF-8 text: save it as UTF-8."
    )


def test_a_name_in_the_env_file_that_is_no_setting_is_said_in_the_log(
    folder: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (folder / ".env").write_text("TELEGRAM_TOKNE=1:a\nDISCORD_TOKEN=b\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        settings = load_settings(folder)
    assert settings.telegram is None
    assert settings.discord == DiscordSettings("b")
    assert [record.getMessage() for record in caplog.records] == [
        f"line 1 of {folder / '.env'}: TELEGRAM_TOKNE is no setting of damas-bot, and is "
        "ignored (python -m bot --help lists them)"
    ]


# -- the summary -----------------------------------------------------------------------------


def test_the_summary_says_every_part_and_no_secret() -> None:
    settings = Settings(
        database="postgresql://damas:pa55word@db.example/damas?sslpassword=kept",
        telegram=TelegramSettings("1:telegram-secret", "https://bot:api-pass@bots.example"),
        discord=DiscordSettings("discord-secret", shards=Shards(4, (0, 1))),
        web=WebSettings(
            "https://damas.example", "127.0.0.1", 8080, b"key", "1:telegram-secret", "board", "b0t"
        ),
        env_file=Path("/srv/damas/.env"),
    )
    summary = settings.summary()
    for secret in ("telegram-secret", "discord-secret", "pa55word", "kept", "api-pass", "key)"):
        assert secret not in summary, secret
    assert summary == (
        "settings from the environment and /srv/damas/.env: "
        "database postgresql://damas:***@db.example/damas?sslpassword=***; "
        "Telegram (token ***, Bot API https://bot:***@bots.example); "
        "Discord (token ***, API https://discord.com/api/v10, gateway wss://gateway.discord.gg/, "
        "shards 0,1 of 4); "
        "web pages https://damas.example on 127.0.0.1:8080, links signed (key ***), "
        "Mini App t.me/b0t/board; "
        "scheduler every 600 s"
    )
    assert read_settings({}, "games.sqlite3").summary() == (
        "settings from the environment: database games.sqlite3; no chat token: the console; "
        "scheduler every 600 s"
    )


# -- the commands ----------------------------------------------------------------------------


def run_bot(folder: Path, *arguments: str, **environment: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *arguments],
        input="/quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=folder,
        env=bot_environment(LANG="C.UTF-8", **environment),
    )


def test_a_malformed_env_file_ends_the_start_in_one_line(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("# tokens\nTELEGRAM_TOKEN 1:AAH-secret\n", encoding="utf-8")
    for command in (["--db", "bot.sqlite3"], ["recompute-ratings", "--db", "bot.sqlite3"]):
        completed = run_bot(tmp_path, *command)
        assert completed.returncode == 2, completed.stderr
        assert completed.stderr == (
            f"damas-bot: Line 2 of {tmp_path / '.env'} is not a setting: write NAME=value, "
            "one a line (a line starting with # is a comment).\n"
        )
        assert "secret" not in completed.stdout
        assert not (tmp_path / "bot.sqlite3").exists()


def test_check_names_a_setting_that_cannot_work_in_the_readers_language(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("WEB_URL=https://damas.example\n", encoding="utf-8")
    completed = run_bot(tmp_path, "check", "--db", "bot.sqlite3", "--lang", "pt")
    assert completed.returncode == 1, completed.stdout + completed.stderr
    assert completed.stderr == ""
    [problem, count] = completed.stdout.splitlines()
    assert problem.startswith("✗ WEB_URL precisa de WEB_SECRET"), problem
    assert count == "Problemas a corrigir: 1."


@pytest.fixture
async def telegram() -> AsyncIterator[FakeBotApi]:
    fake = FakeBotApi()
    await fake.start()
    yield fake
    await fake.close()


async def test_check_reads_the_env_file_under_the_environment(
    tmp_path: Path, telegram: FakeBotApi
) -> None:
    (tmp_path / ".env").write_text(
        f"TELEGRAM_TOKEN=1:not-the-fake-token\nTELEGRAM_API_URL={telegram.url}\n",
        encoding="utf-8",
    )
    # The event loop serves the fake meanwhile.
    completed = await asyncio.to_thread(
        run_bot, tmp_path, "check", "--db", "bot.sqlite3", TELEGRAM_TOKEN=telegram_api.TOKEN
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    bot = f"✓ Telegram: the bot is Damas (@{telegram_api.BOT_USERNAME})"
    assert completed.stdout.startswith(bot), completed.stdout


# -- the documentation -----------------------------------------------------------------------


def test_the_settings_table_of_the_docs_is_the_codes() -> None:
    deploy = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    section = deploy.split("\n## Settings\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| (.+?) \| .+ \|$", section, re.MULTILINE)
    documented = [(name, default.replace("`", "")) for name, default in rows]
    assert documented == [
        (variable.name, translate(None, variable.default)) for variable in VARIABLES
    ]


# -- the Discord Activity --------------------------------------------------------------------


def test_the_activitys_client_comes_with_its_secret_and_the_bots_token() -> None:
    web = read_settings(
        {
            "WEB_URL": "https://damas.example",
            "DISCORD_TOKEN": "discord-bot-token",
            "DISCORD_CLIENT_ID": "900000000000000001",
            "DISCORD_CLIENT_SECRET": "client-secret",
        }
    ).web
    assert web is not None
    assert web.discord_client == DiscordClient(
        "900000000000000001", "client-secret", "discord-bot-token"
    )
    assert web.discord_api == "https://discord.com/api/v10"
    # Never in a log line that prints the settings.
    assert "client-secret" not in repr(web)
    assert "discord-bot-token" not in repr(web.discord_client)


@pytest.mark.parametrize(
    "given",
    [
        {"DISCORD_CLIENT_ID": "900000000000000001"},
        {"DISCORD_CLIENT_SECRET": "client-secret"},
        {"DISCORD_CLIENT_ID": "my-app", "DISCORD_CLIENT_SECRET": "client-secret"},
    ],
)
def test_the_activitys_client_is_both_or_neither(given: dict[str, str]) -> None:
    said = refusal({"WEB_URL": "https://damas.example", "WEB_SECRET": "s", **given})
    assert "DISCORD_CLIENT_ID" in said
    assert "DISCORD_CLIENT_SECRET" in said
