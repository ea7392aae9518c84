"""Terms of the static evaluation that the search tests do not pin down."""

import re
from dataclasses import replace

import pytest

from games.damas import Position
from games.damas.engine.evaluate import (
    DEFAULT_WEIGHTS,
    WEIGHT_LIMIT,
    Weights,
    make_evaluator,
    weights_for,
)


def _score(fen: str, balance: int) -> int:
    position = Position.from_fen("international", fen)
    evaluate = make_evaluator(position.rules, replace(DEFAULT_WEIGHTS, balance=balance))
    return evaluate(position.white, position.black, position.kings, position.colour)


def test_men_crowded_on_one_wing_cost_per_man_of_difference() -> None:
    # White: four men on the left wing (columns 0-3), none on the right; Black: two and two.
    fen = "W:W31,36,37,46:B1,5,10,6"
    assert _score(fen, 0) - _score(fen, 3) == 3 * 4


def test_kings_do_not_count_for_the_balance() -> None:
    fen = "W:WK31,K36,K37,K46:BK1,K5"
    assert _score(fen, 0) == _score(fen, 3)


def test_international_plays_its_own_weights_and_8x8_the_defaults() -> None:
    assert weights_for("international", "hand").balance > 0
    assert weights_for("brazilian", "hand") == weights_for("italian", "hand") == DEFAULT_WEIGHTS


def test_a_rule_set_plays_the_learned_set_where_it_measured_better() -> None:
    for variant in ("brazilian", "international", "italian", "italian-familiar"):
        assert weights_for(variant) is weights_for(variant, "learned")
        assert weights_for(variant).patterns is not None
    # Italian-familiar plays Italian's patterns.
    assert weights_for("italian-familiar").patterns is weights_for("italian").patterns


def test_weights_beyond_the_limit_are_refused_in_both_searches() -> None:
    # Within it the compiled core's ints hold every score (docs/engine.md); a negative
    # weight is fine.
    assert Weights(runaway=-WEIGHT_LIMIT, advance=(WEIGHT_LIMIT,)).runaway == -WEIGHT_LIMIT
    message = "Weights.runaway: -10000 to 10000, not -10001"
    with pytest.raises(ValueError, match=re.escape(message)):
        Weights(runaway=-WEIGHT_LIMIT - 1)
    with pytest.raises(ValueError, match=re.escape("Weights.advance: -10000 to 10000, not 10001")):
        Weights(advance=(0, WEIGHT_LIMIT + 1))
    with pytest.raises(ValueError, match=re.escape("Weights.advance: at least one entry")):
        Weights(advance=())
