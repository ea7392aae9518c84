"""A club match's score from its stored games: each game's points for side A and side B
(win 1, draw 1/2; nothing while it is played, or aborted), each board's sum, the match's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.chance import uniform
from storage import ClubMatchFacts, ClubMatchGame

# Points of side A and side B.
Points = tuple[float, float]


def game_points(game: ClubMatchGame) -> Points | None:
    """What a game gave each side; None while it is played, or when it was aborted."""
    if game.status != "finished" or game.result is None:
        return None
    winners = game.result["winners"]
    if not winners:
        return (0.5, 0.5)
    return (1.0, 0.0) if game.a_seat in winners else (0.0, 1.0)


@dataclass(frozen=True)
class BoardScore:
    """One board: its games (by leg) and the points each side has from them."""

    board: int
    games: tuple[ClubMatchGame, ...]
    points: Points


def board_scores(facts: ClubMatchFacts) -> list[BoardScore]:
    boards = sorted({game.board for game in facts.games})
    scores = []
    for board in boards:
        games = tuple(game for game in facts.games if game.board == board)
        scores.append(BoardScore(board, games, total(games)))
    return scores


def total(games: Sequence[ClubMatchGame]) -> Points:
    points = [p for p in map(game_points, games) if p is not None]
    return (sum((p[0] for p in points), 0.0), sum((p[1] for p in points), 0.0))


def all_played(facts: ClubMatchFacts) -> bool:
    return bool(facts.games) and all(game.status != "active" for game in facts.games)


def first_white_is_a(seed: bytes, board: int) -> bool:
    """The coin toss of a board: whether side A's player takes White in its first game."""
    return uniform(seed, f"club-toss:{board}".encode(), 2) == 0
