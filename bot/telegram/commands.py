"""Typed commands in Telegram: which messages are meant for the bot, and running them."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial

from telegram import (
    CallbackQuery,
    Message,
    Update,
)
from telegram.constants import ChatType
from telegram.ext import (
    ContextTypes,
)

from bot.i18n import Text, text
from bot.service.command_table.commands import CommandError, CommandLine, parse_command
from bot.service.command_table.dispatch import dispatch
from bot.service.command_table.words import COMPUTER_WORDS, VERSUS_WORDS
from bot.service.kernel.events import (
    BoardChanged,
    Event,
    ServiceError,
)
from bot.telegram.chats import (
    USER_TOKEN,
    Origin,
    chat_ref,
    with_user_tokens,
)
from bot.telegram.documents import document_file, reviewed_document
from bot.telegram.people import People
from bot.telegram.posting.board_content import BoardContents
from bot.telegram.posting.delivery import BoardDesk, with_retries
from bot.telegram.posting.progress import StageMessage
from bot.telegram.posting.showing import EventShowing
from bot.telegram.widgets.game_picker import games_question
from storage import ChatRef

logger = logging.getLogger(__name__)

# What /help adds in a group: Telegram shows a bot there only commands and replies to its own
# messages (unless its privacy mode is off), so a move typed alone goes unseen.
GROUP_MOVES_HELP = text(
    "In a group I read commands and replies to my messages: play with the board's buttons, "
    "with {/move} c3-d4, or by replying to the board with the move (c3-d4)."
)


class TypedCommands:
    """Messages in, service calls, their events out (shown by `showing`)."""

    def __init__(
        self, people: People, desk: BoardDesk, contents: BoardContents, showing: EventShowing
    ) -> None:
        self.people = people
        self.service = people.service
        self.bot = people.bot
        self.pacing = people.pacing
        self.desk = desk
        self.contents = contents
        self.showing = showing

    # -- typed commands ------------------------------------------------------------------------

    def _addressed_text(self, message: Message, private: bool) -> str | None:
        """The text of a message meant for the bot, or None for chatter in a group."""
        content = with_user_tokens(message)
        if private and not content and message.document is not None:
            return "/review"  # a file sent alone to the bot: reviewed as a PDN
        if private:
            return content
        if content.startswith("/"):
            _, at, addressee = content.split(maxsplit=1)[0].partition("@")
            if at and addressee.lower() != (self.bot.username or "").lower():
                return None
            return content
        if self._replied_message(message) is not None:
            return content
        return None

    def _replied_message(self, message: Message) -> Message | None:
        """The bot's own message that `message` replies to, if it replies to one."""
        reply = message.reply_to_message
        if reply is not None and reply.from_user is not None and reply.from_user.id == self.bot.id:
            return reply
        return None

    async def _board_game(self, message: Message, chat: ChatRef) -> int | None:
        """The game of the board `message` replies to: a move typed as a reply to a board is
        played in that board's game (or refused there), never in another game."""
        replied = self._replied_message(message)
        if replied is None:
            return None
        return await self.service.records.game_shown_by(chat, str(replied.message_id))

    def _with_replied_opponent(self, command: CommandLine, message: Message) -> CommandLine:
        """`/new GAME` written as a reply to someone's message challenges that person."""
        reply = message.reply_to_message
        if command.name != "new" or reply is None or reply.from_user is None:
            return command
        if reply.from_user.is_bot or message.from_user is None:
            return command
        if reply.from_user.id == message.from_user.id:
            return command
        words = {word.lower() for word in command.args}
        if words & {*VERSUS_WORDS, *COMPUTER_WORDS}:
            return command
        self.people.remember(reply.from_user)
        args = (*command.args, "vs", f"{USER_TOKEN}{reply.from_user.id}")
        return CommandLine(command.name, args, command.raw)

    async def on_message(self, update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.message
        if message is None or message.from_user is None or message.from_user.is_bot:
            return
        actor = self.people.remember(message.from_user)
        for entity in message.entities:
            if entity.user is not None:
                self.people.remember(entity.user)
        chat = chat_ref(message.chat.id)
        private = message.chat.type == ChatType.PRIVATE
        if private:
            await self.people.register_private_chat(actor, chat)
        line = self._addressed_text(message, private)
        if line is None:
            return
        try:
            command = parse_command(line)
        except CommandError as error:
            if private:  # in a group the command may be another bot's
                await self.people.say(
                    chat, [error.reason], await self.service.identities.language(actor)
                )
            return
        command = self._with_replied_opponent(command, message)
        language = await self.service.identities.language(actor)
        self.people.learn_private_language(chat, language)
        origin = Origin(chat, actor, language, private, None if private else message.message_id)
        if command.name == "top":
            await self.showing.send_leaderboard(origin, command.args)
            return
        if command.name == "new" and not command.args:
            question, keyboard = games_question(language)
            await with_retries(
                partial(self.bot.send_message, chat.chat_id, question, reply_markup=keyboard),
                self.pacing,
            )
            return
        stages = StageMessage(self.people, origin)
        board_game = await self._board_game(message, chat)
        await self.run_command(origin, self._call(origin, command, message, stages, board_game))
        stages.stop()
        if command.name == "help" and not private:
            await self.people.say(chat, [GROUP_MOVES_HELP], language, origin.reply_to)
        if command.name == "lang":
            # A group's boards speak the language its admins chose from now on.
            self.people.forget_chat_language(chat)
        # After /lang the boards of a private chat speak the new language too.
        self.people.learn_private_language(chat, await self.service.identities.language(actor))

    def _call(
        self,
        origin: Origin,
        command: CommandLine,
        message: Message,
        stages: StageMessage,
        board_game: int | None,
    ) -> Callable[[], Awaitable[list[Event]]]:
        """The service call of a typed command (about `board_game` when it is typed as a reply
        to that game's board); /review with a document (sent with it, or replied to) reviews
        the PDN file."""
        actor, chat = origin.actor, origin.chat
        document = reviewed_document(message) if command.name == "review" else None
        if document is not None and not command.args:
            file = document_file(self.bot, document)
            return lambda: self.service.reviews.review(actor, chat, file=file, progress=stages)
        return lambda: dispatch(
            self.service,
            actor,
            chat,
            command,
            self.people.resolve_opponent,
            lambda: self.people.administers(chat, actor),
            stages,
            board_game,
            # A group's twenty messages a minute are shared by all its games and topics.
            whole_chat_paced=not origin.private,
        )

    async def run_command(
        self,
        origin: Origin,
        call: Callable[[], Awaitable[list[Event]]],
        query: CallbackQuery | None = None,
    ) -> None:
        """Run one service call for `origin` and show its events, or the reason it failed:
        for a press (`query`), in its answer's toast rather than in the chat."""

        async def refuse(reason: Text) -> None:
            if query is not None:
                await self.people.answer(query, reason, origin.language)
            else:
                await self.people.say(origin.chat, [reason], origin.language, origin.reply_to)

        try:
            events = await call()
        except BoardChanged as error:
            await refuse(error.reason)
            viewer = await self.contents.viewer(error.state, origin.chat)
            self.desk.post(origin.chat, error.state, None, viewer=viewer, new_message=False)
            return
        except ServiceError as error:
            await refuse(error.reason)
            return
        if query is not None:
            await self.people.answer(query, None, origin.language)
        # After /lang the answer is already in the new language.
        language = await self.service.identities.language(origin.actor)
        await self.showing.show(events, replace(origin, language=language))
