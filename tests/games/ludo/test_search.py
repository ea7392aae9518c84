"""The searching Ludo computer (games/ludo/search.py) and its levels: legal moves under every
rule set, the time budget under a fake clock, and the moves a look-ahead must find."""

import random
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from games.computer import LEVEL_NAMES, LUDO_LEVELS, choose_at_level, level_limit
from games.ludo import LudoPosition, LudoRules, Step
from games.ludo.moves import ROLLS
from games.ludo.network import win_chances
from games.ludo.search import choose, think

Board = Callable[..., LudoPosition]


class SlowClock:
    """A fake clock 30 ms further on at each reading."""

    def __init__(self) -> None:
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return 0.03 * (self.readings - 1)


RULE_SETS = [
    LudoRules(),
    LudoRules(players=2),
    LudoRules(players=3, towers_block=True),
    LudoRules(three_sixes=True, towers_block=True),
    LudoRules(teams=True, three_sixes=True),
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
def test_every_level_chooses_only_legal_moves(rules: LudoRules) -> None:
    rng = random.Random(5)
    seen = 0
    for index, position in enumerate(positions_to_move(rules, seed=len(repr(rules)))):
        if index % 7:
            continue
        for level in LEVEL_NAMES:
            limit = replace(LUDO_LEVELS[level], seconds=60.0)
            assert choose(position, limit, rng) in position.legal_moves()
            seen += 1
    assert seen > 40


def test_a_player_whose_pawns_are_home_moves_its_partners_legally(board: Board) -> None:
    position = board(
        {0: ["home"] * 4, 1: ["c20"], 2: ["c30", "c40"], 3: ["c5"]}, roll=6, teams=True
    )
    thought = think(position, replace(LUDO_LEVELS["strong"], seconds=60.0), random.Random(1))
    assert thought.move in position.legal_moves()
    assert isinstance(thought.move, Step)
    assert thought.move.seat == 2
    assert thought.depth == 1


def test_the_strong_level_looks_at_the_next_roll_when_time_allows(board: Board) -> None:
    # Three players: the learned network is for four, so strong looks ahead on the hand terms.
    position = board({0: ["c5", "c20", "c30"], 1: ["c8", "c22"], 2: ["c27"]}, roll=3, players=3)
    frozen = think(position, LUDO_LEVELS["strong"], random.Random(1), clock=lambda: 0.0)
    assert frozen.depth == 1


def test_the_search_stops_when_its_budget_is_spent(board: Board) -> None:
    # Each reading of the fake clock takes 30 ms: the 80 ms budget allows a few rolls of the
    # look-ahead, not all of them, so the one-move scores decide, and the search stops reading
    # the clock (working) soon after the deadline: on the hand terms (three players) and on
    # the learned chances looking one roll ahead (four).
    hand = board({0: ["c5", "c20", "c30"], 1: ["c8", "c22"], 2: ["c27"]}, roll=3, players=3)
    learned = board({0: ["c5", "c20", "c30"], 1: ["c8", "c22"], 2: ["c27"]}, roll=3)
    strong = LUDO_LEVELS["strong"]
    for position, limit in ((hand, strong), (learned, replace(strong, learned_depth=1))):
        clock = SlowClock()
        limit = replace(limit, seconds=0.08)
        thought = think(position, limit, random.Random(1), clock)
        assert thought.move in position.legal_moves()
        assert thought.depth == 0
        assert clock.readings <= 6
        assert thought.seconds <= limit.seconds + 0.06


class LateAfter:
    """A fake clock at 0 for its first `readings` readings, and an hour on after them."""

    def __init__(self, readings: int) -> None:
        self.readings = 0
        self.limit = readings

    def __call__(self) -> float:
        self.readings += 1
        return 0.0 if self.readings <= self.limit else 3600.0


def test_a_search_two_rolls_deep_keeps_the_one_roll_answer_when_time_runs_out(
    board: Board,
) -> None:
    position = board({0: ["c5", "c20", "c30"], 1: ["c8", "c22"], 2: ["c27"], 3: ["c40"]}, roll=3)
    one_roll = replace(LUDO_LEVELS["strong"], learned_depth=1)
    two_rolls = replace(one_roll, learned_depth=2)
    counted = LateAfter(readings=10**6)
    shallow = think(position, one_roll, random.Random(1), counted)
    assert shallow.depth == 1
    deep = think(position, two_rolls, random.Random(1), clock=lambda: 0.0)
    assert deep.depth == 2
    assert deep.move in position.legal_moves()
    # Time runs out just after the first roll's answers: the second roll's search is dropped.
    cut = think(position, two_rolls, random.Random(1), LateAfter(counted.readings))
    assert (cut.depth, cut.move) == (1, shallow.move)


@pytest.mark.parametrize("rules", [LudoRules(), LudoRules(three_sixes=True, towers_block=True)])
def test_strong_plays_four_player_games_by_the_learned_chances(rules: LudoRules) -> None:
    # Every choice of a game's positions is, by the network's chances, the best move (depth
    # 0) or one of the `width` best, looked at one roll ahead (depth 1); under a frozen clock
    # the look-ahead always finishes, and legal moves only, towers and three sixes included.
    strong = LUDO_LEVELS["strong"]
    assert strong.learned_depth is not None
    seen = 0
    for index, position in enumerate(positions_to_move(rules, seed=11)):
        if index % 3:
            continue
        thought = think(position, strong, random.Random(index), clock=lambda: 0.0)
        seat = position.turn
        moves = position.legal_moves()
        chances = [win_chances(position.play(move), seat)[seat] for move in moves]
        searched = 1 if strong.learned_depth == 0 else strong.width
        good_enough = sorted(chances, reverse=True)[:searched][-1]
        assert thought.move in moves
        assert chances[moves.index(thought.move)] >= good_enough
        assert thought.depth == strong.learned_depth
        seen += 1
    assert seen > 10


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_takes_a_far_advanced_enemy_pawn_it_can(board: Board, level: str) -> None:
    # Green's pawn on c8 has gone 46 of its 56 steps; red can take it or make a quiet move.
    position = board({0: ["c5", "c30"], 1: ["c8"]}, roll=3)
    limit = replace(LUDO_LEVELS[level], seconds=60.0, blunder=0.0, noise=0.0)
    assert choose(position, limit, random.Random(1)) == Step(0, 0, 4, 7, capture=True)


def test_ludo_plays_through_the_levels_of_the_computer_seam(board: Board) -> None:
    position = board({0: ["c5", "c30"], 1: ["c8"]}, roll=3)
    for level in LEVEL_NAMES:
        assert level_limit(level).level == level
        move = choose_at_level(position, level, rng=random.Random(4))
        assert move in position.legal_moves()
    assert set(LUDO_LEVELS) == set(LEVEL_NAMES)


def test_the_beginner_plays_weaker_moves_than_the_stronger_levels(board: Board) -> None:
    position = board({0: ["c5", "c30"], 1: ["c8"]}, roll=3)
    chosen = {choose_at_level(position, "beginner", rng=random.Random(seed)) for seed in range(30)}
    assert len(chosen) >= 2
    assert {choose_at_level(position, "strong", rng=random.Random(s)) for s in range(5)} == {
        Step(0, 0, 4, 7, capture=True)
    }


def test_normal_varies_among_near_equal_moves_where_strong_does_not(board: Board) -> None:
    # Red alone on the board, a 2 to play: moving the pawn on c14 scores two steps more than
    # the one on c10. Normal's small random bonus keeps it a rung below strong (docs/engine.md,
    # the ladder), so it plays either; strong plays the better one every time.
    position = board({0: ["c10", "c14"]}, roll=2)
    further = Step(0, 1, 13, 15)
    normal = {choose_at_level(position, "normal", rng=random.Random(seed)) for seed in range(30)}
    assert normal == set(position.legal_moves())
    strong = {choose_at_level(position, "strong", rng=random.Random(seed)) for seed in range(10)}
    assert strong == {further}
