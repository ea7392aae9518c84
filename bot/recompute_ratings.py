"""`python -m bot recompute-ratings [--db PATH]`: rebuild every rating from the stored results,
say what differed from the stored ratings, and store the rebuilt ones."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.i18n import Text, decimal, plural, text, translate
from bot.opening import BAD_DATABASE_STATUS, open_existing
from bot.service.kernel.rated.rating_rebuild import Rebuilt, recompute
from bot.settings import SettingsLoader, default_database
from competition.rating import Rating
from storage import NotFound, Store, database_label

# The exit status when the database held no rated game (likely not the one the bot uses).
NOTHING_REBUILT_STATUS = 1


def arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot recompute-ratings",
        description="Rebuild every rating from the stored results of rated games.",
    )
    parser.add_argument(
        "--db",
        default=None,
        help="the database: an SQLite file, or postgresql://user:password@host/name "
        f"(default: $DATABASE_URL, else {default_database()})",
    )
    return parser.parse_args(argv)


def _described(rating: Rating | None) -> Text:
    if rating is None:
        return text("none")
    return text(
        "{rating} ± {deviation} ({games} games)",
        rating=decimal(rating.value),
        deviation=decimal(rating.deviation),
        games=rating.games,
    )


async def report(store: Store, rebuilt: Rebuilt) -> list[Text]:
    lines = [
        text(
            "Rebuilt the ratings from {games}: {players} in {pools}.",
            games=plural("{count} rated game", "{count} rated games", rebuilt.games),
            players=plural("{count} player", "{count} players", rebuilt.players),
            pools=plural("{count} pool", "{count} pools", rebuilt.pools),
        )
    ]
    if not rebuilt.differences:
        lines.append(text("The stored ratings were the same as the rebuilt ones."))
        return lines
    lines.append(
        plural(
            "{count} stored rating differed and was replaced:",
            "{count} stored ratings differed and were replaced:",
            len(rebuilt.differences),
        )
    )
    for difference in rebuilt.differences:
        try:
            name = (await store.get_player(difference.player_id)).display_name
        except NotFound:
            name = f"#{difference.player_id}"
        lines.append(
            text(
                "  {name}, {pool}: stored {stored}, rebuilt {rebuilt}",
                name=name,
                pool=difference.pool,
                stored=_described(difference.stored),
                rebuilt=_described(difference.rebuilt),
            )
        )
    return lines


async def run(database: str | Path) -> int:
    store = await open_existing(database)
    if store is None:
        return BAD_DATABASE_STATUS
    async with store:
        rebuilt = await recompute(store)
        for line in await report(store, rebuilt):
            print(translate(None, line))
    if rebuilt.games == 0:
        notice = text(
            "{database} holds no rated games: nothing was rebuilt. Is it the database the bot "
            "uses (--db, or DATABASE_URL)?",
            database=database_label(database),
        )
        print(f"damas-bot: {translate(None, notice)}", file=sys.stderr)
        return NOTHING_REBUILT_STATUS
    return 0


def main(argv: Sequence[str], load: SettingsLoader) -> int:
    return asyncio.run(run(load(arguments(argv).db).database))
