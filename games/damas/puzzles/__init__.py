"""Draughts puzzles: the finder (finder.py, proved by the plain search of tactics.py), the
games they come from (sources.py) and their JSON form (records.py)."""

from __future__ import annotations

from games.damas.puzzles.finder import Puzzle, find_puzzle, verify
from games.damas.puzzles.records import puzzle_from_json, puzzle_json

__all__ = ["Puzzle", "find_puzzle", "puzzle_from_json", "puzzle_json", "verify"]
