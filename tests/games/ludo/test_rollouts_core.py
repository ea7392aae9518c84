"""The compiled rollouts (games/ludo/_rollouts.c) against the Python rules: position by
position of random games under every option, the same legal steps in the same order, the same
pawns after each, agents.py's `simple` scores and evaluation.py's scores; a played-out game
replayed move by move through LudoPosition; reproducible rollouts; and every bad value
refused with a ValueError or TypeError."""

import os
import random
from collections.abc import Iterator
from dataclasses import astuple, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.ludo import LudoPosition, LudoRules, Step
from games.ludo.agents import _simple_score, enemy_reach
from games.ludo.board import (
    ENTRY_ROLLS,
    EXTRA_ROLL,
    FINISH,
    LAST_TRACK,
    PAWNS_PER_COLOUR,
    START,
    TRACK_LENGTH,
    YARD,
)
from games.ludo.evaluation import WEIGHTS, scores
from games.ludo.moves import ROLLS
from games.ludo.rollouts import COMPILED, left_bits, spec
from games.ludo.rules import SIXES_THAT_END_THE_TURN, TEAM_PLAYERS
from games.ludo.search import score
from games.ludo.steps import pawns_after

if COMPILED:
    from games.ludo import _rollouts


@pytest.fixture(autouse=True)
def compiled_core() -> None:
    """Skipped where the core is not built, except under CI=true, where a missing core is a
    broken build."""
    if not COMPILED:
        if os.environ.get("CI") == "true":
            pytest.fail("the compiled rollouts did not build (games/ludo/_rollouts.c)")
        pytest.skip("the compiled rollouts are not built here (no C compiler at install)")


RULE_SETS = [
    LudoRules(players=players, three_sixes=sixes, towers_block=block)
    for players in (2, 3, 4)
    for sixes in (False, True)
    for block in (False, True)
] + [LudoRules(teams=True), LudoRules(teams=True, three_sixes=True, towers_block=True)]


def positions(rules: LudoRules, seed: int, leave: bool = False) -> Iterator[LudoPosition]:
    """Every position of one game of random moves (with `leave`, a seat leaves early on)."""
    rng = random.Random(seed)
    position = LudoPosition.start(replace(rules, first_seat=rng.randrange(rules.players)))
    plies = 0
    while position.outcome() is None:
        yield position
        plies += 1
        if leave and plies == 40:
            position = position.play(position.leave(rng.randrange(rules.players)))
        elif position.roll:
            position = position.play(rng.choice(position.legal_moves()))
        else:
            position = position.play(ROLLS[rng.randrange(6)])


def check_position(position: LudoPosition) -> None:
    """The core's steps, pawns after them and policy scores equal Python's, and so do the
    evaluation's scores."""
    rules = position.rules
    if position.roll:
        found = _rollouts.successors(
            spec(rules), position.pawns, position.turn, position.roll, left_bits(position)
        )
        reach = enemy_reach(position, position.turn)
        expected = [
            (
                (move.seat, move.pawn, move.start, move.end, move.capture, move.tower),
                pawns_after(rules, position.pawns, move),
                round(10 * _simple_score(position, move, reach)),
            )
            for move in position.legal_moves()
            if isinstance(move, Step)
        ]
        assert list(found) == expected
    ours = _rollouts.evaluate(spec(rules), position.pawns, left_bits(position), astuple(WEIGHTS))
    assert ours == pytest.approx(scores(rules, position.pawns, position.left), abs=1e-9)


def test_the_constants_are_the_rules() -> None:
    constants = _rollouts.CONSTANTS
    assert constants == {
        "YARD": YARD,
        "START": START,
        "LAST_TRACK": LAST_TRACK,
        "FINISH": FINISH,
        "TRACK_LENGTH": TRACK_LENGTH,
        "PAWNS_PER_COLOUR": PAWNS_PER_COLOUR,
        "EXTRA_ROLL": EXTRA_ROLL,
        "SIXES_THAT_END_THE_TURN": SIXES_THAT_END_THE_TURN,
        "TEAM_PLAYERS": TEAM_PLAYERS,
        "ENDED": 400,
        "ENTRY_ROLLS": tuple(sorted(ENTRY_ROLLS)),
    }


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_every_position_of_random_games_has_pythons_steps_and_scores(rules: LudoRules) -> None:
    seen = 0
    for seed in range(3):
        for position in positions(rules, seed, leave=seed == 2 and not rules.teams):
            check_position(position)
            seen += 1
    assert seen > 300


@settings(max_examples=15, deadline=None)
@given(rules=st.sampled_from(RULE_SETS), seed=st.integers(0, 2**32))
def test_property_the_core_plays_pythons_rules(rules: LudoRules, seed: int) -> None:
    for position in positions(rules, seed, leave=seed % 3 == 0 and not rules.teams):
        check_position(position)


def replay_trace(
    position: LudoPosition, seed: int, index: int, greedy: bool = False
) -> LudoPosition:
    """A rollout's rolls and chosen steps played through LudoPosition: each must be legal,
    and the game must end as the core says. Greedy, each step chosen must lead to the
    position search.py's depth 0 scores best."""
    start = (position.pawns, position.turn, position.sixes)
    events, winners = _rollouts.trace(
        spec(position.rules), start, left_bits(position), seed, index, greedy, astuple(WEIGHTS)
    )
    for roll, chosen in events:
        assert position.outcome() is None
        position = position.play(ROLLS[roll - 1])
        if chosen >= 0:
            assert position.roll
            moves = position.legal_moves()
            if greedy and len(moves) > 1:
                values = [score(position.play(move), WEIGHTS)[position.turn] for move in moves]
                assert values[chosen] == pytest.approx(max(values), abs=1e-9)
            position = position.play(moves[chosen])
        else:
            # Nothing to play: the turn passed by itself (or a third six ended it).
            assert not position.roll
    outcome = position.outcome()
    assert outcome is not None
    assert winners == sum(1 << seat for seat in outcome.winners)
    return position


@pytest.mark.parametrize("rules", RULE_SETS, ids=repr)
def test_a_played_out_game_is_a_legal_game_with_pythons_outcome(rules: LudoRules) -> None:
    for index in range(4):
        replay_trace(LudoPosition.start(rules), seed=17, index=index, greedy=index % 2 == 1)


def test_rollouts_from_a_seat_that_others_left_play_on_without_it() -> None:
    position = LudoPosition.start(LudoRules(players=3, three_sixes=True))
    position = position.play(position.leave(1))
    for index in range(4):
        final = replay_trace(position, seed=3, index=index)
        assert final.pawns[1] == (YARD,) * PAWNS_PER_COLOUR


def run(
    position: LudoPosition, seed: int, first: int, count: int, horizon: int, greedy: bool = False
) -> list[float]:
    return list(
        _rollouts.rollouts(
            spec(position.rules),
            ((position.pawns, position.turn, position.sixes),),
            left_bits(position),
            seed,
            0,
            first,
            count,
            horizon,
            greedy,
            astuple(WEIGHTS),
        )
    )


def test_rollouts_are_reproducible_from_their_seed_and_number() -> None:
    position = LudoPosition.start(LudoRules())
    whole = run(position, seed=5, first=0, count=40, horizon=0)
    assert whole == run(position, seed=5, first=0, count=40, horizon=0)
    assert whole[10:] == run(position, seed=5, first=10, count=30, horizon=0)
    assert whole != run(position, seed=6, first=0, count=40, horizon=0)
    # Played to the end, a game is won or lost; red wins about a quarter.
    assert set(whole) <= {400.0, -400.0}
    assert 0 < whole.count(400.0) < 40


def test_a_rollout_stopped_at_its_horizon_is_scored_by_the_evaluation() -> None:
    position = next(p for p in positions(LudoRules(), 4) if sum(map(sum, p.pawns)) > 100)
    for greedy in (False, True):
        values = run(position, seed=2, first=0, count=50, horizon=3, greedy=greedy)
        assert all(-400.0 < value < 400.0 for value in values)
        assert len(set(values)) > 5


BAD_CALLS = [
    # (what is wrong, the spec's players, pawns, turn, roll, left, exception)
    ("players", 5, None, 0, 3, 0, ValueError),
    ("a bool for players", True, None, 0, 3, 0, TypeError),
    ("a pawn past home", 4, ((57, -1, -1, -1),) + ((-1,) * 4,) * 3, 0, 3, 0, ValueError),
    ("a pawn not an int", 4, ((1.5, -1, -1, -1),) + ((-1,) * 4,) * 3, 0, 3, 0, TypeError),
    ("three pawns", 4, ((-1, -1, -1),) * 4, 0, 3, 0, ValueError),
    ("a list of pawns", 4, [(-1,) * 4] * 4, 0, 3, 0, TypeError),
    ("a turn beyond the seats", 4, None, 4, 3, 0, ValueError),
    ("a roll of 7", 4, None, 0, 7, 0, ValueError),
    ("a huge roll", 4, None, 0, 2**80, 0, ValueError),
    ("left beyond the seats", 4, None, 0, 3, 16, ValueError),
]


@pytest.mark.parametrize(
    ("players", "pawns", "turn", "roll", "left", "error"),
    [call[1:] for call in BAD_CALLS],
    ids=[call[0] for call in BAD_CALLS],
)
def test_bad_values_are_refused_with_a_clear_error(
    players: object, pawns: object, turn: int, roll: int, left: int, error: type[Exception]
) -> None:
    tracks = spec(LudoRules())[4]
    bad_spec = (players, False, False, False, tracks)
    with pytest.raises(error):
        _rollouts.successors(bad_spec, pawns or ((-1,) * 4,) * 4, turn, roll, left)  # type: ignore[arg-type]


def good_run() -> dict[str, object]:
    """The arguments of a good call of rollouts, by name."""
    start = LudoPosition.start(LudoRules())
    return {
        "spec": spec(LudoRules()),
        "starts": ((start.pawns, 0, 0),),
        "left": 0,
        "seed": 1,
        "seat": 0,
        "first": 0,
        "count": 8,
        "horizon": 4,
        "greedy": False,
        "weights": astuple(WEIGHTS),
    }


RED_HOME = (((FINISH,) * PAWNS_PER_COLOUR, *((YARD,) * PAWNS_PER_COLOUR,) * 3), 1, 0)
TRACKS = spec(LudoRules())[4]
WEIGHT_TUPLE = astuple(WEIGHTS)
BAD_RUNS: list[tuple[str, str, object, type[Exception]]] = [
    ("three tracks for four", "spec", (4, False, False, False, TRACKS[:3]), ValueError),
    ("a square off the track", "spec", (4, False, False, False, ((52,) * 51,) * 4), ValueError),
    ("teams of two", "spec", (2, False, False, True, TRACKS[:2]), ValueError),
    ("a negative seed", "seed", -1, ValueError),
    ("a seed of 65 bits", "seed", 2**64, ValueError),
    ("a seat beyond the players", "seat", 4, ValueError),
    ("no game", "count", 0, ValueError),
    ("too many games", "count", 10**6, ValueError),
    ("a negative horizon", "horizon", -1, ValueError),
    ("no start", "starts", (), ValueError),
    (
        "too many starts",
        "starts",
        ((LudoPosition.start(LudoRules()).pawns, 0, 0),) * 65,
        ValueError,
    ),
    ("negative sixes", "starts", (((((YARD,) * 4,) * 4), 0, -1),), ValueError),
    ("the seat to roll has left", "left", 1, ValueError),
    ("a game already won", "starts", (RED_HOME,), ValueError),
    ("seven weights", "weights", WEIGHT_TUPLE[:7], ValueError),
    ("a weight not a number", "weights", (float("nan"), *WEIGHT_TUPLE[1:]), ValueError),
    ("a weight too large", "weights", (1e7, *WEIGHT_TUPLE[1:]), ValueError),
    ("a weight as text", "weights", ("1", *WEIGHT_TUPLE[1:]), TypeError),
    ("a float seed", "seed", 1.0, TypeError),
    ("a list of starts", "starts", [((((YARD,) * 4,) * 4), 0, 0)], TypeError),
    ("greedy as a number", "greedy", 1, TypeError),
]


@pytest.mark.parametrize(
    ("name", "value", "error"),
    [bad[1:] for bad in BAD_RUNS],
    ids=[bad[0] for bad in BAD_RUNS],
)
def test_bad_runs_are_refused_with_a_clear_error(
    name: str, value: object, error: type[Exception]
) -> None:
    arguments = good_run()
    _rollouts.rollouts(*arguments.values())  # type: ignore[arg-type]
    arguments[name] = value
    with pytest.raises(error):
        _rollouts.rollouts(*arguments.values())  # type: ignore[arg-type]


def test_a_call_with_too_few_arguments_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        _rollouts.rollouts(*list(good_run().values())[:7])  # type: ignore[arg-type]
