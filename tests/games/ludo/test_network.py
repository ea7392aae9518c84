"""Ludo's learned evaluation (games/ludo/network.py on features.py's inputs): the shipped
weights load and fit the inputs, the chances are chances, every seat's view is the same board
turned, and damaged weights are refused with a clear error."""

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from games.ludo import LudoPosition, LudoRules
from games.ludo import network as network_module
from games.ludo.features import DANGER, INPUTS, SEATS, STRETCH, features
from games.ludo.moves import ROLLS
from games.ludo.network import (
    MAGIC,
    WEIGHTS_FILE,
    BadWeights,
    decode,
    encode,
    fits,
    network,
    win_chances,
)
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


def test_a_weight_file_gives_back_the_network_it_was_written_from() -> None:
    rng = random.Random(3)
    hidden = 3
    sizes = (INPUTS * hidden, hidden, hidden * SEATS, SEATS)
    w1, b1, w2, b2 = ([rng.uniform(-1, 1) for _ in range(size)] for size in sizes)
    read = decode(encode(hidden, (w1, b1, w2, b2), "a note"))
    assert read.columns[5] == pytest.approx(w1[15:18], abs=1e-6)
    assert read.hidden_bias == pytest.approx(b1, abs=1e-6)
    # W2 is hidden-major in the file, a row of hidden weights per seat in the network.
    assert read.rows[1] == pytest.approx([w2[1], w2[5], w2[9]], abs=1e-6)
    assert read.seat_bias == pytest.approx(b2, abs=1e-6)


def shipped_bytes() -> bytes:
    return (Path(network_module.__file__).parent / WEIGHTS_FILE).read_bytes()


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: data[:-4], "do not fit 40 hidden units"),
        (lambda data: b"LUDONET0" + data[len(MAGIC) :], "not a Ludo weight file"),
        (lambda data: data[:5], "not a Ludo weight file"),
        (lambda data: data[: len(MAGIC)] + b"\x1b\x01" + data[len(MAGIC) + 2 :], "283 inputs"),
    ],
)
def test_a_damaged_or_stale_weight_file_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: Callable[[bytes], bytes], message: str
) -> None:
    (tmp_path / WEIGHTS_FILE).write_bytes(damage(shipped_bytes()))
    monkeypatch.setattr(network_module, "files", lambda _package: tmp_path)
    network.cache_clear()
    try:
        with pytest.raises(BadWeights, match=f"games/ludo/{WEIGHTS_FILE}: .*{message}"):
            network()
    finally:
        network.cache_clear()
