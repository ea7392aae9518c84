"""The computer's levels: named, distinct, each with a live and a correspondence limit; the
beginner plays weak moves on purpose and loses to a better level."""

import random
from dataclasses import replace

import pytest

from games.computer import (
    CORRESPONDENCE_LEVELS,
    LEVEL_NAMES,
    LEVELS,
    Limit,
    choose,
    choose_at_level,
    level_limit,
)
from games.damas import Position


def test_there_are_four_levels_weakest_first_each_distinct() -> None:
    assert LEVEL_NAMES[:1] == ("beginner",)
    assert LEVEL_NAMES[-1] == "strong"
    assert {"beginner", "easy", "normal", "strong"} <= set(LEVEL_NAMES)
    assert set(LEVELS) == set(CORRESPONDENCE_LEVELS) == set(LEVEL_NAMES)
    assert len(set(LEVELS.values())) == len(LEVELS)


def test_strong_thinks_seconds_live_and_longer_by_correspondence() -> None:
    live, correspondence = level_limit("strong"), level_limit("strong", correspondence=True)
    assert 1.0 <= live.seconds <= 5.0 < correspondence.seconds
    assert level_limit("beginner").seconds < live.seconds


def test_an_unknown_level_is_named_in_the_error() -> None:
    with pytest.raises(KeyError, match="beginner, easy, normal, strong"):
        level_limit("grandmaster")


def test_the_service_call_still_works() -> None:
    position = Position.start("brazilian")
    assert choose(position, Limit(depth=1, seconds=0.1)) in position.legal_moves()


def test_choose_at_level_gives_a_legal_move_within_a_shorter_time() -> None:
    position = Position.start("italian")
    move = choose_at_level(position, "beginner", rng=random.Random(3), seconds=0.05)
    assert move in position.legal_moves()


def test_the_beginner_often_plays_another_move_than_the_best() -> None:
    position = Position.start("international")
    best = choose(position, Limit(depth=4, seconds=60.0), random.Random(0))
    beginner = replace(LEVELS["beginner"], seconds=60.0)  # depth-bound: no clock in the test
    chosen = {choose(position, beginner, random.Random(seed)) for seed in range(12)}
    assert len(chosen) >= 4
    assert chosen != {best}


def _play(variant: str, white: Limit, black: Limit, seed: int) -> float:
    """White's points in a game between two limits (a draw at 200 plies)."""
    rng = random.Random(seed)
    position = Position.start(variant)
    for _ in range(200):
        outcome = position.outcome()
        if outcome is not None:
            return 0.5 if not outcome.winners else 1.0 if 0 in outcome.winners else 0.0
        limit = white if position.to_move() == 0 else black
        position = position.play(choose(position, limit, rng))
    return 0.5


@pytest.mark.slow
def test_the_beginner_loses_to_the_normal_level() -> None:
    # Node budgets instead of seconds: the result must not depend on the machine.
    beginner = replace(LEVELS["beginner"], seconds=60.0)
    normal = replace(LEVELS["normal"], seconds=60.0, nodes=3000)
    points = 0.0
    games = 8
    for seed in range(games // 2):
        points += _play("brazilian", normal, beginner, seed)
        points += 1.0 - _play("brazilian", beginner, normal, seed)
    assert points / games >= 0.8
