"""The search finds the winning shot of tests/data/shots.txt: a six-ply search, no clock."""

import random
from pathlib import Path

import pytest

from games.damas import Position
from games.damas.engine import Limit, think

SHOTS = Path(__file__).parents[3] / "data" / "shots.txt"
SIX_PLIES = Limit(depth=6, seconds=120.0)


def _shots() -> list[tuple[str, ...]]:
    lines = SHOTS.read_text().splitlines()
    return [tuple(line.split()) for line in lines if line and not line.startswith("#")]


@pytest.mark.parametrize(("variant", "fen", "best"), _shots())
def test_the_search_finds_the_shot(variant: str, fen: str, best: str) -> None:
    position = Position.from_fen(variant, fen)
    thought = think(position, SIX_PLIES, random.Random(1))
    assert position.notation(thought.move) == best
    # Ahead by a man and a half (half a man where the sacrifice may be declined), at least.
    assert thought.score >= (50 if position.rules.huffing else 150)
