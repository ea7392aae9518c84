"""Which game a command names, and who may see it from where; one lock per game, so that a
game's actions happen one after another."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Collection

from bot.i18n import text
from bot.service.kernel.events import BoardChanged, GameState, ServiceError
from bot.service.kernel.game_flow.states import GameStates
from bot.service.kernel.game_flow.turns import player_seats
from storage import ChatRef, CorruptRecord, NotFound, Player, Store


class GameLookup:
    def __init__(self, store: Store, states: GameStates) -> None:
        self.store = store
        self.states = states
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock of one game: its actions happen one after another."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

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

    async def latest_kind(self, player: Player, kinds: Collection[str]) -> str | None:
        """The kind of the player's latest game of one of `kinds` (those in progress first)."""
        for status in ("active", "finished"):
            for game in await self.store.games_of_player(player.id, status):
                if game.kind in kinds:
                    return game.kind
        return None

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
        state = await self.states.read(await self.game_id_for(player, game_id, finished=finished))
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

    @staticmethod
    def check_version(state: GameState, version: int | None) -> None:
        """Refuse an action on an old board (`version` from a button) or an ended game."""
        if version is not None and version != state.version:
            raise board_changed(state)
        if not state.active:
            raise ServiceError(text("Game #{game} is over.", game=state.id))


def board_changed(fresh: GameState) -> BoardChanged:
    """The refusal of an action on an old board, with the fresh one."""
    return BoardChanged(text("The board changed; here is the current one."), fresh)
