"""A plain material search over Position objects, apart from the engine: what proves a tactic.

Men and kings are counted (a king as three men where kings fly, two where they step), a won
game as WIN; past the horizon only captures go on, so that no exchange is cut in half. The
engine's tactics tests (bench/shots.py) and the puzzles (puzzles/) use it as a second opinion
that shares no code with the engine's search.
"""

from __future__ import annotations

from games.damas.position import Position

WIN = 100  # a won game, in men: more than any material
KING_MEN = {True: 3, False: 2}  # a king in men: flying kings are worth more


def material(position: Position) -> int:
    """Men and kings (counted in men) of the side to move minus the other side's."""
    king = KING_MEN[position.rules.flying_kings]
    score = 0
    for colour in (0, 1):
        kings, men = position.material(colour)
        value = men + king * kings
        score += value if colour == position.colour else -value
    return score


def minimax(position: Position, depth: int, alpha: int = -1000, beta: int = 1000) -> int:
    """The material the side to move keeps with best play of both sides for `depth` plies
    (alpha-beta), captures played out beyond them."""
    outcome = position.outcome()
    if outcome is not None:
        winners = outcome.winners
        return 0 if not winners else WIN if position.colour in winners else -WIN
    moves = position.legal_moves()
    if depth <= 0 and not any(move.captures or move.huff for move in moves):
        return material(position)
    if depth <= 0:
        # Past the horizon only captures go on (in italian-familiar the quiet moves stay
        # legal beside them).
        moves = [move for move in moves if move.captures or move.huff]
    best = -1000
    for move in moves:
        after = position.play(move)
        # A huff (italian-familiar) takes a piece and keeps the turn.
        if move.huff:
            value = minimax(after, depth, alpha, beta)
        else:
            value = -minimax(after, depth - 1, -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best
