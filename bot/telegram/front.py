"""The Telegram front end: chat messages and button presses in, boards and messages out.

Typed commands go through the shared parser and dispatcher; buttons carry their game and
version (bot.telegram.widgets.callbacks), so a press is checked against the stored game before it is
answered, then played through the service. Boards go out through the `BoardDesk` (paced,
retried, edited in place); replies, turn notices and challenges are sent directly.
"""

from __future__ import annotations

import logging

from telegram import (
    Update,
)
from telegram.constants import ChatMemberStatus, ChatType
from telegram.ext import (
    CallbackQueryHandler,
    ChatMemberHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.i18n import language_of
from bot.service.game_service import GameService
from bot.service.kernel.events import Event
from bot.settings import WebSettings
from bot.telegram.chats import TelegramApplication, actor_of, chat_ref
from bot.telegram.commands import TypedCommands
from bot.telegram.menus import publish
from bot.telegram.people import People
from bot.telegram.posting.board_content import BoardContents
from bot.telegram.posting.delivery import PLATFORM, BoardDesk
from bot.telegram.posting.showing import EventShowing
from bot.telegram.sending.budget import Budget
from bot.telegram.webhook.pushes import Pushes
from bot.telegram.widgets.presses import ButtonPresses

logger = logging.getLogger(__name__)


class TelegramFront:
    """One bot account on one service: its parts (what it knows of people and chats, the
    board desk and what its boards show, the events shown, typed commands, button presses)
    and its handlers. bot.telegram.start_front / stop_front run it."""

    def __init__(
        self,
        service: GameService,
        application: TelegramApplication,
        budget: Budget,
        web: WebSettings | None = None,
    ) -> None:
        self.service = service
        self.application = application
        self.bot = application.bot
        self.people = People(service, self.bot, budget.pacing)
        self.contents = BoardContents(self.people, web)
        self.desk = BoardDesk(self.bot, service, budget, self.contents.compose)
        self.showing = EventShowing(self.people, self.desk, self.contents)
        self.commands = TypedCommands(self.people, self.desk, self.contents, self.showing)
        self.presses = ButtonPresses(
            self.people, self.desk, self.contents, self.commands, self.showing
        )
        # Whether the events of later work are shown (from the start until the stop).
        self.running = False
        # Telegram's pushes, when the front end takes them by webhook (bot.telegram.start_front).
        self.pushes: Pushes | None = None
        application.add_handler(CallbackQueryHandler(self.presses.on_press))
        application.add_handler(
            MessageHandler(
                (filters.TEXT | filters.Document.ALL) & filters.UpdateType.MESSAGE,
                self.commands.on_message,
            )
        )
        application.add_handler(
            ChatMemberHandler(self.on_membership, ChatMemberHandler.MY_CHAT_MEMBER)
        )
        application.add_error_handler(self.on_error)
        service.kernel.bus.subscribe(self.on_service_event)

    # -- start-up ------------------------------------------------------------------------------

    async def publish_menus(self) -> None:
        """The command menus and descriptions in every language (bot/telegram/menus.py)."""
        await publish(self.bot, self.people.pacing)

    async def catch_up(self) -> None:
        """After a start: every chat whose board of an active game is older than the game
        (an edit cut off by a crash, a move made while the bot was down) gets the current
        board, once, in place of the old one, with the line of the move nobody was told of."""
        for state, chat, headline in await self.service.records.boards_behind(PLATFORM):
            viewer = await self.contents.viewer(state, chat)
            self.desk.post(chat, state, headline, viewer=viewer, new_message=False)

    async def on_service_event(self, event: Event) -> None:
        """Events of work done later (the computer's moves): shown where their game lives."""
        if self.running:
            await self.showing.show([event], None)

    # -- membership and errors -----------------------------------------------------------------

    async def on_membership(self, update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
        """A person who blocks the bot can no longer be written to privately."""
        change = update.my_chat_member
        if change is None or change.chat.type != ChatType.PRIVATE:
            return
        if change.new_chat_member.status in (ChatMemberStatus.BANNED, ChatMemberStatus.LEFT):
            await self.service.identities.register_private_chat(actor_of(change.from_user), None)
            self.people.private_chats.pop(str(change.chat.id), None)

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        # A bug must not stop the bot: the stored games are safe; say so where it happened
        # (and that the disk is full, when it is).
        error = context.error or RuntimeError("an update failed without an error")
        reason = self.service.kernel.failures.reason(error, logger, "an update failed")
        if isinstance(update, Update) and update.effective_chat is not None:
            language = await self._reader_language(update)
            await self.people.say(chat_ref(update.effective_chat.id), [reason], language)

    async def _reader_language(self, update: Update) -> str | None:
        """The language of the person whose update failed: their choice, else their app's
        when even their choice cannot be read (the store that failed may fail again)."""
        user = update.effective_user
        if user is None:
            return None
        try:
            return await self.service.identities.language(self.people.remember(user))
        except Exception:  # whatever failed the update: the app's language still serves
            return language_of(user.language_code)
