"""Small pure helpers about turns and results that the service's modules share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import text
from bot.service.kernel.display.replays import replayed_before
from bot.service.kernel.events import (
    BERSERK_OPTION,
    BoardUpdate,
    Event,
    GameState,
    ServiceError,
)
from bot.service.kernel.families import family_of
from bot.service.kernel.game_flow.clocks import TimeControl
from games.base import CHANCE, AnyGame, Outcome, find_game
from storage import GameRecord, GameResult, NextClock


def acting_seat(position: AnyGame) -> int:
    """The seat that acts in a position in play: the one to move, or the one that rolls."""
    seat = position.to_move()
    if seat == CHANCE:
        return family_of(find_game(position.key)).roller(position)
    return seat


def seat_to_act(state: GameState) -> int | None:
    """The seat that must act now in a game (roll or move), or None when it is over."""
    if not state.active or state.position.outcome() is not None:
        return None
    return acting_seat(state.position)


def player_seats(state: GameState, player_id: int) -> list[int]:
    """The seats a player may act for in a game: their own, and their team's."""
    record = state.record
    return [seat.seat for seat in record.seats if player_id in seat_players(record, seat.seat)]


def check_abortable(state: GameState) -> None:
    """A game is called off only before its first move; refused after."""
    if state.plies > 0:
        raise ServiceError(text("A game can be aborted only before its first move."))


def position_before(state: GameState, plies: int = 1) -> AnyGame:
    """The position `plies` moves before the game's current one, replayed from its log."""
    family = family_of(find_game(state.record.kind))
    return replayed_before(state, family.rules_options(state.record.options), plies)


def seat_players(record: GameRecord, seat: int) -> tuple[int, ...]:
    """Who may act for a seat: its player, and the partners of a team's seat (a tournament
    of teams of two keeps them in the game's options, `partners`: seat -> player ids)."""
    player_id = record.seats[seat].player_id
    partners = record.options.get("partners", {}).get(str(seat), [])
    return tuple(p for p in (player_id, *partners) if p is not None)


def result_of(outcome: Outcome) -> GameResult:
    return {"winners": sorted(outcome.winners), "reason": outcome.reason}


def next_clock(options: dict[str, Any], before: AnyGame | None, after: AnyGame) -> NextClock | None:
    """The clock of the turn that starts after a move: a new one when the seat that must
    act changes; None keeps the running one (a Ludo player rolls, then moves)."""
    control = TimeControl.from_options(options)
    if control is None or after.outcome() is not None:
        return None
    seat = acting_seat(after)
    if before is not None and acting_seat(before) == seat:
        return None
    # An arena player who went berserk has half the time for each of his moves.
    berserk = str(seat) in options.get(BERSERK_OPTION, {})
    return NextClock(seat, control.per_move / 2 if berserk else control.per_move)


def events_state(events: Sequence[Event]) -> GameState | None:
    """The newest game state among events (after a move)."""
    for event in reversed(events):
        if isinstance(event, BoardUpdate):
            return event.state
    return None
