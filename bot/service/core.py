"""The platform-free game service: challenges, moves, draws, resignations, computer players.

Every front end turns a chat event into one of these calls and shows the events it returns.
Each game is handled in sequence (one lock per game id); the store's version check makes a
second click on an old board fail with "the board changed" even across processes. Work that
finishes later (a computer's reply, a Ludo roll of a computer seat) is published to the
subscribed front ends.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, Literal

from bot.i18n import Text, language_of, text
from bot.service.events import (
    Actor,
    BoardChanged,
    BoardUpdate,
    ChallengeUpdate,
    Event,
    FileReady,
    GameState,
    Reply,
    ServiceError,
    TurnNotice,
)
from bot.service.families import Family, family_of
from bot.service.players import ComputerPlayers
from games.base import (
    CHANCE,
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
    CorruptRecord,
    GameRecord,
    GameResult,
    Identity,
    NotFound,
    Player,
    SeatRecord,
    StaleVersion,
    Store,
)

logger = logging.getLogger(__name__)

EventSink = Callable[[Event], Awaitable[None]]

COMPUTER = "computer"


def _result(outcome: Outcome) -> GameResult:
    return {"winners": sorted(outcome.winners), "reason": outcome.reason}


class GameService:
    """The service over one store. Create it, `subscribe` front ends, call its methods."""

    def __init__(self, store: Store, computers: ComputerPlayers | None = None) -> None:
        self.store = store
        self.computers = computers or ComputerPlayers()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._sinks: list[EventSink] = []
        self._players: dict[tuple[str, str], tuple[str, int]] = {}
        self._names: dict[int, str] = {}
        self._background: set[asyncio.Task[None]] = set()

    # -- plumbing ------------------------------------------------------------------------------

    def subscribe(self, sink: EventSink) -> None:
        """Receive the events of work that finishes after its call returned."""
        self._sinks.append(sink)

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
            return await self.store.get_player(known[1])
        player = await self.store.player_for_identity(
            actor.platform, actor.user_id, actor.display_name, language_of(actor.language)
        )
        self._players[key] = (actor.display_name, player.id)
        self._names[player.id] = player.display_name
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
        log = await self.store.moves(game_id)
        kind = find_game(record.kind)
        family = family_of(kind)
        rules = family.rules_options(record.options)
        try:
            position = kind.from_snapshot(record.snapshot, rules)
        except GameError as error:
            logger.warning("game %s: snapshot does not restore (%s); replaying", game_id, error)
            try:
                position = replay(kind.key, rules, [move.notation for move in log])
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
        return GameState(record, position, names, tuple(move.notation for move in log))

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

    async def _game_id_for(self, player: Player, game_id: int | None) -> int:
        """The game a command names, else the player's chosen game, else their only game."""
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

    async def _game_of(self, player: Player, game_id: int | None) -> GameState:
        return await self.state(await self._game_id_for(player, game_id))

    @staticmethod
    def seats_of(state: GameState, player: Player) -> list[int]:
        return [seat.seat for seat in state.record.seats if seat.player_id == player.id]

    @staticmethod
    def acting_seat(state: GameState) -> int | None:
        """The seat that must act now (roll or move), or None when the game is over."""
        if not state.active or state.position.outcome() is not None:
            return None
        seat = state.position.to_move()
        return (
            family_of(find_game(state.record.kind)).roller(state.position)
            if seat == CHANCE
            else seat
        )

    # -- challenges ----------------------------------------------------------------------------

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
        options = family.new_options(kind, players, option_words)
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
                kind.key, options, seats, position.snapshot(), chat, from_challenge=challenge_id
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
        events.extend(self._turn_notices(state))
        self._wake_computers(state)
        return events

    # -- moves ---------------------------------------------------------------------------------

    async def move(
        self,
        actor: Actor,
        notation: str,
        game_id: int | None = None,
        version: int | None = None,
    ) -> list[Event]:
        """Play a move given in notation, as the actor, in the game named or their current one.
        With `version` (from a button), a board that changed since is refused."""
        player = await self.player(actor)
        target = await self._game_id_for(player, game_id)
        async with self._lock(target):
            state = await self.state(target)
            self._check_version(state, version)
            seat = self._seat_of_actor(state, player)
            if state.position.to_move() == CHANCE:
                raise ServiceError(text("Roll the die first: /roll."))
            try:
                move = state.position.parse(notation)
            except IllegalMove as error:
                raise ServiceError(_illegal(notation, error)) from None
            except GameError as error:
                raise ServiceError(text("{reason}", reason=str(error))) from None
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
            events = await self._commit(state, move, seat, player.id)
        self._wake_computers(events_state(events) or state)
        return events

    async def roll(
        self, actor: Actor, game_id: int | None = None, version: int | None = None
    ) -> list[Event]:
        """Roll the die for the actor's turn (Ludo), from the game's committed dice."""
        player = await self.player(actor)
        target = await self._game_id_for(player, game_id)
        async with self._lock(target):
            state = await self.state(target)
            self._check_version(state, version)
            self._seat_of_actor(state, player)
            if state.position.to_move() != CHANCE:
                raise ServiceError(text("No roll is due now: play your move."))
            family = family_of(find_game(state.record.kind))
            roll = family.draw_roll(state)
            events = await self._commit(state, state.position.parse(roll), CHANCE, None)
        self._wake_computers(events_state(events) or state)
        return events

    def _check_version(self, state: GameState, version: int | None) -> None:
        if version is not None and version != state.version:
            raise BoardChanged(text("The board changed; here is the current one."), state)
        if not state.active:
            raise ServiceError(text("Game #{game} is over.", game=state.id))

    def _seat_of_actor(self, state: GameState, player: Player) -> int:
        seats = self.seats_of(state, player)
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
            )
        except StaleVersion:
            fresh = await self.state(state.id)
            raise BoardChanged(text("The board changed; here is the current one."), fresh) from None
        fresh = GameState(record, after, state.seat_names, (*state.log, notation))
        family = family_of(find_game(fresh.record.kind))
        mover = family.roller(position) if seat == CHANCE else seat
        headline = family.headline(fresh, notation, mover)
        events: list[Event] = [BoardUpdate(fresh, headline, fresh.record.chat)]
        if outcome is not None:
            events.append(BoardUpdate(fresh, family.result_text(fresh), fresh.record.chat))
        else:
            events.extend(self._turn_notices(fresh))
        return events

    def _turn_notices(self, state: GameState) -> list[Event]:
        seat = self.acting_seat(state)
        if seat is None:
            return []
        player_id = state.record.seats[seat].player_id
        return [TurnNotice(state, player_id)] if player_id is not None else []

    # -- computer players ----------------------------------------------------------------------

    def _wake_computers(self, state: GameState) -> None:
        seat = self.acting_seat(state)
        if seat is not None and state.record.seats[seat].computer is not None:
            task = asyncio.get_running_loop().create_task(self._computer_turns(state.id))
            self._background.add(task)
            task.add_done_callback(self._background_done)

    def _background_done(self, task: asyncio.Task[None]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("a computer turn failed", exc_info=task.exception())

    async def _computer_turns(self, game_id: int) -> None:
        """Play for the computer seats until a person is to act or the game ends."""
        while True:
            async with self._lock(game_id):
                state = await self.state(game_id)
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

    async def resign(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        player = await self.player(actor)
        target = await self._game_id_for(player, game_id)
        async with self._lock(target):
            state = await self.state(target)
            self._check_version(state, None)
            seats = self.seats_of(state, player)
            if not seats:
                raise ServiceError(text("You are not playing in game #{game}.", game=state.id))
            family = family_of(find_game(state.record.kind))
            if family.multi_seat(state):
                events = await self._commit(
                    state, family.leave(state, seats[0]), seats[0], player.id
                )
                self._wake_computers(events_state(events) or state)
                return events
            winners = [seat.seat for seat in state.record.seats if seat.seat not in seats]
            return await self._finish(state, {"winners": winners, "reason": "resignation"})

    async def _finish(self, state: GameState, result: GameResult) -> list[Event]:
        try:
            record = await self.store.finish_game(state.id, state.version, "finished", result)
        except StaleVersion:
            fresh = await self.state(state.id)
            raise BoardChanged(text("The board changed; here is the current one."), fresh) from None
        fresh = replace(state, record=record)
        family = family_of(find_game(fresh.record.kind))
        return [BoardUpdate(fresh, family.result_text(fresh), fresh.record.chat)]

    async def draw(
        self, actor: Actor, answer: str | None, game_id: int | None = None
    ) -> list[Event]:
        """Offer a draw, or accept ("accept") or decline ("decline") the opponent's offer."""
        player = await self.player(actor)
        target = await self._game_id_for(player, game_id)
        async with self._lock(target):
            state = await self.state(target)
            self._check_version(state, None)
            seats = self.seats_of(state, player)
            if not seats:
                raise ServiceError(text("You are not playing in game #{game}.", game=state.id))
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

    async def claim(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        """End the game as the rules say if they already decide it (a draw by rule)."""
        player = await self.player(actor)
        state = await self._game_of(player, game_id)
        outcome = state.position.outcome()
        if not self.seats_of(state, player):
            raise ServiceError(text("You are not playing in game #{game}.", game=state.id))
        if outcome is None:
            raise ServiceError(text("No draw can be claimed now: the rules let the game go on."))
        async with self._lock(state.id):
            state = await self.state(state.id)
            self._check_version(state, None)
            return await self._finish(state, _result(outcome))

    async def abort(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        player = await self.player(actor)
        target = await self._game_id_for(player, game_id)
        async with self._lock(target):
            state = await self.state(target)
            self._check_version(state, None)
            if not self.seats_of(state, player):
                raise ServiceError(text("You are not playing in game #{game}.", game=state.id))
            if state.plies > 0:
                raise ServiceError(text("A game can be aborted only before its first move."))
            try:
                record = await self.store.finish_game(state.id, state.version, "aborted", None)
            except StaleVersion:
                fresh = await self.state(state.id)
                raise BoardChanged(
                    text("The board changed; here is the current one."), fresh
                ) from None
            fresh = replace(state, record=record)
            return [
                BoardUpdate(
                    fresh, text("Game #{game} was aborted.", game=state.id), fresh.record.chat
                )
            ]

    # -- information ---------------------------------------------------------------------------

    async def board(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        player = await self.player(actor)
        state = await self._game_of(player, game_id)
        return [BoardUpdate(state, None, None)]

    async def legal_moves(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        player = await self.player(actor)
        state = await self._game_of(player, game_id)
        if not state.active:
            raise ServiceError(text("Game #{game} is over.", game=state.id))
        choices = [state.position.notation(move) for move in state.position.legal_moves()]
        return [Reply(text("Legal moves: {moves}", moves=", ".join(choices)))]

    async def my_games(self, actor: Actor) -> list[Event]:
        player = await self.player(actor)
        games = await self.store.games_of_player(player.id)
        if not games:
            return [Reply(text("You have no game in progress. Start one with /new."))]
        lines = []
        for record in games:
            state = await self.state(record.id)
            acting = self.acting_seat(state)
            turn = (
                text("your turn")
                if acting is not None and acting in self.seats_of(state, player)
                else text(
                    "{name} to move", name=state.seat_names[acting] if acting is not None else "-"
                )
            )
            marker = "*" if record.id == player.active_game_id else " "
            lines.append(
                text(
                    "{marker}#{game} {title}: {players} ({turn})",
                    marker=marker,
                    game=record.id,
                    title=family_of(find_game(record.kind)).title(find_game(record.kind)),
                    players=" - ".join(state.seat_names),
                    turn=turn,
                )
            )
        return [Reply(line) for line in lines]

    async def use(self, actor: Actor, game_id: int) -> list[Event]:
        player = await self.player(actor)
        state = await self.state(game_id)
        if not self.seats_of(state, player):
            raise ServiceError(text("You are not playing in game #{game}.", game=game_id))
        await self.store.set_active_game(player.id, game_id)
        return [Reply(text("Your moves now go to game #{game}.", game=game_id))]

    async def history(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        player = await self.player(actor)
        state = await self._game_of(player, game_id)
        if not state.log:
            return [Reply(text("No moves yet in game #{game}.", game=state.id))]
        family = family_of(find_game(state.record.kind))
        return [Reply(text("{moves}", moves=family.history(state.log)))]

    async def export_pdn(self, actor: Actor, game_id: int | None = None) -> list[Event]:
        player = await self.player(actor)
        state = await self._game_of(player, game_id)
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
