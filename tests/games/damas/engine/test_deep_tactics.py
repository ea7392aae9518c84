"""The search sees the forced results of tests/data/deep.txt at the node budget of about half
a second a move, and bench/shots.py's plain minimax proves each of them."""

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.evaluate import weights_for
from games.damas.engine.search import WON

ROOT = Path(__file__).parents[4]
DEEP = ROOT / "tests" / "data" / "deep.txt"
HALF_A_SECOND = Limit(nodes=40_000, seconds=120.0)  # what `strong` searched in 0.5 s
PLAIN_WIN = 100  # bench/shots.py's value of a won game


def _plain() -> ModuleType:
    """bench/shots.py, the plain search kept apart from the engine."""
    spec = importlib.util.spec_from_file_location("shots", ROOT / "bench" / "shots.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _lines() -> list[list[str]]:
    lines = DEEP.read_text().splitlines()
    return [line.split() for line in lines if line and not line.startswith("#")]


def _plain_value(position: Position, move_name: str, plies: int) -> int:
    move = next(m for m in position.legal_moves() if position.notation(m) == move_name)
    return -int(_plain().minimax(position.play(move), plies - 1, -1000, 1000))


@pytest.mark.parametrize("line", _lines(), ids=lambda line: line[1])
def test_the_search_sees_the_forced_result(line: list[str]) -> None:
    variant, fen, kind, plies = line[0], line[1], line[2], int(line[3])
    position = Position.from_fen(variant, fen)
    thought = think(position, HALF_A_SECOND, random.Random(1))
    played = position.notation(thought.move)
    if kind == "win":
        assert thought.score > WON
        assert _plain_value(position, played, plies) == PLAIN_WIN
    else:
        assert played == line[4]
        names = [position.notation(move) for move in position.legal_moves()]
        lost = [name for name in names if _plain_value(position, name, plies) == -PLAIN_WIN]
        assert sorted(lost) == sorted(name for name in names if name != line[4])


def test_a_move_shown_lost_as_time_runs_out_is_not_played() -> None:
    # With the hand set at 30,000 nodes the iteration that proves g7-f6 (the shallower
    # iterations' choice) lost in 10 plies ends before it searches b8-a7 again, which holds
    # out for 12.
    position = Position.from_fen("brazilian", "B:W10,20,22,23,27,30,32:B1,8,12")
    hand = weights_for("brazilian", "hand")
    thought = think(position, Limit(nodes=30_000, seconds=120.0), random.Random(1), hand)
    assert position.notation(thought.move) == "b8-a7"
    assert thought.score > -WON
