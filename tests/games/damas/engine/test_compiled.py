"""The compiled core (_core.c) against the pure-Python reference: the same moves in the same
order, the same evaluation, and the same search result (move, score, depth, nodes) at a node
budget, in every variant and for any evaluation weights (see conftest.py's compiled_core for
where these tests run)."""

from __future__ import annotations

import random
import sys
import threading
import time
import tracemalloc
from collections.abc import Iterator
from dataclasses import fields, replace
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from games.damas import RULES, Position
from games.damas.engine import Limit, think
from games.damas.engine.compiled import core_of, searcher, tools
from games.damas.engine.evaluate import WEIGHT_LIMIT, Weights, weights_for
from games.damas.engine.line import principal_line
from games.damas.engine.lone_king import lone_king_table
from games.damas.engine.patterns import LIMIT, MOST_BLOCKS, SIDE, STATES, Patterns
from games.damas.engine.search import CHECK_EVERY, OutOfTime
from games.damas.engine.table import forget_tables
from games.damas.move import Move

VARIANTS = sorted(RULES)
ENDINGS = Path(__file__).parents[3] / "data" / "endings.txt"


pytestmark = pytest.mark.usefixtures("compiled_core")


Side = tuple[int, int, int, int]


def _side(position: Position) -> Side:
    own, opp = (position.white, position.black)
    if position.colour:
        own, opp = opp, own
    return own, opp, position.kings, position.colour


def _game_positions(variant: str, games: int, seed: int) -> Iterator[Position]:
    """Every position of random games (to their end: kings, endings, draw-rule counts)."""
    rng = random.Random(seed)
    for _ in range(games):
        position = Position.start(variant)
        while position.outcome() is None:
            yield position
            position = position.play(rng.choice(position.legal_moves()))


def _placements(variant: str, count: int, seed: int) -> Iterator[Side]:
    """Random boards with many kings: long flying-king routes the games seldom reach."""
    rng = random.Random(seed)
    board = RULES[variant].board
    bits = sorted(board.square_of_bit)
    for _ in range(count):
        chosen = rng.sample(bits, rng.randint(2, 24))
        own = sum(chosen[: len(chosen) // 2])
        opp = sum(chosen[len(chosen) // 2 :])
        kings = sum(bit for bit in chosen if rng.random() < 0.4)
        yield own, opp, kings, rng.randint(0, 1)


@cache
def _sides(variant: str) -> tuple[Side, ...]:
    sides = [_side(p) for p in _game_positions(variant, 30, 7)]
    return (*sides, *_placements(variant, 1500, 7))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_generator_gives_the_same_moves_in_the_same_order(variant: str) -> None:
    rules = RULES[variant]
    generator, core = rules.generator, core_of(variant)
    sides = _sides(variant)
    assert len(sides) > 2000
    routes_seen = 0
    for side in sides:
        routes = generator.captures(*side)
        routes_seen += len(routes)
        assert core.captures(*side) == routes, side
        expected = generator.choose(routes, side[2]) if routes else generator.quiet(*side)
        assert core.moves(*side) == expected, side
        assert core.quiet(*side) == generator.quiet(*side), side
        assert core.can_capture(*side) == generator.can_capture(*side), side
    assert routes_seen > 1000


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_evaluation_is_the_same_to_the_point(variant: str) -> None:
    evaluate, _ = tools(variant)
    core = core_of(variant)
    for side in _sides(variant):
        assert core.evaluate(*side) == evaluate(*side), side


def _bench_positions(variant: str) -> list[Position]:
    """The positions bench/search_speed.py searches."""
    saved = list(sys.path)  # the script puts the repository and bench/ first on import
    sys.path.insert(0, str(Path(__file__).parents[4] / "bench"))
    try:
        from search_speed import positions
    finally:
        sys.path[:] = saved
    return positions(variant, 6, random.Random(1))


@cache
def _sampled_positions(variant: str) -> tuple[Position, ...]:
    """Positions of random games (openings, middle games with captures pending, kings), the
    king endings of tests/data/endings.txt with their draw-rule counters running, and
    positions whose next moves may repeat the game's history."""
    found = list(_game_positions(variant, 6, 11))
    rng = random.Random(3)
    picked = rng.sample(found, 8)
    picked += rng.sample([p for p in found if p.kings], 4)
    for line in ENDINGS.read_text().splitlines():
        if line.startswith(f"{variant} "):
            fen = line.split()[1]
            # Counters well on too: the draw rules end some lines within the search.
            for snapshot in (fen, f"{fen};king_moves=30;endgame=5"):
                position = Position.from_snapshot(variant, snapshot)
                if position.outcome() is None:
                    picked.append(position)
    for position in picked[-6:]:
        # A few king moves on: positions of the game's history that the search may repeat.
        for _ in range(4):
            if position.outcome() is None:
                position = position.play(rng.choice(position.legal_moves()))
        if position.outcome() is None:
            picked.append(position)
    return tuple(picked)


def _thought(
    position: Position,
    nodes: int,
    pure: bool,
    weights: Weights | None = None,
    contempt: int = 0,
) -> tuple[str, int, int, int]:
    forget_tables()
    limit = Limit(nodes=nodes, seconds=1000.0, pure=pure, contempt=contempt)
    thought = think(position, limit, random.Random(0), weights)
    return str(thought.move), thought.score, thought.depth, thought.nodes


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_search_returns_what_the_pure_search_returns(variant: str) -> None:
    positions = _bench_positions(variant) + list(_sampled_positions(variant))
    rules = RULES[variant]
    # The draw rules the variant has are in play in some of them.
    assert any(p.seen for p in positions) or not rules.repetition_draw
    assert any(p.endgame for p in positions) or not rules.endgame_moves
    for position in positions:
        pure = _thought(position, 4000, pure=True)
        assert _thought(position, 4000, pure=False) == pure, position.snapshot()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_search_with_contempt_returns_what_the_pure_search_returns(variant: str) -> None:
    # The sampled endings and repetitions: draws inside the tree, scored against the root's side.
    for position in _sampled_positions(variant):
        pure = _thought(position, 2000, pure=True, contempt=15)
        assert _thought(position, 2000, pure=False, contempt=15) == pure, position.snapshot()


# Any weights the evaluation accepts, negative ones and both ends of the range included: C's
# integer division, shifts and int range must give Python's results (a negative runaway
# weight once made `/ 3` truncate where `// 3` floors).
WEIGHT = st.integers(-WEIGHT_LIMIT, WEIGHT_LIMIT)
WEIGHTS = st.builds(
    Weights,
    **{
        field.name: WEIGHT for field in fields(Weights) if field.name not in ("advance", "patterns")
    },
    advance=st.lists(WEIGHT, min_size=1, max_size=9).map(tuple),
)
NEGATIVE_RUNAWAY = replace(weights_for("brazilian"), runaway=-61)


def _evaluates_alike(variant: str, weights: Weights) -> None:
    evaluate, _ = tools(variant, weights)
    core = core_of(variant, weights)
    for side in _sides(variant):
        assert core.evaluate(*side) == evaluate(*side), side


@cache
def _search_pool(variant: str) -> tuple[Position, ...]:
    """Every position of a few games (runaway men are in their later ones), then the sampled
    ones (endings with their draw-rule counters running, repetitions)."""
    return (*_game_positions(variant, 6, 11), *_sampled_positions(variant))


def _searches_alike(variant: str, weights: Weights, picks: list[int]) -> None:
    positions = _search_pool(variant)
    for pick in picks:
        position = positions[pick % len(positions)]
        expected = _thought(position, 1500, pure=True, weights=weights)
        assert _thought(position, 1500, pure=False, weights=weights) == expected, (
            position.snapshot()
        )


def _examples(count: int) -> settings:
    """Hypothesis settings for `count` examples (the conftest's fixtures empty the tables per
    test, not per example: each search here empties them itself)."""
    return settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )


VARIANT = st.sampled_from(VARIANTS)
PICKS = st.lists(st.integers(0, 2000), min_size=1, max_size=3)


@given(variant=VARIANT, weights=WEIGHTS)
@example(variant="brazilian", weights=NEGATIVE_RUNAWAY)
@_examples(12)
def test_any_weights_evaluate_alike(variant: str, weights: Weights) -> None:
    _evaluates_alike(variant, weights)


@pytest.mark.slow
@given(variant=VARIANT, weights=WEIGHTS)
@_examples(300)
def test_any_weights_evaluate_alike_at_length(variant: str, weights: Weights) -> None:
    _evaluates_alike(variant, weights)


@given(variant=VARIANT, weights=WEIGHTS, picks=PICKS)
@example(variant="brazilian", weights=NEGATIVE_RUNAWAY, picks=[28, 29])
@_examples(8)
def test_any_weights_search_alike(variant: str, weights: Weights, picks: list[int]) -> None:
    _searches_alike(variant, weights, picks)


@pytest.mark.slow
@given(variant=VARIANT, weights=WEIGHTS, picks=PICKS)
@_examples(150)
def test_any_weights_search_alike_at_length(
    variant: str, weights: Weights, picks: list[int]
) -> None:
    _searches_alike(variant, weights, picks)


def _random_patterns(variant: str, seed: int) -> Patterns:
    """Pattern tables of any shape the engine takes: 1 to MOST_BLOCKS blocks anywhere on the
    board (overlapping, repeated), any phase, weights spread over the whole range, its ends
    and zero."""
    rng = random.Random(seed)
    size = RULES[variant].board.size
    corners = [(row, col) for row in range(size - SIDE + 1) for col in range(size - SIDE + 1)]
    origins = tuple(rng.choice(corners) for _ in range(rng.randint(1, MOST_BLOCKS)))
    ends = (-LIMIT, LIMIT, 0, -1, 1)

    def table() -> tuple[int, ...]:
        spread = rng.choice((3, 300, LIMIT))
        drawn = [rng.randint(-spread, spread) for _ in range(200)]
        return tuple(rng.choices([*ends, *drawn], k=STATES))

    pieces = rng.randint(1, 64)
    middle = tuple(table() for _ in origins)
    return Patterns(size, pieces, origins, middle, tuple(table() for _ in origins))


SEED = st.integers(0, 2**32 - 1)


@given(variant=VARIANT, weights=WEIGHTS, seed=SEED)
@_examples(10)
def test_any_patterns_evaluate_alike(variant: str, weights: Weights, seed: int) -> None:
    _evaluates_alike(variant, replace(weights, patterns=_random_patterns(variant, seed)))


@pytest.mark.slow
@given(variant=VARIANT, weights=WEIGHTS, seed=SEED)
@_examples(150)
def test_any_patterns_evaluate_alike_at_length(variant: str, weights: Weights, seed: int) -> None:
    _evaluates_alike(variant, replace(weights, patterns=_random_patterns(variant, seed)))


@given(variant=VARIANT, weights=WEIGHTS, seed=SEED, picks=PICKS)
@_examples(6)
def test_any_patterns_search_alike(
    variant: str, weights: Weights, seed: int, picks: list[int]
) -> None:
    _searches_alike(variant, replace(weights, patterns=_random_patterns(variant, seed)), picks)


@pytest.mark.slow
@given(variant=VARIANT, weights=WEIGHTS, seed=SEED, picks=PICKS)
@_examples(80)
def test_any_patterns_search_alike_at_length(
    variant: str, weights: Weights, seed: int, picks: list[int]
) -> None:
    _searches_alike(variant, replace(weights, patterns=_random_patterns(variant, seed)), picks)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_learned_weights_evaluate_and_search_alike(variant: str) -> None:
    learned = weights_for(variant, "learned")
    assert learned.patterns is not None
    _evaluates_alike(variant, learned)
    _searches_alike(variant, learned, [3, 500, 1200])


def test_the_compiled_constants_are_the_python_ones() -> None:
    from games.damas.engine import evaluate, ordering, search, table
    from games.damas.engine._core import CONSTANTS, CoreTable

    names = ("WIN", "WON", "DRAW", "NEVER", "MAX_PLY", "CHECK_EVERY", "PRUNE_MARGIN", "FEW_MOVES")
    expected = {name: getattr(search, name) for name in names}
    expected |= {name: getattr(table, name) for name in ("EXACT", "LOWER", "UPPER", "BUCKET")}
    expected["HISTORY_CAP"] = ordering._HISTORY_CAP
    expected["WEIGHT_LIMIT"] = evaluate.WEIGHT_LIMIT
    assert expected == CONSTANTS
    assert CoreTable().slots == 4 * table.PURE_SLOTS == 1 << 20  # 32 MB: docs/engine.md


def test_a_kept_table_gives_the_same_game() -> None:
    # The tables carry over from move to move; both searches keep theirs alike.
    forget_tables()
    positions = {pure: Position.start("international") for pure in (False, True)}
    for _ in range(12):
        moves = {}
        for pure, position in positions.items():
            limit = Limit(nodes=3000, seconds=1000.0, pure=pure)
            moves[pure] = think(position, limit, random.Random(0)).move
            positions[pure] = position.play(moves[pure])
        assert moves[False] == moves[True]


def test_the_lone_king_table_is_read_alike() -> None:
    lone_king_table("brazilian", solve=True)
    for fen in ("W:WK1,K10,K19:BK32", "B:WK5,K14:BK28", "W:WK29,K22,K15:BK4"):
        position = Position.from_fen("brazilian", fen)
        assert _thought(position, 3000, pure=False) == _thought(position, 3000, pure=True)


def test_the_principal_line_reads_the_compiled_table() -> None:
    position = Position.start("italian")
    lines = []
    for pure in (False, True):
        forget_tables()
        thought = think(position, Limit(depth=7, seconds=1000.0, pure=pure), random.Random(0))
        # The root is not in the table: the line goes on from the position after the move.
        lines.append(principal_line(position.play(thought.move), 6, pure=pure))
    assert len(lines[0]) >= 4
    assert lines[0] == lines[1]


def test_the_clock_stops_the_compiled_search() -> None:
    began = time.perf_counter()
    thought = think(Position.start("international"), Limit(seconds=0.2), random.Random(0))
    assert time.perf_counter() - began < 2.0
    assert thought.depth >= 1


def test_a_node_budget_raises_the_python_exception() -> None:
    rules = RULES["brazilian"]
    search = searcher(rules, None, time.perf_counter() + 100, 300, {}, True, pure=False)
    position = Position.start("brazilian")
    _, keys = tools("brazilian")
    key = keys.of(position.white, position.black, position.kings, 0)
    with pytest.raises(OutOfTime):
        search.node(*_side(position), key, 40, 1 << 30, 20, -(10**6), 10**6, 1)
    # The budget is looked at every CHECK_EVERY nodes, as in the pure search.
    assert search.nodes == 2 * CHECK_EVERY
    # The path is left as it was: the root position is no repetition.
    search.enter(key)
    search.leave(key)
    with pytest.raises(KeyError):
        search.leave(key)


def test_searches_in_threads_share_the_table() -> None:
    # A bot may think in a thread pool: two searches of a variant share its table.
    position = Position.start("international")
    moves: list[Move] = []

    def search() -> None:
        moves.append(think(position, Limit(seconds=0.3), random.Random(0)).move)

    workers = [threading.Thread(target=search) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(moves) == 2
    assert all(move in position.legal_moves() for move in moves)


def test_a_running_search_lets_other_threads_run_and_refuses_them() -> None:
    # The core lets the GIL go now and then, as the pure search does between bytecodes (an
    # event loop beside a thread pool keeps running); another thread's call into the same
    # search is refused, never mixed into its state.
    search = searcher(RULES["italian"], None, time.perf_counter() + 0.5, 10**9, {}, True, False)
    position = Position.start("italian")
    _, keys = tools("italian")
    key = keys.of(position.white, position.black, position.kings, 0)
    refused: list[RuntimeError] = []

    def run() -> None:
        with pytest.raises(OutOfTime):  # the deadline ends it: 40 plies never finish
            search.node(*_side(position), key, 40, 1 << 30, 40, -(10**6), 10**6, 1)

    runner = threading.Thread(target=run)
    runner.start()
    turns = 0
    while runner.is_alive():
        runner.join(0.001)
        turns += 1
        if turns == 5:
            try:
                search.enter(key)
            except RuntimeError as error:
                refused.append(error)
    # One node() call from start to end: without letting go, no turn at all in between.
    assert turns >= 10
    assert refused
    search.enter(key)  # once it is done, the search answers again
    search.leave(key)


def test_memory_does_not_grow_over_searches() -> None:
    position = next(p for p in _game_positions("brazilian", 1, 5) if p.kings)
    side = _side(position)
    core = core_of("brazilian")

    def work() -> None:
        core.captures(*side)
        core.moves(*side)
        core.quiet(*side)
        think(position, Limit(nodes=500, seconds=1000.0), random.Random(0))

    for _ in range(20):
        work()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(300):
            work()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 200_000
