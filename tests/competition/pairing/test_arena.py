"""Arena scoring as lichess scores it, and the pairing of the free players
(competition/pairing/arena.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from competition.pairing.arena import (
    BERSERK_PLIES,
    REMATCH_AFTER,
    ArenaGame,
    Waiting,
    arena_ranking,
    arena_scores,
    pair_free,
    rematch_due,
)
from competition.pairing.results import Outcome

NOW = datetime(2026, 11, 29, 8, 0, tzinfo=UTC)
WHITE, BLACK, DRAW = Outcome.WHITE, Outcome.BLACK, Outcome.DRAW


def test_two_wins_light_the_streak_that_doubles_until_a_game_is_not_won() -> None:
    games = [
        ArenaGame("a", "b", WHITE),  # 2
        ArenaGame("a", "c", WHITE),  # 2, now on fire
        ArenaGame("a", "d", WHITE),  # 4
        ArenaGame("a", "b", DRAW),  # 2 (doubled), the streak ends
        ArenaGame("a", "c", WHITE),  # 2
        ArenaGame("d", "a", WHITE),  # 0
    ]
    score = arena_scores("abcd", games)["a"]
    assert score.sheet == [2, 2, 4, 2, 2, 0]
    assert score.points == 12
    assert (score.wins, score.draws, score.losses) == (4, 1, 1)
    assert not score.on_fire


def test_lichess_example_two_wins_and_a_draw_make_six() -> None:
    games = [ArenaGame("a", "b", WHITE), ArenaGame("c", "a", BLACK), ArenaGame("a", "d", DRAW)]
    assert arena_scores("abcd", games)["a"].points == 6


def test_berserk_adds_a_point_to_a_win_of_seven_moves_each_only() -> None:
    games = [
        ArenaGame("a", "b", WHITE, BERSERK_PLIES, frozenset({"a"})),  # 2 + 1
        ArenaGame("c", "a", BLACK, BERSERK_PLIES - 1, frozenset({"a"})),  # too short: 2
        ArenaGame("a", "d", BLACK, 40, frozenset({"a"})),  # a loss: 0
        ArenaGame("b", "d", WHITE, 40, frozenset({"d"})),  # d berserk and lost: 0
    ]
    scores = arena_scores("abcd", games)
    assert scores["a"].sheet == [3, 2, 0]
    assert scores["a"].berserk_wins == 1
    assert scores["d"].points == 2  # the berserk loser's win over a earlier
    assert scores["b"].points == 2


def test_the_ranking_is_points_then_wins_then_fewer_games_then_number() -> None:
    games = [ArenaGame("a", "b", DRAW), ArenaGame("a", "c", DRAW), ArenaGame("d", "e", WHITE)]
    scores = arena_scores("abcde", games)
    numbers = {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}
    # d: 2 points in one win; a: 2 points in two draws; b and c 1; e 0.
    assert arena_ranking(scores, numbers) == ["d", "a", "b", "c", "e"]


def waiting(entry: str, last: str | None = None, ago: float = 0.0, balance: int = 0) -> Waiting:
    return Waiting(entry, NOW - timedelta(seconds=ago), last, balance)


def test_each_free_player_meets_the_nearest_in_the_ranking() -> None:
    ranking = ["a", "b", "c", "d", "e", "f"]
    free = [waiting(e) for e in ("f", "a", "c", "d")]
    assert pair_free(free, ranking, NOW, others_playing=True) == [("a", "c"), ("d", "f")]


def test_the_last_opponent_is_avoided_while_someone_else_is_free() -> None:
    ranking = ["a", "b", "c"]
    free = [waiting("a", "b"), waiting("b", "a"), waiting("c")]
    pairs = pair_free(free, ranking, NOW, others_playing=True)
    assert pairs == [("a", "c")]


def test_two_who_just_met_wait_while_others_play_then_meet_again() -> None:
    ranking = ["a", "b", "c", "d"]
    free = [waiting("a", "b"), waiting("b", "a")]
    assert pair_free(free, ranking, NOW, others_playing=True) == []
    assert rematch_due(free) == NOW + REMATCH_AFTER
    later = NOW + REMATCH_AFTER
    assert pair_free(free, ranking, later, others_playing=True) == [("a", "b")]


def test_two_lone_players_meet_again_at_once_when_nobody_else_plays() -> None:
    free = [waiting("a", "b"), waiting("b", "a")]
    assert pair_free(free, ["a", "b"], NOW, others_playing=False) == [("a", "b")]


def test_white_goes_to_the_player_who_had_it_less() -> None:
    free = [waiting("a", balance=1), waiting("b", balance=-1)]
    assert pair_free(free, ["a", "b"], NOW, others_playing=False) == [("b", "a")]


def test_nobody_is_paired_twice_in_one_call() -> None:
    ranking = [f"p{n}" for n in range(61)]
    free = [waiting(entry) for entry in ranking]
    pairs = pair_free(free, ranking, NOW, others_playing=False)
    seated = [entry for pair in pairs for entry in pair]
    assert len(seated) == len(set(seated)) == 60
