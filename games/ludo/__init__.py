"""Ludo with the towers of the Brazilian rules, registered as the game kind `ludo`.

The board geometry lives in board.py; the rule set (player count, optional rules) in
rules.py; the moves in moves.py; the position, its moves played, in position.py, with the
pawn moves a roll allows in steps.py, the end of a game in ending.py, the notation in
notation.py, snapshots in snapshots.py and what renderers read in views.py. The verifiable
dice are in dice.py, the one-move computer players in agents.py, the searching computer of
the levels in search.py (on evaluation.py); `python -m games.ludo` simulates games and plays
them.
"""

from __future__ import annotations

from games.base import GameKind, Options, register
from games.ludo.board import track_square
from games.ludo.moves import Leave, LudoMove, Roll, Step
from games.ludo.position import LudoPosition
from games.ludo.rules import LudoRules
from games.ludo.views import LudoView, SeatView

__all__ = [
    "KIND",
    "Leave",
    "LudoMove",
    "LudoPosition",
    "LudoRules",
    "LudoView",
    "Roll",
    "SeatView",
    "Step",
    "track_square",
]


def _start(options: Options) -> LudoPosition:
    return LudoPosition.start(LudoRules.from_options(options))


def _from_snapshot(text: str, options: Options) -> LudoPosition:
    return LudoPosition.from_snapshot(text, LudoRules.from_options(options))


KIND = register(
    GameKind(
        key="ludo",
        aliases=("ludo-brasileiro", "ludo-brazilian", "ludo brasil"),
        seats=range(2, 5),
        start=_start,
        from_snapshot=_from_snapshot,
    )
)
