"""Takebacks in casual games: a player asks to take their last move back, the opponent
accepts or declines (the computer always accepts). The request lives in memory: after a
restart it is simply asked again; what is taken back leaves the move log for good."""

from __future__ import annotations

from bot.i18n import text
from bot.service.capability import Capability, routed
from bot.service.events import Actor, BoardUpdate, Event, GameState, ServiceError
from bot.service.families import family_of, seat_name
from bot.service.kernel import Kernel
from bot.service.turns import next_clock, position_before
from games.base import find_game


class Takebacks(Capability):
    """/takeback, /takeback accept, /takeback decline."""

    def __init__(self, core: Kernel) -> None:
        super().__init__(core)
        # game id -> (the seat that asked, the game's version when it asked)
        self.requests: dict[int, tuple[int, int]] = {}

    @routed
    async def takeback(
        self, actor: Actor, answer: str | None, game_id: int | None = None
    ) -> list[Event]:
        player = await self.core.roster.player(actor)
        target = await self.core.game_id_for(player, game_id)
        requests = self.requests
        async with self.core.lock(target):
            state = await self.core.state(target)
            seat = self.core.own_seats(state, player.id)[0]
            if state.record.rated or family_of(find_game(state.record.kind)).multi_seat(state):
                raise ServiceError(text("Takebacks are for casual two-player games."))
            asked = requests.get(state.id)
            if answer is None:
                return await self._ask(state, seat, requests)
            if asked is not None and asked[1] != state.version:
                del requests[state.id]  # the board changed since: the request lapsed
                asked = None
            if asked is None or asked[0] == seat:
                raise ServiceError(text("There is no takeback request to answer."))
            del requests[state.id]
            if answer == "decline":
                headline = text("{name} declines the takeback.", name=seat_name(state, seat))
                return [BoardUpdate(state, headline, state.record.chat)]
            return await self._take_back(state, asked[0])

    async def _ask(
        self, state: GameState, seat: int, requests: dict[int, tuple[int, int]]
    ) -> list[Event]:
        if not state.active:
            raise ServiceError(text("Game #{game} is over.", game=state.id))
        if _plies_back(state, seat) > state.plies:
            raise ServiceError(text("You have no move to take back."))
        if state.record.seats[1 - seat].computer is not None:
            return await self._take_back(state, seat)  # the computer always agrees
        requests[state.id] = (seat, state.version)
        headline = text(
            "{name} asks to take back their last move: /takeback accept or /takeback decline.",
            name=seat_name(state, seat),
        )
        return [BoardUpdate(state, headline, state.record.chat)]

    async def _take_back(self, state: GameState, seat: int) -> list[Event]:
        plies = _plies_back(state, seat)
        position = position_before(state, plies)
        clock = next_clock(state.record.options, None, position)
        await self.core.store.take_back(state.id, state.version, plies, position.snapshot(), clock)
        fresh = await self.core.state(state.id)
        headline = text(
            "{name}'s last move is taken back; {name} plays again.",
            name=seat_name(state, seat),
        )
        events: list[Event] = [BoardUpdate(fresh, headline, fresh.record.chat)]
        events.extend(await self.core.turn_notices(fresh))
        return events


def _plies_back(state: GameState, seat: int) -> int:
    """The moves to take back so that `seat` moves again: its own last move, and the reply
    after it if the opponent has answered already."""
    return 2 if state.position.to_move() == seat else 1
