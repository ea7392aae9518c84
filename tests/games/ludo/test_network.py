"""Ludo's learned evaluation (games/ludo/network.py on features.py's inputs): the shipped
weights load and fit the inputs, the chances are chances, every seat's view is the same board
turned, and damaged weights are refused with a clear error."""

import random
import sys
import types

import pytest

from games.ludo import LudoPosition, LudoRules
from games.ludo import network as network_module
from games.ludo.features import DANGER, INPUTS, SEATS, STRETCH, features
from games.ludo.moves import ROLLS
from games.ludo.network import BadWeights, fits, network, win_chances
from tests.games.ludo.conftest import Board


def middle_game(seed: int) -> LudoPosition:
    """A four-player position, a roll due, some eighty random moves into a game."""
    rng = random.Random(seed)
    position = LudoPosition.start()
    for _ in range(160):
        if position.roll:
            position = position.play(rng.choice(position.legal_moves()))
        else:
            position = position.play(ROLLS[rng.randrange(6)])
        if position.outcome() is not None:
            break
    while position.roll:
        position = position.play(position.legal_moves()[0])
    return position


def test_the_shipped_network_loads_and_fits_the_inputs() -> None:
    learned = network()
    assert len(learned.columns) == INPUTS
    assert len(learned.rows) == SEATS
    assert network() is learned  # read once


def test_the_chances_of_the_four_seats_make_one_from_every_view() -> None:
    position = middle_game(seed=2)
    for view in range(SEATS):
        chances = win_chances(position, view)
        assert len(chances) == SEATS
        assert all(0.0 < chance < 1.0 for chance in chances)
        assert sum(chances) == pytest.approx(1.0)


def test_a_finished_game_is_won_or_lost_outright(board: Board) -> None:
    position = board({0: ["home"] * 4, 1: ["c20"], 2: ["c30"]})
    assert win_chances(position, 1) == [1.0, 0.0, 0.0, 0.0]


def test_each_seat_sees_the_same_board_turned(board: Board) -> None:
    # Red's view of this position is green's view of the position turned one seat on: the
    # same pawns, each counted from its owner's start, and the same seat to roll.
    position = board({0: ["c5", "c20"], 1: ["c8"], 2: ["h2", "c30"], 3: ["c45"]}, turn=2)
    turned = board({1: ["c18", "c33"], 2: ["c21"], 3: ["h2", "c43"], 0: ["c6"]}, turn=3)
    assert features(position, 0) == features(turned, 1)
    assert features(position, 0) != features(position, 1)


def test_a_pawn_an_enemy_can_reach_is_in_danger(board: Board) -> None:
    # Red's pawn on c12 has gone 11 steps: its danger is the input of the second stretch.
    danger = DANGER + 11 // STRETCH
    safe = dict(features(board({0: ["c12"], 1: ["c40"]}), 0))
    near = dict(features(board({0: ["c12"], 1: ["c8"]}), 0))
    far = dict(features(board({0: ["c12"], 1: ["c1"]}), 0))
    assert danger not in safe
    assert near[danger] == pytest.approx(1 / 6)
    assert far[danger] == pytest.approx(1 / 36)


def test_the_network_is_for_four_players_each_for_itself() -> None:
    assert fits(LudoPosition.start())
    assert not fits(LudoPosition.start(LudoRules(players=3)))
    assert not fits(LudoPosition.start(LudoRules(teams=True)))


def test_weights_learned_for_other_inputs_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    stale = types.ModuleType("stale_weights")
    shipped = sys.modules[network_module.WEIGHTS_MODULE]
    stale.__dict__.update(
        HIDDEN=shipped.HIDDEN + 1, W1=shipped.W1, B1=shipped.B1, W2=shipped.W2, B2=shipped.B2
    )
    monkeypatch.setitem(sys.modules, "stale_weights", stale)
    monkeypatch.setattr(network_module, "WEIGHTS_MODULE", "stale_weights")
    network.cache_clear()
    try:
        with pytest.raises(BadWeights, match="does not fit"):
            network()
    finally:
        network.cache_clear()
