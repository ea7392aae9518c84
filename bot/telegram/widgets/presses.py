"""Button presses in Telegram: checked against the stored game or challenge, then played."""

from __future__ import annotations

import logging
from contextlib import suppress

from telegram import (
    CallbackQuery,
    InlineKeyboardMarkup,
    Update,
)
from telegram.constants import ChatType
from telegram.error import BadRequest
from telegram.ext import (
    ContextTypes,
)

from bot.i18n import Text, text
from bot.service import boards
from bot.service.command_table.dispatch import dispatch
from bot.service.game_service import player_seats, seat_to_act
from bot.service.kernel.events import (
    Actor,
    GameState,
    ServiceError,
)
from bot.service.kernel.ids import known_id, known_simul, known_tournament
from bot.telegram.chats import (
    BOARD_CHANGED,
    STALE_BOARD,
    Origin,
    chat_ref,
)
from bot.telegram.commands import TypedCommands
from bot.telegram.people import People
from bot.telegram.posting.board_content import BoardContents
from bot.telegram.posting.delivery import (
    BoardDesk,
    is_gone,
    is_not_modified,
    with_retries,
)
from bot.telegram.posting.showing import EventShowing
from bot.telegram.widgets.callbacks import (
    CHALLENGE_ACTIONS,
    GAME_END_ACTIONS,
    PUZZLE_ACTIONS,
    SIMUL_ACTIONS,
    TOURNAMENT_ACTIONS,
    Action,
    Press,
    decode,
)
from bot.telegram.widgets.game_actions import on_press as game_action_press
from bot.telegram.widgets.game_picker import decode_pick, is_pick, opponent_question
from bot.telegram.widgets.keyboards import puzzle_keyboard
from storage import ChatRef

logger = logging.getLogger(__name__)

STILL_PRESSING = text("Wait: your last press is still being handled.")


class ButtonPresses:
    """Inline button presses; every press is answered."""

    def __init__(
        self,
        people: People,
        desk: BoardDesk,
        contents: BoardContents,
        commands: TypedCommands,
        showing: EventShowing,
    ) -> None:
        self.people = people
        self.service = people.service
        self.bot = people.bot
        self.pacing = people.pacing
        self.desk = desk
        self.contents = contents
        self.commands = commands
        self.showing = showing
        # The people whose press is being handled: their next presses meanwhile only get a
        # toast, so that tapping fast costs the chat no messages and delays no one else's board.
        self.pressing: set[str] = set()

    # -- buttons -------------------------------------------------------------------------------

    async def on_press(self, update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None:
            return
        actor = self.people.remember(query.from_user)
        language = await self.service.identities.language(actor)
        if actor.user_id in self.pressing:
            await self.people.answer(query, STILL_PRESSING, language)
            return
        self.pressing.add(actor.user_id)
        try:
            await self._press(query, actor, language)
        except Exception as error:
            # Whatever failed, the press is answered: Telegram spins until then.
            failures = self.service.kernel.failures
            reason = failures.reason(error, logger, "a press failed: %r", query.data)
            await self.people.answer(query, reason, language)
        finally:
            self.pressing.discard(actor.user_id)

    async def _press(self, query: CallbackQuery, actor: Actor, language: str | None) -> None:
        if is_pick(query.data):
            await self._pick_press(query, actor, language)
            return
        press = decode(query.data)
        message = query.message
        if press is None or message is None:
            await self.people.answer(query, STALE_BOARD, language)
            return
        try:
            if press.action in TOURNAMENT_ACTIONS:
                known_tournament(press.target)
            elif press.action in SIMUL_ACTIONS:
                known_simul(press.target)
            else:
                known_id(press.target, challenge=press.action in CHALLENGE_ACTIONS)
        except ServiceError as error:
            await self.people.answer(query, error.reason, language)
            return
        chat = chat_ref(message.chat.id)
        origin = Origin(chat, actor, language, message.chat.type == ChatType.PRIVATE)
        if press.action in PUZZLE_ACTIONS:
            await self._puzzle_press(query, press, origin, message.message_id)
        elif press.action in TOURNAMENT_ACTIONS:
            await self._tournament_press(query, press, origin)
        elif press.action in SIMUL_ACTIONS:
            await self._simul_press(query, press, origin)
        elif press.action in CHALLENGE_ACTIONS:
            await self._challenge_press(query, press, origin, message.message_id)
        elif press.action in GAME_END_ACTIONS:
            await game_action_press(self, query, press, origin, message.message_id)
        else:
            await self._game_press(query, press, origin, message.message_id)

    async def _pick_press(self, query: CallbackQuery, actor: Actor, language: str | None) -> None:
        """A press of the buttons after a bare /new: the game chosen asks for the level; the
        level starts the game, as the typed command would."""
        pick = decode_pick(query.data)
        message = query.message
        if pick is None or message is None:
            await self.people.answer(query, text("This button no longer works."), language)
            return
        chat = chat_ref(message.chat.id)
        if not pick.start:
            question, keyboard = opponent_question(pick.game, language)
            await self.people.answer(query, None, language)
            with suppress(BadRequest):  # pressed twice: the question is already there
                await with_retries(
                    lambda: self.bot.edit_message_text(
                        question, chat.chat_id, message.message_id, reply_markup=keyboard
                    ),
                    self.pacing,
                )
            return
        await self.set_keyboard(chat, message.message_id, None)
        origin = Origin(chat, actor, language, message.chat.type == ChatType.PRIVATE)
        self.people.learn_private_language(chat, language)
        await self.commands.run_command(
            origin,
            lambda: dispatch(
                self.service, actor, chat, pick.command(), self.people.resolve_opponent
            ),
            query,
        )

    async def _challenge_press(
        self, query: CallbackQuery, press: Press, origin: Origin, message_id: int
    ) -> None:
        handlers = {
            Action.ACCEPT: self.service.challenges.accept,
            Action.DECLINE: self.service.challenges.decline,
            Action.BEGIN: self.service.challenges.begin,
        }
        self.showing.challenge_messages[press.target] = (origin.chat.chat_id, message_id)
        try:
            events = await handlers[press.action](origin.actor, press.target, origin.chat)
        except ServiceError as error:
            await self.people.answer(query, error.reason, origin.language)
            return
        await self.people.answer(query, None, origin.language)
        self.people.learn_private_language(origin.chat, origin.language)
        await self.showing.show(events, origin)

    async def _tournament_press(self, query: CallbackQuery, press: Press, origin: Origin) -> None:
        entering = press.action is Action.JOIN
        call = self.service.entries.join if entering else self.service.entries.leave
        self.people.learn_private_language(origin.chat, origin.language)
        await self.commands.run_command(
            origin, lambda: call(origin.actor, origin.chat, press.target), query
        )

    async def _simul_press(self, query: CallbackQuery, press: Press, origin: Origin) -> None:
        """Join or leave a simul, or the host's desk at the board after the one it showed."""
        simuls, actor, chat = self.service.simuls, origin.actor, origin.chat
        calls = {
            Action.SIMUL_JOIN: lambda: simuls.join(actor, chat, press.target),
            Action.SIMUL_LEAVE: lambda: simuls.leave(actor, chat, press.target),
            Action.DESK_NEXT: lambda: self.service.desks.desk(
                actor, chat, press.target, after=press.version
            ),
        }
        self.people.learn_private_language(chat, origin.language)
        await self.commands.run_command(origin, calls[press.action], query)

    async def _puzzle_press(
        self, query: CallbackQuery, press: Press, origin: Origin, message_id: int
    ) -> None:
        """A button of a puzzle's picture: a piece shows its destinations (back, the pieces
        again), as on a game's board; a move is answered as the typed move would be, the
        solution's button as /puzzle solution."""
        step, index = press.version or 0, press.index or 0
        if press.action is Action.PUZZLE_SOLUTION:
            await self.commands.run_command(
                origin,
                lambda: self.service.puzzles.reveal_press(
                    origin.actor, origin.chat, press.target, step
                ),
                query,
            )
            return
        if press.action is not Action.PUZZLE:
            try:
                choices = await self.service.puzzles.step(
                    origin.actor, origin.chat, press.target, step
                )
            except ServiceError as error:
                await self.people.answer(query, error.reason, origin.language)
                return
            await self.people.answer(query, None, origin.language)
            picked = index if press.action is Action.PUZZLE_PIECE else None
            language = await self.people.chat_language(origin.chat) or origin.language
            await self.set_keyboard(
                origin.chat, message_id, puzzle_keyboard(choices, language, picked)
            )
            return
        await self.commands.run_command(
            origin,
            lambda: self.service.puzzles.press(
                origin.actor, origin.chat, press.target, step, index
            ),
            query,
        )

    async def _refusal(self, state: GameState, press: Press, actor: Actor) -> Text | None:
        """Why a press on this board may not act now, or None when it may."""
        if not state.active or state.version != press.version:
            return STALE_BOARD
        seats = player_seats(state, (await self.service.kernel.roster.player(actor)).id)
        if not seats:
            return text("You are not playing in game #{game}.", game=state.id)
        acting = seat_to_act(state)
        if acting not in seats:
            name = state.seat_names[acting] if acting is not None else "?"
            return text("It is not your turn: {name} is to move.", name=name)
        indexed = press.action in (Action.MOVE, Action.PIECE)
        if indexed and (press.index is None or press.index >= len(boards.move_choices(state))):
            return STALE_BOARD
        return None

    async def _game_press(
        self, query: CallbackQuery, press: Press, origin: Origin, message_id: int
    ) -> None:
        try:
            state = await self.service.records.visible_state(
                origin.actor, press.target, origin.chat
            )
        except ServiceError as error:
            await self.people.answer(query, error.reason, origin.language)
            return
        refusal = await self._refusal(state, press, origin.actor)
        shown = await self.desk.shown_in(state.id, origin.chat)
        if (
            state.version != press.version
            and shown is not None
            and shown.message_id == str(message_id)
            and shown.version < state.version
        ):
            # The newest board message still shows an older version (its edit was cut off by
            # a crash, or is on its way): it becomes the current board.
            refusal = BOARD_CHANGED
            viewer = await self.contents.viewer(state, origin.chat)
            self.desk.post(origin.chat, state, None, viewer=viewer, new_message=False)
        plays = press.action in (Action.MOVE, Action.ROLL)
        if refusal is not None or not plays:
            await self.people.answer(query, refusal, origin.language)
        if refusal is not None:
            return
        if press.action in (Action.PIECE, Action.BACK):
            picked = press.index if press.action == Action.PIECE else None
            language = await self.people.chat_language(origin.chat) or origin.language
            keyboard = self.contents.keyboard(state, origin.chat, language, picked)
            await self.set_keyboard(origin.chat, message_id, keyboard, state.version)
            return
        self.people.learn_private_language(origin.chat, origin.language)
        if press.action == Action.ROLL:
            await self.commands.run_command(
                origin, lambda: self.service.play.roll(origin.actor, state.id, state.version), query
            )
            return
        assert press.index is not None  # checked by _refusal
        notation = boards.move_choices(state)[press.index].notation
        # The press is answered once the move is played: a double tap's second press is
        # refused in its toast, not in the chat.
        await self.commands.run_command(
            origin,
            lambda: self.service.play.move(origin.actor, notation, state.id, state.version),
            query,
        )

    async def set_keyboard(
        self,
        chat: ChatRef,
        message_id: int,
        keyboard: InlineKeyboardMarkup | None,
        version: int | None = None,
    ) -> None:
        """Put `keyboard` on a message; with the board's `version`, a later edit of the same
        board keeps it (BoardDesk.keyboard_chosen)."""
        if version is not None:
            self.desk.keyboard_chosen(chat, message_id, version, keyboard)
        try:
            await with_retries(
                lambda: self.bot.edit_message_reply_markup(
                    chat.chat_id, message_id, reply_markup=keyboard
                ),
                self.pacing,
            )
        except BadRequest as error:
            if not (is_not_modified(error) or is_gone(error)):
                raise
