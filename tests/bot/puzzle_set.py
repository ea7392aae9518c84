"""Known puzzles for the service tests, put in place of the shipped set. SHOT and SECOND are
shots of tests/data/shots.txt with the line the finder gave them before it counted only the
solver's choices (their second move is a compulsory capture, the only legal move): the
service serves whatever line is stored, and these short lines keep its tests short. CHOICES
is a puzzle by the finder's rule (two choices; tests/games/damas/test_puzzle_finder.py
proves it), which `python -m bot puzzles` finds in a game."""

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
CHOICES = NewPuzzle(
    "brazilian",
    "B:W20,21,25,26,27,28,29,30,32:B1,2,3,4,5,8,11,12,18",
    ("d4-e3", "d2xf4", "f6-g5", "h4xf6", "g7xe1"),
    ("shot", "coup", "breakthrough"),
    2,
    "tests/data/shots.txt",
)
KNOWN = [SHOT, SECOND]


def use_known_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shipped, "shipped_puzzles", lambda: list(KNOWN))
