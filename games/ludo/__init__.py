"""Ludo with the towers of the Brazilian rules, registered as the game kind `ludo`.

The rules live in rules.py, the board geometry in board.py, the verifiable dice in dice.py,
the computer players in agents.py; `python -m games.ludo` simulates games and plays them.
"""

from __future__ import annotations

from games.base import GameKind, Options, register
from games.ludo.board import track_square
from games.ludo.rules import (
    Leave,
    LudoMove,
    LudoPosition,
    LudoRules,
    LudoView,
    Roll,
    SeatView,
    Step,
)

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
