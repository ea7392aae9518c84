"""The platform-free game service: challenges, moves, draws, resignations, computer players.

Every front end turns a chat event into one of these calls and shows the events it returns.
Each game is handled in sequence (one lock per game id); the store's version check makes a
second click on an old board fail with "the board changed" even across processes. Work that
finishes later (a computer's reply, a Ludo roll of a computer seat) is published to the
subscribed front ends.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Concatenate, Literal, ParamSpec

from bot.i18n import Text, language_of, text
from bot.i18n.game_messages import error_text
from bot.service.correspondence import (
    LINK_CODE_LIFETIME,
    VACATION_DAYS_PER_YEAR,
    Clock,
    Scheduler,
    TimeControl,
    describe_time,
    new_link_code,
    split_time_control,
    utc_now,
    vacation_days_used,
)
from bot.service.events import (
    Actor,
    BoardChanged,
    BoardUpdate,
    ChallengeUpdate,
    Event,
    FileReady,
    GameState,
    PlayerNotice,
    Reply,
    ServiceError,
    TurnNotice,
)
from bot.service.families import Family, family_of
from bot.service.players import ComputerPlayers
from games.base import (
    CHANCE,
    AnyGame,
    GameError,
    GameKind,
    IllegalMove,
    Outcome,
    find_game,
    replay,
)
from storage import (
    BoardMessage,
    Challenge,
    ChallengeFull,
    ChallengeNotOpen,
    ChatRef,
    ClockRecord,
    CorruptRecord,
    GameRecord,
    GameResult,
    Identity,
    LinkRefused,
    NextClock,
    NotFound,
    OnVacation,
    Player,
    SeatRecord,
    StaleVersion,
    Store,
)

logger = logging.getLogger(__name__)

EventSink = Callable[[Event], Awaitable[None]]
P = ParamSpec("P")

COMPUTER = "computer"
STATE_CACHE_SIZE = 2048


def _result(outcome: Outcome) -> GameResult:
    return {"winners": sorted(outcome.winners), "reason": outcome.reason}


def _routed(
    method: Callable[Concatenate[GameService, Actor, P], Coroutine[Any, Any, list[Event]]],
) -> Callable[Concatenate[GameService, Actor, P], Coroutine[Any, Any, list[Event]]]:
    """Events of another platform than the actor's (a game that lives in a Telegram group,
    played from Discord; a notice for a player seen last elsewhere) go to the subscribed
    front ends instead of back to the caller."""

    @functools.wraps(method)
    async def routed(
        service: GameService, actor: Actor, /, *args: P.args, **kwargs: P.kwargs
    ) -> list[Event]:
        return service.route(actor, await method(service, actor, *args, **kwargs))

    return routed


def _platform_of(event: Event) -> str | None:
    if isinstance(event, BoardUpdate):
        return event.chat.platform if event.chat else None
    if isinstance(event, TurnNotice | PlayerNotice):
        return event.platform
    if isinstance(event, ChallengeUpdate):
        return event.challenge.chat.platform
    return None


class GameService:
    """The service over one store. Create it, `subscribe` front ends, call its methods."""

    def __init__(
        self, store: Store, computers: ComputerPlayers | None = None, clock: Clock = utc_now
    ) -> None:
        self.store = store
        self.computers = computers or ComputerPlayers()
        # Give the store the same clock: deadlines and vacations are reckoned in its time.
        self.clock = clock
        self.scheduler = Scheduler(self)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._sinks: list[EventSink] = []
        self._players: dict[tuple[str, str], tuple[str, int]] = {}
        self._names: dict[int, str] = {}
        # The platform each player last acted on in this process (before: the stored times).
        self._seen: dict[int, str] = {}
        # Recent games as they were last read or written, checked by version before use.
        self._states: OrderedDict[int, GameState] = OrderedDict()
        self._background: set[asyncio.Task[None]] = set()

    # -- plumbing ------------------------------------------------------------------------------

    def subscribe(self, sink: EventSink) -> None:
        """Receive the events of work that finishes after its call returned."""
        self._sinks.append(sink)

    def unsubscribe(self, sink: EventSink) -> None:
        """Stop receiving events (a front end that stops)."""
        if sink in self._sinks:
            self._sinks.remove(sink)

    async def _publish(self, events: Iterable[Event]) -> None:
        for event in events:
            for sink in self._sinks:
                try:
                    await sink(event)
                except Exception:
                    logger.exception("a front end failed to show %s", type(event).__name__)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def route(self, actor: Actor, events: list[Event]) -> list[Event]:
        """The events for the actor's platform; the others are published."""
        here = [e for e in events if _platform_of(e) in (None, actor.platform)]
        elsewhere = [e for e in events if _platform_of(e) not in (None, actor.platform)]
        if elsewhere:
            self._in_background(self._publish(elsewhere))
        return here

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background_done)

    async def idle(self) -> None:
        """Wait until the background work (computer moves) has finished."""
        while self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._background):
            task.cancel()
        await asyncio.gather(*list(self._background), return_exceptions=True)
        self.computers.close()

    # -- players -------------------------------------------------------------------------------

    async def player(self, actor: Actor) -> Player:
        """The stored player behind an actor (created on first sight)."""
        key = (actor.platform, actor.user_id)
        known = self._players.get(key)
        if known is not None and known[0] == actor.display_name:
            self._seen[known[1]] = actor.platform
            return await self.store.get_player(known[1])
        player = await self.store.player_for_identity(
            actor.platform, actor.user_id, actor.display_name, language_of(actor.language)
        )
        self._players[key] = (actor.display_name, player.id)
        self._names[player.id] = player.display_name
        self._seen[player.id] = actor.platform
        return player

    async def language(self, actor: Actor) -> str | None:
        """The language to answer `actor` in: theirs if chosen, else the platform's hint."""
        player = await self.player(actor)
        return player.language or language_of(actor.language)

    async def set_language(self, actor: Actor, choice: str) -> list[Event]:
        language = language_of(choice)
        if language is None:
            raise ServiceError(text("Languages: pt (português), it (italiano), en (English)."))
        player = await self.player(actor)
        await self.store.set_language(player.id, language)
        return [Reply(text("From now on I write to you in English."))]

    async def register_private_chat(self, actor: Actor, chat_id: str | None) -> None:
        """Where the bot may write to `actor` privately (None: nowhere any more)."""
        await self.player(actor)
        await self.store.set_private_chat(actor.platform, actor.user_id, chat_id)

    async def contacts(self, player_id: int) -> list[Identity]:
        """The player's accounts, with their private chats, to tell them it is their turn."""
        return await self.store.identities(player_id)

    async def board_shown(self, game_id: int, chat: ChatRef, message_id: str) -> None:
        """A front end showed the board of a game in a chat, as this message."""
        await self.store.set_board_message(game_id, chat.platform, chat.chat_id, message_id)

    async def board_messages(self, game_id: int) -> list[BoardMessage]:
        """The messages that show a game's board, to edit them or take their buttons away."""
        return await self.store.board_messages(game_id)

    # -- reading games -------------------------------------------------------------------------

    async def state(self, game_id: int) -> GameState:
        """A stored game with its position; a snapshot that does not restore is rebuilt from
        the move log (the truth) and stored again."""
        try:
            record = await self.store.get_game(game_id)
        except NotFound:
            raise ServiceError(text("There is no game {game}.", game=game_id)) from None
        except CorruptRecord as error:
            logger.error("%s", error)
            raise ServiceError(
                text("Game {game} is damaged in the database and cannot be shown.", game=game_id)
            ) from None
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
                raise ServiceError(
                    text(
                        "Game {game} is damaged in the database and cannot be shown.",
                        game=game_id,
                    )
                ) from None
            await self.store.replace_snapshot(game_id, position.snapshot())
        names = await self._seat_names(record, family)
        state = GameState(record, position, names, tuple(log))
        self._remember(state)
        return await self._with_clock(state)

    def _remember(self, state: GameState) -> None:
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
                return await self._with_clock(cached)
        return await self.state(game_id)

    async def _with_clock(self, state: GameState) -> GameState:
        """The state with its clock (whose time runs, how much is left, who is away)."""
        if not state.active or TimeControl.from_options(state.record.options) is None:
            return state
        clock = await self.store.clock(state.id)
        now = self.clock()
        away = set()
        for seat in state.record.seats:
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
                if seat.player_id not in self._names:
                    player = await self.store.get_player(seat.player_id)
                    self._names[seat.player_id] = player.display_name
                names.append(self._names[seat.player_id])
            elif seat.computer is not None:
                names.append(family.computer_name(seat.computer))
            else:
                names.append("?")
        return tuple(names)

    async def _game_id_for(
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
            raise ServiceError(text("You have no game in progress. Start one with /new."))
        if len(games) > 1:
            listing = ", ".join(f"#{game.id}" for game in games)
            raise ServiceError(
                text(
                    "You have several games ({games}): pick one with /use GAME.",
                    games=listing,
                )
            )
        return games[0].id

    async def _game_of(
        self, player: Player, game_id: int | None, *, finished: bool = False
    ) -> GameState:
        return await self.state(await self._game_id_for(player, game_id, finished=finished))

    @staticmethod
    def seats_of(state: GameState, player: Player) -> list[int]:
        return [seat.seat for seat in state.record.seats if seat.player_id == player.id]

    @staticmethod
    def acting_seat(state: GameState) -> int | None:
        """The seat that must act now (roll or move), or None when the game is over."""
        if not state.active or state.position.outcome() is not None:
            return None
        return _acting_seat(state.position)

    # -- challenges ----------------------------------------------------------------------------

    @_routed
    async def new_game(
        self,
        actor: Actor,
        chat: ChatRef | None,
        game_name: str,
        *,
        opponent: Actor | None = None,
        computer: bool = False,
        seat: int | None = None,
        players: int | None = None,
        option_words: Sequence[str] = (),
    ) -> list[Event]:
        """Start a game against the computer, or challenge `opponent` (None: anyone in the
        chat). `seat` is the challenger's seat (None: drawn at random)."""
        kind = self._kind(game_name)
        family = family_of(kind)
        time_control, words = split_time_control(option_words)
        options = family.new_options(kind, players, words)
        if time_control is not None:
            options["time"] = time_control.to_options()
        challenger = await self.player(actor)
        if opponent is not None and (opponent.platform, opponent.user_id) == (
            actor.platform,
            actor.user_id,
        ):
            raise ServiceError(text("You cannot challenge yourself."))
        if computer:
            seat_count = family.seat_count(options)
            own_seat = secrets.randbelow(seat_count) if seat is None else seat
            seats = [
                SeatRecord(
                    index,
                    challenger.id if index == own_seat else None,
                    None if index == own_seat else COMPUTER,
                )
                for index in range(seat_count)
            ]
            return await self._start_game(kind, family, options, seats, chat, None)
        if chat is None:
            raise ServiceError(text("Challenges are made in a chat."))
        opponent_id = (await self.player(opponent)).id if opponent is not None else None
        if seat is not None:
            options = {**options, "challenger_seat": seat}
        challenge = await self.store.create_challenge(
            kind.key, options, challenger.id, chat, opponent_id=opponent_id
        )
        seat_count = family.seat_count(options)
        if opponent is not None:
            headline = text(
                "{challenger} challenges {opponent} to {game}.",
                challenger=actor.display_name,
                opponent=opponent.display_name,
                game=family.title(kind),
            )
        elif seat_count > 2:
            headline = text(
                "{challenger} opens a table of {game} for {seats}: /accept to join.",
                challenger=actor.display_name,
                game=family.title(kind),
                seats=seat_count,
            )
        else:
            headline = text(
                "{challenger} is looking for an opponent for {game}.",
                challenger=actor.display_name,
                game=family.title(kind),
            )
        return [ChallengeUpdate(challenge, headline)]

    def _kind(self, name: str) -> GameKind:
        try:
            return find_game(name)
        except KeyError:
            raise ServiceError(
                text(
                    "Unknown game {name}. Games: brazilian, international, italian, "
                    "italian-familiar, ludo.",
                    name=name,
                )
            ) from None

    @_routed
    async def accept(self, actor: Actor, challenge_id: int | None, chat: ChatRef) -> list[Event]:
        """Accept a challenge; at a table for more than two, take a place, and the game starts
        when the table is full."""
        player = await self.player(actor)
        challenge = await self._challenge_for(player, challenge_id, chat)
        if challenge.challenger_id == player.id:
            raise ServiceError(text("You cannot accept your own challenge."))
        if challenge.opponent_id not in (None, player.id):
            raise ServiceError(text("This challenge is for someone else."))
        family = family_of(find_game(challenge.kind))
        seat_count = family.seat_count(challenge.options)
        if seat_count == 2:
            return await self._start_challenge(challenge, [player.id])
        try:
            joined = await self.store.join_challenge(challenge.id, player.id, seat_count - 1)
        except ChallengeFull:
            raise ServiceError(text("This table is full.")) from None
        except ChallengeNotOpen:
            raise ServiceError(text("This challenge is no longer open.")) from None
        if len(joined.entrants) == seat_count - 1:
            return await self._start_challenge(joined, list(joined.entrants))
        return [
            ChallengeUpdate(
                joined,
                text(
                    "{name} joins ({count} of {seats}). The host can start now with /begin: "
                    "the computer takes the free seats.",
                    name=actor.display_name,
                    count=len(joined.entrants) + 1,
                    seats=seat_count,
                ),
            )
        ]

    @_routed
    async def begin(self, actor: Actor, challenge_id: int | None, chat: ChatRef) -> list[Event]:
        """The host starts an open table now: the computer takes the free seats."""
        player = await self.player(actor)
        challenge = await self._challenge_for(player, challenge_id, chat)
        if challenge.challenger_id != player.id:
            raise ServiceError(text("Only the player who opened the table can start it."))
        return await self._start_challenge(challenge, list(challenge.entrants))

    async def _start_challenge(self, challenge: Challenge, guests: list[int]) -> list[Event]:
        """The game of a challenge: the host at the seat they chose (else drawn), the guests in
        the order they came, the computer in the free seats."""
        kind = find_game(challenge.kind)
        family = family_of(kind)
        options = dict(challenge.options)
        host_seat = options.pop("challenger_seat", None)
        seat_count = family.seat_count(options)
        if host_seat is None:
            host_seat = secrets.randbelow(seat_count)
        others = iter(guests)
        seats = []
        for index in range(seat_count):
            if index == host_seat:
                seats.append(SeatRecord(index, challenge.challenger_id))
            else:
                guest = next(others, None)
                seats.append(SeatRecord(index, guest, None if guest else COMPUTER))
        return await self._start_game(kind, family, options, seats, challenge.chat, challenge.id)

    @_routed
    async def decline(self, actor: Actor, challenge_id: int | None, chat: ChatRef) -> list[Event]:
        player = await self.player(actor)
        challenge = await self._challenge_for(player, challenge_id, chat)
        status: Literal["declined", "cancelled"]
        if challenge.challenger_id == player.id:
            status = "cancelled"
            message = text("{name} withdrew the challenge.", name=actor.display_name)
        elif challenge.opponent_id == player.id:
            status = "declined"
            message = text("{name} declined the challenge.", name=actor.display_name)
        else:
            raise ServiceError(text("Only the challenged player can decline this challenge."))
        try:
            closed = await self.store.resolve_challenge(challenge.id, status)
        except ChallengeNotOpen:
            raise ServiceError(text("This challenge is no longer open.")) from None
        return [ChallengeUpdate(closed, message)]

    async def _challenge_for(
        self, player: Player, challenge_id: int | None, chat: ChatRef
    ) -> Challenge:
        if challenge_id is not None:
            try:
                challenge = await self.store.get_challenge(challenge_id)
            except NotFound:
                raise ServiceError(text("There is no challenge {id}.", id=challenge_id)) from None
            if challenge.status != "open":
                raise ServiceError(text("This challenge is no longer open."))
            return challenge
        candidates = [
            challenge
            for challenge in await self.store.open_challenges(chat)
            if player.id in (challenge.challenger_id, challenge.opponent_id)
            or challenge.opponent_id is None
        ]
        if not candidates:
            raise ServiceError(text("There is no open challenge here."))
        return candidates[-1]

    async def _start_game(
        self,
        kind: GameKind,
        family: Family,
        options: dict[str, Any],
        seats: list[SeatRecord],
        chat: ChatRef | None,
        challenge_id: int | None,
    ) -> list[Event]:
        options = family.prepare(options)
        position = kind.start(family.rules_options(options))
        try:
            record = await self.store.create_game(
                kind.key,
                options,
                seats,
                position.snapshot(),
                chat,
                from_challenge=challenge_id,
                clock=self._next_clock(options, None, position),
            )
        except ChallengeNotOpen:
            raise ServiceError(text("This challenge is no longer open.")) from None
        for seat in seats:
            if seat.player_id is not None:
                await self.store.set_active_game(seat.player_id, record.id)
        state = await self.state(record.id)
        events: list[Event] = [
            BoardUpdate(
                state,
                text(
                    "Game #{game} starts: {players}.",
                    game=record.id,
                    players=" - ".join(state.seat_names),
                ),
                chat,
            )
        ]
        if challenge_id is not None:
            challenge = await self.store.get_challenge(challenge_id)
            events.insert(0, ChallengeUpdate(challenge, text("Challenge accepted.")))
        events.extend(await self._turn_notices(state))
        self._wake_computers(state)
        self.scheduler.poke()
        return events

    def _next_clock(
        self, options: dict[str, Any], before: AnyGame | None, after: AnyGame
    ) -> NextClock | None:
        """The clock of the turn that starts after a move: a new one when the seat that must
        act changes; None keeps the running one (a Ludo player rolls, then moves)."""
        control = TimeControl.from_options(options)
        if control is None or after.outcome() is not None:
            return None
        seat = _acting_seat(after)
        if before is not None and _acting_seat(before) == seat:
            return None
        return NextClock(seat, control.per_move)

    # -- moves ---------------------------------------------------------------------------------

    @_routed
    async def move(
        self,
        actor: Actor,
        notation: str,
        game_id: int | None = None,
        version: int | None = None,
    ) -> list[Event]:
        """Play a move given in notation, as the actor, in the game named or their current one.
        With `version` (from a button), a board that changed since is refused."""
        player_id, target = await self._actor_and_game(actor, game_id)
        async with self._lock(target):
            state = await self.current(target)
            self._check_version(state, version)
            seat = self._seat_of_actor(state, player_id)
            if state.position.to_move() == CHANCE:
                raise ServiceError(text("Roll the die first: /roll."))
            try:
                move = state.position.parse(notation)
            except GameError as error:
                raise ServiceError(error_text(error)) from None
            if move not in state.position.legal_moves():
                # Moves that only the service may log (a Ludo player leaving) are not typed.
                raise ServiceError(
                    _illegal(
                        notation,
                        IllegalMove(
                            "not a move you can play",
                            [
                                state.position.notation(legal)
                                for legal in state.position.legal_moves()
                            ],
                        ),
                    )
                )
            events = await self._commit(state, move, seat, player_id)
        self._wake_computers(events_state(events) or state)
        return events

    async def _actor_and_game(self, actor: Actor, game_id: int | None) -> tuple[int, int]:
        """The actor's player id and the game a command goes to; a click on a button names
        its game, and then nothing needs reading."""
        known = self._players.get((actor.platform, actor.user_id))
        if game_id is not None and known is not None and known[0] == actor.display_name:
            self._seen[known[1]] = actor.platform
            return known[1], game_id
        player = await self.player(actor)
        return player.id, await self._game_id_for(player, game_id)

    @_routed
    async def roll(
        self, actor: Actor, game_id: int | None = None, version: int | None = None
    ) -> list[Event]:
        """Roll the die for the actor's turn (Ludo), from the game's committed dice."""
        player_id, target = await self._actor_and_game(actor, game_id)
        async with self._lock(target):
            state = await self.current(target)
            self._check_version(state, version)
            self._seat_of_actor(state, player_id)
            if state.position.to_move() != CHANCE:
                raise ServiceError(text("No roll is due now: play your move."))
            family = family_of(find_game(state.record.kind))
            roll = family.draw_roll(state)
            events = await self._commit(state, state.position.parse(roll), CHANCE, None)
        self._wake_computers(events_state(events) or state)
        return events

    async def _board_changed(self, game_id: int) -> BoardChanged:
        """The refusal of an action on an old board, with the fresh one."""
        fresh = await self.state(game_id)
        return BoardChanged(text("The board changed; here is the current one."), fresh)

    @asynccontextmanager
    async def _playing(
        self, actor: Actor, game_id: int | None, version: int | None = None
    ) -> AsyncIterator[tuple[GameState, Player, list[int]]]:
        """The actor's game under its lock, with the actor's seats in it (refused if none)."""
        player = await self.player(actor)
        target = await self._game_id_for(player, game_id)
        async with self._lock(target):
            state = await self.state(target)
            self._check_version(state, version)
            seats = self.seats_of(state, player)
            if not seats:
                raise ServiceError(text("You are not playing in game #{game}.", game=state.id))
            yield state, player, seats

    def _check_version(self, state: GameState, version: int | None) -> None:
        if version is not None and version != state.version:
            raise BoardChanged(text("The board changed; here is the current one."), state)
        if not state.active:
            raise ServiceError(text("Game #{game} is over.", game=state.id))

    def _seat_of_actor(self, state: GameState, player_id: int) -> int:
        seats = [seat.seat for seat in state.record.seats if seat.player_id == player_id]
        if not seats:
            raise ServiceError(text("You are not playing in game #{game}.", game=state.id))
        acting = self.acting_seat(state)
        if acting not in seats:
            return_name = state.seat_names[acting] if acting is not None else "?"
            raise ServiceError(text("It is not your turn: {name} is to move.", name=return_name))
        return acting

    async def _commit(
        self, state: GameState, move: object, seat: int, player_id: int | None
    ) -> list[Event]:
        """Store one move (one transaction with the version check) and describe it."""
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
                _result(outcome) if outcome is not None else None,
                self._next_clock(state.record.options, position, after),
            )
        except StaleVersion:
            raise await self._board_changed(state.id) from None
        fresh = await self._with_clock(
            GameState(record, after, state.seat_names, (*state.log, notation))
        )
        self._remember(fresh)
        self.scheduler.poke()
        family = family_of(find_game(fresh.record.kind))
        mover = family.roller(position) if seat == CHANCE else seat
        headline = family.headline(fresh, notation, mover)
        events: list[Event] = [BoardUpdate(fresh, headline, fresh.record.chat)]
        if outcome is not None:
            events.append(BoardUpdate(fresh, family.result_text(fresh), fresh.record.chat))
        else:
            events.extend(await self._turn_notices(fresh))
        return events

    async def _turn_notices(self, state: GameState) -> list[Event]:
        seat = self.acting_seat(state)
        if seat is None:
            return []
        player_id = state.record.seats[seat].player_id
        if player_id is None:
            return []
        return [TurnNotice(state, player_id, await self._where_seen(player_id))]

    async def _where_seen(self, player_id: int) -> str | None:
        """The platform where the player acted last: notices go there."""
        if player_id in self._seen:
            return self._seen[player_id]
        seen = await self.store.identities(player_id)
        seen.sort(key=lambda identity: identity.last_seen_at or datetime.min.replace(tzinfo=UTC))
        return seen[-1].platform if seen else None

    # -- computer players ----------------------------------------------------------------------

    def _wake_computers(self, state: GameState) -> None:
        seat = self.acting_seat(state)
        if seat is not None and state.record.seats[seat].computer is not None:
            self._in_background(self._computer_turns(state.id))

    def _background_done(self, task: asyncio.Task[None]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("background work failed", exc_info=task.exception())

    async def _computer_turns(self, game_id: int) -> None:
        """Play for the computer seats until a person is to act or the game ends."""
        while True:
            async with self._lock(game_id):
                state = await self.current(game_id)
                seat = self.acting_seat(state)
                if seat is None or state.record.seats[seat].computer is None:
                    return
                family = family_of(find_game(state.record.kind))
                if state.position.to_move() == CHANCE:
                    move = state.position.parse(family.draw_roll(state))
                    events = await self._commit(state, move, CHANCE, None)
                else:
                    move = await self.computers.choose(
                        state.record.kind,
                        family.rules_options(state.record.options),
                        state.position,
                    )
                    events = await self._commit(state, move, seat, None)
            await self._publish(events)

    async def resume(self) -> None:
        """After a restart: let the computers move wherever it is their turn."""
        for game_id in await self.store.games_with_computers():
            try:
                self._wake_computers(await self.state(game_id))
            except ServiceError as error:
                logger.error("game %s cannot be resumed: %s", game_id, error)

    # -- ending games --------------------------------------------------------------------------

    @_routed
    async def resign(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        async with self._playing(actor, game_id) as (state, player, seats):
            family = family_of(find_game(state.record.kind))
            if family.multi_seat(state):
                events = await self._commit(
                    state, family.leave(state, seats[0]), seats[0], player.id
                )
                self._wake_computers(events_state(events) or state)
                return events
            winners = [seat.seat for seat in state.record.seats if seat.seat not in seats]
            return await self._finish(state, {"winners": winners, "reason": "resignation"})

    async def _finish(
        self,
        state: GameState,
        result: GameResult | None,
        status: Literal["finished", "aborted"] = "finished",
    ) -> list[Event]:
        try:
            record = await self.store.finish_game(state.id, state.version, status, result)
        except StaleVersion:
            raise await self._board_changed(state.id) from None
        fresh = replace(state, record=record)
        family = family_of(find_game(fresh.record.kind))
        return [BoardUpdate(fresh, family.result_text(fresh), fresh.record.chat)]

    @_routed
    async def draw(
        self,
        actor: Actor,
        answer: str | None,
        game_id: int | None = None,
        version: int | None = None,
    ) -> list[Event]:
        """Offer a draw, or accept ("accept") or decline ("decline") the opponent's offer; with
        `version` (from a button), only on that board."""
        async with self._playing(actor, game_id, version) as (state, _, seats):
            if family_of(find_game(state.record.kind)).multi_seat(state):
                raise ServiceError(text("Draws are for two-player games."))
            offer = state.record.draw_offer
            if answer == "decline":
                if offer is None or offer in seats:
                    raise ServiceError(text("There is no draw offer to decline."))
                record = await self.store.set_draw_offer(state.id, state.version, None)
                fresh = replace(state, record=record)
                return [
                    BoardUpdate(
                        fresh,
                        text("{name} declines the draw.", name=actor.display_name),
                        fresh.record.chat,
                    )
                ]
            if offer is not None and offer not in seats:
                return await self._finish(state, {"winners": [], "reason": "agreement"})
            if answer == "accept":
                raise ServiceError(text("There is no draw offer to accept."))
            if offer in seats:
                raise ServiceError(text("You have already offered a draw."))
            opponent = next(seat for seat in state.record.seats if seat.seat not in seats)
            if opponent.computer is not None:
                raise ServiceError(text("The computer plays on: it does not take draws."))
            record = await self.store.set_draw_offer(state.id, state.version, seats[0])
            fresh = replace(state, record=record)
            return [
                BoardUpdate(
                    fresh,
                    text(
                        "{name} offers a draw: /draw accept or /draw decline.",
                        name=actor.display_name,
                    ),
                    fresh.record.chat,
                )
            ]

    @_routed
    async def claim(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        """End the game as the rules say if they already decide it (a draw by rule)."""
        async with self._playing(actor, game_id) as (state, _, _):
            outcome = state.position.outcome()
            if outcome is None:
                raise ServiceError(
                    text("No draw can be claimed now: the rules let the game go on.")
                )
            return await self._finish(state, _result(outcome))

    @_routed
    async def abort(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        async with self._playing(actor, game_id) as (state, _, _):
            if state.plies > 0:
                raise ServiceError(text("A game can be aborted only before its first move."))
            return await self._finish(state, None, "aborted")

    # -- correspondence ------------------------------------------------------------------------

    async def remind(self, clock: ClockRecord, name: str) -> None:
        """Reminder `name` for the turn of a clock: queued once, unless the player muted them."""
        record = await self.store.get_game(clock.game_id)
        player_id = record.seats[clock.seat].player_id
        if player_id is not None and not (await self.store.get_player(player_id)).reminders:
            player_id = None
        await self.store.remind(clock.game_id, clock.seat, name, player_id)

    async def timeout(self, clock: ClockRecord) -> None:
        """The deadline of a turn passed: a loss on time (in Ludo the player leaves and the
        others play on). Checked again under the game's lock, so it happens once."""
        async with self._lock(clock.game_id):
            state = await self.state(clock.game_id)
            current = await self.store.clock(clock.game_id)
            if (
                current is None
                or current.seat != clock.seat
                or current.due_at is None
                or current.due_at > self.clock()
                or self.acting_seat(state) != clock.seat
            ):
                return
            if state.record.seats[clock.seat].computer is not None:
                self._wake_computers(state)
                return
            family = family_of(find_game(state.record.kind))
            loser = state.seat_names[clock.seat]
            if family.multi_seat(state):
                events = await self._commit(
                    state, family.leave(state, clock.seat), clock.seat, None
                )
            else:
                winners = [seat.seat for seat in state.record.seats if seat.seat != clock.seat]
                events = await self._finish(state, {"winners": winners, "reason": "timeout"})
            for seat in state.record.seats:
                if seat.player_id is not None:
                    await self.store.add_notice(seat.player_id, state.id, f"timeout:{clock.seat}")
        headline = text("{name} ran out of time.", name=loser)
        fresh = events_state(events)
        assert fresh is not None
        await self._publish([BoardUpdate(fresh, headline, fresh.record.chat), *events[1:]])
        self._wake_computers(fresh)

    async def deliver_notices(self) -> None:
        """Deliver the queued notices (reminders, losses on time), each marked once sent."""
        for notice in await self.store.unsent_notices():
            state = None
            if notice.game_id is not None:
                try:
                    state = await self.state(notice.game_id)
                except ServiceError:
                    state = None
            message = _notice_text(notice.kind, notice.game_id, notice.player_id, state)
            platform = await self._where_seen(notice.player_id)
            await self._publish([PlayerNotice(notice.player_id, message, state, platform)])
            await self.store.notice_sent(notice.id)

    async def vacation(self, actor: Actor, days: int | None) -> list[Event]:
        """Start a vacation of `days` (None: every day left this year), or with 0 end it."""
        player = await self.player(actor)
        now = self.clock()
        if days == 0:
            if await self.store.end_vacation(player.id) is None:
                raise ServiceError(text("You are not on vacation."))
            self.scheduler.poke()
            return [Reply(text("Welcome back: your clocks run again."))]
        used = vacation_days_used(
            await self.store.vacations(
                player.id, now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
            ),
            now.year,
            now,
        )
        left = int(VACATION_DAYS_PER_YEAR - used)
        if left < 1:
            raise ServiceError(text("You have no vacation days left this year."))
        wanted = left if days is None else days
        if not 1 <= wanted <= left:
            raise ServiceError(
                text("You can take 1 to {left} days of vacation this year.", left=left)
            )
        until = now + timedelta(days=wanted)
        try:
            await self.store.start_vacation(player.id, until)
        except OnVacation:
            raise ServiceError(
                text("You are on vacation already: /vacation off ends it.")
            ) from None
        self.scheduler.poke()
        return [
            Reply(
                text(
                    "On vacation for {days} days, until {until}: your clocks stop in every "
                    "game. Any move of yours ends the vacation.",
                    days=wanted,
                    until=until.strftime("%Y-%m-%d %H:%M UTC"),
                )
            )
        ]

    async def set_reminders(self, actor: Actor, on: bool) -> list[Event]:
        player = await self.player(actor)
        await self.store.set_reminders(player.id, on)
        if on:
            return [Reply(text("Reminders before your deadlines are on."))]
        return [Reply(text("Reminders before your deadlines are off."))]

    async def link(self, actor: Actor, code: str | None) -> list[Event]:
        """Without a code: a one-time code to type on another platform. With one: this account
        joins the player who asked for the code, with all its games."""
        player = await self.player(actor)
        if code is None:
            new_code = new_link_code()
            await self.store.create_link_code(
                player.id, new_code, self.clock() + LINK_CODE_LIFETIME
            )
            return [
                Reply(
                    text(
                        "On your other platform, send /link {code} within 15 minutes to play "
                        "as one player everywhere.",
                        code=new_code,
                    )
                )
            ]
        try:
            linked = await self.store.link_identity(
                code.strip().upper(), actor.platform, actor.user_id
            )
        except LinkRefused as error:
            reason = str(error)
            if "play each other" in reason:
                raise ServiceError(
                    text("These two accounts play each other: finish that game first.")
                ) from None
            raise ServiceError(
                text("That code is unknown or expired: ask for a new one with /link.")
            ) from None
        self._players.pop((actor.platform, actor.user_id), None)
        return [
            Reply(text("Linked: you are {name} on every platform now.", name=linked.display_name))
        ]

    # -- information ---------------------------------------------------------------------------

    async def board(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        player = await self.player(actor)
        state = await self._game_of(player, game_id, finished=True)
        return [BoardUpdate(state, None, None)]

    async def legal_moves(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        player = await self.player(actor)
        state = await self._game_of(player, game_id)
        if not state.active:
            raise ServiceError(text("Game #{game} is over.", game=state.id))
        choices = [state.position.notation(move) for move in state.position.legal_moves()]
        return [Reply(text("Legal moves: {moves}", moves=", ".join(choices)))]

    async def my_games(self, actor: Actor) -> list[Event]:
        """Every game of the player on every platform, the most urgent first: their turns by
        the time left, then the games where others are to move."""
        player = await self.player(actor)
        games = await self.store.games_of_player(player.id)
        if not games:
            return [Reply(text("You have no game in progress. Start one with /new."))]
        rows = []
        for record in games:
            try:
                state = await self.state(record.id)
            except ServiceError as error:
                rows.append(((2, 0.0), error.reason))
                continue
            acting = self.acting_seat(state)
            mine = acting is not None and acting in self.seats_of(state, player)
            if acting is None:
                turn = text("game over")
            elif mine:
                turn = text("your turn")
            else:
                turn = text("{name} to move", name=state.seat_names[acting])
            if state.time_left is not None:
                turn = text("{turn}, {left} left", turn=turn, left=describe_time(state.time_left))
            urgency = state.time_left.total_seconds() if state.time_left is not None else 1e12
            kind = find_game(record.kind)
            line = text(
                "{marker}#{game} {title}: {players} ({turn})",
                marker="*" if record.id == player.active_game_id else " ",
                game=record.id,
                title=family_of(kind).title(kind),
                players=" - ".join(state.seat_names),
                turn=turn,
            )
            rows.append(((0 if mine else 1, urgency), line))
        rows.sort(key=lambda row: row[0])
        return [Reply(line) for _, line in rows]

    async def use(self, actor: Actor, game_id: int) -> list[Event]:
        player = await self.player(actor)
        state = await self.state(game_id)
        if not self.seats_of(state, player):
            raise ServiceError(text("You are not playing in game #{game}.", game=game_id))
        await self.store.set_active_game(player.id, game_id)
        return [Reply(text("Your moves now go to game #{game}.", game=game_id))]

    async def history(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        player = await self.player(actor)
        state = await self._game_of(player, game_id, finished=True)
        if not state.log:
            return [Reply(text("No moves yet in game #{game}.", game=state.id))]
        family = family_of(find_game(state.record.kind))
        return [Reply(text("{moves}", moves=family.history(state.log)))]

    async def export_pdn(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        player = await self.player(actor)
        state = await self._game_of(player, game_id, finished=True)
        family = family_of(find_game(state.record.kind))
        content = family.pdn(state, state.log)
        if content is None:
            raise ServiceError(text("PDN export is for draughts games."))
        return [
            FileReady(
                f"game-{state.id}.pdn",
                content.encode(),
                text("Game #{game} in PDN.", game=state.id),
            )
        ]


def _acting_seat(position: AnyGame) -> int:
    seat = position.to_move()
    if seat == CHANCE:
        return family_of(find_game(position.key)).roller(position)
    return seat


def events_state(events: Sequence[Event]) -> GameState | None:
    """The newest game state among events (after a move)."""
    for event in reversed(events):
        if isinstance(event, BoardUpdate):
            return event.state
    return None


def _illegal(notation: str, error: IllegalMove) -> Text:
    if error.choices:
        return text(
            "{move} is not legal here: {reason}. Legal: {choices}",
            move=notation,
            reason=str(error),
            choices=", ".join(error.choices),
        )
    return text("{move} is not legal here: {reason}.", move=notation, reason=str(error))


def _notice_text(kind: str, game_id: int | None, player_id: int, state: GameState | None) -> Text:
    """What a queued notice says to its player."""
    if kind == "vacation_over":
        return text("Your vacation is over: your clocks run again.")
    if kind.startswith("reminder_") and state is not None and state.time_left is not None:
        return text(
            "Game #{game}: it is your move, {left} left.",
            game=game_id,
            left=describe_time(state.time_left),
        )
    if kind.startswith("timeout:") and state is not None:
        seat = int(kind.split(":")[1])
        if state.record.seats[seat].player_id == player_id:
            return text("You ran out of time in game #{game}.", game=game_id)
        return text(
            "{name} ran out of time in game #{game}.", name=state.seat_names[seat], game=game_id
        )
    return text("Game #{game} needs you.", game=game_id)
