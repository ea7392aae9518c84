"""The boards of Ludo, for the Ludo family (bot.service.families): the view its picture
draws, its pawn moves as buttons offer them, its text board and the colours of its seats.

The text board names where each pawn stands in the square names of the moves (`c14`, `h2`),
so that the text board, the moves and the picture agree.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import Text, joined, text, translate
from bot.render import LudoView
from bot.service.choices import MoveChoice
from bot.service.events import GameState
from bot.service.words.ludo_words import COLOUR_NAMES, PLACE_WORDS
from games.base import AnyGame
from games.ludo import LudoPosition, Roll, Step
from games.ludo.board import square_name


def ludo_view(state: GameState, viewer_seat: int | None) -> LudoView:
    position = state.position
    assert isinstance(position, LudoPosition)
    view = position.view()
    colours = tuple(seat.colour for seat in view.seats)
    last = view.last_move
    last_move = None
    if isinstance(last, Step):
        last_move = (position.rules.colours[last.seat], last.start, last.end)
    dice = position.roll or (last.value if isinstance(last, Roll) else None)
    viewer = position.rules.colours[viewer_seat] if viewer_seat is not None else None
    return LudoView(
        colours=colours,
        pawns={seat.colour: seat.pawns for seat in view.seats},
        last_move=last_move,
        viewer_colour=viewer,
        dice=dice,
        capture=isinstance(last, Step) and last.capture,
        left=tuple(seat.colour for seat in view.seats if seat.left),
    )


def ludo_choice(position: AnyGame, move: Any, index: int) -> MoveChoice:
    """A pawn move ("p1 yard-c1") on a button of its own: a turn has at most a few, and a
    click is quicker than a piece and then a target."""
    notation = position.notation(move)
    pawn, _, way = notation.partition(" ")
    start, _, end = way.replace("x", "-").partition("-")
    return MoveChoice(index, notation, f"{pawn} {start}", end, notation)


def ludo_text_board(state: GameState, viewer_seat: int | None, language: str | None) -> str:
    return translate(language, ludo_lines(ludo_view(state, viewer_seat)))


def ludo_lines(view: LudoView) -> Text:
    """ "Red: 1 yard · 2 c14 · 3 h2 · 4 finished", one line per colour, then the die."""
    lines: list[Text | str] = []
    for colour in view.colours:
        if colour in view.left:
            lines.append(text("{colour}: left the game", colour=COLOUR_NAMES[colour]))
            continue
        places = joined(
            [
                joined([str(number), _place(colour, progress)], " ")
                for number, progress in enumerate(view.pawns[colour], start=1)
            ],
            " · ",
        )
        lines.append(text("{colour}: {places}", colour=COLOUR_NAMES[colour], places=places))
    if view.dice is not None:
        lines.append(text("die: {value}", value=view.dice))
    return joined(lines, "\n")


def _place(colour: int, progress: int) -> Text | str:
    name = square_name(colour, progress)
    return PLACE_WORDS.get(name, name)


def ludo_side(state: GameState, seat: int) -> Text:
    """A seat by its colour: "Red"."""
    position = state.position
    assert isinstance(position, LudoPosition)
    return COLOUR_NAMES[position.rules.colours[seat]]
