"""The review's pure part (games/damas/review.py): the win-chance curve, the marks (the
points shown and the men given away, one rule), a planted blunder marked with the move a
plain search proves better, the better line, a game thrown away man by man, the summaries."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from games.damas import RULES, Position
from games.damas.engine.search import WIN
from games.damas.review import (
    DECIDED,
    WIN_SLOPES,
    MoveReview,
    mark_of,
    men_given_away,
    men_of_stored,
    review_limit,
    review_moves,
    score_of,
    search_position,
    search_snapshot,
    second_look,
    second_look_plies,
    second_look_positions,
    slope_of,
    summaries,
    win_chance,
    worst_move,
)
from tests import planted_blunder as planted

SMALL = 3000  # nodes a position: enough for a six-ply shot, quick in a test


@pytest.mark.parametrize("variant", sorted(RULES))
def test_the_curve_is_even_at_zero_and_certain_at_a_forced_result(variant: str) -> None:
    for slope in WIN_SLOPES[variant]:
        assert win_chance(0, slope) == 0.5
        assert win_chance(WIN - 5, slope) == 1.0
        assert win_chance(-(WIN - 5), slope) == 0.0
        assert win_chance(100, slope) == pytest.approx(1 / (1 + math.exp(-100 * slope)))
        assert win_chance(-100, slope) == pytest.approx(1 - win_chance(100, slope))
    # A man up counts for more where no king is on the board (docs/training.md: the fit).
    men, kings = (Position.start(variant), Position.from_fen(variant, "W:WK31:BK1"))
    assert win_chance(100, slope_of(men)) > win_chance(100, slope_of(kings)) > 0.5


@pytest.mark.parametrize(
    ("lost", "men", "mark"),
    [
        (5, 0.0, None),
        (10, 0.0, "inaccuracy"),
        (19, 0.0, "inaccuracy"),
        (20, 0.0, "mistake"),
        (30, 0.0, "blunder"),
        (3, 0.9, None),
        (3, 1.0, "mistake"),
        (12, 1.5, "mistake"),
        (4, 2.0, "blunder"),
        (35, 1.0, "blunder"),  # the worse of the two measures
    ],
)
def test_marks_follow_the_thresholds(lost: int, men: float, mark: str | None) -> None:
    assert mark_of(lost, men) == mark


def test_a_drop_of_twenty_points_as_shown_is_a_mistake() -> None:
    # 28.51% to 9.49%: shown "29% to 9%", 20 points; as unrounded chances 0.1902 gave away,
    # it was called an inaccuracy.
    move = MoveReview(24, 0, "g3-f4", "c3-d4", ("c3-d4",), 0.2851, 0.0949)
    assert (move.loss, move.mark, move.nag) == (20, "mistake", "?")
    assert MoveReview(24, 0, "g3-f4", "c3-d4", (), 0.2849, 0.0951).mark == "inaccuracy"


def test_men_count_within_five_men_of_even() -> None:
    assert men_given_away(0, -100) == 1.0
    assert men_given_away(-300, -480) == 1.8
    # Beyond five men behind (or a forced loss) the game is decided: nothing more to give.
    assert men_given_away(-500, -900) == 0.0
    assert men_given_away(-300, -(WIN - 9)) == 2.0
    assert men_given_away(100, 250) == 0.0
    # A review stored without men reads them back from its chances.
    start = Position.start("brazilian")
    slope = slope_of(start)
    move = MoveReview(0, 0, "c3-d4", "a3-b4", (), win_chance(-40, slope), win_chance(-190, slope))
    assert men_of_stored(start, start, move) == 1.5
    assert score_of(1.0, slope) == DECIDED


# Black gives a man away whenever it can (each move the one that leaves White best off),
# White plays the engine's move: Black has no piece left at White's 16th move.
THROWN_AWAY = [
    "c3-b4", "b6-a5", "b4-c5", "d6xb4", "a3xc5", "e7-d6", "c5xg5", "h6xf4", "g3xe5", "d8-e7",
    "b2-c3", "e7-d6", "f2-g3", "d6xf4", "e3xg5", "a5-b4", "c3xa5", "f8-e7", "g5-h6", "c7-d6",
    "h6xf8", "d6-e5", "f8xf4", "a7-b6", "a5xc7", "b8xd6", "f4xc7", "h8-g7", "c7-d8", "g7-f6",
    "d8xg5",
]  # fmt: skip


def test_a_game_thrown_away_man_by_man_is_marked_by_the_men() -> None:
    positions = [Position.start("brazilian")]
    for notation in THROWN_AWAY:
        positions.append(positions[-1].play(positions[-1].parse(notation)))
    assert positions[-1].outcome() is not None
    searched = [
        None if position.outcome() is not None else search_position(position, review_limit(SMALL))
        for position in positions
    ]
    reviews = review_moves(positions, THROWN_AWAY, searched)
    white, black = summaries(reviews)
    # By the chances alone, once Black is behind each man costs less than 10 points: the
    # game read "inaccuracies 1, mistakes 1".
    assert black.mistakes + black.blunders >= 3
    assert white.mistakes + white.blunders == 0
    for move in reviews:
        if move.men >= 1.0:
            assert move.mark in ("mistake", "blunder")
            assert not positions[move.ply].kings


def test_the_planted_blunder_is_proven_by_a_plain_search() -> None:
    gains = planted.proof()
    assert gains[planted.BETTER] >= 2
    assert all(gain <= 0 for move, gain in gains.items() if move != planted.BETTER)
    assert gains[planted.BLUNDER] < 0


def test_the_planted_blunder_is_marked_with_the_better_move_and_its_line() -> None:
    before = planted.start()
    after = before.play(before.parse(planted.BLUNDER))
    searched = [search_position(before, review_limit(SMALL)), None]
    searched[1] = search_position(after, review_limit(SMALL))
    [move] = review_moves([before, after], [planted.BLUNDER], searched)
    assert move.mark == "blunder"
    assert move.nag == "??"
    assert move.best == planted.BETTER
    assert move.seat == 1
    # The line starts with the better move and replays from the position.
    assert move.line[0] == planted.BETTER
    assert len(move.line) > 1
    position = before
    for notation in move.line:
        position = position.play(position.parse(notation))
    assert worst_move([move]) == move


def test_a_position_searches_the_same_in_any_worker() -> None:
    snapshot = planted.start().snapshot()
    first = search_snapshot(planted.VARIANT, snapshot, SMALL)
    search_position(Position.start("brazilian"), review_limit(SMALL))  # fills the table
    assert search_snapshot(planted.VARIANT, snapshot, SMALL) == first


def test_a_forced_move_is_scored_by_the_position_after_it() -> None:
    # White's one move, c3xe5, takes Black's last man: a won game, not the engine's 0 for
    # a move it plays without searching.
    position = Position.from_fen("brazilian", "W:W22:B18")
    assert len(position.legal_moves()) == 1
    found = search_position(position, review_limit(SMALL))
    assert (found.best, found.line) == ("c3xe5", ("c3xe5",))
    assert win_chance(found.score, slope_of(position)) == 1.0
    # With a man left to Black the game goes on: the score is the search's after the capture
    # (each from an empty table, as a review's worker searches).
    position = Position.from_fen("brazilian", "W:W22:B18,9")
    after = position.play(position.legal_moves()[0])
    assert (
        search_snapshot("brazilian", position.snapshot(), SMALL).score
        == -search_snapshot("brazilian", after.snapshot(), SMALL).score
    )


def test_summaries_count_each_players_marks_and_average_loss() -> None:
    moves = [
        MoveReview(0, 0, "a", "b", ("b",), 0.6, 0.2),  # blunder, 40 points
        MoveReview(1, 1, "c", "c", ("c",), 0.5, 0.1, 3.0),  # the best move: no loss
        MoveReview(2, 0, "d", "e", ("e",), 0.5, 0.35),  # inaccuracy, 15 points
        MoveReview(4, 0, "f", "g", ("g",), 0.2, 0.15, 1.2),  # mistake: a man given away
    ]
    white, black = summaries(moves)
    assert (white.moves, white.blunders, white.inaccuracies, white.mistakes) == (3, 1, 1, 1)
    assert white.average_loss == pytest.approx(20.0)
    assert (black.moves, black.blunders, black.average_loss) == (1, 0, 0.0)
    assert worst_move(moves) == moves[0]


def test_a_marked_move_is_judged_again_by_the_deeper_searches_alone() -> None:
    before = planted.start()
    after = before.play(before.parse(planted.BLUNDER))
    positions = [Position.start("brazilian"), before, after]
    quiet = MoveReview(0, 0, "c3-d4", "c3-d4", ("c3-d4",), 0.5, 0.5)
    # The first pass misjudged the blunder as a mistake, with another better move.
    first = MoveReview(1, 1, planted.BLUNDER, "h6-g5", ("h6-g5",), 0.7, 0.45)
    assert second_look_plies([quiet, first]) == [1]
    deeper = {
        1: (
            search_position(before, review_limit(SMALL)),
            search_position(after, review_limit(SMALL)),
        )
    }
    [unchanged, again] = second_look(positions, [quiet, first], deeper)
    assert unchanged == quiet
    assert (again.ply, again.seat, again.played) == (1, 1, planted.BLUNDER)
    assert (again.mark, again.best, again.line[0]) == ("blunder", planted.BETTER, planted.BETTER)
    # Two marked moves in a row share the position between them: searched once.
    assert second_look_positions([4, 5, 9]) == [4, 5, 6, 9, 10]
    # A move the first pass finds no mistake is not looked at again.
    assert second_look_plies([replace(first, after=0.55)]) == []
