"""The engine always answers with a legal move: random positions of every variant, searched
with a small node budget (so each search is quick, whatever the machine)."""

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.damas import RULES, Position
from games.damas.engine import Limit, think

TINY = Limit(nodes=400, seconds=30.0)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=st.sampled_from(sorted(RULES)),
    plies=st.integers(min_value=0, max_value=80),
    seed=st.integers(min_value=0, max_value=2**32),
    pure=st.booleans(),
)
def test_random_games_get_legal_moves(key: str, plies: int, seed: int, pure: bool) -> None:
    rng = random.Random(seed)
    position = Position.start(key)
    for _ in range(plies):
        if position.outcome() is not None:
            return
        position = position.play(rng.choice(position.legal_moves()))
    if position.outcome() is None:
        assert think(position, replace(TINY, pure=pure), rng).move in position.legal_moves()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=st.sampled_from(sorted(RULES)),
    pieces=st.lists(st.tuples(st.integers(1, 50), st.booleans(), st.booleans()), max_size=16),
    black_to_move=st.booleans(),
    pure=st.booleans(),
)
def test_random_placements_get_legal_moves(
    key: str, pieces: list[tuple[int, bool, bool]], black_to_move: bool, pure: bool
) -> None:
    rules = RULES[key]
    sides: list[list[str]] = [[], []]
    used = set()
    for square, black, king in pieces:
        square = (square - 1) % rules.board.square_count + 1
        row, _ = rules.board.row_col(square)
        crowning_row = rules.board.size - 1 if black else 0
        if square in used:
            continue
        used.add(square)
        sides[black].append(f"K{square}" if king or row == crowning_row else str(square))
    fen = f"{'B' if black_to_move else 'W'}:W{','.join(sides[0])}:B{','.join(sides[1])}"
    position = Position.from_fen(rules, fen)
    if position.outcome() is None:
        limit = replace(TINY, pure=pure)
        assert think(position, limit, random.Random(0)).move in position.legal_moves()
