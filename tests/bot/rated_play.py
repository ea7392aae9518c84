"""Helpers for the tests of rated games: a service whose store writes rating changes, and a
game between two people played to a given number of moves."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.events import Actor, GameState
from bot.service.kernel.rated.rated_games import rating_writes
from storage import ChatRef, GameEndWrite, Store, open_store

CHAT = ChatRef("test", "chat-1")
ANA = Actor("test", "ana", "Ana")
BIA = Actor("test", "bia", "Bia")


RATED_DATABASE = "rated.sqlite3"
# Two moves a side in Brazilian draughts, so that the game counts for the ratings.
OPENING = ("c3-d4", "f6-g5", "g3-h4", "b6-a5")


async def rated_store_at(path: str | Path, extra: Sequence[GameEndWrite] = ()) -> Store:
    return await open_store(path, on_game_end=[*rating_writes(), *extra])


async def start(
    service: GameService, words: Sequence[str] = (), white: Actor = ANA, black: Actor = BIA
) -> GameState:
    """A game of Brazilian draughts, `white` against `black`, accepted."""
    await service.challenges.new_game(
        white, CHAT, "brazilian", opponent=black, seat=0, option_words=list(words)
    )
    await service.challenges.accept(black, None, CHAT)
    white_player = await service.kernel.roster.player(white)
    games = await service.store.games_of_player(white_player.id)
    return await service.kernel.state(games[0].id)


async def play(
    service: GameService, game_id: int, plies: int, white: Actor = ANA, black: Actor = BIA
) -> GameState:
    """Play `plies` moves, each side's first legal one."""
    for _ in range(plies):
        state = await service.kernel.state(game_id)
        actor = white if seat_to_act(state) == 0 else black
        move = state.position.notation(state.position.legal_moves()[0])
        await service.play.move(actor, move, game_id)
    return await service.kernel.state(game_id)
