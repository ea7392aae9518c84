"""The reader's language: `?lang=` first, then the browser's Accept-Language."""

from __future__ import annotations

from aiohttp import web

from bot.i18n import language_of

LANGUAGES = ("pt", "it", "en")


def reader_language(request: web.Request) -> str:
    chosen = language_of(request.query.get("lang"))
    if chosen in LANGUAGES:
        return chosen
    weighted = []
    for part in request.headers.get("Accept-Language", "").split(","):
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        found = language_of(tag.strip())
        if found in LANGUAGES:
            weighted.append((weight, found))
    return max(weighted, key=lambda pair: pair[0])[1] if weighted else "en"
