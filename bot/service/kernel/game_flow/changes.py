"""The one way a game changes: a move committed (`commit`), a game ended without one
(`finish`), a game started (`game_started`), and what each tells: the board with its
headline, the turn notices, the turn's ping later, and at a game's end the result and the
events of the listeners of finished games (tournaments)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Literal

from bot.i18n import Text, text
from bot.service.kernel.events import BoardUpdate, Event, GameState, TurnNotice
from bot.service.kernel.failures import Failures
from bot.service.kernel.families import family_of, players_text
from bot.service.kernel.game_flow.clocks import Clock, TimeControl
from bot.service.kernel.game_flow.lookup import board_changed
from bot.service.kernel.game_flow.states import GameStates
from bot.service.kernel.game_flow.turn_pings import ping_delay, ping_kind, pinged_players
from bot.service.kernel.game_flow.turns import (
    acting_seat,
    next_clock,
    position_before,
    result_of,
    seat_players,
    seat_to_act,
)
from bot.service.kernel.players.roster import Roster
from bot.service.kernel.schedule import Schedule
from games.base import CHANCE, GameKind, find_game
from storage import GameRecord, GameResult, NextClock, StaleVersion, Store

logger = logging.getLogger(__name__)

# Called once with every game that ends (a deciding move, a resignation, a draw, a loss on
# time, an abort: `state.record.status` and `.result` tell which); the events it returns are
# shown with the game's end. The seam for tournaments (carry the result into the bracket,
# start the next round; see docs/service.md).
FinishListener = Callable[[GameState], Awaitable[Sequence[Event]]]


class GameChanges:
    def __init__(
        self,
        store: Store,
        states: GameStates,
        roster: Roster,
        schedule: Schedule,
        failures: Failures,
        clock: Clock,
        started: Callable[[GameState], None],
    ) -> None:
        self.store = store
        self.states = states
        self.roster = roster
        self.schedule = schedule
        self.failures = failures
        self.clock = clock
        # Told of every game that starts (the computer's turns: a computer may move first).
        self._started = started
        self._finish_listeners: list[FinishListener] = []

    def on_finish(self, listener: FinishListener) -> None:
        """Call `listener` with every game that ends, and show the events it returns."""
        self._finish_listeners.append(listener)

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
            raise board_changed(await self.states.read(state.id)) from None
        fresh = await self.states.with_clock(
            GameState(
                record, after, state.seat_names, (*state.log, notation), ratings=state.ratings
            )
        )
        self.states.remember(fresh)
        self.schedule.poke()
        family = family_of(find_game(fresh.record.kind))
        mover = family.roller(position) if seat == CHANCE else seat
        headline = family.headline(fresh, notation, mover, position)
        addressed = family.addressed(fresh, notation, mover, position)
        if outcome is not None:
            # The deciding move and the result on one board: the final board is shown once.
            return await self._finished(fresh, headline, addressed)
        events: list[Event] = [BoardUpdate(fresh, headline, fresh.record.chat, addressed)]
        events.extend(await self.turn_notices(fresh))
        if acting_seat(position) != acting_seat(after):
            await self._ping_later(fresh)
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
            raise board_changed(await self.states.read(state.id)) from None
        return await self._finished(replace(state, record=record))

    async def _finished(
        self,
        state: GameState,
        move: Text | None = None,
        addressed: Mapping[int, Text] | None = None,
    ) -> list[Event]:
        """The one way out of every game: the result shown (after the deciding `move`'s
        headline, and its `addressed` words, when a move ended it), the listeners told."""
        state = await self.states.with_ratings(state)
        self.states.remember(state)
        family = family_of(find_game(state.record.kind))
        headline = family.result_text(state)
        note = family.closing_note(state)
        if note is not None:
            headline = text("{result} {note}", result=headline, note=note)
        said = {
            seat: text("{move} {result}", move=own, result=headline)
            for seat, own in (addressed or {}).items()
        }
        if move is not None:
            headline = text("{move} {result}", move=move, result=headline)
        events: list[Event] = [BoardUpdate(state, headline, state.record.chat, said)]
        for listener in self._finish_listeners:
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

    async def _ping_later(self, state: GameState) -> None:
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
        self.schedule.poke()

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
        state = await self.states.read(record.id)
        starts = headline or text(
            "Game #{game} starts: {players}.", game=record.id, players=players_text(state)
        )
        note = family_of(find_game(record.kind)).opening_note(state)
        if note is not None:
            starts = text("{start} {note}", start=starts, note=note)
        events: list[Event] = [BoardUpdate(state, starts, record.chat)]
        events.extend(await self.turn_notices(state))
        # No ping for the first turn: a game's first board is a new message, and it mentions
        # the player who starts (docs/notifications.md).
        self._started(state)
        self.schedule.poke()
        return events
