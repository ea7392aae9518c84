"""The shipped puzzle sets (bot/data/puzzles/) keep the finder's rule: every line replays and
holds at least two moves of the solver where the rules left a choice (a compulsory capture
that is the only legal move is none), in each variant."""

from __future__ import annotations

from bot.service.puzzles import shipped
from games.damas.puzzles import Puzzle
from games.damas.puzzles.finder import MIN_SOLVER_MOVES, replay


def test_every_shipped_puzzle_has_two_choices_of_the_solver() -> None:
    puzzles = shipped.shipped_puzzles()
    assert {puzzle.variant for puzzle in puzzles} == set(shipped.VARIANTS)
    for stored in puzzles:
        puzzle = Puzzle(stored.variant, stored.fen, stored.line, stored.themes, stored.gain)
        steps = replay(puzzle)
        solver = [position for ply, (position, _) in enumerate(steps) if ply % 2 == 0]
        choices = sum(len(position.legal_moves()) > 1 for position in solver)
        assert choices >= MIN_SOLVER_MOVES, stored.fen
