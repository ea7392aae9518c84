"""The review's pure part (games/damas/review.py): the win-chance curve, the marks, a planted
blunder marked with the move a plain search proves better, the better line, the summaries."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from games.damas import RULES, Position
from games.damas.engine.search import WIN
from games.damas.review import (
    WIN_SLOPES,
    MoveReview,
    mark_of,
    review_limit,
    review_moves,
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
    ("loss", "mark"),
    [(0.05, None), (0.1, "inaccuracy"), (0.19, "inaccuracy"), (0.2, "mistake"), (0.3, "blunder")],
)
def test_marks_follow_the_thresholds(loss: float, mark: str | None) -> None:
    assert mark_of(loss) == mark


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
    # With a man left to Black the game goes on: the score is the search's after the capture.
    position = Position.from_fen("brazilian", "W:W22:B18,9")
    after = position.play(position.legal_moves()[0])
    assert (
        search_position(position, review_limit(SMALL)).score
        == -search_position(after, review_limit(SMALL)).score
    )


def test_summaries_count_each_players_marks_and_average_loss() -> None:
    moves = [
        MoveReview(0, 0, "a", "b", ("b",), 0.6, 0.2),  # blunder, 0.4
        MoveReview(1, 1, "c", "c", ("c",), 0.5, 0.1),  # the best move: no loss
        MoveReview(2, 0, "d", "e", ("e",), 0.5, 0.35),  # inaccuracy, 0.15
    ]
    white, black = summaries(moves)
    assert (white.moves, white.blunders, white.inaccuracies, white.mistakes) == (2, 1, 1, 0)
    assert white.average_loss == pytest.approx(0.275)
    assert (black.moves, black.blunders, black.average_loss) == (1, 0, 0.0)


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
