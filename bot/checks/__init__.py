"""`python -m bot check` (or `doctor`): reads the settings the bot reads (the tokens, the
platforms' addresses, DATABASE_URL or --db) and asks each platform who the bot is, then says
in the person's language (--lang, else the system's LANG) what is right and what to do about
what is not, a setting that cannot work included. Exit status 0 when nothing is wrong, 1 with
one line per problem."""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from bot.checks.database_check import database_findings
from bot.checks.discord_check import discord_findings
from bot.checks.findings import Finding, problem
from bot.checks.telegram_check import telegram_findings
from bot.checks.token_formats import discord_token_problem, telegram_token_problem
from bot.i18n import language_of, text, translate
from bot.refusals import SettingsRefused
from bot.service.tournaments.options import THREADS, board_place
from bot.settings import Settings, SettingsLoader, default_database
from storage import StorageError, is_database_url, schema_of, tournaments_under_way

PROBLEM_STATUS = 1
# The hosting guide in the reader's language (docs/hosting.md, .pt.md, .it.md).
HOSTING_GUIDE = text("docs/hosting.md")


def arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot check",
        description="Check the bot's settings: the Telegram and Discord tokens (who the bot "
        "is, what it may do), and the database. Nothing is changed.",
    )
    parser.add_argument(
        "--db",
        default=None,
        help=f"the database (default: $DATABASE_URL, else {default_database()})",
    )
    parser.add_argument("--lang", default=None, help="pt, it or en (default: the system's)")
    return parser.parse_args(argv)


async def findings(settings: Settings) -> list[Finding]:
    found: list[Finding] = []
    database = settings.database
    telegram, discord = settings.telegram, settings.discord
    if telegram is not None:
        malformed = telegram_token_problem(telegram.token)
        if malformed is None:
            topics = await _topic_tournaments(database)
            found += await telegram_findings(telegram.token, telegram.api_url, topics)
        else:
            found.append(malformed)
    if discord is not None:
        malformed = discord_token_problem(discord.token)
        if malformed is None:
            found += await discord_findings(discord.token, discord.api_url)
        else:
            found.append(malformed)
    if telegram is None and discord is None:
        found.append(
            Finding(
                text(
                    "No chat token is set (TELEGRAM_TOKEN, DISCORD_TOKEN): the bot plays in "
                    "the terminal. The hosting guide, {guide}, says how to get one (sections 1 "
                    "and 2).",
                    guide=HOSTING_GUIDE,
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


def main(argv: Sequence[str], load: SettingsLoader) -> int:
    options = arguments(argv)
    try:
        settings = load(options.db)
    except SettingsRefused as refusal:
        found = [problem(refusal.reason)]
        language = language_of(options.lang or refusal.language)
    else:
        found = asyncio.run(findings(settings))
        language = language_of(options.lang or settings.language)
    for finding in found:
        mark = "✗" if finding.problem else "✓"
        print(f"{mark} {translate(language, finding.text)}")
    problems = sum(finding.problem for finding in found)
    if problems:
        print(translate(language, text("Problems to mend: {count}.", count=problems)))
        return PROBLEM_STATUS
    return 0
