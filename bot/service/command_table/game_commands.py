"""The commands that read a game before they act: /rules explains the game named (or the
current one), /verify checks a Ludo game's dice, and /resign and /abort ask for a yes first.
The command table (bot/service/command_table/) calls these."""

from __future__ import annotations

from bot.i18n import quote, text
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, BoardUpdate, Event, GameState, Reply, ServiceError
from bot.service.kernel.families import family_of
from bot.service.kernel.families.dice_words import verification
from bot.service.kernel.game_flow.turns import check_abortable, player_seats
from bot.service.kernel.words.rules_text import GAMES_HELP, rules_of
from games.base import find_game
from storage import ChatRef


async def game_state(
    service: GameService, actor: Actor, game_id: int | None, chat: ChatRef | None = None
) -> GameState:
    """The game a command names (or the player's current one), finished games included;
    refused as unknown where the person may not see it from `chat`."""
    events = await service.records.board(actor, game_id, chat)
    return next(event.state for event in events if isinstance(event, BoardUpdate))


async def rules(service: GameService, actor: Actor, game: str | None) -> list[Event]:
    """The rules of the game named, else of the current game, else the list of games."""
    if game:
        try:
            kind = find_game(game)
        except KeyError:
            raise ServiceError(text("{name} is not a game here.", name=quote(game))) from None
        return [Reply(line) for line in rules_of(kind.key)]
    try:
        state = await game_state(service, actor, None)
    except ServiceError:
        return [Reply(GAMES_HELP)]
    options = family_of(find_game(state.record.kind)).rules_options(state.record.options)
    return [Reply(line) for line in rules_of(state.record.kind, options)]


async def verify(
    service: GameService, actor: Actor, game_id: int | None, chat: ChatRef
) -> list[Event]:
    """Whether the revealed seed of a Ludo game gives its rolls (anyone who sees it may)."""
    state = await game_state(service, actor, game_id, chat)
    return [Reply(verification(state))]


async def ask_yes(
    service: GameService,
    actor: Actor,
    chat: ChatRef,
    name: str,
    game_id: int | None,
    slash: bool,
) -> list[Event]:
    """/resign and /abort end a game for good: without a yes they ask for one, of the game's
    players only, and only while the game can still end so (as the board's buttons do). The
    yes is typed ("/resign 12 yes") or, on Discord, the command's `confirm` option."""
    state = await game_state(service, actor, game_id, chat)
    if not state.active:
        raise ServiceError(text("Game #{game} is over.", game=state.id))
    if not player_seats(state, (await service.kernel.roster.player(actor)).id):
        raise ServiceError(text("You are not playing in game #{game}.", game=state.id))
    if name == "abort":
        check_abortable(state)
    if slash:
        question = (
            text("Resign game #{game}?", game=state.id)
            if name == "resign"
            else text("Call off game #{game}?", game=state.id)
        )
        return [Reply(question), Reply(text("To confirm, give the command again with confirm."))]
    if name == "resign":
        return [
            Reply(
                text(
                    "Resign game #{game}? To confirm, type {/resign} {game} {=yes}.", game=state.id
                )
            )
        ]
    return [
        Reply(
            text("Call off game #{game}? To confirm, type {/abort} {game} {=yes}.", game=state.id)
        )
    ]
