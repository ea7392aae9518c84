"""The search with databases loaded: the compiled and the pure search give the same thought;
a database's win counts only within the plies the draw rules leave; without databases the
engine is what it was."""

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from games.computer import CORRESPONDENCE_LEVELS, LEVELS
from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.databases.loaded import forget, use
from games.damas.engine.databases.tables import Tables
from games.damas.engine.search import DRAW, WIN, WON, database_score
from games.damas.engine.table import forget_tables

Built = Callable[[str, int], Tables]
BUDGET = Limit(nodes=3000, seconds=60.0, seed=1)
# Positions of more pieces than the tables hold, whose lines capture into them, and one the
# tables hold; per variant.
POSITIONS = {
    "brazilian": ["W:W21,K30:B9,K14", "B:W22,27:B13,K6,10", "W:WK29:BK1,9"],
    "international": ["W:W28,K46:B19,K3", "B:W33,K49:B18,23", "W:WK46:BK5,K37"],
    "italian": ["W:W22,K30:B9,K14", "B:W22,27:B13,K6,10", "W:WK29:BK1,9"],
}


def test_a_win_or_loss_counts_within_the_plies_left() -> None:
    assert database_score(5, 5, 3) == WIN - 3 - 5
    assert database_score(5, 4, 3) == DRAW
    assert database_score(128 + 7, 7, 2) == 2 + 7 - WIN
    assert database_score(128 + 7, 6, 2) == DRAW
    assert database_score(128, 1, 4) == 4 - WIN  # no move left: lost at once
    assert database_score(0, 100, 0) == DRAW
    # A draw scores the node's draw (contempt's), a win beyond the count included.
    assert database_score(0, 100, 0, -15) == -15
    assert database_score(5, 4, 3, 15) == 15


@pytest.mark.parametrize("variant", sorted(POSITIONS))
@pytest.mark.parametrize("contempt", [0, 15])
def test_compiled_and_pure_searches_think_alike_with_databases(
    variant: str, contempt: int, built: Built
) -> None:
    use(built(variant, 3))
    for fen in POSITIONS[variant]:
        position = Position.from_fen(variant, fen)
        compiled = think(position, replace(BUDGET, contempt=contempt))
        pure = think(position, replace(BUDGET, contempt=contempt, pure=True))
        assert (compiled.move, compiled.score, compiled.depth, compiled.nodes) == (
            pure.move,
            pure.score,
            pure.depth,
            pure.nodes,
        ), fen


def test_a_capture_into_a_won_database_position_is_seen_at_once(built: Built) -> None:
    # White's king takes Black's on 31 (landing on 26 or further) into a king and a man
    # against a man, which the tables hold as won; the search alone sees a man ahead.
    position = Position.from_fen("international", "W:W13,K42:B29,K31")
    budget = Limit(nodes=300, seconds=60.0, seed=1)
    without = think(position, budget)
    forget_tables()
    use(built("international", 3))
    found = think(position, budget)
    assert found.score > WON
    assert found.depth <= 2
    assert without.score < WON
    forget_tables()
    assert think(position, replace(budget, databases=False)).score < WON


def test_only_the_strong_level_reads_the_databases() -> None:
    for levels in (LEVELS, CORRESPONDENCE_LEVELS):
        assert [name for name, limit in levels.items() if limit.databases] == ["strong"]


def test_without_databases_the_engine_is_unchanged(built: Built) -> None:
    rng = random.Random(5)
    position = Position.from_fen("brazilian", POSITIONS["brazilian"][0])
    before = think(position, BUDGET, rng)
    forget_tables()
    use(built("brazilian", 3))
    forget()
    forget_tables()
    after = think(position, BUDGET, random.Random(5))
    assert (before.move, before.score, before.nodes) == (after.move, after.score, after.nodes)
