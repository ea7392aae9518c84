"""The stored games as the service shows them: read, rebuilt from the move log when a
snapshot is damaged, with their clocks, and kept in memory (checked by version before use)."""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import replace

from bot.i18n import text
from bot.service.kernel.events import GameState, ServiceError
from bot.service.kernel.families import Family, family_of
from bot.service.kernel.game_flow.clocks import Clock, TimeControl
from bot.service.kernel.game_flow.turns import seat_players
from bot.service.kernel.players.roster import Roster
from bot.service.kernel.rated.seat_ratings import seat_ratings
from games.base import GameError, find_game, replay
from storage import CorruptRecord, GameRecord, NotFound, Store

logger = logging.getLogger(__name__)

STATE_CACHE_SIZE = 2048


class GameStates:
    """Reads games for the kernel; `remember` keeps what the kernel just wrote."""

    def __init__(self, store: Store, roster: Roster, clock: Clock) -> None:
        self.store = store
        self.roster = roster
        self.clock = clock
        self._states: OrderedDict[int, GameState] = OrderedDict()

    async def read(self, game_id: int) -> GameState:
        """A stored game with its position; a snapshot that does not restore is rebuilt from
        the move log (the truth) and stored again."""
        damaged = text("Game {game} is damaged in the database and cannot be shown.", game=game_id)
        try:
            record = await self.store.get_game(game_id)
        except NotFound:
            raise ServiceError(text("There is no game {game}.", game=game_id)) from None
        except CorruptRecord as error:
            logger.error("%s", error)
            raise ServiceError(damaged) from None
        log = await self.store.notations(game_id)
        kind = find_game(record.kind)
        family = family_of(kind)
        rules = family.rules_options(record.options)
        try:
            position = kind.from_snapshot(record.snapshot, rules)
        except GameError as error:
            logger.warning("game %s: snapshot does not restore (%s); replaying", game_id, error)
            try:
                position = replay(kind.key, rules, log)
            except GameError as replay_error:
                logger.error("game %s: the move log does not replay: %s", game_id, replay_error)
                raise ServiceError(damaged) from None
            await self.store.replace_snapshot(game_id, position.snapshot())
        names = await self._seat_names(record, family)
        state = await self.with_ratings(GameState(record, position, names, tuple(log)))
        self.remember(state)
        return await self.with_clock(state)

    def remember(self, state: GameState) -> None:
        self._states[state.id] = state
        self._states.move_to_end(state.id)
        while len(self._states) > STATE_CACHE_SIZE:
            self._states.popitem(last=False)

    async def current(self, game_id: int) -> GameState:
        """The game's state: the one in memory if the stored version is still the same (one
        cheap read instead of rebuilding the game), else read afresh."""
        cached = self._states.get(game_id)
        if cached is not None:
            try:
                version = await self.store.version(game_id)
            except NotFound:
                version = None
            if version == cached.version:
                return await self.with_clock(cached)
        return await self.read(game_id)

    async def with_ratings(self, state: GameState) -> GameState:
        """A rated game's state with its players' ratings (and changes, once it ended)."""
        if not state.record.rated:
            return state
        return replace(state, ratings=await seat_ratings(self.store, state.record))

    async def with_clock(self, state: GameState) -> GameState:
        """The state with its clock (whose time runs, how much is left, who is away)."""
        control = TimeControl.from_options(state.record.options)
        if not state.active or control is None:
            return state
        clock = await self.store.clock(state.id)
        now = self.clock()
        away = set()
        for seat in state.record.seats if control.correspondence else ():
            if seat.player_id is not None:
                vacations = await self.store.vacations(seat.player_id, now)
                if any(vacation.ended_at is None for vacation in vacations):
                    away.add(seat.seat)
        return replace(
            state,
            clock_seat=clock.seat if clock else None,
            time_left=clock.time_left(now) if clock else None,
            away=frozenset(away),
        )

    async def _seat_names(self, record: GameRecord, family: Family) -> tuple[str, ...]:
        names = []
        for seat in record.seats:
            if seat.player_id is not None:
                team = [await self.roster.name(p) for p in seat_players(record, seat.seat)]
                names.append(" & ".join(team))
            elif seat.computer is not None:
                names.append(family.computer_name(seat.computer))
            else:
                names.append("?")
        return tuple(names)
