"""The web companion's settings from the environment: off unless WEB_URL is set."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from bot.service.kernel.ids import whole_number

DEFAULT_LISTEN = "127.0.0.1:8080"


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


def _link_secret(environment: Mapping[str, str]) -> bytes:
    """WEB_SECRET, else the bot's token: whoever knows neither cannot sign a link. Hashed with
    a label so that a link's key never is a token itself."""
    for name in ("WEB_SECRET", "TELEGRAM_TOKEN", "DISCORD_TOKEN"):
        if environment.get(name):
            return hashlib.sha256(b"damas-bot web links\0" + environment[name].encode()).digest()
    raise ValueError("WEB_URL needs WEB_SECRET (or a chat token) to sign the links to its pages")


def web_settings(environment: Mapping[str, str]) -> WebSettings | None:
    """The settings, None when WEB_URL is unset; ValueError saying what is wrong otherwise."""
    url = environment.get("WEB_URL", "").strip().rstrip("/")
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"WEB_URL is the pages' public address (https://...), not {url!r}")
    listen = environment.get("WEB_LISTEN", "").strip() or DEFAULT_LISTEN
    host, colon, written = listen.rpartition(":")
    port = whole_number(written)
    if not colon or port is None or not 0 < port < 65536:
        raise ValueError(f"WEB_LISTEN is host:port (e.g. {DEFAULT_LISTEN}), not {listen!r}")
    return WebSettings(
        url=url,
        host=host.strip("[]") or "0.0.0.0",
        port=port,
        secret=_link_secret(environment),
        telegram_token=environment.get("TELEGRAM_TOKEN") or None,
        app_name=environment.get("WEB_APP_NAME") or None,
        bot_name=environment.get("TELEGRAM_BOT_NAME") or None,
    )


def web_from_environment() -> WebSettings | None:
    """The settings of this process for a chat front end: None when unset or wrong
    (bot/__main__.py has said what is wrong before any front end starts)."""
    try:
        return web_settings(os.environ)
    except ValueError:
        return None
