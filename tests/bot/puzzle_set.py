"""Known puzzles for the service tests, put in place of the shipped set: shots of
tests/data/shots.txt with the lines the finder gives them (tests/games/damas/
test_puzzle_finder.py proves them)."""

from __future__ import annotations

import pytest

from bot.service.puzzles import shipped
from storage import NewPuzzle

SHOT = NewPuzzle(
    "brazilian",
    "B:W21,23,24,25,26,28,29,30,31,32:B1,3,4,5,6,8,9,11,12,14",
    ("c5-b4", "a3xc5", "b6xh4"),
    ("shot", "coup"),
    2,
    "tests/data/shots.txt",
)
SECOND = NewPuzzle(
    "brazilian",
    "B:W21,23,24,25,26,28,29,30,31,32:B2,3,4,5,6,8,9,11,12,14",
    ("c5-b4", "a3xc5", "b6xh4"),
    ("shot", "coup"),
    2,
    "tests",
)
KNOWN = [SHOT, SECOND]


def use_known_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shipped, "shipped_puzzles", lambda: list(KNOWN))
