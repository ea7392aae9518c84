"""What a board picture shows: small frozen values the service fills from a game position.

The renderers know nothing of the game engines; the service turns a position into one of
these views, and they check themselves so that a bad view fails here, with a clear message,
instead of drawing a wrong board.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal


class Colour(enum.Enum):
    """The two sides of a draughts game."""

    WHITE = "white"
    BLACK = "black"


WHITE = Colour.WHITE
BLACK = Colour.BLACK

DraughtsLabels = Literal["numeric", "alphanumeric", "both"]
# An arrow's meaning, as its colour shows it: a move to prefer, or the move made instead.
ArrowTone = Literal["better", "played"]
DRAUGHTS_LABELS: tuple[DraughtsLabels, ...] = ("numeric", "alphanumeric", "both")

LUDO_YARD = -1
LUDO_LAST_TRACK_STEP = 50
LUDO_FIRST_HOME_STEP = 51
LUDO_FINISHED = 56
LUDO_COLOURS = (1, 2, 3, 4)
LUDO_PAWNS_PER_COLOUR = 4
DIE_FACES = range(1, 7)


@dataclass(frozen=True)
class Arrow:
    """A move drawn as an arrow with a head: through the squares of `path`, first to last."""

    path: tuple[int, ...]
    tone: ArrowTone


@dataclass(frozen=True)
class DraughtsView:
    """A draughts position as seen by one side.

    Squares are the FEN numbers of the games: the dark squares numbered 1.. row by row from
    the top left as White sees the board. `dark_corner_left` is True for brazilian and
    international (a1 dark) and False for italian (h1 dark).
    """

    size: Literal[8, 10]
    dark_corner_left: bool
    pieces: Mapping[int, tuple[Colour, bool]]
    """square -> (colour, is_king)"""
    labels: DraughtsLabels = "numeric"
    last_move: tuple[int, ...] | None = None
    """the squares the last move went through, first to last"""
    captured: tuple[int, ...] = ()
    """the squares of the pieces the last move took"""
    viewer: Colour = WHITE
    highlight: tuple[int, ...] = ()
    """squares to point out, e.g. the pieces that may move"""
    arrows: tuple[Arrow, ...] = ()
    """moves drawn over the board, the last on top (a review: the better move and the one
    played)"""

    @property
    def square_count(self) -> int:
        return self.size * self.size // 2

    def __post_init__(self) -> None:
        if self.size not in (8, 10):
            raise ValueError(f"a draughts board is 8 or 10 squares wide, not {self.size}")
        if self.labels not in DRAUGHTS_LABELS:
            raise ValueError(f"labels must be one of {DRAUGHTS_LABELS}, not {self.labels!r}")
        if not isinstance(self.viewer, Colour):
            raise ValueError(f"viewer must be WHITE or BLACK, not {self.viewer!r}")
        for square, (colour, _king) in self.pieces.items():
            self._check_square(square, "a piece")
            if not isinstance(colour, Colour):
                raise ValueError(f"the piece on {square} must be WHITE or BLACK, not {colour!r}")
        if self.last_move is not None and len(self.last_move) < 2:
            raise ValueError(f"a last move goes from one square to another: {self.last_move}")
        for arrow in self.arrows:
            if len(arrow.path) < 2:
                raise ValueError(f"an arrow goes from one square to another: {arrow.path}")
        named = {
            "the last move": self.last_move or (),
            "a capture": self.captured,
            "a highlight": self.highlight,
            "an arrow": tuple(square for arrow in self.arrows for square in arrow.path),
        }
        for what, squares in named.items():
            for square in squares:
                self._check_square(square, what)

    def _check_square(self, square: int, what: str) -> None:
        if not 1 <= square <= self.square_count:
            raise ValueError(
                f"{what} on square {square}: a {self.size}x{self.size} board has "
                f"squares 1..{self.square_count}"
            )


@dataclass(frozen=True)
class LudoView:
    """A Ludo position as one player (or an onlooker) sees it.

    Progress of a pawn: -1 in the yard, 0..50 on the shared track counted from its colour's
    start square, 51..55 in its colour's home column, 56 finished.
    """

    colours: tuple[int, ...]
    """the colours in play, 1..4 (1 red, 2 green, 3 yellow, 4 blue)"""
    pawns: Mapping[int, tuple[int, ...]]
    """colour -> the progress of its four pawns; pawn n (1..4) is item n-1"""
    last_move: tuple[int, int, int] | None = None
    """(colour, progress before, progress after)"""
    viewer_colour: int | None = None
    """the board is turned so that this colour's yard is at the bottom left"""
    dice: int | None = None
    """the last roll, drawn as a die face"""
    capture: bool = False
    """the last move sent a pawn (or a tower) back to its yard"""
    left: tuple[int, ...] = ()
    """colours whose players left the game: drawn as seats nobody plays"""

    def __post_init__(self) -> None:
        if not self.colours or len(set(self.colours)) != len(self.colours):
            raise ValueError(f"colours must be distinct colours 1..4, not {self.colours}")
        for colour in self.colours:
            _check_ludo_colour(colour, "a colour in play")
        if set(self.pawns) != set(self.colours):
            raise ValueError(
                f"pawns must list exactly the colours in play {sorted(self.colours)}, "
                f"not {sorted(self.pawns)}"
            )
        for colour, progresses in self.pawns.items():
            if len(progresses) != LUDO_PAWNS_PER_COLOUR:
                raise ValueError(
                    f"colour {colour} must have {LUDO_PAWNS_PER_COLOUR} pawns, "
                    f"not {len(progresses)}"
                )
            for progress in progresses:
                _check_progress(progress, f"a pawn of colour {colour}")
        if self.last_move is not None:
            colour, before, after = self.last_move
            if colour not in self.colours:
                raise ValueError(f"the last move's colour {colour} is not in play {self.colours}")
            _check_progress(before, "the last move's start")
            _check_progress(after, "the last move's end")
        if not set(self.left) <= set(self.colours):
            raise ValueError(f"left {self.left} names colours not in play {self.colours}")
        if self.viewer_colour is not None:
            _check_ludo_colour(self.viewer_colour, "the viewer's colour")
        if self.dice is not None and self.dice not in DIE_FACES:
            raise ValueError(f"a die shows 1..6, not {self.dice}")


def _check_ludo_colour(colour: int, what: str) -> None:
    if colour not in LUDO_COLOURS:
        raise ValueError(f"{what} is {colour}; Ludo colours are 1..4")


def _check_progress(progress: int, what: str) -> None:
    if not LUDO_YARD <= progress <= LUDO_FINISHED:
        raise ValueError(
            f"{what} has progress {progress}; progress runs from {LUDO_YARD} (yard) "
            f"to {LUDO_FINISHED} (finished)"
        )
