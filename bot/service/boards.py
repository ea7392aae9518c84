"""Boards for people: a game state as a picture, as text, and the caption under it.

Front ends call these instead of looking into game objects: `picture` (PNG bytes, the same
for every platform), `caption` (whose turn, the last move).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import Text, joined, text
from bot.render import (
    BLACK,
    WHITE,
    DraughtsView,
    LudoView,
    render_draughts,
    render_ludo,
)
from bot.render.views import DraughtsLabels
from bot.service.events import BoardUpdate, GameState, SeatRating
from bot.service.families import Draughts, family_of, seat_name
from bot.service.playing.turns import acting_seat, position_before
from bot.service.timing.clocks import TimeControl, describe_time
from bot.service.words.levels import computer_label
from bot.service.words.ludo_words import COLOUR_NAMES
from games.base import CHANCE, GameError, find_game
from games.damas import Move, Position, parse_square, square_name
from games.ludo import LudoPosition, Roll, Step

_SQUARE_SEPARATORS = re.compile(r"[-x:]")


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
        move = position_before(state).parse(state.log[-1])
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
    rules = position.rules
    path, captured = _last_move(state)
    pieces = {
        square: (WHITE if piece.colour == 0 else BLACK, piece.is_king)
        for square, piece in position.pieces().items()
    }
    return DraughtsView(
        size=10 if rules.board_size == 10 else 8,
        dark_corner_left=rules.dark_corner_left,
        pieces=pieces,
        labels=_labels(rules.alphanumeric, bool(state.record.options.get("numbers"))),
        last_move=path or None,
        captured=captured,
        # The pieces that may be huffed (soffio): the player to move sees which.
        highlight=tuple(position.huffable()) if state.active else (),
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


@dataclass(frozen=True)
class MoveChoice:
    """One legal move as buttons offer it: which piece or pawn, where to, in notation.

    `index` is the move's place in the position's legal moves, the same for every reader of
    one game version: buttons carry it (with the version) instead of long notation."""

    index: int
    notation: str
    piece: str
    target: str
    # A huff (soffio): the piece is the opponent's, removed; buttons show it on its own.
    huff: bool = False


def offers_rematch(state: GameState) -> bool:
    """Whether a finished board offers a rematch: a game of two with a person in it, outside a
    tournament (whose pairings decide the next games)."""
    seats = state.record.seats
    people = any(seat.player_id is not None for seat in seats)
    return len(seats) == 2 and people and state.tournament is None


def huff_label(choice: MoveChoice) -> Text:
    """The label of a huff's own button: "Soffio: huff the piece on 22"."""
    return text("Soffio: huff the piece on {square}", square=choice.piece)


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
        huff = not isinstance(position, LudoPosition) and move.huff
        choices.append(MoveChoice(index, notation, piece, target, huff))
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


def side_name(state: GameState, seat: int) -> Text:
    """'White', 'Red'."""
    if isinstance(state.position, LudoPosition):
        return COLOUR_NAMES[state.position.rules.colours[seat]]
    return text("White") if seat == 0 else text("Black")


def seat_label(state: GameState, seat: int) -> Text | str:
    """'Ana (White)', 'Bia (Red)', 'Computer (Green)', 'Computer (strong, Black)'."""
    name = seat_name(state, seat)
    if isinstance(name, Text) and isinstance(state.position, LudoPosition):
        return name  # the computer, named by its colour already
    if isinstance(name, Text):
        return computer_label(state.record.options, side_name(state, seat))
    return text("{name} ({side})", name=name, side=side_name(state, seat))


def rating_label(rating: SeatRating) -> str:
    """'1523', '1500?'; after the game's change: '1535 +12', '1488? -12'."""
    if rating.after is None or rating.change is None:
        return str(rating.before)
    return f"{rating.after} {rating.change:+d}"


def player_label(state: GameState, seat: int) -> Text | str:
    """A seat as the caption names it: 'Ana (White)', in a rated game 'Ana (White, 1523)'."""
    if not state.ratings:
        return seat_label(state, seat)
    return text(
        "{name} ({side}, {rating})",
        name=seat_name(state, seat),
        side=side_name(state, seat),
        rating=rating_label(state.ratings[seat]),
    )


def addressed_headline(event: BoardUpdate, seats: Sequence[int]) -> Text | None:
    """A board's headline as the player of `seats` reads it where the front end knows who
    reads (the console, a private chat): his own words where the event has them."""
    own = [event.addressed[seat] for seat in seats if seat in event.addressed]
    return own[0] if len(own) == 1 else event.headline


def thinking_line(state: GameState) -> Text:
    """ "Computer (strong, Black) is thinking about its move in game #3..." """
    seat = state.position.to_move()
    return text(
        "{name} is thinking about its move in game #{game}...",
        name=seat_label(state, seat),
        game=state.id,
    )


def caption(state: GameState) -> Text:
    """One line under the board: the game, the players (with their ratings in a rated game),
    whose turn, the last move."""
    kind = find_game(state.record.kind)
    title = family_of(kind).title(kind)
    players = joined([player_label(state, seat) for seat in range(len(state.seat_names))])
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
        away = joined([seat_name(state, seat) for seat in sorted(state.away)], ", ")
        status = text("{status} ({names} on vacation)", status=status, names=away)
    shown = (
        family_of(kind).shown(state.last_move, position_before(state)) if state.last_move else None
    )
    last = text("last move: {move}", move=shown) if shown is not None else text("no move yet")
    offer = state.record.draw_offer
    if offer is not None and isinstance(family_of(kind), Draughts):
        status = text("{status}; {name} offers a draw", status=status, name=seat_name(state, offer))
    note = family_of(kind).caption_note(state)
    if note is not None:
        title = text("{title} ({note})", title=title, note=note)
    return text(
        "#{game} {title} · {players} · {status} · {last}",
        game=state.id,
        title=title,
        players=players,
        status=status,
        last=last,
    )
