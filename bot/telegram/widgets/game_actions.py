"""The presses that end a game or start the next: resign and abort, each confirmed by the
player who asked ("Yes, resign game #N" / "No"), and the rematch under a finished board;
and an arena's Berserk, at once.

The confirmation replaces the board's buttons in place; its "yes" carries the asking
player's id, so no one else can confirm for them, and every press is answered."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from telegram import CallbackQuery, InlineKeyboardMarkup

from bot.i18n import Text, text
from bot.service.game_service import GameService, player_seats
from bot.service.kernel.events import Actor, Event, GameState, ServiceError
from bot.telegram.widgets.callbacks import Action, Press
from bot.telegram.widgets.keyboards import confirmation_keyboard
from storage import ChatRef

STALE = text("This board is old: play on the newest one.")
_ASKS = {Action.ASK_RESIGN: True, Action.ASK_ABORT: False}


class PressOrigin(Protocol):
    @property
    def chat(self) -> ChatRef: ...
    @property
    def actor(self) -> Actor: ...
    @property
    def language(self) -> str | None: ...


OriginT = TypeVar("OriginT", bound=PressOrigin, contravariant=True)


class Answers(Protocol):
    async def answer(
        self, query: CallbackQuery, reason: Text | None, language: str | None
    ) -> None: ...


class Commands(Protocol[OriginT]):
    async def run_command(
        self, origin: OriginT, call: Callable[[], Awaitable[list[Event]]], query: CallbackQuery
    ) -> None: ...


class Keyboards(Protocol):
    def keyboard(
        self, state: GameState, chat: ChatRef, language: str | None, picked: int | None = None
    ) -> InlineKeyboardMarkup | None: ...


class Front(Protocol[OriginT]):
    """What these presses need of the Telegram front end's button presses."""

    @property
    def contents(self) -> Keyboards: ...

    @property
    def service(self) -> GameService: ...
    @property
    def people(self) -> Answers: ...
    @property
    def commands(self) -> Commands[OriginT]: ...

    async def set_keyboard(
        self,
        chat: ChatRef,
        message_id: int,
        keyboard: InlineKeyboardMarkup | None,
        version: int | None = None,
    ) -> None: ...


async def on_press(
    front: Front[OriginT], query: CallbackQuery, press: Press, origin: OriginT, message_id: int
) -> None:
    service, actor = front.service, origin.actor
    if press.action == Action.REMATCH:
        await front.commands.run_command(
            origin, lambda: service.challenges.rematch(actor, press.target, origin.chat), query
        )
        return
    try:
        state = await service.records.visible_state(actor, press.target, origin.chat)
    except ServiceError as error:
        await front.people.answer(query, error.reason, origin.language)
        return
    player = await service.kernel.roster.player(actor)
    refusal = _refusal(state, press, player.id, bool(player_seats(state, player.id)))
    if refusal is not None:
        await front.people.answer(query, refusal, origin.language)
        return
    if press.action in _ASKS:
        keyboard = confirmation_keyboard(state, _ASKS[press.action], player.id, origin.language)
        await front.people.answer(query, None, origin.language)
        await front.set_keyboard(origin.chat, message_id, keyboard, state.version)
    elif press.action == Action.KEEP_PLAYING:
        await front.people.answer(query, None, origin.language)
        await front.set_keyboard(
            origin.chat,
            message_id,
            front.contents.keyboard(state, origin.chat, origin.language),
            state.version,
        )
    elif press.action == Action.BERSERK:
        await front.commands.run_command(
            origin, lambda: service.arenas.berserk(actor, origin.chat, state.id), query
        )
    elif press.action == Action.RESIGN:
        await front.commands.run_command(
            origin, lambda: service.results.resign(actor, state.id, origin.chat), query
        )
    else:
        await front.commands.run_command(
            origin, lambda: service.results.abort(actor, state.id, origin.chat), query
        )


def _refusal(state: GameState, press: Press, player_id: int, seated: bool) -> Text | None:
    if not state.active or state.version != press.version:
        return STALE
    if not seated:
        return text("You are not playing in game #{game}.", game=state.id)
    if press.action in (Action.RESIGN, Action.ABORT) and press.index != player_id:
        return text("Only the player who asked can answer this.")
    return None
