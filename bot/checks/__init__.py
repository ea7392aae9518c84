"""`python -m bot check` (or `doctor`): reads the settings the bot reads (TELEGRAM_TOKEN,
DISCORD_TOKEN, DATABASE_URL or --db) and asks each platform who the bot is, then says in the
person's language (--lang, else the system's LANG) what is right and what to do about what is
not. Exit status 0 when nothing is wrong, 1 with one line per problem."""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from bot.checks.database_check import database_findings
from bot.checks.discord_check import discord_findings
from bot.checks.findings import Finding
from bot.checks.telegram_check import telegram_findings
from bot.i18n import language_of, text, translate
from bot.opening import chosen_database
from bot.service.tournaments.options import THREADS, board_place
from storage import StorageError, is_database_url, schema_of, tournaments_under_way

TELEGRAM_API_URL = "https://api.telegram.org"
DISCORD_API_URL = "https://discord.com/api/v10"
PROBLEM_STATUS = 1


def arguments(argv: Sequence[str], default_database: Path) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot check",
        description="Check the bot's settings: the Telegram and Discord tokens (who the bot "
        "is, what it may do), and the database. Nothing is changed.",
    )
    parser.add_argument(
        "--db",
        default=None,
        help=f"the database (default: $DATABASE_URL, else {default_database})",
    )
    parser.add_argument("--lang", default=None, help="pt, it or en (default: the system's)")
    return parser.parse_args(argv)


async def findings(database: str | Path) -> list[Finding]:
    found: list[Finding] = []
    telegram = os.environ.get("TELEGRAM_TOKEN")
    discord = os.environ.get("DISCORD_TOKEN")
    if telegram:
        api = os.environ.get("TELEGRAM_API_URL") or TELEGRAM_API_URL
        found += await telegram_findings(telegram, api, await _topic_tournaments(database))
    if discord:
        api = os.environ.get("DISCORD_API_URL") or DISCORD_API_URL
        found += await discord_findings(discord, api)
    if not telegram and not discord:
        found.append(
            Finding(
                text(
                    "No chat token is set (TELEGRAM_TOKEN, DISCORD_TOKEN): the bot plays in "
                    "the terminal. README.md (Chat platforms) says how to get one."
                )
            )
        )
    return found + await database_findings(database)


async def _topic_tournaments(database: str | Path) -> list[tuple[int, str]]:
    """(number, chat id) of the Telegram tournaments under way whose boards go to topics;
    none when the database is not there yet or not at this code's schema (the database's own
    findings say so)."""
    if not is_database_url(database) and not Path(database).exists():
        return []
    try:
        stored, known = await schema_of(database)
        if stored != known:
            return []
        tournaments = await tournaments_under_way(database)
    except (StorageError, sqlite3.Error, OSError, ValueError):
        return []
    return [
        (tournament.id, tournament.chat.chat_id)
        for tournament in tournaments
        if tournament.chat.platform == "telegram" and board_place(tournament.options) == THREADS
    ]


def main(argv: Sequence[str], default_database: Path) -> int:
    options = arguments(argv, default_database)
    language = language_of(options.lang or os.environ.get("LANG"))
    found = asyncio.run(findings(chosen_database(options.db, default_database)))
    for finding in found:
        mark = "✗" if finding.problem else "✓"
        print(f"{mark} {translate(language, finding.text)}")
    problems = sum(finding.problem for finding in found)
    if problems:
        print(translate(language, text("Problems to mend: {count}.", count=problems)))
        return PROBLEM_STATUS
    return 0
