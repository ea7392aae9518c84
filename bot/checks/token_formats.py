"""The shape of the chat tokens, checked before asking the platform: a token pasted wrong (cut
short, another key, a placeholder such as `abc`) is named as such, with where the right one
is found, instead of a refusal or a network error that would hide the cause."""

from __future__ import annotations

import re

from bot.checks.findings import Finding, problem
from bot.i18n import text

# @BotFather's tokens: the bot's numeric id, a colon, a secret of 35 characters (letters,
# digits, - and _); a little slack on the lengths, none on the characters.
TELEGRAM_TOKEN = re.compile(r"[0-9]{3,20}:[A-Za-z0-9_-]{30,64}")
# The Developer Portal's bot tokens: three parts in URL-safe base64 joined by dots (the bot's
# id, a timestamp, a signature).
DISCORD_TOKEN = re.compile(r"[A-Za-z0-9_-]{18,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}")


def telegram_token_problem(token: str) -> Finding | None:
    if TELEGRAM_TOKEN.fullmatch(token):
        return None
    return problem(
        text(
            "TELEGRAM_TOKEN is not a Telegram bot token (it looks like 123456789:AAH... with "
            "35 letters and digits after the colon): copy it whole from @BotFather (/mybots, "
            "your bot, API Token)."
        )
    )


def discord_token_problem(token: str) -> Finding | None:
    if DISCORD_TOKEN.fullmatch(token):
        return None
    return problem(
        text(
            "DISCORD_TOKEN is not a Discord bot token (three parts joined by dots, like "
            "MTI3....GaBcDe....): in the Developer Portal open your application, Bot, Reset "
            "Token, and copy the new token whole."
        )
    )
