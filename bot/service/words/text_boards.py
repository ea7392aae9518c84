"""Boards as text for the console, in the reader's language.

Draughts: the grid of the picture with piece letters of the reader's language and a legend.
Ludo: one line per colour naming its start square and where each pawn stands, in the square
names of the moves (`c14`, `h2`) so that the text board, the moves and the picture agree, with
the steps each pawn has to go and the towers.
"""

from __future__ import annotations

from bot.i18n import Text, joined, text, translate
from bot.render import LudoView, draughts_text
from bot.render.draughts import LETTERS
from bot.service.boards import draughts_view, ludo_view
from bot.service.events import GameState
from bot.service.words.ludo_words import COLOUR_NAMES, PLACE_WORDS
from games.ludo import LudoPosition
from games.ludo.board import FINISH, START, YARD, square_name

# Translators: four letters for a white man, a black man, a white king and a black king.
PIECE_LETTERS = text("w b W B")
LEGEND = text("w = white man, b = black man, W and B = kings")


def text_board(state: GameState, viewer_seat: int | None, language: str | None) -> str:
    """The board as monospace text for a reader of `language`."""
    if isinstance(state.position, LudoPosition):
        return translate(language, ludo_lines(ludo_view(state, viewer_seat)))
    letters = "".join(translate(language, PIECE_LETTERS).split())
    if len(letters) != len(LETTERS):
        letters = LETTERS
    grid = draughts_text(draughts_view(state, viewer_seat), letters)
    return f"{grid}\n{translate(language, LEGEND)}"


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
