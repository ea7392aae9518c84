"""A game with a planted blunder, for the review's tests: Black to move in tests/data/shots.txt's
second Brazilian position, where d4-e3 is a shot (bench/shots.py: it wins two men or more by
force, and no other move wins any), plays d4-c3, which loses a man. The plain minimax of
bench/shots.py, apart from the engine, proves both (`proof`)."""

from __future__ import annotations

from games.damas import Position
from tests.games.damas.engine.test_deep_tactics import _plain

VARIANT = "brazilian"
FEN = "B:W20,21,25,26,27,28,29,30,32:B1,2,3,4,5,8,11,12,18"
BLUNDER = "d4-c3"
BETTER = "d4-e3"
PLIES = 6  # the depth of bench/shots.py's proof of the shots of tests/data/shots.txt


def start() -> Position:
    return Position.from_fen(VARIANT, FEN)


def proof() -> dict[str, int]:
    """Each move's gain in men for Black by the plain minimax, `PLIES` plies deep."""
    plain = _plain()
    position = start()
    base = plain.material(position)
    return {
        position.notation(move): -plain.minimax(position.play(move), PLIES - 1, -1000, 1000) - base
        for move in position.legal_moves()
    }
