"""The Telegram front end: chat messages and button presses in, boards and messages out.

Typed commands go through the shared parser and dispatcher; buttons carry their game and
version (bot.telegram.callbacks), so a press is checked against the stored game before it is
answered, then played through the service. Boards go out through the `BoardDesk` (paced,
retried, edited in place); replies, turn notices and challenges are sent directly.
"""

from __future__ import annotations

import asyncio
import html
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, TypeVar

from telegram import (
    BotCommand,
    CallbackQuery,
    InlineKeyboardMarkup,
    Message,
    MessageEntity,
    Update,
    User,
)
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, Text, text, translate
from bot.service import boards
from bot.service.commands import COMMANDS, Command, CommandError, parse_command
from bot.service.core import GameService
from bot.service.dispatch import COMPUTER_WORDS, VERSUS_WORDS, dispatch, known_id
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
from bot.service.families import family_of
from bot.telegram.callbacks import CHALLENGE_ACTIONS, Action, Press, decode
from bot.telegram.delivery import (
    PLATFORM,
    BoardContent,
    BoardDesk,
    Pacing,
    clip_caption,
    is_gone,
    is_not_modified,
    with_retries,
)
from bot.telegram.keyboards import board_keyboard, challenge_keyboard
from bot.telegram.levels import LevelQuestions, is_level_press, wants_level
from bot.telegram.ratings import leaderboard_html
from games.base import find_game
from storage import ChatRef, Identity

logger = logging.getLogger(__name__)
K = TypeVar("K")
V = TypeVar("V")

# python-telegram-bot's Application with its default bot, context and data types.
TelegramApplication = Application[Any, Any, Any, Any, Any, Any]

MAX_TEXT = 4096
REMEMBERED_PEOPLE = 50_000
REMEMBERED_CHATS = 10_000
USER_TOKEN = "tg:"
STALE_BOARD = text("This board is old: play on the newest one.")
BOARD_CHANGED = text("The board changed; here is the current one.")
# Where a notice names its reader: their name in a private message, a mention in a group.
NAME_SLOT = "\x00name\x00"
# The updates the bot asks Telegram for: messages, presses, and being blocked or removed.
UPDATE_KINDS = [Update.MESSAGE, Update.CALLBACK_QUERY, Update.MY_CHAT_MEMBER]


class Recent(OrderedDict[K, V]):
    """A dict that forgets its least recently written entries beyond `size`: what the bot
    remembers of people and chats must not grow for as long as it runs."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)


@dataclass(frozen=True)
class Origin:
    """Where a command or press came from and whom to answer, in which language."""

    chat: ChatRef
    actor: Actor
    language: str | None
    private: bool
    reply_to: int | None = None


def actor_of(user: User) -> Actor:
    return Actor(PLATFORM, str(user.id), user.full_name, user.language_code)


def chat_ref(chat_id: int | str) -> ChatRef:
    return ChatRef(PLATFORM, str(chat_id))


def is_private(chat: ChatRef) -> bool:
    # Telegram gives private chats positive ids (the person's own id), groups negative ones.
    return not chat.chat_id.startswith("-")


def mention_link(account: Identity) -> str:
    """A mention of a Telegram account in HTML (it notifies the person)."""
    return f'<a href="tg://user?id={account.user_id}">{html.escape(account.display_name)}</a>'


def chunks(lines: Sequence[str]) -> list[str]:
    """Lines joined into messages of at most Telegram's 4096 characters."""
    messages: list[str] = []
    current = ""
    for line in lines:
        for start in range(0, max(len(line), 1), MAX_TEXT):
            piece = line[start : start + MAX_TEXT]
            if current and len(current) + 1 + len(piece) > MAX_TEXT:
                messages.append(current)
                current = piece
            else:
                current = f"{current}\n{piece}" if current else piece
    if current:
        messages.append(current)
    return messages


def with_user_tokens(message: Message) -> str:
    """The message text with each mention of a user without a username (a text_mention,
    which may span several words) replaced by one word `tg:ID` the opponent resolver reads."""
    content = message.text or ""
    mentions = [
        entity
        for entity in message.entities
        if entity.type == MessageEntity.TEXT_MENTION and entity.user is not None
    ]
    # Entity offsets count UTF-16 code units.
    encoded = content.encode("utf-16-le")
    for entity in sorted(mentions, key=lambda item: item.offset, reverse=True):
        assert entity.user is not None
        token = f"{USER_TOKEN}{entity.user.id}".encode("utf-16-le")
        start, end = entity.offset * 2, (entity.offset + entity.length) * 2
        encoded = encoded[:start] + token + encoded[end:]
    return encoded.decode("utf-16-le")


class TelegramFront:
    """One bot account on one service: its handlers, its board desk, what it remembers of
    people and chats. bot.telegram.start_front / stop_front run it."""

    def __init__(
        self, service: GameService, application: TelegramApplication, pacing: Pacing
    ) -> None:
        self.service = service
        self.application = application
        self.bot = application.bot
        self.pacing = pacing
        self.desk = BoardDesk(self.bot, service, pacing, self._compose)
        self.levels = LevelQuestions(self.bot, pacing)
        self.users: Recent[str, Actor] = Recent(REMEMBERED_PEOPLE)
        self.usernames: Recent[str, str] = Recent(REMEMBERED_PEOPLE)
        self.chat_languages: Recent[str, str | None] = Recent(REMEMBERED_CHATS)
        self.challenge_messages: Recent[int, tuple[str, int]] = Recent(REMEMBERED_CHATS)
        # The private chats registered with the service since the start (once is enough).
        self._private_chats: Recent[str, bool] = Recent(REMEMBERED_PEOPLE)
        self.running = False
        application.add_handler(CallbackQueryHandler(self.on_press))
        application.add_handler(
            MessageHandler(filters.TEXT & filters.UpdateType.MESSAGE, self.on_message)
        )
        application.add_handler(
            ChatMemberHandler(self.on_membership, ChatMemberHandler.MY_CHAT_MEMBER)
        )
        application.add_error_handler(self.on_error)
        service.subscribe(self.on_service_event)

    # -- start-up ------------------------------------------------------------------------------

    async def publish_menus(self) -> None:
        """The command menu in English (the default) and in every translated language."""
        for language in (None, *(code for code in LANGUAGES if code != DEFAULT_LANGUAGE)):
            commands = [
                BotCommand(spec.name, translate(language, spec.summary)[:256]) for spec in COMMANDS
            ]
            try:
                await with_retries(
                    partial(self.bot.set_my_commands, commands, language_code=language),
                    self.pacing,
                )
            except TelegramError as error:
                # The commands work without a menu; the next start tries again.
                logger.warning("the %s command menu was not set: %s", language or "en", error)

    async def catch_up(self) -> None:
        """After a start: every chat whose board of an active game is older than the game
        (an edit cut off by a crash, a move made while the bot was down) gets the current
        board, once, in place of the old one."""
        for state, chat in await self.service.boards_behind(PLATFORM):
            self.desk.post(
                chat, state, None, viewer=await self._viewer(state, chat), new_message=False
            )

    # -- people --------------------------------------------------------------------------------

    def remember(self, user: User) -> Actor:
        """The actor of a user, kept so that `vs @username` can name them later."""
        actor = actor_of(user)
        self.users[actor.user_id] = actor
        if user.username:
            self.usernames[user.username.lower()] = actor.user_id
        return actor

    async def resolve_opponent(self, name: str) -> Actor | None:
        if name.startswith(USER_TOKEN):
            known = self.users.get(name[len(USER_TOKEN) :])
        else:
            user_id = self.usernames.get(name.lstrip("@").lower())
            known = self.users.get(user_id) if user_id else None
        if known is None:
            raise ServiceError(
                text("I do not know {name} yet: ask them to write in this chat first.", name=name)
            )
        return known

    async def _register_private_chat(self, actor: Actor, chat: ChatRef) -> None:
        if chat.chat_id not in self._private_chats:
            await self.service.register_private_chat(actor, chat.chat_id)
            self._private_chats[chat.chat_id] = True

    async def _learn_chat_language(self, chat: ChatRef, language: str | None) -> None:
        """The language of the chat's boards and public messages: in a private chat its
        person's; in a group the group's (the first player's, kept by the service), so that
        the board does not change language with whoever moved last."""
        if is_private(chat):
            self.chat_languages[chat.chat_id] = language
        elif chat.chat_id not in self.chat_languages:
            self.chat_languages[chat.chat_id] = await self.service.chat_language(chat, language)

    async def _chat_language(self, chat: ChatRef) -> str | None:
        """The language public messages of a chat are written in (a group's is stored, so
        that it holds after a restart too)."""
        if chat.chat_id not in self.chat_languages and not is_private(chat):
            self.chat_languages[chat.chat_id] = await self.service.chat_language(chat, None)
        return self.chat_languages.get(chat.chat_id)

    # -- typed commands ------------------------------------------------------------------------

    def _addressed_text(self, message: Message, private: bool) -> str | None:
        """The text of a message meant for the bot, or None for chatter in a group."""
        content = with_user_tokens(message)
        if private:
            return content
        if content.startswith("/"):
            _, at, addressee = content.split(maxsplit=1)[0].partition("@")
            if at and addressee.lower() != (self.bot.username or "").lower():
                return None
            return content
        reply = message.reply_to_message
        if reply is not None and reply.from_user is not None and reply.from_user.id == self.bot.id:
            return content
        return None

    def _with_replied_opponent(self, command: Command, message: Message) -> Command:
        """`/new GAME` written as a reply to someone's message challenges that person."""
        reply = message.reply_to_message
        if command.name != "new" or reply is None or reply.from_user is None:
            return command
        if reply.from_user.is_bot or message.from_user is None:
            return command
        if reply.from_user.id == message.from_user.id:
            return command
        words = {word.lower() for word in command.args}
        if words & (VERSUS_WORDS | COMPUTER_WORDS):
            return command
        self.remember(reply.from_user)
        args = (*command.args, "vs", f"{USER_TOKEN}{reply.from_user.id}")
        return Command(command.name, args, command.raw)

    async def on_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.message
        if message is None or message.from_user is None or message.from_user.is_bot:
            return
        actor = self.remember(message.from_user)
        for entity in message.entities:
            if entity.user is not None:
                self.remember(entity.user)
        chat = chat_ref(message.chat.id)
        private = message.chat.type == ChatType.PRIVATE
        if private:
            await self._register_private_chat(actor, chat)
        line = self._addressed_text(message, private)
        if line is None:
            return
        try:
            command = parse_command(line)
        except CommandError as error:
            if private:  # in a group the command may be another bot's
                await self.say(chat, [error.reason], await self.service.language(actor))
            return
        command = self._with_replied_opponent(command, message)
        language = await self.service.language(actor)
        await self._learn_chat_language(chat, language)
        origin = Origin(chat, actor, language, private, None if private else message.message_id)
        if command.name == "top":
            await self.send_leaderboard(origin, command.args)
            return
        if wants_level(command):
            await self.levels.ask(chat, actor.user_id, command, language)
            return
        await self.run_command(
            origin,
            lambda: dispatch(self.service, actor, chat, command, self.resolve_opponent),
        )
        # After /lang the boards of a private chat speak the new language too.
        await self._learn_chat_language(chat, await self.service.language(actor))

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
                await self.answer(query, reason, origin.language)
            else:
                await self.say(origin.chat, [reason], origin.language, origin.reply_to)

        try:
            events = await call()
        except BoardChanged as error:
            await refuse(error.reason)
            viewer = await self._viewer(error.state, origin.chat)
            self.desk.post(origin.chat, error.state, None, viewer=viewer, new_message=False)
            return
        except ServiceError as error:
            await refuse(error.reason)
            return
        if query is not None:
            await self.answer(query, None, origin.language)
        # After /lang the answer is already in the new language.
        language = await self.service.language(origin.actor)
        await self.show(events, replace(origin, language=language))

    # -- buttons -------------------------------------------------------------------------------

    async def answer(self, query: CallbackQuery, reason: Text | None, language: str | None) -> None:
        """Answer a press (Telegram shows a spinner until then), with a short notice or not."""
        notice = translate(language, reason)[:200] if reason is not None else None
        try:
            await with_retries(lambda: query.answer(notice), self.pacing)
        except TelegramError as error:
            # Too late (Telegram's answer window passed) or unreachable: the press itself is
            # still handled, only its spinner stays a little longer.
            logger.info("a press could not be answered: %s", error)

    async def on_press(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None:
            return
        actor = self.remember(query.from_user)
        language = await self.service.language(actor)
        try:
            await self._press(query, actor, language)
        except Exception:
            # Whatever failed, the press is answered: Telegram spins until then.
            logger.exception("a press failed: %r", query.data)
            await self.answer(
                query,
                text("Something went wrong with that command; your games are safe."),
                language,
            )

    async def _press(self, query: CallbackQuery, actor: Actor, language: str | None) -> None:
        press = decode(query.data)
        message = query.message
        if is_level_press(query.data) and message is not None:
            chat = chat_ref(message.chat.id)
            chosen = await self.levels.chosen(query, chat)
            if isinstance(chosen, Text):
                await self.answer(query, chosen, language)
                return
            origin = Origin(chat, actor, language, message.chat.type == ChatType.PRIVATE)
            call = partial(dispatch, self.service, actor, chat, chosen, self.resolve_opponent)
            await self.run_command(origin, call, query)
            return
        if press is None or message is None:
            await self.answer(query, STALE_BOARD, language)
            return
        try:
            known_id(press.target, challenge=press.action in CHALLENGE_ACTIONS)
        except ServiceError as error:
            await self.answer(query, error.reason, language)
            return
        chat = chat_ref(message.chat.id)
        origin = Origin(chat, actor, language, message.chat.type == ChatType.PRIVATE)
        if press.action in CHALLENGE_ACTIONS:
            await self._challenge_press(query, press, origin, message.message_id)
        else:
            await self._game_press(query, press, origin, message.message_id)

    async def _challenge_press(
        self, query: CallbackQuery, press: Press, origin: Origin, message_id: int
    ) -> None:
        handlers = {
            Action.ACCEPT: self.service.accept,
            Action.DECLINE: self.service.decline,
            Action.BEGIN: self.service.begin,
        }
        self.challenge_messages[press.target] = (origin.chat.chat_id, message_id)
        try:
            events = await handlers[press.action](origin.actor, press.target, origin.chat)
        except ServiceError as error:
            await self.answer(query, error.reason, origin.language)
            return
        await self.answer(query, None, origin.language)
        await self._learn_chat_language(origin.chat, origin.language)
        await self.show(events, origin)

    async def _refusal(self, state: GameState, press: Press, actor: Actor) -> Text | None:
        """Why a press on this board may not act now, or None when it may."""
        if not state.active or state.version != press.version:
            return STALE_BOARD
        seats = GameService.seats_of(state, await self.service.player(actor))
        if not seats:
            return text("You are not playing in game #{game}.", game=state.id)
        acting = GameService.acting_seat(state)
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
            state = await self.service.current(press.target)
        except ServiceError as error:
            await self.answer(query, error.reason, origin.language)
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
            viewer = await self._viewer(state, origin.chat)
            self.desk.post(origin.chat, state, None, viewer=viewer, new_message=False)
        plays = press.action in (Action.MOVE, Action.ROLL)
        if refusal is not None or not plays:
            await self.answer(query, refusal, origin.language)
        if refusal is not None:
            return
        if press.action in (Action.PIECE, Action.BACK):
            picked = press.index if press.action == Action.PIECE else None
            language = self.chat_languages.get(origin.chat.chat_id, origin.language)
            keyboard = board_keyboard(state, language, picked)
            await self._set_keyboard(origin.chat, message_id, keyboard)
            return
        await self._learn_chat_language(origin.chat, origin.language)
        if press.action == Action.ROLL:
            await self.run_command(
                origin, lambda: self.service.roll(origin.actor, state.id, state.version), query
            )
            return
        assert press.index is not None  # checked by _refusal
        notation = boards.move_choices(state)[press.index].notation
        # The press is answered once the move is played: a double tap's second press is
        # refused in its toast, not in the chat.
        await self.run_command(
            origin,
            lambda: self.service.move(origin.actor, notation, state.id, state.version),
            query,
        )

    async def _set_keyboard(
        self, chat: ChatRef, message_id: int, keyboard: InlineKeyboardMarkup | None
    ) -> None:
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

    # -- showing events ------------------------------------------------------------------------

    async def on_service_event(self, event: Event) -> None:
        """Events of work done later (the computer's moves): shown where their game lives."""
        if self.running:
            await self.show([event], None)

    async def show(self, events: Sequence[Event], origin: Origin | None) -> None:
        replies = [event.text for event in events if isinstance(event, Reply)]
        if replies and origin is not None:
            await self.say(origin.chat, replies, origin.language, origin.reply_to)
        acting_player = await self.service.player(origin.actor) if origin is not None else None
        for event in events:
            if isinstance(event, BoardUpdate):
                await self._post_board(event, origin)
            elif isinstance(event, TurnNotice):
                if acting_player is None or acting_player.id != event.player_id:
                    await self._notify_turn(event)
            elif isinstance(event, PlayerNotice):
                await self._notify_player(event)
            elif isinstance(event, ChallengeUpdate):
                await self._show_challenge(event, origin)
            elif isinstance(event, FileReady) and origin is not None:
                await self._send_file(event, origin)

    async def _post_board(self, event: BoardUpdate, origin: Origin | None) -> None:
        chat = event.chat or (origin.chat if origin is not None else None)
        if chat is None or chat.platform != PLATFORM:
            return
        viewer = await self._viewer(event.state, chat)
        # A board asked for (/board) is posted anew: the old one may be far up the chat. So is
        # each board of a correspondence game: a move days later deserves a new message.
        new_message = event.chat is None or boards.correspondence(event.state)
        self.desk.post(chat, event.state, event.headline, viewer=viewer, new_message=new_message)

    async def _viewer(self, state: GameState, chat: ChatRef) -> int | None:
        """The side the board is drawn from in `chat` (the service's policy): in a private
        chat the reader's own side, in a group the side the group chose."""
        if not is_private(chat):
            return boards.viewer_seat(state, flipped=await self.service.flipped(chat))
        readers: list[int] = []
        for seat in state.record.seats:
            if seat.player_id is None:
                continue
            accounts = await self.service.contacts(seat.player_id)
            if any((a.platform, a.user_id) == (PLATFORM, chat.chat_id) for a in accounts):
                readers.append(seat.seat)
        return boards.viewer_seat(state, readers)

    async def _compose(
        self, state: GameState, headlines: tuple[Text, ...], viewer: int | None, chat: ChatRef
    ) -> BoardContent:
        language = await self._chat_language(chat)
        photo = await asyncio.to_thread(boards.picture, state, viewer)
        lines = [
            html.escape(translate(language, line), quote=False)
            for line in (*headlines, boards.caption(state))
        ]
        mention = await self._turn_mention(state, chat, language)
        if mention:
            # Kept whole with the board's own caption when a long caption is clipped.
            lines[-1] = f"{mention}\n{lines[-1]}"
        return BoardContent(photo, clip_caption(tuple(lines)), board_keyboard(state, language))

    async def _turn_mention(self, state: GameState, chat: ChatRef, language: str | None) -> str:
        """In a group, the player to move, mentioned (the live board is their turn notice)."""
        seat = GameService.acting_seat(state)
        player_id = state.record.seats[seat].player_id if seat is not None else None
        if is_private(chat) or player_id is None:
            return ""
        account = await self._account(player_id)
        if account is None:
            return ""
        notice = text("{name}, your turn in game #{game}.", name=NAME_SLOT, game=state.id)
        return html.escape(translate(language, notice), quote=False).replace(
            NAME_SLOT, mention_link(account)
        )

    async def say(
        self,
        chat: ChatRef,
        lines: Sequence[Text],
        language: str | None,
        reply_to: int | None = None,
    ) -> None:
        for part in chunks([translate(language, line) for line in lines]):
            try:
                await with_retries(
                    partial(
                        self.bot.send_message,
                        chat.chat_id,
                        part,
                        reply_to_message_id=reply_to,
                        allow_sending_without_reply=True,
                    ),
                    self.pacing,
                )
            except TelegramError as error:
                logger.warning("a message to chat %s was not delivered: %s", chat.chat_id, error)

    async def _notify_turn(self, event: TurnNotice) -> None:
        """Tell a player that it is their turn, unless the game lives in their private chat
        (its board is the notice there)."""
        home = event.state.record.chat
        if event.platform not in (None, PLATFORM) or home is None or home.platform != PLATFORM:
            return
        account = await self._account(event.player_id)
        if account is None or home.chat_id == account.user_id:
            return
        notice = text("{name}, your turn in game #{game}.", name=NAME_SLOT, game=event.state.id)
        await self._tell(account, notice, event.state)

    async def _notify_player(self, event: PlayerNotice) -> None:
        """A reminder or a loss on time, for the player wherever they were seen last."""
        if event.platform not in (None, PLATFORM):
            return
        account = await self._account(event.player_id)
        if account is not None:
            await self._tell(account, event.text, event.state)

    async def _account(self, player_id: int) -> Identity | None:
        """The player's Telegram account, if they have one."""
        contacts = await self.service.contacts(player_id)
        return next((account for account in contacts if account.platform == PLATFORM), None)

    async def _tell(self, account: Identity, notice: Text, state: GameState | None) -> None:
        """Write to a player privately, if they started the bot; else (or if they blocked it)
        mention them in the chat of the game. `notice` has the slot of their name."""
        actor = Actor(PLATFORM, account.user_id, account.display_name)
        if account.private_chat_id is not None:
            language = await self.service.language(actor)
            lines = [translate(language, notice).replace(NAME_SLOT, account.display_name)]
            if state is not None:
                lines.append(translate(language, boards.caption(state)))
            try:
                await with_retries(
                    partial(self.bot.send_message, account.private_chat_id, "\n".join(lines)),
                    self.pacing,
                )
                return
            except Forbidden:
                await self.service.register_private_chat(actor, None)
                self._private_chats.pop(account.private_chat_id, None)
            except TelegramError as error:
                logger.warning("no private notice for %s: %s", account.user_id, error)
        home = state.record.chat if state is not None else None
        if home is None or home.platform != PLATFORM:
            return
        language = await self._chat_language(home)
        link = mention_link(account)
        mention = html.escape(translate(language, notice))
        if NAME_SLOT not in mention:
            mention = f"{NAME_SLOT}: {mention}"
        mention = mention.replace(NAME_SLOT, link)
        try:
            await with_retries(
                partial(self.bot.send_message, home.chat_id, mention, parse_mode=ParseMode.HTML),
                self.pacing,
            )
        except TelegramError as error:
            logger.warning("no notice in chat %s: %s", home.chat_id, error)

    async def _show_challenge(self, event: ChallengeUpdate, origin: Origin | None) -> None:
        challenge = event.challenge
        if challenge.chat.platform != PLATFORM:
            return
        language = await self._chat_language(challenge.chat)
        keyboard = None
        if challenge.status == "open":
            seat_count = family_of(find_game(challenge.kind)).seat_count(challenge.options)
            keyboard = challenge_keyboard(challenge, seat_count, language)
        content = translate(language, event.text)
        known = self.challenge_messages.get(challenge.id)
        try:
            if known is not None:
                try:
                    await with_retries(
                        lambda: self.bot.edit_message_text(
                            content, chat_id=known[0], message_id=known[1], reply_markup=keyboard
                        ),
                        self.pacing,
                    )
                    return
                except BadRequest as error:
                    if is_not_modified(error):
                        return
                    if not is_gone(error):
                        raise
            sent = await with_retries(
                lambda: self.bot.send_message(
                    challenge.chat.chat_id, content, reply_markup=keyboard
                ),
                self.pacing,
            )
            self.challenge_messages[challenge.id] = (challenge.chat.chat_id, sent.message_id)
        except TelegramError as error:
            logger.warning("challenge %s was not shown: %s", challenge.id, error)

    async def send_leaderboard(self, origin: Origin, words: Sequence[str]) -> None:
        """/top as one formatted message."""
        try:
            boards = await self.service.leaderboards(origin.chat, words)
        except ServiceError as error:
            await self.say(origin.chat, [error.reason], origin.language, origin.reply_to)
            return
        content = leaderboard_html(boards, origin.language)
        try:
            await with_retries(
                partial(
                    self.bot.send_message, origin.chat.chat_id, content, parse_mode=ParseMode.HTML
                ),
                self.pacing,
            )
        except TelegramError as error:
            logger.warning("the leaderboard was not sent: %s", error)

    async def _send_file(self, event: FileReady, origin: Origin) -> None:
        caption = translate(origin.language, event.caption)
        # A picture (the rating chart) is shown as a photo, other files (PDN) as documents.
        if event.name.endswith(".png"):
            send = partial(self.bot.send_photo, origin.chat.chat_id, event.content, caption)
        else:
            send = partial(
                self.bot.send_document,
                origin.chat.chat_id,
                event.content,
                filename=event.name,
                caption=caption,
            )
        try:
            await with_retries(send, self.pacing)
        except TelegramError as error:
            logger.warning("file %s was not sent: %s", event.name, error)

    # -- membership and errors -----------------------------------------------------------------

    async def on_membership(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A person who blocks the bot can no longer be written to privately."""
        change = update.my_chat_member
        if change is None or change.chat.type != ChatType.PRIVATE:
            return
        if change.new_chat_member.status in (ChatMemberStatus.BANNED, ChatMemberStatus.LEFT):
            await self.service.register_private_chat(actor_of(change.from_user), None)
            self._private_chats.pop(str(change.chat.id), None)

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        # A bug must not stop the bot: the stored games are safe; say so where it happened.
        logger.error("an update failed", exc_info=context.error)
        if isinstance(update, Update) and update.effective_chat is not None:
            await self.say(
                chat_ref(update.effective_chat.id),
                [text("Something went wrong with that command; your games are safe.")],
                None,
            )
