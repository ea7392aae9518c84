"""A puzzle as JSON (the generator's output, the shipped sets), and read back checked."""

from __future__ import annotations

from collections.abc import Mapping

from games.base import GameError
from games.damas.puzzles.finder import THEMES, Puzzle, replay


def puzzle_json(puzzle: Puzzle, source: str) -> dict[str, object]:
    return {
        "variant": puzzle.variant,
        "fen": puzzle.fen,
        "line": list(puzzle.line),
        "themes": list(puzzle.themes),
        "gain": puzzle.gain,
        "source": source,
    }


def puzzle_from_json(data: Mapping[str, object]) -> Puzzle:
    """The puzzle of a JSON object; ValueError naming what is wrong (a field, a move of the
    line that is not legal)."""
    variant, fen, line = data.get("variant"), data.get("fen"), data.get("line")
    themes, gain = data.get("themes", []), data.get("gain")
    if not isinstance(variant, str) or not isinstance(fen, str):
        raise ValueError("a puzzle needs a variant and a FEN")
    if not isinstance(line, list) or not line or not all(isinstance(m, str) for m in line):
        raise ValueError("a puzzle's line is a list of moves")
    if not isinstance(themes, list) or not set(themes) <= set(THEMES):
        raise ValueError(f"a puzzle's themes are among {', '.join(THEMES)}")
    if not isinstance(gain, int):
        raise ValueError("a puzzle's gain is a whole number")
    puzzle = Puzzle(variant, fen, tuple(line), tuple(themes), gain)
    try:
        replay(puzzle)
    except (GameError, KeyError) as error:
        raise ValueError(f"the line does not replay: {error}") from error
    return puzzle
