"""Properties of whole Ludo games: no pawn is created or lost, every game ends, the log and
the snapshot rebuild the position, and notation round-trips; then long simulations."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import CHANCE, replay
from games.ludo import Leave, LudoMove, LudoPosition, LudoRules, Roll, Step
from games.ludo.board import LAST_TRACK, PAWNS_PER_COLOUR, START, TRACK, YARD
from games.ludo.simulate import simulate

# A four-player game of random moves lasts about 900 plies; none should come near this.
PLY_LIMIT = 20_000

RULE_SETS = [
    LudoRules(players=players, three_sixes=sixes, towers_block=block)
    for players in (2, 3, 4)
    for sixes in (False, True)
    for block in (False, True)
] + [LudoRules(teams=True), LudoRules(teams=True, three_sixes=True, towers_block=True)]


def squares_held(position: LudoPosition) -> dict[int, list[int]]:
    held: dict[int, list[int]] = {}
    for seat, pawns in enumerate(position.pawns):
        for progress in pawns:
            if START <= progress <= LAST_TRACK:
                held.setdefault(TRACK[position.rules.colours[seat]][progress], []).append(seat)
    return held


def check_move(before: LudoPosition, move: LudoMove, after: LudoPosition) -> None:
    """Only the pawns the move names have moved, and only captured ones went to the yard."""
    assert all(len(pawns) == PAWNS_PER_COLOUR for pawns in after.pawns)
    for seats in squares_held(after).values():
        assert len(seats) <= 2
        assert len(set(seats)) == 1
    if isinstance(move, Roll):
        assert after.pawns == before.pawns
        return
    if isinstance(move, Leave):
        assert after.pawns[move.seat] == (YARD,) * PAWNS_PER_COLOUR
        assert all(
            after.pawns[seat] == before.pawns[seat]
            for seat in range(before.rules.players)
            if seat != move.seat
        )
        return
    moved = [
        (seat, pawn)
        for seat in range(before.rules.players)
        for pawn in range(PAWNS_PER_COLOUR)
        if before.pawns[seat][pawn] != after.pawns[seat][pawn]
    ]
    colours = before.rules.colours
    for seat, pawn in moved:
        was, now = before.pawns[seat][pawn], after.pawns[seat][pawn]
        if seat == move.seat:
            assert (was, now) == (move.start, move.end)
        else:
            assert move.capture
            assert now == YARD
            assert TRACK[colours[seat]][was] == TRACK[colours[move.seat]][move.end]
    own_moved = sum(seat == move.seat for seat, _ in moved)
    assert own_moved == (2 if move.tower else 1)
    assert move.capture == (len(moved) > own_moved)


def play_checked(rules: LudoRules, seed: int, leave_chance: float) -> None:
    rng = random.Random(seed)
    position = LudoPosition.start(rules)
    log: list[str] = []
    while position.outcome() is None:
        assert len(log) < PLY_LIMIT, "the game did not end"
        moves = position.legal_moves()
        assert moves, "a position without an outcome always has a move"
        for legal in moves:
            assert position.parse(position.notation(legal)) == legal
        move: LudoMove
        if rng.random() < leave_chance:
            move = position.leave(rng.choice(position._active_seats()))
        else:
            move = rng.choice(moves)
        if position.to_move() == CHANCE:
            assert isinstance(move, Roll | Leave)
        else:
            assert isinstance(move, Step | Leave)
        log.append(position.notation(move))
        after = position.play(move)
        check_move(position, move, after)
        assert LudoPosition.from_snapshot(after.snapshot(), rules) == after
        position = after
    assert replay("ludo", rules.to_options(), log) == position


@settings(max_examples=40, deadline=None)
@given(
    rules=st.sampled_from(RULE_SETS),
    seed=st.integers(0, 2**32),
    leave_chance=st.sampled_from([0.0, 0.0, 0.002]),
)
def test_random_games_keep_every_pawn_end_and_replay(
    rules: LudoRules, seed: int, leave_chance: float
) -> None:
    play_checked(rules, seed, leave_chance)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: str(rules.to_options()))
def test_short_simulations_run_in_every_player_count_and_option(rules: LudoRules) -> None:
    agents = ["best", "simple", "random", "random"][: rules.players]
    result = simulate(agents, 12, rules, seed=5)
    assert result.games == 12
    assert sum(result.wins) == 12 * (2 if rules.teams else 1)


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: str(rules.to_options()))
def test_thousands_of_games_run_without_an_error(rules: LudoRules) -> None:
    agents = ["random"] * rules.players
    result = simulate(agents, 2000, rules, seed=11)
    assert sum(result.wins) == 2000 * (2 if rules.teams else 1)
