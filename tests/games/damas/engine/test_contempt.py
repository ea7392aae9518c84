"""Contempt (Limit.contempt, the strong level's): a draw costs the side that thinks, in both
searches alike, and a search that scores draws so keeps its table entries apart from those of
searches that score them as even."""

from __future__ import annotations

import random

import pytest

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.compiled import table_of, tools
from games.damas.engine.zobrist import contempt_salt

# Two kings against one: the endgame count ends every line in a draw within the search.
ENDING = "international", "W:WK32,K33:BK31;king_moves=34;endgame=9"


def _thought(position: Position, contempt: int, pure: bool) -> tuple[str, int]:
    limit = Limit(nodes=4000, seconds=1000.0, contempt=contempt, pure=pure)
    thought = think(position, limit, random.Random(0))
    return str(thought.move), thought.score


@pytest.mark.parametrize("colour", ["W", "B"])
def test_a_draw_costs_the_side_that_thinks(pure: bool, colour: str) -> None:
    variant, snapshot = ENDING
    position = Position.from_snapshot(variant, colour + snapshot[1:])
    assert _thought(position, 0, pure)[1] == 0
    assert _thought(position, 30, pure)[1] == -30


def test_both_searches_score_draws_alike_with_contempt() -> None:
    variant, snapshot = ENDING
    position = Position.from_snapshot(variant, snapshot)
    for start in ("international", "brazilian", "italian"):
        opening = Position.start(start)
        assert _thought(opening, 15, pure=False) == _thought(opening, 15, pure=True)
    assert _thought(position, 15, pure=False) == _thought(position, 15, pure=True)


def test_a_search_with_contempt_keeps_its_entries_apart(pure: bool) -> None:
    variant = "italian"
    position = Position.start(variant)
    limit = Limit(nodes=4000, seconds=1000.0, contempt=30, pure=pure)
    # The root is not in the table: the position after its move is.
    after = position.play(think(position, limit, random.Random(0)).move)
    _, keys = tools(variant)
    plain = keys.of(after.white, after.black, after.kings, after.colour)
    salted = plain ^ contempt_salt(position.colour, 30)
    table = table_of(variant, pure)
    assert table.get(salted) is not None
    assert table.get(plain) is None
    think(position, Limit(nodes=4000, seconds=1000.0, pure=pure), random.Random(0))
    assert table.get(plain) is not None
