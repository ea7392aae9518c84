"""The variables damas-bot reads, each with its default and what it does: the one list that
`python -m bot --help` prints and docs/deploy.md (Settings) shows, a test holding the two
alike."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_dir

from bot.i18n import Text, text, translate

DATABASE_NAME = "damas-bot.sqlite3"
ENDGAME_FOLDER = "endgame"
TELEGRAM_API_URL = "https://api.telegram.org"
DISCORD_API_URL = "https://discord.com/api/v10"
DISCORD_GATEWAY_URL = "wss://gateway.discord.gg/"
DEFAULT_LISTEN = "127.0.0.1:8080"
DEFAULT_WEBHOOK_LISTEN = "127.0.0.1:8443"
# The file of settings read from the folder the bot starts in (the environment wins).
ENV_FILE = ".env"


def data_folder() -> Path:
    """The per-user data folder (e.g. ~/.local/share/damas-bot)."""
    return Path(user_data_dir("damas-bot", appauthor=False))


def default_database() -> Path:
    """The database in the per-user data folder."""
    return data_folder() / DATABASE_NAME


def endgame_folder() -> Path:
    """Where the computer finds its endgame databases, one folder per variant (`python -m
    games.damas endgame build` writes them there): endgame/ in the per-user data folder."""
    return data_folder() / ENDGAME_FOLDER


@dataclass(frozen=True)
class Variable:
    """A setting: its `name`, its `default` as people read it, and `what` it does (both said
    in the reader's language by `python -m bot --help`)."""

    name: str
    default: Text
    what: Text


def _as_is(value: str) -> Text:
    """A default that is the same in every language (an address, a number)."""
    return text("{value}", value=value)


NONE = text("none")
VARIABLES = (
    Variable(
        "TELEGRAM_TOKEN",
        NONE,
        text("the Telegram bot's token (from @BotFather); starts the Telegram front end"),
    ),
    Variable(
        "TELEGRAM_API_URL",
        _as_is(TELEGRAM_API_URL),
        text("another Bot API server (a local one, a test double)"),
    ),
    Variable(
        "TELEGRAM_WEBHOOK_URL",
        text("none (polling)"),
        text(
            "the public https:// address Telegram pushes updates to, behind the proxy; "
            "several processes may serve one token"
        ),
    ),
    Variable(
        "TELEGRAM_WEBHOOK_LISTEN",
        _as_is(DEFAULT_WEBHOOK_LISTEN),
        text("host:port this process takes Telegram's updates on, behind the proxy"),
    ),
    Variable(
        "TELEGRAM_WEBHOOK_SECRET",
        text("derived from the token"),
        text("the secret token every update from Telegram carries (1 to 256 of A-Z a-z 0-9 _ -)"),
    ),
    Variable(
        "TELEGRAM_BOT_NAME",
        NONE,
        text(
            "the bot's username (@BotFather), for the t.me/BOT/APP links to the Mini App in groups"
        ),
    ),
    Variable(
        "DISCORD_TOKEN",
        NONE,
        text("the Discord bot's token (Developer Portal, Bot); starts the Discord front end"),
    ),
    Variable(
        "DISCORD_API_URL", _as_is(DISCORD_API_URL), text("another Discord REST API (a test double)")
    ),
    Variable("DISCORD_GATEWAY_URL", _as_is(DISCORD_GATEWAY_URL), text("another Discord gateway")),
    Variable(
        "DISCORD_SHARD_COUNT",
        text("none (one connection)"),
        text("Discord's gateway connection in that many shards, over several processes"),
    ),
    Variable(
        "DISCORD_SHARD_IDS",
        text("every shard"),
        text("this process's shards (0,1), beside DISCORD_SHARD_COUNT"),
    ),
    Variable(
        "DATABASE_URL",
        text("{file} in the per-user data folder", file=DATABASE_NAME),
        text("postgresql://user:password@host/name, or an SQLite file; --db wins"),
    ),
    Variable(
        "SCHEDULER_INTERVAL",
        _as_is("600"),
        text("seconds (1 to 600) between the scheduler's looks at the database"),
    ),
    Variable(
        "WEB_URL",
        text("none (no web pages)"),
        text(
            "the public https:// address of the web pages and the Telegram Mini App; starts "
            "the web server"
        ),
    ),
    Variable(
        "WEB_LISTEN",
        _as_is(DEFAULT_LISTEN),
        text("host:port the web server listens on, behind the HTTPS proxy"),
    ),
    Variable(
        "WEB_SECRET",
        text("derived from the chat token"),
        text("the key of the signed links to the pages"),
    ),
    Variable(
        "WEB_APP_NAME",
        NONE,
        text("the Mini App's short name (@BotFather /newapp), for the t.me/BOT/APP links"),
    ),
    Variable(
        "DISCORD_CLIENT_ID",
        NONE,
        text("the Discord application's id, for its Activity (the board inside a channel)"),
    ),
    Variable(
        "DISCORD_CLIENT_SECRET",
        NONE,
        text("the Discord application's OAuth2 secret: the Activity's sign-in is checked with it"),
    ),
    Variable(
        "LANG",
        text("the system's"),
        text(
            "the language of the console until one is chosen, of --help and of python -m bot "
            "check (--lang wins); LC_ALL and LC_MESSAGES, when set, come before it"
        ),
    ),
)
NAMES = frozenset(variable.name for variable in VARIABLES)


def settings_help(language: str | None = None) -> str:
    """The variables as `python -m bot --help` lists them, in `language`."""
    lines = textwrap.wrap(
        translate(
            language,
            text(
                "settings (environment variables, or NAME=value lines of a {file} file in the "
                "folder the bot starts in; the environment wins):",
                file=ENV_FILE,
            ),
        ),
        80,
    )
    for variable in VARIABLES:
        said = translate(
            language,
            text("{what}. Default: {default}", what=variable.what, default=variable.default),
        )
        wrapped = textwrap.wrap(said, 66)
        lines.append(f"  {variable.name:<22}{wrapped[0]}")
        lines += [" " * 24 + line for line in wrapped[1:]]
    return "\n".join(lines) + "\n"
