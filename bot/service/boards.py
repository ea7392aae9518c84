"""Boards for people: a game state as a picture, as text, and the caption under it.

Front ends call these instead of looking into game objects: `picture` (PNG bytes, the same
for every platform), `text_board` (the console), `caption` (whose turn, the last move).
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bot.i18n import Text, text
from bot.render import (
    BLACK,
    WHITE,
    DraughtsView,
    LudoView,
    draughts_text,
    ludo_text,
    render_draughts,
    render_ludo,
    warm_up,
)
from bot.service.clocks import TimeControl, describe_time
from bot.service.events import GameState
from bot.service.families import COLOUR_NAMES, Draughts, family_of
from bot.service.turns import acting_seat
from bot.service.workers import worker_processes
from games.base import CHANCE, find_game
from games.damas import Position, parse_square, square_name
from games.ludo import LudoPosition, Roll, Step

_SQUARE_SEPARATORS = re.compile(r"[-x:]")
RENDER_WORKERS = min(2, os.cpu_count() or 1)


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


def draughts_view(state: GameState, viewer_seat: int | None) -> DraughtsView:
    position = state.position
    assert isinstance(position, Position)
    rules = position.rules
    path, captured = _last_path(position, state.last_move)
    pieces = {
        square: (WHITE if piece.colour == 0 else BLACK, piece.is_king)
        for square, piece in position.pieces().items()
    }
    return DraughtsView(
        size=10 if rules.board_size == 10 else 8,
        dark_corner_left=rules.dark_corner_left,
        pieces=pieces,
        labels="alphanumeric" if rules.alphanumeric else "numeric",
        last_move=path or None,
        captured=captured,
        viewer=BLACK if viewer_seat == 1 else WHITE,
    )


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


def picture(state: GameState, viewer_seat: int | None = None) -> bytes:
    """The board as a PNG, from the side of `viewer_seat` (None: the first seat's)."""
    return _paint(view(state, viewer_seat))


def view(state: GameState, viewer_seat: int | None = None) -> DraughtsView | LudoView:
    if isinstance(state.position, LudoPosition):
        return ludo_view(state, viewer_seat)
    return draughts_view(state, viewer_seat)


def _paint(board: DraughtsView | LudoView) -> bytes:
    return render_ludo(board) if isinstance(board, LudoView) else render_draughts(board)


class Painter:
    """Draws board pictures in worker processes: PNG encoding is most of a move's cost, and
    in other processes it neither holds up the event loop nor waits for its lock."""

    def __init__(self, workers: int = RENDER_WORKERS) -> None:
        self._workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def picture(self, state: GameState, viewer_seat: int | None = None) -> bytes:
        """The same PNG as `picture`, drawn in a worker process."""
        if self._pool is None:
            self._pool = worker_processes(self._workers, warm_up)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _paint, view(state, viewer_seat))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def text_board(state: GameState, viewer_seat: int | None = None) -> str:
    """The board as monospace text, for the console."""
    if isinstance(state.position, LudoPosition):
        return ludo_text(ludo_view(state, viewer_seat))
    return draughts_text(draughts_view(state, viewer_seat))


@dataclass(frozen=True)
class MoveChoice:
    """One legal move as buttons offer it: which piece or pawn, where to, in notation.

    `index` is the move's place in the position's legal moves, the same for every reader of
    one game version: buttons carry it (with the version) instead of long notation."""

    index: int
    notation: str
    piece: str
    target: str


def move_choices(state: GameState) -> list[MoveChoice]:
    """The legal moves of the side to move, for buttons; empty while a roll is due."""
    position = state.position
    if not state.active or position.to_move() == CHANCE:
        return []
    choices = []
    for index, move in enumerate(position.legal_moves()):
        notation = position.notation(move)
        if isinstance(position, LudoPosition):
            pawn, _, way = notation.partition(" ")
            start, _, end = way.replace("x", "-").partition("-")
            piece, target = f"{pawn} {start}", end
        else:
            assert isinstance(position, Position)
            piece = square_name(position.rules, move.start)
            target = square_name(position.rules, move.end) if not move.huff else notation
        choices.append(MoveChoice(index, notation, piece, target))
    return choices


def viewer_seat(
    state: GameState, reader_seats: Sequence[int] = (), *, flipped: bool = False
) -> int | None:
    """The side a board is drawn from, for every front end: a board read privately from the
    reader's own side (`reader_seats`: their seats in the game, empty for a shared board); a
    game of one person against the computer from the person's side; a board between people
    from the first seat's (White's) side, so that it never turns around between plies, or
    from the second's where the chat chose /flip (`flipped`)."""
    if reader_seats:
        return reader_seats[0]
    people = [seat.seat for seat in state.record.seats if seat.player_id is not None]
    if len(people) == 1:
        return people[0]
    return 1 if flipped else 0


def waits_for_a_person(state: GameState) -> bool:
    """Whether a person (not the computer) must act now: only then does a board carry
    controls (a menu, a Roll button)."""
    if not state.active or state.position.outcome() is not None:
        return False
    seat = acting_seat(state.position)
    return state.record.seats[seat].player_id is not None


def correspondence(state: GameState) -> bool:
    """True for a game played over days: each move posts a new board instead of editing."""
    control = TimeControl.from_options(state.record.options)
    return control is not None and control.correspondence


def seat_label(state: GameState, seat: int) -> Text:
    """'Ana (White)', 'Bia (Red)'."""
    if isinstance(state.position, LudoPosition):
        side = COLOUR_NAMES[state.position.rules.colours[seat]]
    else:
        side = text("White") if seat == 0 else text("Black")
    return text("{name} ({side})", name=state.seat_names[seat], side=side)


def caption(state: GameState) -> Text:
    """One line under the board: the game, the players, whose turn, the last move."""
    kind = find_game(state.record.kind)
    title = family_of(kind).title(kind)
    players = text(
        " - ".join(f"{{p{seat}}}" for seat in range(len(state.seat_names))),
        **{f"p{seat}": seat_label(state, seat) for seat in range(len(state.seat_names))},
    )
    if state.record.status != "active":
        status = family_of(kind).result_text(state)
    else:
        position = state.position
        seat = position.to_move()
        if seat == CHANCE:
            roller = family_of(kind).roller(position)
            status = text("{name} to roll", name=seat_label(state, roller))
        else:
            status = text("{name} to move", name=seat_label(state, seat))
    if state.active and state.time_left is not None and state.clock_seat is not None:
        status = text("{status}, {left} left", status=status, left=describe_time(state.time_left))
    if state.active and state.away:
        away = ", ".join(state.seat_names[seat] for seat in sorted(state.away))
        status = text("{status} ({names} on vacation)", status=status, names=away)
    last = (
        text("last move: {move}", move=state.last_move) if state.last_move else text("no move yet")
    )
    offer = state.record.draw_offer
    if offer is not None and isinstance(family_of(kind), Draughts):
        status = text("{status}; {name} offers a draw", status=status, name=state.seat_names[offer])
    return text(
        "#{game} {title} · {players} · {status} · {last}",
        game=state.id,
        title=title,
        players=players,
        status=status,
        last=last,
    )
