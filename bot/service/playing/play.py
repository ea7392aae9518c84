"""Play: the moves people type or click, the rolls of the die (Ludo), and the computer's turns
after a restart (the kernel plays them as background work)."""

from __future__ import annotations

import logging

from bot.i18n import quote, text
from bot.i18n.game_messages import error_text
from bot.service.kernel.capability import Capability, routed
from bot.service.kernel.events import Actor, Event, GameState, ServiceError
from bot.service.kernel.families import family_of, seat_name
from bot.service.kernel.game_flow.turns import events_state, seat_to_act
from bot.service.kernel.ids import known_id, whole_number
from bot.service.kernel.kernel import Kernel
from games.base import CHANCE, BadNotation, GameError, find_game
from storage import ChatRef, GameStore

logger = logging.getLogger(__name__)


class Play(Capability):
    """Moves and rolls of the people in a game."""

    def __init__(self, kernel: Kernel, games: GameStore) -> None:
        super().__init__(kernel)
        self.games = games

    @routed
    async def move(
        self,
        actor: Actor,
        notation: str,
        game_id: int | None = None,
        version: int | None = None,
        chat: ChatRef | None = None,
    ) -> list[Event]:
        """Play a move given in notation, as the actor, in the game named or their current one.
        With `version` (from a button), a board that changed since is refused."""
        if game_id is None:
            game_id, notation = await self._numbered(actor, notation)
        player_id, target = await self._actor_and_game(actor, game_id)
        async with self.kernel.lookup.lock(target):
            state = await self.kernel.current(target)
            await self.kernel.lookup.check_visible(state, player_id, chat)
            self.kernel.lookup.check_version(state, version)
            seat = self._seat_of_actor(state, player_id)
            if state.position.to_move() == CHANCE:
                raise ServiceError(text("Roll the die first: {/roll}."))
            try:
                move = state.position.parse(notation)
            except GameError as error:
                raise ServiceError(error_text(error)) from None
            if move not in state.position.legal_moves():
                # Moves that only the service may log (a Ludo player leaving) are not typed.
                raise ServiceError(
                    text(
                        "{move} is not a move you can play here. Legal: {choices}",
                        move=quote(notation),
                        choices=", ".join(
                            state.position.notation(legal) for legal in state.position.legal_moves()
                        ),
                    )
                )
            events = await self.kernel.changes.commit(state, move, seat, player_id)
        await self.kernel.first_players.played(actor, state.record.chat)
        self.kernel.computer_turns.wake(events_state(events) or state)
        return events

    async def _numbered(self, actor: Actor, notation: str) -> tuple[int | None, str]:
        """`/move 10 22-19`: a number before a move names the game, unless the whole line is a
        move of the game it would go to without one (a Ludo pawn is a bare number: `2 c14`)."""
        first, _, rest = notation.strip().partition(" ")
        number = whole_number(first)
        if number is None or not rest.strip():
            return None, notation
        player = await self.kernel.roster.player(actor)
        try:
            usual: int | None = await self.kernel.lookup.game_id_for(player, None)
        except ServiceError:
            usual = None  # no game to go to without a number
        if usual is not None and _notation(await self.kernel.current(usual), notation):
            return None, notation
        named = await self.kernel.current(known_id(number))
        self.kernel.lookup.own_seats(named, player.id)
        return number, rest.strip()

    async def _actor_and_game(self, actor: Actor, game_id: int | None) -> tuple[int, int]:
        """The actor's player id and the game a command goes to; a click on a button names
        its game, and then nothing needs reading."""
        if game_id is not None:
            known = self.kernel.roster.known_player_id(actor)
            if known is not None:
                return known, game_id
        player = await self.kernel.roster.player(actor)
        return player.id, await self.kernel.lookup.game_id_for(player, game_id)

    @routed
    async def roll(
        self,
        actor: Actor,
        game_id: int | None = None,
        version: int | None = None,
        chat: ChatRef | None = None,
    ) -> list[Event]:
        """Roll the die for the actor's turn (Ludo), from the game's committed dice."""
        player_id, target = await self._actor_and_game(actor, game_id)
        async with self.kernel.lookup.lock(target):
            state = await self.kernel.current(target)
            await self.kernel.lookup.check_visible(state, player_id, chat)
            self.kernel.lookup.check_version(state, version)
            self._seat_of_actor(state, player_id)
            family = family_of(find_game(state.record.kind))
            if state.position.to_move() != CHANCE:
                raise ServiceError(family.no_roll_due(state))
            roll = family.draw_roll(state)
            events = await self.kernel.changes.commit(
                state, state.position.parse(roll), CHANCE, None
            )
        await self.kernel.first_players.played(actor, state.record.chat)
        self.kernel.computer_turns.wake(events_state(events) or state)
        return events

    def _seat_of_actor(self, state: GameState, player_id: int) -> int:
        seats = self.kernel.lookup.own_seats(state, player_id)
        acting = seat_to_act(state)
        if acting not in seats:
            return_name = seat_name(state, acting) if acting is not None else "?"
            raise ServiceError(text("It is not your turn: {name} is to move.", name=return_name))
        return acting

    async def resume(self) -> None:
        """After a restart: let the computers move wherever it is their turn."""
        for game_id in await self.games.games_with_computers():
            try:
                self.kernel.computer_turns.wake(await self.kernel.state(game_id))
            except ServiceError as error:
                logger.error("game %s cannot be resumed: %s", game_id, error)


def _notation(state: GameState, typed: str) -> bool:
    """Whether the words are a move in the game's notation, legal or not."""
    try:
        state.position.parse(typed)
    except BadNotation:
        return False
    except GameError:
        return True  # a move in notation, only not legal here
    return True
