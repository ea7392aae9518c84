"""Draughts: Brazilian, International, Italian and the Italian household variant.

One rules core (`position.py` over the bitboard generator of `movegen.py`); the variants
differ only by their `Rules` value (`rules.py`). Importing this package registers every
variant with games.base.
"""

from __future__ import annotations

from games.base import GameKind, Options, register
from games.damas.move import BLACK, WHITE, Move, Piece
from games.damas.perft import divide, perft
from games.damas.position import Position, resolve_rules
from games.damas.rules import RULES, Rules
from games.damas.squares import parse_square, row_col, square_at, square_name

__all__ = [
    "BLACK",
    "RULES",
    "WHITE",
    "Move",
    "Piece",
    "Position",
    "Rules",
    "divide",
    "parse_square",
    "perft",
    "resolve_rules",
    "row_col",
    "square_at",
    "square_name",
]


def _register(rules: Rules) -> None:
    def start(options: Options) -> Position:
        fen = options.get("fen")
        return Position.setup(rules, fen) if fen else Position.start(rules)

    def from_snapshot(text: str, _options: Options) -> Position:
        return Position.from_snapshot(rules, text)

    register(GameKind(rules.key, rules.aliases, range(2, 3), start, from_snapshot))


for _rules in RULES.values():
    _register(_rules)
