"""The boards of draughts, for the Draughts family (families/draughts.py): the view its
picture draws (with the last move, replayed from the options its games start with), its moves
as buttons offer them, its text board and the names of its sides."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.i18n import Text, text, translate
from bot.render import BLACK, WHITE, DraughtsView, draughts_text
from bot.render.views import DraughtsLabels
from bot.service.kernel.display.choices import MoveChoice
from bot.service.kernel.display.replays import replayed_before
from bot.service.kernel.events import GameState
from games.base import AnyGame, GameError
from games.damas import Move, Position, parse_square, square_name

_SQUARE_SEPARATORS = re.compile(r"[-x:]")

# Translators: four letters for a white man, a black man, a white king and a black king.
LEGEND = text("o = white man, x = black man, O and X = kings")


def starting_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a draughts game is replayed with: its starting position (FEN), if any."""
    return {key: value for key, value in options.items() if key == "fen"}


def _last_path(position: Position, notation: str | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The squares of the last move (path, and the huffed piece), read from its notation."""
    if not notation:
        return (), ()
    words = notation.split()
    if len(words) == 2:  # "soffio 22": the huffed piece left the board
        square = parse_square(position.rules, words[1])
        return (), (square,) if square is not None else ()
    squares = [parse_square(position.rules, token) for token in _SQUARE_SEPARATORS.split(notation)]
    path = tuple(square for square in squares if square is not None)
    return (path if len(path) >= 2 else ()), ()


def _last_move(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The squares of the last move (its whole route, every landing square), and the pieces
    it took (or the huffed piece), read from the position before it: a capture written
    short (c3xc7) still goes where the piece went."""
    position = state.position
    assert isinstance(position, Position)
    if not state.log:
        return (), ()
    try:
        before = replayed_before(state, starting_options(state.record.options), 1)
        move = before.parse(state.log[-1])
    except GameError:
        return _last_path(position, state.last_move)
    assert isinstance(move, Move)
    if move.huff:
        return (), move.path
    return (move.path if len(move.path) >= 2 else ()), move.captures


def _labels(alphanumeric: bool, numbers: bool) -> DraughtsLabels:
    if not alphanumeric:
        return "numeric"
    return "both" if numbers else "alphanumeric"


def draughts_view(state: GameState, viewer_seat: int | None) -> DraughtsView:
    position = state.position
    assert isinstance(position, Position)
    path, captured = _last_move(state)
    return position_view(
        position,
        viewer_seat,
        last_move=(path, captured),
        numbers=bool(state.record.options.get("numbers")),
        # The pieces that may be huffed (soffio): the player to move sees which.
        highlight=tuple(position.huffable()) if state.active else (),
    )


def position_view(
    position: Position,
    viewer_seat: int | None,
    last_move: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    numbers: bool = False,
    highlight: tuple[int, ...] = (),
) -> DraughtsView:
    """A position as the picture draws it, with the last move's path and captures; a
    puzzle's position too (bot/service/puzzles), which is no game."""
    rules = position.rules
    path, captured = last_move
    pieces = {
        square: (WHITE if piece.colour == 0 else BLACK, piece.is_king)
        for square, piece in position.pieces().items()
    }
    return DraughtsView(
        size=10 if rules.board_size == 10 else 8,
        dark_corner_left=rules.dark_corner_left,
        pieces=pieces,
        labels=_labels(rules.alphanumeric, numbers),
        last_move=path or None,
        captured=captured,
        highlight=highlight,
        viewer=BLACK if viewer_seat == 1 else WHITE,
    )


def draughts_choice(position: AnyGame, move: Any, index: int) -> MoveChoice:
    """A move by its piece and target square, a capture with the pieces it takes and the
    squares it lands on on its way; a huff (soffio) removes an opponent's piece, so it is
    offered on a button of its own: "Soffio: huff the piece on 22"."""
    assert isinstance(position, Position)
    assert isinstance(move, Move)
    notation = position.notation(move)
    rules = position.rules
    piece = square_name(rules, move.start)
    if move.huff:
        label = text("Soffio: huff the piece on {square}", square=piece)
        return MoveChoice(index, notation, piece, notation, label)
    return MoveChoice(
        index,
        notation,
        piece,
        square_name(rules, move.end),
        captured=tuple(square_name(rules, square) for square in move.captures),
        via=tuple(square_name(rules, square) for square in move.path[1:-1]),
    )


def draughts_text_board(state: GameState, viewer_seat: int | None, language: str | None) -> str:
    """The grid of the picture with the pieces as signs of no language (o x O X), so that a
    board shared by readers of several languages means the same to each, and a legend in the
    reader's."""
    grid = draughts_text(draughts_view(state, viewer_seat))
    return f"{grid}\n{translate(language, LEGEND)}"


def draughts_side(seat: int) -> Text:
    return text("White") if seat == 0 else text("Black")
