"""The small core every capability of the service holds (see docs/service.md).

It keeps what the capabilities share: the store, the games as last read (states.py: a
cache checked by version), one lock per game, the one way a move is committed and a game is
finished, the players as last seen (roster.py), the publishing of events to the front ends,
and the background work (the computer's turns). Capabilities (challenges, play, results,
correspondence, identity, history) use its public methods and never each other's insides.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Literal, assert_never

from bot.i18n import Text, text
from bot.service.kernel.clocks import Clock, TimeControl
from bot.service.kernel.computer_players import ComputerPlayers
from bot.service.kernel.events import (
    Actor,
    BoardChanged,
    BoardUpdate,
    ChallengeUpdate,
    ComputerThinking,
    Event,
    FileReady,
    GameState,
    PlayerNotice,
    Reply,
    ServiceError,
    TournamentUpdate,
    TurnNotice,
)
from bot.service.kernel.failures import Failures
from bot.service.kernel.families import family_of, players_text
from bot.service.kernel.first_players import FirstPlayers
from bot.service.kernel.roster import Roster
from bot.service.kernel.states import GameStates
from bot.service.kernel.turn_pings import ping_delay, ping_kind, pinged_players
from bot.service.kernel.turns import (
    acting_seat,
    next_clock,
    player_seats,
    position_before,
    result_of,
    seat_players,
    seat_to_act,
)
from bot.service.kernel.words.levels import game_limit
from games.base import CHANCE, GameKind, find_game
from storage import (
    ChatRef,
    CorruptRecord,
    GameRecord,
    GameResult,
    NextClock,
    NotFound,
    Player,
    StaleVersion,
    Store,
)

logger = logging.getLogger(__name__)

EventSink = Callable[[Event], Awaitable[None]]
# Called once with every game that ends (a deciding move, a resignation, a draw, a loss on
# time, an abort: `state.record.status` and `.result` tell which); the events it returns are
# shown with the game's end. The seam for tournaments (carry the result into the bracket,
# start the next round) and ratings (see docs/service.md).
FinishListener = Callable[[GameState], Awaitable[Sequence[Event]]]
# Work the scheduler runs besides the correspondence clocks (a tournament's registration
# deadline, its no-show forfeits): does what is due at the time given, publishes its events,
# and answers when it next has something to do (None: nothing planned).
DueJob = Callable[[datetime], Awaitable[datetime | None]]


class Kernel:
    """The shared core over one store."""

    def __init__(self, store: Store, computers: ComputerPlayers, clock: Clock) -> None:
        self.store = store
        self.computers = computers
        # Give the store the same clock: deadlines and vacations are reckoned in its time.
        self.clock = clock
        self.finish_listeners: list[FinishListener] = []
        self.due_jobs: list[DueJob] = []
        # Set when a deadline may have moved: the correspondence scheduler looks again.
        self.changed = asyncio.Event()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._sinks: list[EventSink] = []
        # Onlookers of every game change, the caller's own events too (the web pages).
        self._watchers: list[EventSink] = []
        # The platforms whose front end in this process serves now (None: every one, as in
        # the console): the notices of players last seen elsewhere stay stored for a process
        # (this one later, or another on the same database) whose front end serves theirs.
        self.served_platforms: set[str] | None = None
        self.roster = Roster(store)
        self.first_players = FirstPlayers(store, self.roster)
        self.states = GameStates(store, self.roster, clock)
        # The game as stored, and as remembered if its version has not moved (docs: states.py).
        self.state = self.states.read
        self.current = self.states.current
        self._background: set[asyncio.Task[None]] = set()
        # What unexpected failures tell people and the log (a full disk: one line a while).
        self.failures = Failures()

    # -- events and background work ------------------------------------------------------------

    def subscribe(self, sink: EventSink) -> None:
        """Receive the events of work that finishes after its call returned."""
        self._sinks.append(sink)

    def serving(self, platform: str, serving: bool) -> None:
        """Whether the front end of `platform` serves now (bot/fronts.py tells)."""
        served = self.served_platforms = self.served_platforms or set()
        if serving:
            served.add(platform)
            self.changed.set()  # the notices that waited for it are due now
        else:
            served.discard(platform)

    def serves(self, platform: str | None) -> bool:
        """Whether this process can deliver to a player last seen on `platform` (None: never
        seen on one; shown wherever his games are)."""
        served = self.served_platforms
        return served is None or platform is None or platform in served

    def unsubscribe(self, sink: EventSink) -> None:
        """Stop receiving events (a front end that stops)."""
        if sink in self._sinks:
            self._sinks.remove(sink)

    def watch(self, sink: EventSink) -> None:
        """Receive every event, published or answered to its caller: for onlookers that show
        each game wherever it is played (the web pages), never for a chat front end."""
        self._watchers.append(sink)

    def unwatch(self, sink: EventSink) -> None:
        if sink in self._watchers:
            self._watchers.remove(sink)

    async def publish(self, events: Iterable[Event]) -> None:
        await self._deliver([*self._sinks, *self._watchers], events)

    async def _deliver(self, sinks: Sequence[EventSink], events: Iterable[Event]) -> None:
        for event in events:
            for sink in sinks:
                try:
                    await sink(event)
                except Exception:
                    logger.exception("a front end failed to show %s", type(event).__name__)

    def route(self, actor: Actor, events: list[Event]) -> list[Event]:
        """The events for the actor's platform; the others are published."""
        here = [e for e in events if _platform_of(e) in (None, actor.platform)]
        elsewhere = [e for e in events if _platform_of(e) not in (None, actor.platform)]
        if elsewhere:
            self._in_background(self.publish(elsewhere))
        if here and self._watchers:
            self._in_background(self._deliver(list(self._watchers), here))
        return here

    def poke(self) -> None:
        """Something that moves a deadline happened."""
        self.changed.set()

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background_done)

    def _background_done(self, task: asyncio.Task[None]) -> None:
        self._background.discard(task)
        error = None if task.cancelled() else task.exception()
        if error is not None:
            self.failures.log(error, logger, "background work failed")

    async def idle(self) -> None:
        """Wait until the background work (computer moves) has finished."""
        while self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        await asyncio.gather(*list(self._background), return_exceptions=True)
        self.computers.close()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock of one game: its actions happen one after another."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    # -- the games a command names --------------------------------------------------------------

    async def game_id_for(
        self, player: Player, game_id: int | None, *, finished: bool = False
    ) -> int:
        """The game a command names, else the player's chosen game, else their only game in
        progress (with `finished`, else their last finished game)."""
        if game_id is not None:
            return game_id
        if player.active_game_id is not None:
            try:
                record = await self.store.get_game(player.active_game_id)
            except (NotFound, CorruptRecord):
                record = None
            if record is not None and record.status == "active":
                return record.id
        games = await self.store.games_of_player(player.id)
        if not games and finished:
            games = (await self.store.games_of_player(player.id, "finished"))[:1]
        if not games:
            raise ServiceError(text("You have no game in progress. Start one with {/new}."))
        if len(games) > 1:
            listing = ", ".join(f"#{game.id}" for game in games)
            raise ServiceError(
                text("You have several games ({games}): pick one with {/use} GAME.", games=listing)
            )
        return games[0].id

    async def game_of(
        self,
        player: Player,
        game_id: int | None,
        *,
        finished: bool = False,
        chat: ChatRef | None = None,
    ) -> GameState:
        """The game a command names (see `game_id_for`), refused as unknown where the player
        may not see it from `chat` (`check_visible`)."""
        state = await self.state(await self.game_id_for(player, game_id, finished=finished))
        await self.check_visible(state, player.id, chat)
        return state

    async def check_visible(self, state: GameState, player_id: int, chat: ChatRef | None) -> None:
        """Refuse, with the answer an id no game has gets, a game the person may not see from
        `chat`: he does not play in it, it neither lives nor is shown there, and it is no game
        of a tournament created `open` (seen from every chat, its games too). Ids are
        sequential: any other answer would tell who plays what in other chats. (`chat` None:
        a caller without a chat, such as a test or the service itself.)"""
        if chat is None or player_seats(state, player_id) or state.record.chat == chat:
            return
        for shown in await self.store.board_messages(state.id):
            if ChatRef(shown.platform, shown.chat_id) == chat:
                return
        if state.tournament is not None:
            tournament = await self.store.get_tournament(state.tournament)
            if tournament.options.get("open"):
                return
        raise ServiceError(text("There is no game {game}.", game=state.id))

    async def seats_in(self, state: GameState, player_id: int, chat: ChatRef | None) -> list[int]:
        """The player's seats in a game; refused as unknown where he may not see it, else
        because he does not play in it."""
        await self.check_visible(state, player_id, chat)
        return self.own_seats(state, player_id)

    @staticmethod
    def own_seats(state: GameState, player_id: int) -> list[int]:
        """The player's seats in a game; refused if they do not play in it."""
        seats = player_seats(state, player_id)
        if not seats:
            raise ServiceError(text("You are not playing in game #{game}.", game=state.id))
        return seats

    def check_version(self, state: GameState, version: int | None) -> None:
        """Refuse an action on an old board (`version` from a button) or an ended game."""
        if version is not None and version != state.version:
            raise _board_changed(state)
        if not state.active:
            raise ServiceError(text("Game #{game} is over.", game=state.id))

    # -- changing games ------------------------------------------------------------------------

    async def commit(
        self,
        state: GameState,
        move: object,
        seat: int,
        player_id: int | None,
        notices: Sequence[tuple[int, str]] = (),
    ) -> list[Event]:
        """Store one move (one transaction with the version check, and the `notices`) and
        describe it. Call it under the game's lock."""
        position = state.position
        notation = position.notation(move)
        after = position.play(move)
        outcome = after.outcome()
        try:
            record = await self.store.append_move(
                state.id,
                state.version,
                notation,
                seat,
                player_id,
                after.snapshot(),
                result_of(outcome) if outcome is not None else None,
                next_clock(state.record.options, position, after),
                notices,
            )
        except StaleVersion:
            raise _board_changed(await self.state(state.id)) from None
        fresh = await self.states.with_clock(
            GameState(
                record, after, state.seat_names, (*state.log, notation), ratings=state.ratings
            )
        )
        self.states.remember(fresh)
        self.poke()
        family = family_of(find_game(fresh.record.kind))
        mover = family.roller(position) if seat == CHANCE else seat
        headline = family.headline(fresh, notation, mover, position)
        addressed = family.addressed(fresh, notation, mover, position)
        events: list[Event] = [BoardUpdate(fresh, headline, fresh.record.chat, addressed)]
        if outcome is not None:
            events.extend(await self._finished(fresh))
        else:
            events.extend(await self.turn_notices(fresh))
            if acting_seat(position) != acting_seat(after):
                await self.ping_later(fresh)
        return events

    async def latest_headline(self, state: GameState) -> Text | None:
        """The line that announced the game's latest change: its result once ended, else its
        last move's (None before the first), for a board shown later than the change (after
        a restart, by another process)."""
        family = family_of(find_game(state.record.kind))
        if not state.active:
            return family.result_text(state)
        moves = await self.store.moves(state.id)
        if not moves:
            return None
        last = moves[-1]
        mover = family.roller(state.position) if last.seat == CHANCE else last.seat
        return family.headline(state, last.notation, mover, position_before(state))

    async def finish(
        self,
        state: GameState,
        result: GameResult | None,
        status: Literal["finished", "aborted"] = "finished",
        notices: Sequence[tuple[int, str]] = (),
    ) -> list[Event]:
        """End a game without a move (a resignation, a draw, a loss on time, an abort), with
        the `notices` about it in the same transaction. Call it under the game's lock."""
        try:
            record = await self.store.finish_game(state.id, state.version, status, result, notices)
        except StaleVersion:
            raise _board_changed(await self.state(state.id)) from None
        return await self._finished(replace(state, record=record))

    async def _finished(self, state: GameState) -> list[Event]:
        """The one way out of every game: the result shown, the listeners told."""
        state = await self.states.with_ratings(state)
        self.states.remember(state)
        family = family_of(find_game(state.record.kind))
        headline = family.result_text(state)
        note = family.closing_note(state)
        if note is not None:
            headline = text("{result} {note}", result=headline, note=note)
        events: list[Event] = [BoardUpdate(state, headline, state.record.chat)]
        for listener in self.finish_listeners:
            events.extend(await listener(state))
        return events

    async def turn_notices(self, state: GameState) -> list[Event]:
        """Tell the player who must act now: in a correspondence game, or when their board
        lives elsewhere (the game's chat is on another platform than where they were seen
        last). A live board names the player to move itself; none for a computer or an ended
        game."""
        seat = seat_to_act(state)
        if seat is None:
            return []
        control = TimeControl.from_options(state.record.options)
        live = control is None or not control.correspondence
        home = state.record.chat
        notices: list[Event] = []
        for player_id in seat_players(state.record, seat):
            seen = await self.roster.where_seen(player_id)
            # A live board in the player's own platform already says whose turn it is.
            if live and home is not None and home.platform == seen:
                continue
            notices.append(TurnNotice(state, player_id, seen))
        return notices

    async def ping_later(self, state: GameState) -> None:
        """A turn began: queue its ping, for when it has waited too long (turn_pings.py)."""
        delay = ping_delay(state)
        if delay is None:
            return
        try:
            await self.store.queue_turn_ping(
                state.id, pinged_players(state), ping_kind(state), self.clock() + delay
            )
        except Exception as error:
            # The move stands; only this turn's ping is lost (the board still says it).
            self.failures.log(error, logger, "the ping of game %s was not queued", state.id)
            return
        self.poke()

    # -- the start of games ------------------------------------------------------------------

    @staticmethod
    def opening(
        kind: GameKind, options: dict[str, Any]
    ) -> tuple[dict[str, Any], str, NextClock | None]:
        """A new game's options as stored, its first position's snapshot, its first clock."""
        family = family_of(kind)
        options = family.prepare(options)
        position = kind.start(family.rules_options(options))
        return options, position.snapshot(), next_clock(options, None, position)

    async def game_started(self, record: GameRecord, headline: Text | None = None) -> list[Event]:
        """Show a game just stored (its board, with `headline` or the players), tell whoever
        moves first, and wake a computer that does."""
        for seat in record.seats:
            for player_id in seat_players(record, seat.seat):
                await self.store.set_active_game(player_id, record.id)
        state = await self.state(record.id)
        starts = text(
            "Game #{game} starts: {players}.", game=record.id, players=players_text(state)
        )
        note = family_of(find_game(record.kind)).opening_note(state)
        if note is not None:
            starts = text("{start} {note}", start=starts, note=note)
        events: list[Event] = [BoardUpdate(state, headline or starts, record.chat)]
        events.extend(await self.turn_notices(state))
        # No ping for the first turn: a game's first board is a new message, and it mentions
        # the player who starts (docs/notifications.md).
        self.wake_computers(state)
        self.poke()
        return events

    # -- the computer's turns ------------------------------------------------------------------

    def wake_computers(self, state: GameState) -> None:
        """If a computer seat must act, let it play (in the background) until a person must."""
        seat = seat_to_act(state)
        if seat is not None and state.record.seats[seat].computer is not None:
            self._in_background(self._computer_turns(state.id))

    async def _computer_turns(self, game_id: int) -> None:
        """Play the computer's turns of a game. The in-process lock spares this process a
        second search; between processes the version check of the move decides: of two that
        play the same turn one lands, the other stops here."""
        while True:
            try:
                events = await self._computer_turn(game_id)
            except BoardChanged:
                return
            if events is None:
                return
            await self.publish(events)

    async def _computer_turn(self, game_id: int) -> list[Event] | None:
        """One computer turn, or None if none is due."""
        async with self.lock(game_id):
            state = await self.current(game_id)
            seat = seat_to_act(state)
            if seat is None or state.record.seats[seat].computer is None:
                return None
            family = family_of(find_game(state.record.kind))
            if state.position.to_move() == CHANCE:
                move = state.position.parse(family.draw_roll(state))
                return await self.commit(state, move, CHANCE, None)
            options = state.record.options
            if family.computer_takes_time(state):
                self._in_background(self.publish([ComputerThinking(state)]))
            move = await self.computers.choose(
                state.record.kind,
                family.rules_options(options),
                state.position,
                game_limit(options),
            )
            return await self.commit(state, move, seat, None)


def _board_changed(fresh: GameState) -> BoardChanged:
    """The refusal of an action on an old board, with the fresh one."""
    return BoardChanged(text("The board changed; here is the current one."), fresh)


def _platform_of(event: Event) -> str | None:
    """The platform an event belongs to; None: the caller's (a reply, a file)."""
    match event:
        case BoardUpdate():
            return event.chat.platform if event.chat else None
        case TurnNotice() | PlayerNotice():
            return event.platform
        case ChallengeUpdate():
            return event.challenge.chat.platform
        case TournamentUpdate():
            return event.tournament.chat.platform
        case ComputerThinking():
            return event.state.record.chat.platform if event.state.record.chat else None
        case Reply() | FileReady():
            return None
        case _:
            assert_never(event)
