"""The headers of every answer of the web server. A page names what may run in it: its own
inline script and style by their hashes (no 'unsafe-inline'), Telegram's script on the Mini
App; who may frame it: Telegram's web clients the Mini App, nobody the other pages. Every
answer (pages, JSON, event streams, refusals, aiohttp's own answers to malformed requests)
is never sniffed as another type, sends no Referer with its signed address, and does not
say which server and version answer it."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import MutableMapping

# Telegram's own script, which hands the Mini App its initData inside Telegram.
TELEGRAM_SCRIPT = "https://telegram.org/js/telegram-web-app.js"
# The origins of Telegram's web clients (Web A and Web K at web.telegram.org/a and /k, and
# their former addresses), which open a Mini App in a frame; the apps open it as a page.
TELEGRAM_WEB = (
    "https://web.telegram.org",
    "https://webk.telegram.org",
    "https://webz.telegram.org",
)
# Discord's clients, which open an Activity in a frame of its own origin
# (APPLICATION_ID.discordsays.com) inside theirs.
DISCORD_CLIENTS = (
    "https://discord.com",
    "https://ptb.discord.com",
    "https://canary.discord.com",
    "https://*.discordsays.com",
)
# What the Server header says instead of aiohttp's "Python/3.x aiohttp/3.y.z".
SERVER = "damas-bot"
# For answers that bring no policy of their own: nothing runs in them, nothing frames them.
NOTHING = "default-src 'none'; frame-ancestors 'none'"
NO_ONE = "'none'"


def secure(headers: MutableMapping[str, str]) -> None:
    """Harden an answer's headers before they are sent."""
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "no-referrer"
    headers["Server"] = SERVER
    if "Content-Security-Policy" not in headers:
        headers["Content-Security-Policy"] = NOTHING
        headers["X-Frame-Options"] = "DENY"


def page_policy(script: str, style: str, surface: str) -> dict[str, str]:
    """The headers of a page whose inline `script` and `style` are these (script "": none),
    opened inside Telegram (the Mini App: "telegram"), inside Discord (the Activity:
    "activity") or as a page of its own ("web")."""
    scripts = [_hashed(script)] if script else []
    if surface == "telegram":
        scripts.append(TELEGRAM_SCRIPT)
    runs = " ".join(scripts) or "'none'"
    framers = {"telegram": " ".join(TELEGRAM_WEB), "activity": " ".join(DISCORD_CLIENTS)}

    policy = "; ".join(
        [
            "default-src 'none'",
            f"script-src {runs}",
            f"style-src {_hashed(style)}",
            "img-src data:",
            "connect-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            f"frame-ancestors {framers.get(surface, NO_ONE)}",
        ]
    )
    headers = {"Content-Security-Policy": policy}
    if surface not in framers:
        # For browsers that know no frame-ancestors; it cannot name Telegram or Discord, so
        # the Mini App and the Activity have none.
        headers["X-Frame-Options"] = "DENY"
    return headers


def _hashed(inline: str) -> str:
    digest = hashlib.sha256(inline.encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"
