"""Takebacks in casual games: a player asks to take their last move back, the opponent
accepts or declines (the computer always accepts). The request is stored with the game (as a
draw offer is), so it can be answered through any process and after a restart; any move
withdraws it. What is taken back leaves the move log for good."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import text
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import Actor, BoardUpdate, Event, GameState, ServiceError
from bot.service.kernel.families import family_of, seat_name
from bot.service.kernel.game_flow.turns import next_clock, position_before
from bot.service.kernel.kernel import Kernel
from games.base import find_game
from storage import ChatRef, GameStore


class Takebacks(Capability):
    """/takeback, /takeback accept, /takeback decline."""

    def __init__(self, kernel: Kernel, games: GameStore) -> None:
        super().__init__(kernel)
        self.games = games

    @routed
    async def takeback(
        self,
        actor: Actor,
        answer: str | None,
        game_id: int | None = None,
        chat: ChatRef | None = None,
    ) -> list[Event]:
        player = await self.kernel.roster.player(actor)
        target = await self.kernel.lookup.game_id_for(player, game_id)
        async with self.kernel.lookup.lock(target):
            state = await self.kernel.state(target)
            seat = (await self.kernel.lookup.seats_in(state, player.id, chat))[0]
            if state.record.rated or family_of(find_game(state.record.kind)).multi_seat(state):
                raise ServiceError(text("Takebacks are for casual two-player games."))
            if answer is None:
                return await self._ask(state, seat)
            asked = state.record.takeback_offer
            if asked is None or asked == seat:
                raise ServiceError(text("There is no takeback request to answer."))
            if answer == "decline":
                record = await self.games.set_takeback_offer(state.id, state.version, None)
                fresh = replace(state, record=record)
                headline = text("{name} declines the takeback.", name=seat_name(state, seat))
                return [BoardUpdate(fresh, headline, fresh.record.chat)]
            return await self._take_back(state, asked)

    async def _ask(self, state: GameState, seat: int) -> list[Event]:
        if not state.active:
            raise ServiceError(text("Game #{game} is over.", game=state.id))
        if _plies_back(state, seat) > state.plies:
            raise ServiceError(text("You have no move to take back."))
        if state.record.seats[1 - seat].computer is not None:
            return await self._take_back(state, seat)  # the computer always agrees
        record = await self.games.set_takeback_offer(state.id, state.version, seat)
        fresh = replace(state, record=record)
        headline = text(
            "{name} asks to take back their last move: {/takeback accept} or {/takeback decline}.",
            name=seat_name(state, seat),
        )
        return [BoardUpdate(fresh, headline, fresh.record.chat)]

    async def _take_back(self, state: GameState, seat: int) -> list[Event]:
        plies = _plies_back(state, seat)
        position = position_before(state, plies)
        clock = next_clock(state.record.options, None, position)
        await self.games.take_back(state.id, state.version, plies, position.snapshot(), clock)
        fresh = await self.kernel.state(state.id)
        headline = text(
            "{name}'s last move is taken back; {name} plays again.",
            name=seat_name(state, seat),
        )
        events: list[Event] = [BoardUpdate(fresh, headline, fresh.record.chat)]
        events.extend(await self.kernel.changes.turn_notices(fresh))
        return events


def _plies_back(state: GameState, seat: int) -> int:
    """The moves to take back so that `seat` moves again: its own last move, and the reply
    after it if the opponent has answered already."""
    return 2 if state.position.to_move() == seat else 1
