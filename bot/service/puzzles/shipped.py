"""The puzzles shipped with the bot (bot/data/puzzles/VARIANT.json, made by `python -m
games.damas puzzles`), added to a store the first time it is asked for a puzzle."""

from __future__ import annotations

import json
import logging
from importlib import resources

from competition.rating.glicko2 import START_DEVIATION, START_RATING, START_VOLATILITY
from games.damas.puzzles import Puzzle, puzzle_from_json
from storage import Glicko, NewPuzzle, PuzzleStore

logger = logging.getLogger(__name__)

# The household game's puzzles are its own: with no compulsory capture, a sacrifice may be
# declined (at the price of a huff), so an Italian line need not hold there.
VARIANTS = ("brazilian", "international", "italian", "italian-familiar")
START = Glicko(START_RATING, START_DEVIATION, START_VOLATILITY)


def stored(puzzle: Puzzle, source: str) -> NewPuzzle:
    return NewPuzzle(puzzle.variant, puzzle.fen, puzzle.line, puzzle.themes, puzzle.gain, source)


def read_set(content: str, name: str) -> list[NewPuzzle]:
    """The puzzles of one JSON file; an entry that does not read is logged and left out."""
    found = []
    for number, entry in enumerate(json.loads(content), start=1):
        try:
            puzzle = puzzle_from_json(entry)
        except (ValueError, AttributeError) as error:
            logger.warning("%s: puzzle %d left out: %s", name, number, error)
            continue
        found.append(stored(puzzle, str(entry.get("source", name))))
    return found


def shipped_puzzles() -> list[NewPuzzle]:
    folder = resources.files("bot").joinpath("data", "puzzles")
    found: list[NewPuzzle] = []
    for variant in VARIANTS:
        entry = folder.joinpath(f"{variant}.json")
        found.extend(read_set(entry.read_text(encoding="utf-8"), entry.name))
    return found


async def add_shipped(store: PuzzleStore) -> int:
    """Add the shipped puzzles the store lacks; how many were new."""
    return await store.add_puzzles(shipped_puzzles(), START)
