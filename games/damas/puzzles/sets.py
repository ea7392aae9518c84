"""A shipped puzzle set (bot/data/puzzles/VARIANT.json) from the generator's outputs: one
variant's puzzles, each position once, each with a theme and its difficulty, one puzzle a
line so that the file stays small and its diffs readable."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import replace

from games.damas.puzzles.finder import themes
from games.damas.puzzles.grading import difficulty
from games.damas.puzzles.records import puzzle_from_json, puzzle_json


def puzzle_set(
    entries: Iterable[Mapping[str, object]], variant: str
) -> tuple[list[dict[str, object]], list[str]]:
    """The variant's entries that read and name a theme, first of each position kept, with
    their difficulty; and why each other entry of the variant was left out."""
    kept: dict[str, dict[str, object]] = {}
    left_out = []
    for entry in entries:
        if entry.get("variant") != variant:
            continue
        try:
            puzzle = puzzle_from_json(entry)
        except ValueError as error:
            left_out.append(f"{entry.get('fen')}: {error}")
            continue
        # The themes as the finder names them now (older outputs named fewer).
        puzzle = replace(puzzle, themes=themes(puzzle.start(), puzzle.line))
        if not puzzle.themes:
            left_out.append(f"{puzzle.fen}: no theme named")
            continue
        if puzzle.fen not in kept:
            shown = puzzle_json(puzzle, str(entry.get("source", "")))
            kept[puzzle.fen] = {**shown, "difficulty": difficulty(puzzle)}
    return list(kept.values()), left_out


def set_text(puzzles: Iterable[Mapping[str, object]]) -> str:
    """A JSON list, one puzzle a line."""
    lines = [json.dumps(puzzle, ensure_ascii=False, separators=(",", ":")) for puzzle in puzzles]
    return "[\n" + ",\n".join(lines) + "\n]\n" if lines else "[]\n"
