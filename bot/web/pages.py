"""The frame of every page: readable on a phone (one column, the board as wide as the
screen), in the reader's language, no script from elsewhere but Telegram's on the Mini App,
and only its own inline script and style (bot/web/headers.py)."""

from __future__ import annotations

from html import escape

from aiohttp import web

from bot.i18n import Text, translate
from bot.web.headers import TELEGRAM_SCRIPT, page_policy

STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:.5rem;
color:#222;background:#faf7f0}
h1{font-size:1.2rem;margin:.3rem 0}
.board{width:100%;height:auto;display:block}
pre{white-space:pre-wrap;font-family:inherit;margin:.3rem 0}
nav button,.actions button{font-size:1rem;padding:.5rem .9rem;margin:.2rem;min-height:2.75rem;
min-width:2.75rem}
#board{touch-action:none}
.selected{outline:4px solid #2a7}
.via{fill:#db5 !important}
.target{fill:#6c6 !important}
.taken{opacity:.8}
.taken>circle:first-child{stroke:#e01010;stroke-width:8}
.actions button[aria-pressed=true]{outline:4px solid #e01010}
.refused{color:#b00}
img{max-width:100%}
.turns{width:100%;border-collapse:collapse;font-size:.9rem}
.turns th,.turns td{text-align:left;vertical-align:top;padding:.25rem .3rem;
border-bottom:1px solid #ddd;overflow-wrap:anywhere}
.turns td:nth-child(2){white-space:nowrap}
"""


def page(
    language: str, title: Text | str, body: str, script: str = "", surface: str = "web"
) -> web.Response:
    """A whole HTML page; `body` is HTML already escaped, `script` the page's one script (the
    same text every time, its data in the body's elements' attributes: its hash lets it run).
    `surface`: "telegram" (the Mini App, with Telegram's script, framed by Telegram Web),
    "activity" (framed by Discord's clients) or "web"."""
    heading = escape(translate(language, title))
    scripts = f"<script>{script}</script>" if script else ""
    telegram = f'<script src="{TELEGRAM_SCRIPT}"></script>' if surface == "telegram" else ""
    return web.Response(
        text=(
            f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{heading}</title><style>{STYLE}</style>{telegram}</head>"
            f"<body><h1>{heading}</h1>{body}{scripts}</body></html>"
        ),
        content_type="text/html",
        headers={"Cache-Control": "no-store", **page_policy(script, STYLE, surface)},
    )


def said(language: str, message: Text | str) -> str:
    """A message as HTML text, lines kept."""
    return f"<pre>{escape(translate(language, message))}</pre>"


def refused(language: str, reason: Text | str, status: int = 404) -> web.Response:
    """A refusal in the reader's language, as a page."""
    response = page(language, reason, "")
    response.set_status(status)
    return response
