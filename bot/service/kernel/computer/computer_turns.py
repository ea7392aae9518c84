"""The computer's turns: when a computer seat must act, it plays in the background until a
person must, each move committed like a person's (the version check decides between two
processes that play the same turn)."""

from __future__ import annotations

from bot.service.kernel.background import Background
from bot.service.kernel.bus import EventBus
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.computer.engine_jobs import EngineJobs
from bot.service.kernel.events import BoardChanged, ComputerThinking, Event, GameState
from bot.service.kernel.families import family_of
from bot.service.kernel.game_flow.changes import GameChanges
from bot.service.kernel.game_flow.lookup import GameLookup
from bot.service.kernel.game_flow.states import GameStates
from bot.service.kernel.game_flow.turns import seat_to_act
from bot.service.kernel.words.levels import game_limit
from games.base import CHANCE, find_game


class ComputerTurns:
    def __init__(
        self,
        states: GameStates,
        lookup: GameLookup,
        changes: GameChanges,
        bus: EventBus,
        background: Background,
        computers: ComputerPlayers,
        workers: EngineJobs,
    ) -> None:
        self.states = states
        self.lookup = lookup
        self.changes = changes
        self.bus = bus
        self.background = background
        self.computers = computers
        self.workers = workers

    def wake(self, state: GameState) -> None:
        """If a computer seat must act, let it play (in the background) until a person must."""
        seat = seat_to_act(state)
        if seat is not None and state.record.seats[seat].computer is not None:
            self.background.run(self._turns(state.id))

    async def _turns(self, game_id: int) -> None:
        """Play the computer's turns of a game. The in-process lock spares this process a
        second search; between processes the version check of the move decides: of two that
        play the same turn one lands, the other stops here."""
        while True:
            try:
                events = await self._turn(game_id)
            except BoardChanged:
                return
            if events is None:
                return
            await self.bus.publish(events)

    async def _turn(self, game_id: int) -> list[Event] | None:
        """One computer turn, or None if none is due."""
        async with self.lookup.lock(game_id):
            state = await self.states.current(game_id)
            seat = seat_to_act(state)
            if seat is None or state.record.seats[seat].computer is None:
                return None
            family = family_of(find_game(state.record.kind))
            if state.position.to_move() == CHANCE:
                move = state.position.parse(family.draw_roll(state))
                return await self.changes.commit(state, move, CHANCE, None)
            options = state.record.options
            if family.computer_takes_time(state):
                # A draughts search takes seconds at the strong level; Ludo's choice is instant.
                self.background.run(self.bus.publish([ComputerThinking(state)]))
            kind, rules = state.record.kind, family.rules_options(options)
            limit = self.computers.limit or game_limit(options)
            # An engine worker's move if one is alive and answers in time, else this process's.
            notation = await self.workers.think(
                state.id, state.version, kind, rules, state.position.snapshot(), limit
            )
            if notation is not None:
                move = state.position.parse(notation)
            else:
                move = await self.computers.choose(kind, rules, state.position, limit)
            return await self.changes.commit(state, move, seat, None)
