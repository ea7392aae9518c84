"""When a player whose turn waits in a shared chat is pinged (docs/notifications.md).

A live board is edited in place, and neither Telegram nor Discord notifies a mention added
by an edit: the player to move in a busy group would never hear of his turn. So when a turn
between people begins in a live game, a ping is queued in the store, due `PING_AFTER` later
(half the move time where a clock gives less). When it falls due the correspondence
scheduler delivers it, unless the player acted in the game meanwhile (a move or a roll: the
game's move count moved on) or the game is over. The store keeps one ping per player and
turn and closes the pings of turns that ended; its claim with a lease makes one process of
several send it, once, also across a restart. Correspondence games need none of this: each
move posts a new board, and their turn notice goes out at once (Kernel.turn_notices).
"""

from __future__ import annotations

from datetime import timedelta

from bot.i18n import Text, text
from bot.service.kernel.events import GameState
from bot.service.kernel.game_flow.clocks import TimeControl
from bot.service.kernel.game_flow.turns import acting_seat, seat_players
from storage import TURN_PING

# How long a live turn waits before its player is pinged: a player clicking through a game
# moves well within it and is never pinged.
PING_AFTER = timedelta(seconds=60)


def ping_delay(state: GameState) -> timedelta | None:
    """How long after its start the turn of `state` is pinged; None when it is not: a
    correspondence game (its notice goes at once), an ended game, a game without two people
    (against the computer the person is the only one waiting), a game in no chat, the turn
    of a simul's host (his desk lists every board that waits for him: a ping a board would
    bury him)."""
    control = TimeControl.from_options(state.record.options)
    if control is not None and control.correspondence:
        return None
    if state.record.chat is None or not state.active or state.position.outcome() is not None:
        return None
    if state.simul_host == acting_seat(state.position):
        return None
    people = {seat.player_id for seat in state.record.seats if seat.player_id is not None}
    if len(people) < 2:
        return None
    if control is None:
        return PING_AFTER
    return min(PING_AFTER, control.per_move / 2)


def ping_kind(state: GameState) -> str:
    """The kind of the ping of the turn that begins at `state`: its move count names it."""
    return f"{TURN_PING}{state.plies}"


def pinged_players(state: GameState) -> tuple[int, ...]:
    """Whom the ping of the turn at `state` is for: the people who may act for the seat."""
    return seat_players(state.record, acting_seat(state.position))


def still_waiting(state: GameState, kind: str, player_id: int) -> bool:
    """Whether the turn a ping was queued for still waits for its player: the game is on,
    nothing was played since, and the player's seat is still to act."""
    if not state.active or state.position.outcome() is not None or kind != ping_kind(state):
        return False
    return player_id in pinged_players(state)


def ping_text(state: GameState) -> Text:
    return text("Game #{game} is waiting for your move.", game=state.id)
