"""The kernel every capability of the service holds (see docs/service.md): its parts, each
with one concern, over one store.

- `states` (states.py): the games as last read, a cache checked by version; `state` and
  `current` read a game through it.
- `lookup` (lookup.py): which game a command names, who may see it, one lock per game.
- `changes` (changes.py): the one move commit, the one end of games (and who is told of it:
  `on_finish`), the start of games.
- `computer_turns` (computer_turns.py): the computer's turns, in the background.
- `bus` (bus.py): the events on their way to the front ends and the web pages.
- `schedule` (schedule.py): what the scheduler is told (a deadline moved; its due jobs).
- `background` (background.py): the work that outlives its call.
- `roster` (roster.py), `first_players` (first_players.py), `failures` (failures.py).

Capabilities (challenges, play, results, correspondence, identity, records, ...) use these
parts and the narrow stores the facade hands them, never each other's insides.
"""

from __future__ import annotations

from bot.service.kernel.background import Background
from bot.service.kernel.bus import EventBus
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.computer.computer_turns import ComputerTurns
from bot.service.kernel.computer.engine_jobs import EngineJobs
from bot.service.kernel.events import Event, GameState
from bot.service.kernel.failures import Failures
from bot.service.kernel.game_flow.changes import GameChanges
from bot.service.kernel.game_flow.clocks import Clock
from bot.service.kernel.game_flow.lookup import GameLookup
from bot.service.kernel.game_flow.states import GameStates
from bot.service.kernel.players.first_players import FirstPlayers
from bot.service.kernel.players.roster import Roster
from bot.service.kernel.schedule import Schedule
from storage import ChatRef, Store


class Kernel:
    """The shared parts over one store."""

    def __init__(self, store: Store, computers: ComputerPlayers, clock: Clock) -> None:
        # The whole store, for the kernel's parts alone: a capability gets its narrow stores
        # from the facade (game_service.py).
        self.store = store
        self.computers = computers
        # Give the store the same clock: deadlines and vacations are reckoned in its time.
        self.clock = clock
        # What unexpected failures tell people and the log (a full disk: one line a while).
        self.failures = Failures()
        self.schedule = Schedule()
        self.background = Background(self.failures)
        # A front end that starts serving makes the notices that waited for it due now.
        self.bus = EventBus(self.background, self.schedule.poke)
        self.roster = Roster(store)
        self.first_players = FirstPlayers(store, self.roster)
        self.states = GameStates(store, self.roster, clock)
        # The game as stored, and as remembered if its version has not moved (docs: states.py).
        self.state = self.states.read
        self.current = self.states.current
        self.lookup = GameLookup(store, self.states)
        self.changes = GameChanges(
            store, self.states, self.roster, self.schedule, self.failures, clock, self._started
        )
        self.computer_turns = ComputerTurns(
            self.states,
            self.lookup,
            self.changes,
            self.bus,
            self.background,
            computers,
            EngineJobs(store),
        )
        # The chats whose players all sit at one keyboard (the console, told by it): a game
        # there is played face to face.
        self.one_keyboard: set[ChatRef] = set()

    def _started(self, state: GameState) -> None:
        """A game started: a computer that moves first plays."""
        self.computer_turns.wake(state)

    async def call_off(self, game_id: int) -> list[Event]:
        """Abort a game still going (its simul or club match was called off); nothing for a
        game that has ended."""
        async with self.lookup.lock(game_id):
            state = await self.state(game_id)
            if not state.active:
                return []
            return await self.changes.finish(state, None, "aborted")

    async def close(self) -> None:
        await self.background.close()
        self.computers.close()
