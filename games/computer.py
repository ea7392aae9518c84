"""The computer opponent of every game behind one seam: `choose(position, limit)`.

Draughts: iterative-deepening alpha-beta (negamax) over the public position interface, with
a material and advancement evaluation, captures searched first. Ludo: the strongest agent of
games.ludo.agents. Pure and synchronous: the service runs it off its event loop.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.damas import WHITE, Move, Position, row_col
from games.ludo import LudoPosition
from games.ludo.agents import find_agent

WIN_SCORE = 1_000_000
MAN_VALUE = 100
# A flying king dominates the board; a short Italian king is worth about one and a half men.
FLYING_KING_VALUE = 350
SHORT_KING_VALUE = 160
ADVANCE_BONUS = 3


@dataclass(frozen=True)
class Limit:
    """How hard the computer thinks: at most `depth` plies, at most `seconds`."""

    depth: int = 6
    seconds: float = 1.0
    seed: int | None = None


LEVELS = {"easy": Limit(depth=2, seconds=0.3), "normal": Limit(), "hard": Limit(8, 3.0)}


class _OutOfTime(Exception):
    pass


def evaluate(position: Position) -> int:
    """The position's worth for the side to move, in hundredths of a man."""
    rules = position.rules
    king_value = FLYING_KING_VALUE if rules.flying_kings else SHORT_KING_VALUE
    last_row = rules.board_size - 1
    score = 0
    for square, piece in position.pieces().items():
        if piece.is_king:
            value = king_value
        else:
            row, _ = row_col(rules, square)
            rows_advanced = last_row - row if piece.colour == WHITE else row
            value = MAN_VALUE + ADVANCE_BONUS * rows_advanced
        score += value if piece.colour == WHITE else -value
    return score if position.to_move() == WHITE else -score


def _ordered(moves: list[Move]) -> list[Move]:
    return sorted(moves, key=lambda move: -len(move.captures))


class _Search:
    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.nodes = 0

    def negamax(self, position: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes % 512 == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime
        outcome = position.outcome()
        if outcome is not None:
            if outcome.is_draw:
                return 0
            return WIN_SCORE - ply if position.to_move() in outcome.winners else ply - WIN_SCORE
        moves = position.legal_moves()
        # Captures are forced and sharp: look one ply further instead of stopping in them.
        if depth <= 0 and not any(move.captures for move in moves):
            return evaluate(position)
        best = -WIN_SCORE - 1
        for move in _ordered(moves):
            value = -self.negamax(position.play(move), depth - 1, -beta, -alpha, ply + 1)
            if value > best:
                best = value
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        return best


def choose_draughts(position: Position, limit: Limit) -> Move:
    """The best move found within the limit; equal moves are tried in a random order, so the
    computer does not always play the same game."""
    moves = position.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    if len(moves) == 1:
        return moves[0]
    random.Random(limit.seed).shuffle(moves)
    moves = _ordered(moves)
    search = _Search(time.perf_counter() + limit.seconds)
    best = moves[0]
    for depth in range(1, limit.depth + 1):
        try:
            alpha = -WIN_SCORE - 1
            depth_best = moves[0]
            for move in moves:
                value = -search.negamax(position.play(move), depth - 1, -WIN_SCORE - 1, -alpha, 1)
                if value > alpha:
                    alpha, depth_best = value, move
        except _OutOfTime:
            break
        best = depth_best
        # Search the best move first at the next depth: better cut-offs.
        moves = [best, *(move for move in moves if move is not best)]
        if abs(alpha) >= WIN_SCORE - limit.depth:
            break
    return best


def choose_ludo(position: LudoPosition, limit: Limit) -> Any:
    return find_agent("best")(position, random.Random(limit.seed))


_CHOOSERS: dict[type, Callable[[Any, Limit], Any]] = {
    Position: choose_draughts,
    LudoPosition: choose_ludo,
}


def choose(position: Any, limit: Limit | None = None) -> Any:
    """The computer's move in `position` (any registered game) within `limit`."""
    for position_type, chooser in _CHOOSERS.items():
        if isinstance(position, position_type):
            return chooser(position, limit or Limit())
    raise TypeError(f"no computer player for {type(position).__name__}")
