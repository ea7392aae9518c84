"""What the simul capabilities share over the kernel: the simul a command means, who may see
it from where, the host's check, the host's seat on each board."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import text
from bot.service.kernel.events import Actor, GameState, ServiceError
from bot.service.kernel.game_flow.turns import seat_to_act
from bot.service.kernel.kernel import Kernel
from storage import ChatRef, NotFound, SimulRecord, SimulStatus, SimulStore

OPEN: tuple[SimulStatus, ...] = ("registering", "running")
EVERY: tuple[SimulStatus, ...] = (*OPEN, "finished", "cancelled")
# The host's colour as the simul's settings give it: on every board, or by turns.
HOST_COLOURS = ("white", "black", "alternate")


async def pick(
    kernel: Kernel,
    simuls: SimulStore,
    actor: Actor,
    chat: ChatRef | None,
    simul_id: int | None,
    statuses: Sequence[SimulStatus] = OPEN,
) -> SimulRecord:
    """The simul a command names, else the chat's latest one in `statuses`. One named from
    another chat is refused as an unknown one (its number tells nothing of other chats),
    unless `actor` hosts it or plays in it."""
    if simul_id is not None:
        unknown = ServiceError(text("There is no simul #{id}.", id=simul_id))
        try:
            record = await simuls.get_simul(simul_id)
        except NotFound:
            raise unknown from None
        if (
            chat is not None
            and record.chat != chat
            and not await _takes_part(kernel, simuls, actor, record)
        ):
            raise unknown
        return record
    found = await simuls.simuls(statuses, chat) if chat is not None else []
    if not found:
        raise ServiceError(text("There is no simul here. Open one with {/simul new}."))
    return found[-1]


async def _takes_part(
    kernel: Kernel, simuls: SimulStore, actor: Actor, record: SimulRecord
) -> bool:
    player = await kernel.roster.player(actor)
    if player.id == record.host_id:
        return True
    facts = await simuls.simul_facts(record.id)
    return any(board.player_id == player.id for board in facts.boards)


async def require_host(kernel: Kernel, actor: Actor, record: SimulRecord) -> None:
    player = await kernel.roster.player(actor)
    if player.id != record.host_id:
        raise ServiceError(text("Only the host of simul #{id} can do that.", id=record.id))


def host_seat(record: SimulRecord, board: int) -> int:
    """The host's seat on a board (0: White), as the simul's colour setting gives it."""
    colour = record.options.get("host", "white")
    if colour == "alternate":
        return (board - 1) % 2
    return 0 if colour == "white" else 1


def waits_for_host(state: GameState, host_id: int) -> bool:
    """Whether the host is the one to move on this board."""
    seat = seat_to_act(state)
    return seat is not None and state.record.seats[seat].player_id == host_id
