"""italian-familiar: the engine huffs when the huff wins material, and otherwise plays a
legal move of its own (the search itself treats captures as compulsory)."""

import random
from dataclasses import replace

from games.damas import Position
from games.damas.engine import Limit, think

DEEP = Limit(depth=4, seconds=60.0)


def test_it_huffs_the_piece_that_missed_its_capture(pure: bool) -> None:
    # Black's man on 5 could have captured and did not: removing it costs White nothing.
    position = Position.from_snapshot(
        "italian-familiar",
        "W:W10,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,12,13,19;huff=5",
    )
    move = think(position, replace(DEEP, pure=pure), random.Random(1)).move
    assert move.huff
    assert move.start == 5


def test_with_two_pieces_to_huff_it_takes_one(pure: bool) -> None:
    position = Position.from_snapshot(
        "italian-familiar",
        "B:W18,20,22,23,24,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,8,10,12,13,15;huff=18,20",
    )
    move = think(position, replace(DEEP, pure=pure), random.Random(1)).move
    assert move.huff
    assert move.start in (18, 20)
