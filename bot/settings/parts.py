"""The settings of each part of the bot, and of the whole: what each part receives at start
(bot/settings/values.py reads them), and the summary that says them without a secret."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from bot.service.kernel.game_flow.clocks import MAX_SLEEP
from bot.settings.variables import DISCORD_API_URL, DISCORD_GATEWAY_URL, TELEGRAM_API_URL
from storage import database_label

# How a secret is shown: not at all.
MASK = "***"


@dataclass(frozen=True)
class Webhook:
    """Telegram pushes updates to `url` (public, https, behind the proxy), each request
    carrying `secret`; this process listens on `host`:`port` behind that proxy."""

    url: str
    host: str
    port: int
    secret: str


@dataclass(frozen=True)
class TelegramSettings:
    """The Telegram front end's: the bot's token, the Bot API it talks to, and its webhook
    (None: it polls, one process per token)."""

    token: str
    api_url: str = TELEGRAM_API_URL
    webhook: Webhook | None = None


@dataclass(frozen=True)
class Shards:
    """Discord's gateway in `count` shards, of which this process connects `ids`."""

    count: int
    ids: tuple[int, ...]


@dataclass(frozen=True)
class DiscordSettings:
    """The Discord front end's: the bot's token, the REST API and gateway it talks to, and
    its shards (None: one connection for every server)."""

    token: str
    api_url: str = DISCORD_API_URL
    gateway_url: str = DISCORD_GATEWAY_URL
    shards: Shards | None = None


@dataclass(frozen=True)
class DiscordClient:
    """A Discord application's OAuth2 client: its id and secret (Developer Portal)."""

    client_id: str
    secret: str = field(repr=False)
    # The bot's token (DISCORD_TOKEN), which asks Discord where an Activity's instance runs
    # and who is in it; None: the Activity shows only a player's own game.
    bot_token: str | None = field(default=None, repr=False)


@dataclass(frozen=True)
class WebSettings:
    """`url`: the public address (behind the organiser's HTTPS proxy), no trailing slash;
    `host`, `port`: where this process listens; `secret`: the key of the signed links;
    `telegram_token`: the key of Telegram's initData (None: no Mini App); `app_name`: the
    Mini App's short name for t.me links in groups."""

    url: str
    host: str
    port: int
    secret: bytes
    telegram_token: str | None = None
    app_name: str | None = None
    bot_name: str | None = None
    # The Discord Activity (docs/web.md): the application's OAuth2 client, and Discord's
    # REST API where its sign-in code is exchanged.
    discord_client: DiscordClient | None = None
    discord_api: str = DISCORD_API_URL


ChatSettings = TelegramSettings | DiscordSettings


@dataclass(frozen=True)
class Settings:
    """Everything the bot was told at start: the database (`--db`, DATABASE_URL or the
    default file), the chat front ends to run (None: no token), the web pages (None: off),
    the scheduler's longest pause, the system's language (LANG) and the .env file read."""

    database: str | Path
    telegram: TelegramSettings | None = None
    discord: DiscordSettings | None = None
    web: WebSettings | None = None
    scheduler_interval: timedelta = MAX_SLEEP
    language: str | None = None
    env_file: Path | None = None

    def chats(self) -> dict[str, ChatSettings]:
        """The chat front ends to run, by platform."""
        chats: dict[str, ChatSettings] = {}
        if self.telegram is not None:
            chats["telegram"] = self.telegram
        if self.discord is not None:
            chats["discord"] = self.discord
        return chats

    def summary(self) -> str:
        """The settings in one line for the log, every secret masked (tokens, the links'
        key, passwords in addresses)."""
        said = [f"database {database_label(self.database)}"]
        if self.telegram is not None:
            said.append(f"Telegram ({_telegram(self.telegram)})")
        if self.discord is not None:
            said.append(f"Discord ({_discord(self.discord)})")
        if not self.chats():
            said.append("no chat token: the console")
        if self.web is not None:
            said.append(f"web pages {_web(self.web)}")
        said.append(f"scheduler every {self.scheduler_interval.total_seconds():g} s")
        source = f"the environment and {self.env_file}" if self.env_file else "the environment"
        return f"settings from {source}: " + "; ".join(said)


def _address(url: str) -> str:
    """An address without its password or the secrets of its query: storage's label of a
    database URL masks them in a URL of any scheme."""
    return database_label(url)


def _telegram(telegram: TelegramSettings) -> str:
    said = f"token {MASK}, Bot API {_address(telegram.api_url)}"
    webhook = telegram.webhook
    if webhook is not None:
        said += (
            f", webhook {_address(webhook.url)} on {webhook.host}:{webhook.port} (secret {MASK})"
        )
    return said


def _discord(discord: DiscordSettings) -> str:
    said = [
        f"token {MASK}",
        f"API {_address(discord.api_url)}",
        f"gateway {_address(discord.gateway_url)}",
    ]
    if discord.shards is not None:
        ids = ",".join(str(shard) for shard in discord.shards.ids)
        said.append(f"shards {ids} of {discord.shards.count}")
    return ", ".join(said)


def _web(web: WebSettings) -> str:
    said = f"{web.url} on {web.host}:{web.port}, links signed (key {MASK})"
    if web.bot_name and web.app_name:
        said += f", Mini App t.me/{web.bot_name}/{web.app_name}"
    return said


# How a command gets its settings once it has read its arguments: from the database given
# with --db (or None).
SettingsLoader = Callable[[str | None], Settings]
