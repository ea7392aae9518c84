"""King endings (tests/data/endings.txt) played out by the engine against itself, with a node
budget per move (about a tenth of a second): the won ones are converted within the draw rules'
counts (Italian has none: within 200 plies) and the drawn ones stay drawn."""

import random
from pathlib import Path

import pytest

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.table import forget_tables

ENDINGS = Path(__file__).parents[3] / "data" / "endings.txt"
BUDGET = Limit(nodes=10_000, seconds=60.0)
PLY_CAP = 200


def _endings() -> list[tuple[str, str, str]]:
    cases = []
    for line in ENDINGS.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        variant, fen, expected = line.split()
        cases.append((variant, fen, expected))
    return cases


@pytest.mark.parametrize(("variant", "fen", "expected"), _endings())
def test_ending_is_played_to_its_result(variant: str, fen: str, expected: str) -> None:
    forget_tables()
    position = Position.from_fen(variant, fen)
    rng = random.Random(1)
    for _ in range(PLY_CAP):
        if position.outcome() is not None:
            break
        position = position.play(think(position, BUDGET, rng).move)
    outcome = position.outcome()
    result = (
        "draw"
        if outcome is None or not outcome.winners
        else ("white", "black")[next(iter(outcome.winners))]
    )
    assert result == expected, position.snapshot()
