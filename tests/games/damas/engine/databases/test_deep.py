"""A sample of four-piece positions against deep searches of the engine without databases
(-m slow: the tables of four pieces take seconds to build): where the search proves a win or
a loss, the tables hold the same, and a win no further from its next capture or man's move
than the search's win from the end of the game."""

import random
from collections.abc import Callable

import pytest

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.databases.moves import value_of
from games.damas.engine.databases.tables import LOSS, Tables
from games.damas.engine.search import WIN, WON
from games.damas.rules import RULES

Built = Callable[[str, int], Tables]
DEEP = Limit(nodes=200_000, seconds=60.0, seed=1)


def _random_position(variant: str, rng: random.Random) -> Position:
    board = RULES[variant].board
    while True:
        named = [
            ("K" if rng.random() < 0.4 else "") + str(square)
            for square in rng.sample(range(1, board.square_count + 1), 4)
        ]
        white, black = ",".join(named[:2]), ",".join(named[2:])
        try:
            position = Position.from_fen(variant, f"{rng.choice('WB')}:W{white}:B{black}")
        except ValueError:
            continue
        crowns = board.promotion_rows
        men_crowned = (position.white & ~position.kings & crowns[0]) or (
            position.black & ~position.kings & crowns[1]
        )
        if not men_crowned and position.outcome() is None and len(position.legal_moves()) > 1:
            return position


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["brazilian", "italian"])
def test_four_pieces_agree_with_deep_searches(variant: str, built: Built) -> None:
    tables = built(variant, 4)
    rng = random.Random(4)
    proven = 0
    for _ in range(60):
        position = _random_position(variant, rng)
        value = value_of(tables, position)
        assert value is not None
        score = think(position, DEEP).score
        if score > WON:
            assert 0 < value < LOSS, position.fen()
            assert value <= WIN - score, position.fen()
            proven += 1
        elif score < -WON:
            assert value >= LOSS, position.fen()
            proven += 1
    assert proven >= 5  # the rest is beyond what the search proves at this budget
