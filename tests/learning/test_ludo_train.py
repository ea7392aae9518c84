"""Ludo's TD(lambda) self-play pipeline on a tiny run: learning pulls the chances towards their
targets, a seed repeats a run exactly, and the written module evaluates in pure Python what
the trainer's network computes."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from games.ludo import network as network_module
from games.ludo.agents import choose_random
from games.ludo.features import SEATS, features
from games.ludo.moves import LudoMove
from games.ludo.network import network
from games.ludo.position import LudoPosition

# numpy is the `learn` extra's (pyproject.toml): CI installs it, a bare checkout may not.
if os.environ.get("CI") != "true":
    pytest.importorskip("numpy")

import numpy as np

from learning import ludo_train, ludo_write


def test_learning_lowers_the_td_error_of_a_game() -> None:
    net = ludo_train.Network.new(8, np.random.default_rng(3))
    game = ludo_train.play(net, random.Random(3), explore=0.02)
    assert game[-1].outcome() is not None
    inputs, wanted = ludo_train.targets(net, game, lam=0.7)
    assert inputs.shape[0] == wanted.shape[0] == SEATS * (len(game) - 1)
    assert np.allclose(wanted.sum(axis=1), 1.0)
    first = net.learn(inputs, wanted, rate=0.01)
    for _ in range(20):
        last = net.learn(inputs, wanted, rate=0.01)
    assert last < first * 0.9


def test_the_last_positions_learn_the_game_s_result() -> None:
    net = ludo_train.Network.new(8, np.random.default_rng(4))
    game = ludo_train.play(net, random.Random(4), explore=0.02)
    _, wanted = ludo_train.targets(net, game, lam=0.7)
    winner = next(iter(game[-1].outcome().winners))  # type: ignore[union-attr]
    last_seen_from_first_seat = wanted[-SEATS]
    assert last_seen_from_first_seat[winner] == pytest.approx(1.0)


def test_seats_given_to_an_opponent_play_its_moves_for_the_whole_game() -> None:
    asked: list[int] = []

    def recording(position: LudoPosition, rng: random.Random) -> LudoMove:
        asked.append(position.turn)
        return choose_random(position, rng)

    net = ludo_train.Network.new(6, np.random.default_rng(2))
    game = ludo_train.play(net, random.Random(2), 0.0, [recording], mix=1.0)
    assert game[-1].outcome() is not None
    assert set(asked) == set(range(SEATS))
    asked.clear()
    ludo_train.play(net, random.Random(2), 0.0, [recording], mix=0.0)
    assert not asked
    # Each seat draws once a game: at half, some games give a few seats and not the rest.
    shares = set()
    for seed in range(3, 9):
        asked.clear()
        ludo_train.play(net, random.Random(seed), 0.0, [recording], mix=0.5)
        shares.add(len(set(asked)))
    assert shares & {1, 2, 3}


def run(data: Path, seed: int, *more: str) -> dict[str, np.ndarray]:
    arguments = ["--games", "3", "--hidden", "6", "--seed", str(seed), "--data", str(data)]
    ludo_train.main([*arguments, *more])
    with np.load(data / "ludo" / "net.npz") as saved:
        return {name: saved[name] for name in ("w1", "b1", "w2", "b2")}


def test_a_seed_repeats_a_run_and_another_seed_does_not(tmp_path: Path) -> None:
    first = run(tmp_path / "a", seed=5)
    again = run(tmp_path / "b", seed=5)
    other = run(tmp_path / "c", seed=6)
    untrained = ludo_train.Network.new(6, np.random.default_rng(5))
    assert all(np.array_equal(first[name], again[name]) for name in first)
    assert not np.array_equal(first["w1"], other["w1"])
    assert not np.allclose(first["w2"], untrained.w2)


def test_a_run_goes_on_from_saved_weights(tmp_path: Path) -> None:
    first = run(tmp_path / "a", seed=5)
    fresh = run(tmp_path / "b", seed=9)
    more = run(tmp_path / "c", 9, "--start", str(tmp_path / "a" / "ludo" / "net.npz"))
    assert not np.array_equal(more["w1"], fresh["w1"])
    # Three games move the weights only a little from where they started.
    assert np.abs(more["w1"] - first["w1"]).max() < np.abs(fresh["w1"] - first["w1"]).max()


def test_the_written_file_plays_the_trainer_s_network(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run(tmp_path, seed=7)
    folder = tmp_path / "shipped"
    folder.mkdir()
    ludo_write.main(["--data", str(tmp_path), "--out", str(folder / network_module.WEIGHTS_FILE)])
    monkeypatch.setattr(network_module, "files", lambda _package: folder)
    network.cache_clear()
    try:
        net = ludo_train.Network.saved(tmp_path / "ludo" / "net.npz")
        game = ludo_train.play(net, random.Random(8), explore=0.0)
        for position in game[10:-1:25]:
            for view in range(SEATS):
                rows = ludo_train.dense([features(position, view)])
                _, trained = net.forward(rows)
                shipped = network().chances(position, view)
                assert shipped == pytest.approx(list(trained[0]), abs=1e-5)
    finally:
        network.cache_clear()


def test_a_run_goes_on_from_the_shipped_network(tmp_path: Path) -> None:
    start = ludo_train.shipped()
    game = ludo_train.play(start, random.Random(11), explore=0.0)
    for position in game[5:-1:40]:
        _, trained = start.forward(ludo_train.dense([features(position, 0)]))
        assert network().chances(position, 0) == pytest.approx(list(trained[0]), abs=1e-6)
    arguments = ["--games", "2", "--seed", "3", "--data", str(tmp_path), "--start", "shipped"]
    ludo_train.main(arguments)
    with np.load(tmp_path / "ludo" / "net.npz") as saved:
        moved = np.abs(saved["w1"] - start.w1).max()
    assert 0 < moved < 0.05


def test_a_start_without_a_network_for_today_s_inputs_is_refused_clearly(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.npz"
    with pytest.raises(SystemExit, match=r"no network at .*nowhere\.npz"):
        ludo_train.main(["--games", "1", "--data", str(tmp_path), "--start", str(missing)])
    garbled = tmp_path / "garbled.npz"
    garbled.write_text("not a network", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"no network at .*garbled\.npz"):
        ludo_train.main(["--games", "1", "--data", str(tmp_path), "--start", str(garbled)])
    other = ludo_train.Network.new(4, np.random.default_rng(1))
    other.w1 = other.w1[:-1]
    other.save(tmp_path / "older.npz")
    with pytest.raises(SystemExit, match="not learned on today's"):
        ludo_train.main(
            ["--games", "1", "--data", str(tmp_path), "--start", str(tmp_path / "older.npz")]
        )
    assert not (tmp_path / "ludo").exists()


def test_a_widened_network_gives_the_same_chances_and_then_learns_with_its_new_units() -> None:
    start = ludo_train.shipped()
    wide = start.widened(start.w1.shape[1] + 8, np.random.default_rng(2))
    assert wide.w1.shape[1] == wide.w2.shape[0] == start.w1.shape[1] + 8
    game = ludo_train.play(start, random.Random(12), explore=0.0)
    rows = ludo_train.dense([features(position, 0) for position in game[3:-1:30]])
    assert np.allclose(wide.forward(rows)[1], start.forward(rows)[1])
    inputs, wanted = ludo_train.targets(wide, game, lam=0.7)
    wide.learn(inputs, wanted, rate=0.001)
    assert np.abs(wide.w2[-8:]).max() > 0
    with pytest.raises(SystemExit, match="fewer than the start's"):
        start.widened(4, np.random.default_rng(2))


def test_an_unknown_opponent_is_refused_with_the_players_there_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        ludo_train.main(["--games", "1", "--data", str(tmp_path), "--opponents", "random,nobody"])
    assert "unknown Ludo agent 'nobody'; the agents are random, simple, best" in (
        capsys.readouterr().err
    )
    assert not (tmp_path / "ludo").exists()
