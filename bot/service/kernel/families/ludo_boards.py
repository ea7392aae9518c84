"""The boards of Ludo, for the Ludo family (families/ludo.py): the view its picture
draws, its pawn moves as buttons offer them, its text board and the colours of its seats.

The text board names each colour's start square and where each pawn stands, in the square
names of the moves (`c14`, `h2`) so that the text board, the moves and the picture agree, with
the steps each pawn has to go and the towers.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import Text, joined, text, translate
from bot.render import LudoView
from bot.service.kernel.display.choices import MoveChoice
from bot.service.kernel.events import GameState
from bot.service.kernel.families.ludo_words import COLOUR_NAMES, PLACE_WORDS
from games.base import AnyGame
from games.ludo import LudoPosition, Roll, Step
from games.ludo.board import FINISH, START, YARD, square_name


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
    """ "Red (start c1): 1 c14, 43 to go · 2+3 c20 tower, 37 to go · 4 yard", one line per
    colour, then the die: where each pawn stands, how far it has to go, and the towers."""
    lines: list[Text | str] = []
    for colour in view.colours:
        if colour in view.left:
            lines.append(text("{colour}: left the game", colour=COLOUR_NAMES[colour]))
            continue
        lines.append(
            text(
                "{colour} (start {start}): {places}",
                colour=COLOUR_NAMES[colour],
                start=square_name(colour, START),
                places=joined(_places(colour, view.pawns[colour]), " · "),
            )
        )
    if view.dice is not None:
        lines.append(text("die: {value}", value=view.dice))
    return joined(lines, "\n")


def _places(colour: int, pawns: tuple[int, ...]) -> list[Text | str]:
    """Each pawn's place in pawn order; pawns on one square of their way together, a tower."""
    places: list[Text | str] = []
    shown: set[int] = set()
    for number, progress in enumerate(pawns, start=1):
        if progress in (YARD, FINISH):
            name = square_name(colour, progress)
            places.append(joined([str(number), PLACE_WORDS.get(name, name)], " "))
            continue
        if progress in shown:
            continue
        shown.add(progress)
        together = [str(n) for n, other in enumerate(pawns, start=1) if other == progress]
        square, to_go = square_name(colour, progress), FINISH - progress
        if len(together) > 1:
            places.append(
                text(
                    "{pawns} {square} tower, {steps} to go",
                    pawns="+".join(together),
                    square=square,
                    steps=to_go,
                )
            )
        else:
            places.append(
                text("{pawn} {square}, {steps} to go", pawn=number, square=square, steps=to_go)
            )
    return places


def ludo_side(state: GameState, seat: int) -> Text:
    """A seat by its colour: "Red"."""
    position = state.position
    assert isinstance(position, LudoPosition)
    return COLOUR_NAMES[position.rules.colours[seat]]
