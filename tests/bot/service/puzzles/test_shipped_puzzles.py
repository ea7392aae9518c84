"""The shipped puzzle sets (bot/data/puzzles/) keep the finder's rule. Fast: every entry of
every variant is well formed (the variant of its file, a theme, its difficulty, the themes
the finder names), each position once, its line replays with at least two choices of the
solver (a compulsory capture that is the only legal move is none) and is the line the
finder's first search gives. Slow: a sample of each set (every eighth puzzle) found again
by the whole finder, its second opinion at double the depth included, as when it was shipped
(the whole sets would take several minutes of CI's slow run even compiled, the 10x10 ones
most; the fast test's search holds every puzzle's line)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from bot.service.puzzles import shipped
from games.damas.puzzles import Puzzle, find_puzzle, puzzle_from_json
from games.damas.puzzles.finder import DEPTH, GAIN, MIN_SOLVER_MOVES, themes, winning_line
from games.damas.puzzles.grading import DIFFICULTIES, difficulty, solver_choices
from games.damas.tactics import material

FIELDS = {"variant", "fen", "line", "themes", "gain", "source", "difficulty"}
# Issue 37: at least 150 puzzles per variant, the household game's included (its engine games
# hold few: docs/puzzles.md says how many were searched).
AT_LEAST = dict.fromkeys(("brazilian", "international", "italian", "italian-familiar"), 150)


def _entries(variant: str) -> list[dict[str, object]]:
    folder = resources.files("bot").joinpath("data", "puzzles")
    read: list[dict[str, object]] = json.loads(
        folder.joinpath(f"{variant}.json").read_text(encoding="utf-8")
    )
    return read


def _all() -> list[tuple[dict[str, object], Puzzle]]:
    return [
        (entry, puzzle_from_json(entry))
        for variant in shipped.VARIANTS
        for entry in _entries(variant)
    ]


@pytest.mark.parametrize("variant", shipped.VARIANTS)
def test_every_shipped_puzzle_is_well_formed_and_the_finders_line(variant: str) -> None:
    entries = _entries(variant)
    assert len(entries) >= AT_LEAST[variant]
    assert len({entry["fen"] for entry in entries}) == len(entries)
    for entry in entries:
        assert set(entry) == FIELDS, entry
        assert entry["variant"] == variant
        puzzle = puzzle_from_json(entry)
        start = puzzle.start()
        assert puzzle.themes, puzzle.fen
        assert puzzle.themes == themes(start, puzzle.line)
        assert entry["difficulty"] in DIFFICULTIES
        assert entry["difficulty"] == difficulty(puzzle)
        assert solver_choices(puzzle) >= MIN_SOLVER_MOVES, puzzle.fen
        found = winning_line(start, DEPTH, material(start) + GAIN)
        assert found is not None, puzzle.fen
        assert tuple(found[0]) == puzzle.line


def test_the_bot_reads_every_shipped_puzzle() -> None:
    read = shipped.shipped_puzzles()
    assert {puzzle.variant for puzzle in read} == set(shipped.VARIANTS)
    assert len(read) == len(_all())


@pytest.mark.slow
@pytest.mark.parametrize("variant", shipped.VARIANTS)
def test_every_shipped_puzzle_is_found_again_by_the_whole_finder(variant: str) -> None:
    for entry in _entries(variant)[::8]:
        puzzle = puzzle_from_json(entry)
        again = find_puzzle(puzzle.start())
        assert again is not None, puzzle.fen
        assert (again.line, again.gain) == (puzzle.line, puzzle.gain), puzzle.fen
