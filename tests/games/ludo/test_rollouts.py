"""The strong Ludo computer's rollouts (games/ludo/rollouts.py): legal moves under every rule
set, its time budget under a fake clock, the moves the games played on must find, and the
look-ahead it falls back to where the core is not built."""

import random
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from games.computer import LUDO_LEVELS
from games.ludo import LudoPosition, LudoRules, Step
from games.ludo import rollouts as rollouts_module
from games.ludo.moves import ROLLS
from games.ludo.rollouts import COMPILED, think

Board = Callable[..., LudoPosition]
STRONG = LUDO_LEVELS["strong"]

pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled rollouts are not built here")

RULE_SETS = [
    LudoRules(),
    LudoRules(players=2, three_sixes=True),
    LudoRules(players=3, towers_block=True),
    LudoRules(three_sixes=True, towers_block=True),
    LudoRules(teams=True, three_sixes=True, towers_block=True),
]


def positions_to_move(rules: LudoRules, seed: int) -> Iterator[LudoPosition]:
    """Every position with a choice in one game of random moves under `rules`."""
    rng = random.Random(seed)
    position = LudoPosition.start(rules)
    while position.outcome() is None:
        if position.roll:
            if len(position.legal_moves()) > 1:
                yield position
            position = position.play(rng.choice(position.legal_moves()))
        else:
            position = position.play(ROLLS[rng.randrange(6)])


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_strong_chooses_only_legal_moves_after_playing_games_on(rules: LudoRules) -> None:
    rng = random.Random(5)
    limit = replace(STRONG, seconds=60.0)
    seen = 0
    for index, position in enumerate(positions_to_move(rules, seed=3)):
        if index % 5:
            continue
        thought = think(position, limit, rng)
        assert thought.move in position.legal_moves()
        seen += 1
        assert thought.rollouts > 0
    assert seen > 10


def test_strong_holds_its_budget_under_a_fake_clock(board: Board) -> None:
    # Each reading of the clock takes 10 ms: rounds of games go on while another fits the
    # 80 ms budget, then the games so far decide.
    position = board({0: ["c5", "c20", "c30"], 1: ["c8", "c22"], 2: ["c27"]}, roll=3)
    readings: list[float] = []

    def clock() -> float:
        readings.append(0.01 * len(readings))
        return readings[-1]

    limit = replace(STRONG, seconds=0.08, rollouts=10_000)
    thought = think(position, limit, random.Random(1), clock)
    assert thought.move in position.legal_moves()
    assert thought.seconds <= limit.seconds
    assert 0 < thought.rollouts < limit.rollouts


def test_without_time_for_a_round_the_one_move_scores_decide(board: Board) -> None:
    # Red can take green's far-advanced pawn on c8 or make a quiet move; a clock that jumps a
    # second a reading leaves no time for any game.
    position = board({0: ["c5", "c30"], 1: ["c8"]}, roll=3)
    seconds = iter(range(100))
    thought = think(position, STRONG, random.Random(1), lambda: float(next(seconds)))
    assert thought.rollouts == 0
    assert thought.move == Step(0, 0, 4, 7, capture=True)


def test_the_games_played_on_find_the_capture_of_a_far_advanced_pawn(board: Board) -> None:
    position = board({0: ["c5", "c30"], 1: ["c8"]}, roll=3)
    limit = replace(STRONG, seconds=60.0)
    for seed in range(3):
        thought = think(position, limit, random.Random(seed))
        assert thought.move == Step(0, 0, 4, 7, capture=True)
        assert thought.rollouts > 0


def test_partners_share_the_games_won(board: Board) -> None:
    position = board(
        {0: ["home"] * 4, 1: ["c20"], 2: ["c30", "c40"], 3: ["c5"]}, roll=6, teams=True
    )
    thought = think(position, replace(STRONG, seconds=60.0), random.Random(1))
    assert thought.move in position.legal_moves()
    assert isinstance(thought.move, Step)
    assert thought.move.seat == 2


def test_without_the_core_strong_looks_one_roll_ahead(
    board: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rollouts_module, "COMPILED", False)
    position = board({0: ["c5", "c20", "c30"], 1: ["c8", "c22"], 2: ["c27"]}, roll=3)
    thought = think(position, replace(STRONG, seconds=60.0), random.Random(1))
    assert thought.move in position.legal_moves()
    assert (thought.depth, thought.rollouts) == (1, 0)
