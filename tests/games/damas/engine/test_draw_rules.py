"""The search knows the draw rules: it seeks a repetition when behind, avoids it when ahead,
and scores positions the move counters are about to end as draws."""

import random
from dataclasses import replace

from games.damas import Position
from games.damas.engine import Limit, think

DEEP = Limit(depth=6, seconds=60.0)


def test_a_king_ending_about_to_end_by_the_counter_scores_as_a_draw(pure: bool) -> None:
    # Two kings against one: a draw after five moves of each side; nine plies are gone.
    position = Position.from_snapshot("international", "W:WK28,K33:BK3;endgame=9")
    assert think(position, replace(DEEP, pure=pure), random.Random(1)).score == 0


def test_the_king_move_counter_is_read_from_the_position(pure: bool) -> None:
    # Kings only, two kings up: won in general, but the 25-move rule ends it next ply.
    fen = "W:WK28,K33,K37,K41:BK3,K4"
    limit = replace(DEEP, pure=pure)
    assert think(Position.from_fen("international", fen), limit, random.Random(1)).score > 0
    near_end = Position.from_snapshot("international", f"{fen};king_moves=49")
    assert think(near_end, limit, random.Random(1)).score == 0


def _repetition_choice(fen: str, repeat: str, pure: bool) -> str:
    """The move chosen when the move `repeat` leads to a position seen before."""
    position = Position.from_fen("international", fen)
    seen = position.play(position.parse(repeat)).fen()
    position = Position.from_snapshot("international", f"{fen};seen={seen}")
    return position.notation(think(position, replace(DEEP, pure=pure), random.Random(1)).move)


def test_behind_it_repeats_and_ahead_it_does_not(pure: bool) -> None:
    # Behind (a king against a king and men) it plays 47-41 with no history; when 47-38
    # repeats a position, it takes the draw.
    assert _repetition_choice("W:WK47,6:BK1,2,3,14,15,16", "47-38", pure) == "47-38"
    # Ahead (two kings and men against two men) it plays 47-36 with no history; not when
    # 47-36 repeats.
    assert _repetition_choice("W:WK47,K31,32,33,34:B4,5", "47-36", pure) != "47-36"
