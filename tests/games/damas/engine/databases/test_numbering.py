"""The tables' numbering in Python (numbering.py) is the compiled core's, and numbers each
position of a table once, within the table's size."""

import random

import pytest

from games.damas.engine.compiled import new_endgame
from games.damas.engine.databases.numbering import MOST_PIECES, numbering
from games.damas.rules import RULES

pytestmark = pytest.mark.usefixtures("compiled_core")


def _random_position(rng: random.Random, variant: str) -> tuple[int, int, int, int]:
    rules = RULES[variant]
    squares = sorted(rules.board.square_of_bit)
    count = rng.randint(2, MOST_PIECES)
    chosen = rng.sample(squares, count)
    own = sum(chosen[: rng.randint(1, count - 1)])
    opp = sum(chosen) - own
    colour = rng.randint(0, 1)
    white, black = (own, opp) if colour == 0 else (opp, own)
    crowns = rules.board.promotion_rows
    kings = sum(bit for bit in chosen if rng.random() < 0.5)
    kings |= (white & crowns[0]) | (black & crowns[1])  # no man on its crowning row
    return own, opp, kings, colour


@pytest.mark.parametrize("variant", ["brazilian", "international", "italian"])
def test_python_numbers_positions_as_the_core_does(variant: str) -> None:
    rng = random.Random(36)
    core = new_endgame(variant)
    board = numbering(RULES[variant].board)
    numbers: dict[tuple[tuple[int, int, int, int], int], tuple[int, int, int]] = {}
    for _ in range(3000):
        own, opp, kings, colour = _random_position(rng, variant)
        found = board.locate(own, opp, kings, colour)
        assert core.locate(own, opp, kings, colour) == found
        material, number = found
        assert 0 <= number < board.size(material) == core.size(*material)
        # the same position seen from the other side (turned) has the same number
        turned = board.turn(own), board.turn(opp), board.turn(kings), 1 - colour
        assert board.locate(*turned) == found
        seen = numbers.setdefault(found, (own, opp, kings) if colour == 0 else turned[:3])
        assert seen == ((own, opp, kings) if colour == 0 else turned[:3])


def test_too_many_pieces_have_no_table() -> None:
    board = numbering(RULES["brazilian"].board)
    squares = sorted(RULES["brazilian"].board.square_of_bit)
    with pytest.raises(ValueError, match="a table holds 6 at most"):
        board.locate(sum(squares[:4]), sum(squares[-4:]), 0, 0)
    assert new_endgame("brazilian").locate(sum(squares[:4]), sum(squares[-4:]), 0, 0) is None
