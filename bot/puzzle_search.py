"""`python -m bot puzzles [--db PATH] [--after GAME]`: search the club's finished draughts games
for puzzles and add the new ones to the database beside the shipped set."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.i18n import text, translate
from bot.opening import BAD_DATABASE_STATUS, open_existing
from bot.service.puzzles.shipped import START, VARIANTS, stored
from bot.settings import SettingsLoader, default_database
from games.base import GameError
from games.damas import Position
from games.damas.puzzles.sources import puzzles_in, replayed
from storage import NewPuzzle, Store


def arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot puzzles",
        description="Search the finished Brazilian, International and Italian games of the "
        "database for puzzles and add the new ones (docs/puzzles.md).",
    )
    parser.add_argument(
        "--db",
        default=None,
        help="the database: an SQLite file, or postgresql://user:password@host/name "
        f"(default: $DATABASE_URL, else {default_database()})",
    )
    parser.add_argument(
        "--after", type=int, default=0, help="only the games with a higher number (default 0)"
    )
    return parser.parse_args(argv)


async def search(store: Store, game_id: int) -> list[NewPuzzle]:
    """The puzzles of one stored game; a game whose moves stop replaying is named on stderr
    and searched up to there."""
    record = await store.get_game(game_id)
    fen = record.options.get("fen")
    try:
        start = Position.setup(record.kind, fen) if fen else Position.start(record.kind)
    except GameError as error:
        print(f"game #{game_id}: bad set-up position, skipped: {error}", file=sys.stderr)
        return []
    game = replayed(start, await store.notations(game_id), lambda index: f"{index + 1}")
    if game.problem is not None:
        print(f"game #{game_id}: {game.problem}; searched up to there", file=sys.stderr)
    return [stored(puzzle, f"game #{game_id}") for puzzle in puzzles_in(game.positions)]


async def run(database: str | Path, after: int) -> int:
    store = await open_existing(database)
    if store is None:
        return BAD_DATABASE_STATUS
    async with store:
        games = await store.finished_games(VARIANTS, after)
        found = [puzzle for game_id in games for puzzle in await search(store, game_id)]
        added = await store.add_puzzles(found, START)
    summary = text(
        "Searched {games} games: {found} puzzles, {added} of them new.",
        games=len(games),
        found=len(found),
        added=added,
    )
    print(translate(None, summary))
    return 0


def main(argv: Sequence[str], load: SettingsLoader) -> int:
    options = arguments(argv)
    return asyncio.run(run(load(options.db).database, options.after))
