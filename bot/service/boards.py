"""Boards for people: a game state as a picture, as text, and the caption under it.

Front ends call these instead of looking into game objects: `picture` (PNG bytes, the same
for every platform), `caption` (whose turn, the last move).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.i18n import Text, joined, text

# Front ends take the type of the move choices from here, with the choices (`as`: exported).
from bot.service.kernel.display.choices import MoveChoice as MoveChoice
from bot.service.kernel.display.replays import replayed_before
from bot.service.kernel.events import BERSERK_OPTION, BoardUpdate, GameState, SeatRating
from bot.service.kernel.families import Family, Turn, family_of, seat_name
from bot.service.kernel.game_flow.clocks import TimeControl, describe_time
from bot.service.kernel.game_flow.turns import acting_seat, position_before
from games.base import CHANCE, find_game


def _family(state: GameState) -> Family:
    return family_of(find_game(state.record.kind))


def picture(state: GameState, viewer_seat: int | None = None) -> bytes:
    """The board as a PNG, from the side of `viewer_seat` (None: the first seat's)."""
    return _family(state).picture(state, viewer_seat)


def svg(state: GameState, viewer_seat: int | None = None) -> str:
    """The board as an SVG document (the web pages), drawn like `picture`."""
    return _family(state).svg(state, viewer_seat)


def moves_text(state: GameState) -> Text | str:
    """The moves so far, numbered as the game's notation numbers them (/history's)."""
    return _family(state).history(state)


def turns(state: GameState) -> Sequence[Turn]:
    """The moves by turn, a row each, where one text is too long to read (Ludo); none for a
    game whose `moves_text` reads well. Each row names its player as the caption does."""
    players = [seat_label(state, seat) for seat in range(len(state.seat_names))]
    return _family(state).turns(state, players)


def at_ply(state: GameState, plies: int) -> GameState:
    """The game as it stood after its first `plies` moves (a replay, move by move), shown
    as finished: no controls, no clock."""
    plies = max(0, min(plies, state.plies))
    options = _family(state).rules_options(state.record.options)
    return replace(
        state,
        record=replace(state.record, status="finished"),
        position=replayed_before(state, options, state.plies - plies),
        log=state.log[:plies],
        clock_seat=None,
        time_left=None,
    )


def offers_rematch(state: GameState) -> bool:
    """Whether a finished board offers a rematch: a game of two with a person in it, outside a
    tournament (whose pairings decide the next games)."""
    seats = state.record.seats
    people = any(seat.player_id is not None for seat in seats)
    return len(seats) == 2 and people and state.tournament is None


def offers_berserk(state: GameState) -> bool:
    """Whether an arena's board offers Berserk: a player who has not moved yet and has not
    gone berserk (arenas.py's `berserk` says who may)."""
    chosen = state.record.options.get(BERSERK_OPTION)
    if not state.active or not isinstance(chosen, dict):
        return False
    return any(str(seat) not in chosen and state.plies <= seat for seat in (0, 1))


def next_steps(state: GameState, *, rematch_button: bool = False) -> Text | None:
    """What the players may do once a game is over, as typed commands: its review (a
    draughts game with moves) and a rematch (where `offers_rematch`; left out where a button
    offers it, `rematch_button`). None for a game in play, an aborted one, or one with
    neither."""
    if state.record.status != "finished":
        return None
    review = bool(state.log) and _family(state).pdn(state, ()) is not None
    rematch = offers_rematch(state) and not rematch_button
    if review and rematch:
        return text(
            "Next: {/review} {game} for the computer's analysis, or {/rematch} {game} to play "
            "again with the colours swapped.",
            game=state.id,
        )
    if review:
        return text("Next: {/review} {game} for the computer's analysis.", game=state.id)
    if rematch:
        return text(
            "Next: {/rematch} {game} to play again with the colours swapped.", game=state.id
        )
    return None


def move_choices(state: GameState) -> list[MoveChoice]:
    """The legal moves of the side to move, for buttons; empty while a roll is due."""
    position = state.position
    if not state.active or position.to_move() == CHANCE:
        return []
    family = _family(state)
    return [
        family.move_choice(position, move, index)
        for index, move in enumerate(position.legal_moves())
    ]


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


def takes_draws(state: GameState) -> bool:
    """Whether a draw may be offered: not at a table of several seats (Ludo), where a player
    leaves instead and the others play on."""
    return not _family(state).multi_seat(state)


def played_out_by_computers(state: GameState) -> bool:
    """Whether every person has left a table of several seats while its computers play on."""
    family = _family(state)
    if not state.active or not family.multi_seat(state):
        return False
    left = family.seats_left(state)
    return all(seat.player_id is None or seat.seat in left for seat in state.record.seats)


def correspondence(state: GameState) -> bool:
    """True for a game played over days: each move posts a new board instead of editing."""
    control = TimeControl.from_options(state.record.options)
    return control is not None and control.correspondence


def side_name(state: GameState, seat: int) -> Text:
    """'White', 'Red'."""
    return _family(state).side_name(state, seat)


def seat_label(state: GameState, seat: int) -> Text | str:
    """'Ana (White)', 'Bia (Red)', 'Computer (Green)', 'Computer (strong, Black)'."""
    name = seat_name(state, seat)
    if isinstance(name, Text):  # the computer
        return _family(state).computer_label(state, seat)
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
    offer = state.record.draw_offer  # kept only by games that take draws
    if offer is not None:
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
