"""Boards as text for the console, in the reader's language.

Draughts: the grid of the picture with the pieces as signs of no language (o x O X), and a
legend in the reader's.
Ludo: one line per colour naming where each pawn stands, in the square names of the moves
(`c14`, `h2`) so that the text board, the moves and the picture agree.
"""

from __future__ import annotations

from bot.i18n import Text, joined, text, translate
from bot.render import LudoView, draughts_text
from bot.service.boards import draughts_view, ludo_view
from bot.service.events import GameState
from bot.service.words.ludo_words import COLOUR_NAMES, PLACE_WORDS
from games.ludo import LudoPosition
from games.ludo.board import square_name

LEGEND = text("o = white man, x = black man, O and X = kings")


def text_board(state: GameState, viewer_seat: int | None, language: str | None) -> str:
    """The board as monospace text for a reader of `language`."""
    if isinstance(state.position, LudoPosition):
        return translate(language, ludo_lines(ludo_view(state, viewer_seat)))
    grid = draughts_text(draughts_view(state, viewer_seat))
    return f"{grid}\n{translate(language, LEGEND)}"


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
