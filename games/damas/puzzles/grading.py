"""How hard a puzzle is, from its line alone: each move of the solver where the rules left a
choice is one more to find; a line of quiet moves that give nothing away hides its point
better than a sacrifice the opponent must take; a long line is more to see at once."""

from __future__ import annotations

from games.damas.puzzles.finder import MIN_SOLVER_MOVES, Puzzle, replay

DIFFICULTIES = ("easy", "medium", "hard")
LONG_LINE = 7  # plies: four moves of the solver or more


def solver_choices(puzzle: Puzzle) -> int:
    """The solver's moves of the line where the rules left more than one legal move."""
    return sum(
        len(position.legal_moves()) > 1
        for ply, (position, _) in enumerate(replay(puzzle))
        if ply % 2 == 0
    )


def difficulty(puzzle: Puzzle) -> str:
    """easy, medium or hard: a point for each choice beyond the finder's least, for a line
    with no sacrifice (no shot), for a long line."""
    points = (
        max(0, solver_choices(puzzle) - MIN_SOLVER_MOVES)
        + ("shot" not in puzzle.themes)
        + (len(puzzle.line) >= LONG_LINE)
    )
    return DIFFICULTIES[min(points, len(DIFFICULTIES) - 1)]
