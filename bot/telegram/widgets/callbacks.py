"""Callback data of the Telegram buttons: short, stateless, at most 64 bytes.

A button carries everything its press needs (the game and its version, or the challenge), so
that a board sent before a restart still works and a press on an old board is recognised by
its version. Formats: `m:GAME:VERSION:INDEX` play the move with that index of
`boards.move_choices`, `p:GAME:VERSION:INDEX` show the destinations of the piece of that move,
`b:GAME:VERSION` back to the pieces, `r:GAME:VERSION` roll the die, `a:CHALLENGE` accept,
`d:CHALLENGE` decline, `s:CHALLENGE` start an open table now; `q:GAME:VERSION` and
`x:GAME:VERSION` ask to resign or abort, `k:GAME:VERSION:PLAYER` and `y:GAME:VERSION:PLAYER`
confirm it (only for the player who asked), `n:GAME:VERSION` keeps playing, `w:GAME` asks for
a rematch of a finished game; `tj:TOURNAMENT` join, `tl:TOURNAMENT` leave; `sj:SIMUL` take a
board of a simul, `sl:SIMUL` give it back, `sn:SIMUL:GAME` the host's desk at the board that
waits after that game;
`z:PUZZLE:STEP:INDEX` answer a puzzle's step with the move of that index, `zp:PUZZLE:STEP:INDEX`
show the destinations of the piece of that move, `zb:PUZZLE:STEP` back to the pieces,
`zs:PUZZLE:STEP` show the solution (under the picture after a miss). The buttons
after a bare /new (`ng:`, `nc:`) are game_picker.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

MAX_CALLBACK_BYTES = 64


class Action(Enum):
    MOVE = "m"
    PIECE = "p"
    BACK = "b"
    ROLL = "r"
    ACCEPT = "a"
    DECLINE = "d"
    BEGIN = "s"
    ASK_RESIGN = "q"
    RESIGN = "k"
    ASK_ABORT = "x"
    ABORT = "y"
    KEEP_PLAYING = "n"
    REMATCH = "w"
    JOIN = "tj"
    LEAVE = "tl"
    SIMUL_JOIN = "sj"
    SIMUL_LEAVE = "sl"
    DESK_NEXT = "sn"
    PUZZLE = "z"
    PUZZLE_PIECE = "zp"
    PUZZLE_BACK = "zb"
    PUZZLE_SOLUTION = "zs"
    BERSERK = "bz"


ENDING_ACTIONS = frozenset(
    {Action.ASK_RESIGN, Action.RESIGN, Action.ASK_ABORT, Action.ABORT, Action.KEEP_PLAYING}
)
GAME_ACTIONS = frozenset(
    {Action.MOVE, Action.PIECE, Action.BACK, Action.ROLL, Action.BERSERK} | ENDING_ACTIONS
)
CHALLENGE_ACTIONS = frozenset({Action.ACCEPT, Action.DECLINE, Action.BEGIN})
# Presses handled by bot.telegram.widgets.game_actions rather than as moves (an arena's
# Berserk among them).
GAME_END_ACTIONS = ENDING_ACTIONS | {Action.REMATCH, Action.BERSERK}
TOURNAMENT_ACTIONS = frozenset({Action.JOIN, Action.LEAVE})
SIMUL_ACTIONS = frozenset({Action.SIMUL_JOIN, Action.SIMUL_LEAVE, Action.DESK_NEXT})
PUZZLE_ACTIONS = frozenset(
    {Action.PUZZLE, Action.PUZZLE_PIECE, Action.PUZZLE_BACK, Action.PUZZLE_SOLUTION}
)
_INDEXED = frozenset(
    {Action.MOVE, Action.PIECE, Action.RESIGN, Action.ABORT, Action.PUZZLE, Action.PUZZLE_PIECE}
)
# A puzzle's step takes the place of a game's version, and so does the game a desk shows.
_VERSIONED = GAME_ACTIONS | PUZZLE_ACTIONS | {Action.DESK_NEXT}


@dataclass(frozen=True)
class Press:
    """What a button asks for: `target` is a game id (with its version), a challenge id, a
    tournament id, a puzzle id (with its step) or a simul id (with the game its desk shows)."""

    action: Action
    target: int
    version: int | None = None
    index: int | None = None

    def encode(self) -> str:
        fields = [self.action.value, str(self.target)]
        if self.action in _VERSIONED:
            fields.append(str(self.version))
        if self.action in _INDEXED:
            fields.append(str(self.index))
        data = ":".join(fields)
        if len(data.encode()) > MAX_CALLBACK_BYTES:
            raise ValueError(
                f"callback data {data!r} is longer than Telegram's {MAX_CALLBACK_BYTES} bytes"
            )
        return data


def decode(data: str | None) -> Press | None:
    """The press a button's data describes, or None for data this bot never wrote."""
    if not data:
        return None
    head, *numbers = data.split(":")
    try:
        action = Action(head)
        values = [int(number) for number in numbers]
    except ValueError:
        return None
    expected = 1 + (action in _VERSIONED) + (action in _INDEXED)
    if len(values) != expected or any(value < 0 for value in values):
        return None
    version = values[1] if action in _VERSIONED else None
    index = values[2] if action in _INDEXED else None
    return Press(action, values[0], version, index)
