"""The moves of a board as buttons offer them, the same for every family of games: each
front end draws these without asking which game it is."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Text


@dataclass(frozen=True)
class MoveChoice:
    """One legal move as buttons offer it: which piece or pawn, where to, in notation.

    `index` is the move's place in the position's legal moves, the same for every reader of
    one game version: buttons carry it (with the version) instead of long notation.

    A move with a `label` is offered on a button of its own showing it (each Ludo pawn move,
    a draughts huff); one without is offered in two steps: its piece, then its target.

    A draughts capture names the squares of the pieces it takes (`captured`) and those it
    lands on between its piece and its target (`via`), as `piece` and `target` name squares
    (the board pictures' square names), so that a board can show its route; other moves
    have neither."""

    index: int
    notation: str
    piece: str
    target: str
    label: Text | str | None = None
    captured: tuple[str, ...] = ()
    via: tuple[str, ...] = ()
