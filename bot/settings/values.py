"""The settings from the variables, validated: numbers in their range, addresses of the
right kind, a port that is a port. What cannot work stops the start with SettingsRefused
saying what is wrong and what is expected."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

from bot.i18n import text
from bot.refusals import SettingsRefused
from bot.service.kernel.game_flow.clocks import MAX_SLEEP
from bot.service.kernel.ids import whole_number
from bot.settings.parts import (
    DiscordClient,
    DiscordSettings,
    Settings,
    Shards,
    TelegramSettings,
    Webhook,
    WebSettings,
)
from bot.settings.variables import (
    DEFAULT_LISTEN,
    DEFAULT_WEBHOOK_LISTEN,
    DISCORD_API_URL,
    DISCORD_GATEWAY_URL,
    TELEGRAM_API_URL,
    default_database,
)
from storage import database_label

# The schemes of an address: plain and secure.
WEB = ("http", "https")
GATEWAY = ("ws", "wss")
# A Telegram username or a Mini App's short name, as they stand in a t.me link.
NAME = re.compile(r"[A-Za-z0-9_]+")
# What the Bot API takes as a webhook's secret token, and the ports it pushes to.
WEBHOOK_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")
WEBHOOK_PORTS = (443, 80, 88, 8443)


def read_settings(
    environment: Mapping[str, str], database: str | None = None, env_file: Path | None = None
) -> Settings:
    """The settings the variables of `environment` give (`database`: the one given with
    --db, which wins); SettingsRefused, with the environment's language, for one that
    cannot work."""
    language = system_language(environment)
    try:
        return Settings(
            database=database or _given(environment, "DATABASE_URL") or default_database(),
            telegram=_telegram(environment),
            discord=_discord(environment),
            web=_web(environment),
            scheduler_interval=_scheduler_interval(environment),
            language=language,
            env_file=env_file,
        )
    except SettingsRefused as refusal:
        raise SettingsRefused(refusal.reason, language) from None


# The variables that name the system's language, the first set winning (POSIX's order).
LANGUAGE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def system_language(environment: Mapping[str, str]) -> str | None:
    """The locale the environment names for messages ("pt_BR.UTF-8"), else None."""
    return next(
        (found for name in LANGUAGE_VARIABLES if (found := _given(environment, name))), None
    )


def _given(environment: Mapping[str, str], name: str) -> str | None:
    """The variable's value without the spaces around it; None when unset or empty."""
    return environment.get(name, "").strip() or None


def _token(environment: Mapping[str, str], name: str) -> str | None:
    token = _given(environment, name)
    if token is not None and any(character.isspace() for character in token):
        raise SettingsRefused(
            text(
                "{variable} holds a space or a line break: copy the token again, whole.",
                variable=name,
            )
        )
    return token


def _address(
    environment: Mapping[str, str], name: str, default: str, schemes: tuple[str, str]
) -> str:
    written = _given(environment, name)
    if written is None:
        return default
    parts = urlsplit(written)
    if parts.scheme not in schemes or not parts.hostname:
        plain, secure = schemes
        raise SettingsRefused(
            text(
                "{variable} is an address starting with {plain} or {secure}, not {written}.",
                variable=name,
                plain=f"{plain}://",
                secure=f"{secure}://",
                written=repr(database_label(written)),
            )
        )
    return written


def _telegram(environment: Mapping[str, str]) -> TelegramSettings | None:
    api_url = _address(environment, "TELEGRAM_API_URL", TELEGRAM_API_URL, WEB)
    token = _token(environment, "TELEGRAM_TOKEN")
    if token is None:
        return None
    return TelegramSettings(token, api_url, _webhook(environment, token))


def _webhook(environment: Mapping[str, str], token: str) -> Webhook | None:
    """Telegram's webhook (TELEGRAM_WEBHOOK_URL), None to poll."""
    url = _given(environment, "TELEGRAM_WEBHOOK_URL")
    if url is None:
        return None
    parts = urlsplit(url)
    try:
        port = parts.port or 443
    except ValueError:
        port = 0
    if parts.scheme != "https" or not parts.hostname or port not in WEBHOOK_PORTS:
        raise SettingsRefused(
            text(
                "{variable} is the public https:// address Telegram pushes updates to, on "
                "port 443, 80, 88 or 8443, not {written}.",
                variable="TELEGRAM_WEBHOOK_URL",
                written=repr(database_label(url)),
            )
        )
    secret = _given(environment, "TELEGRAM_WEBHOOK_SECRET")
    if secret is None:
        # The same in every process of the bot, and no use to whoever lacks the token.
        secret = hashlib.sha256(b"damas-bot webhook\0" + token.encode()).hexdigest()
    elif WEBHOOK_SECRET.fullmatch(secret) is None:
        raise SettingsRefused(
            text(
                "{variable} is 1 to 256 letters A-Z and a-z, digits, _ and -.",
                variable="TELEGRAM_WEBHOOK_SECRET",
            )
        )
    host, port = _listen(environment, "TELEGRAM_WEBHOOK_LISTEN", DEFAULT_WEBHOOK_LISTEN)
    return Webhook(url, host, port, secret)


def _listen(environment: Mapping[str, str], variable: str, default: str) -> tuple[str, int]:
    """The host and port of a `host:port` variable."""
    listen = _given(environment, variable) or default
    host, colon, written = listen.rpartition(":")
    port = whole_number(written)
    if not colon or port is None or not 0 < port < 65536:
        raise SettingsRefused(
            text(
                "{variable} is host:port (e.g. {example}), not {written}.",
                variable=variable,
                example=default,
                written=repr(listen),
            )
        )
    return host.strip("[]") or "0.0.0.0", port


def _discord(environment: Mapping[str, str]) -> DiscordSettings | None:
    api_url = _address(environment, "DISCORD_API_URL", DISCORD_API_URL, WEB)
    gateway_url = _address(environment, "DISCORD_GATEWAY_URL", DISCORD_GATEWAY_URL, GATEWAY)
    shards = _shards(environment)
    token = _token(environment, "DISCORD_TOKEN")
    return None if token is None else DiscordSettings(token, api_url, gateway_url, shards)


def _shards(environment: Mapping[str, str]) -> Shards | None:
    """Discord's shards: none without a shard count; this process's, all by default."""
    count_text = _given(environment, "DISCORD_SHARD_COUNT") or ""
    ids_text = _given(environment, "DISCORD_SHARD_IDS") or ""
    if not count_text:
        if ids_text:
            raise SettingsRefused(
                text(
                    "{ids} needs {count} beside it.",
                    ids="DISCORD_SHARD_IDS",
                    count="DISCORD_SHARD_COUNT",
                )
            )
        return None
    try:
        count = int(count_text)
        ids = [int(item) for item in ids_text.split(",")] if ids_text else list(range(count))
    except ValueError:
        raise SettingsRefused(
            text(
                "{count} is a number and {ids} numbers with commas (e.g. 4 and 0,1), not "
                "{count_written} and {ids_written}.",
                count="DISCORD_SHARD_COUNT",
                ids="DISCORD_SHARD_IDS",
                count_written=repr(count_text),
                ids_written=repr(ids_text),
            )
        ) from None
    if count < 1 or not ids or any(not 0 <= shard < count for shard in ids):
        raise SettingsRefused(
            text(
                "The shards {ids} are not shards 0 to {last} of {variable}={count}.",
                ids=str(ids),
                last=count - 1,
                variable="DISCORD_SHARD_COUNT",
                count=count,
            )
        )
    return Shards(count, tuple(sorted(set(ids))))


def _scheduler_interval(environment: Mapping[str, str]) -> timedelta:
    """How often the scheduler looks at the database at least (docs/deploy.md)."""
    written = _given(environment, "SCHEDULER_INTERVAL")
    if written is None:
        return MAX_SLEEP
    try:
        seconds = float(written)
    except ValueError:
        seconds = 0
    if not 1 <= seconds <= MAX_SLEEP.total_seconds():
        raise SettingsRefused(
            text(
                "{variable} is a number of seconds from 1 to {most}, not {written}.",
                variable="SCHEDULER_INTERVAL",
                most=f"{MAX_SLEEP.total_seconds():.0f}",
                written=repr(written),
            )
        )
    return timedelta(seconds=seconds)


def _link_key(environment: Mapping[str, str]) -> bytes:
    """WEB_SECRET, else the bot's token: whoever knows neither cannot sign a link. Hashed with
    a label so that a link's key never is a token itself."""
    # WEB_SECRET is taken as written, spaces too: links signed under it stay valid.
    secret = (
        environment.get("WEB_SECRET")
        or _given(environment, "TELEGRAM_TOKEN")
        or _given(environment, "DISCORD_TOKEN")
    )
    if secret:
        return hashlib.sha256(b"damas-bot web links\0" + secret.encode()).digest()
    raise SettingsRefused(
        text(
            "{url} needs {secret} (or a chat token) to sign the links to its pages.",
            url="WEB_URL",
            secret="WEB_SECRET",
        )
    )


def _name(environment: Mapping[str, str], variable: str) -> str | None:
    """A name of a t.me link: the bot's username or the Mini App's short name."""
    name = _given(environment, variable)
    if name is not None and NAME.fullmatch(name) is None:
        raise SettingsRefused(
            text(
                "{variable} is a name of letters, digits and _ as @BotFather shows it "
                "(without @), not {written}.",
                variable=variable,
                written=repr(name),
            )
        )
    return name


def _web(environment: Mapping[str, str]) -> WebSettings | None:
    """The web pages' settings, None when WEB_URL is unset."""
    bot_name = _name(environment, "TELEGRAM_BOT_NAME")
    app_name = _name(environment, "WEB_APP_NAME")
    url = (_given(environment, "WEB_URL") or "").rstrip("/")
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in WEB or not parts.netloc:
        raise SettingsRefused(
            text(
                "{variable} is the pages' public address (https://...), not {written}.",
                variable="WEB_URL",
                written=repr(database_label(url)),
            )
        )
    host, port = _listen(environment, "WEB_LISTEN", DEFAULT_LISTEN)
    return WebSettings(
        url=url,
        host=host,
        port=port,
        secret=_link_key(environment),
        telegram_token=_token(environment, "TELEGRAM_TOKEN"),
        app_name=app_name,
        bot_name=bot_name,
        discord_client=_discord_client(environment),
        discord_api=_address(environment, "DISCORD_API_URL", DISCORD_API_URL, WEB),
    )


def _discord_client(environment: Mapping[str, str]) -> DiscordClient | None:
    """The Activity's OAuth2 client: both its id and its secret, or none."""
    client_id = _given(environment, "DISCORD_CLIENT_ID")
    secret = _token(environment, "DISCORD_CLIENT_SECRET")
    if client_id is None and secret is None:
        return None
    if client_id is None or secret is None or whole_number(client_id) is None:
        raise SettingsRefused(
            text(
                "{id} (the application's number) and {secret} go together: set both or neither.",
                id="DISCORD_CLIENT_ID",
                secret="DISCORD_CLIENT_SECRET",
            )
        )
    return DiscordClient(client_id, secret, _token(environment, "DISCORD_TOKEN"))
