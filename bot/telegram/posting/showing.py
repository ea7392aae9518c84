"""Events shown in Telegram: boards, turn notices, challenges, files, leaderboards."""

from __future__ import annotations

import html
import logging
from collections.abc import Sequence
from functools import partial

from telegram import InlineKeyboardMarkup
from telegram.constants import ChatAction, ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError

from bot.i18n import Text, text, translate
from bot.recent import REMEMBERED_CHATS, Recent
from bot.service import boards
from bot.service.kernel.events import (
    Actor,
    BoardUpdate,
    ChallengeUpdate,
    ClubMatchUpdate,
    ComputerThinking,
    Event,
    FileReady,
    GameState,
    PlayerNotice,
    Reply,
    ServiceError,
    SimulDesk,
    SimulUpdate,
    TournamentUpdate,
    TurnNotice,
)
from bot.service.kernel.families import family_of
from bot.showing import show_events
from bot.telegram.chats import NAME_SLOT, Origin, is_private, mention_link
from bot.telegram.people import People
from bot.telegram.posting.arena_boards import arena_boards
from bot.telegram.posting.board_content import BoardContents
from bot.telegram.posting.delivery import (
    PLATFORM,
    BoardDesk,
    is_gone,
    is_not_modified,
    with_retries,
)
from bot.telegram.posting.tournament_boards import TournamentBoards
from bot.telegram.ratings import leaderboard_html
from bot.telegram.simuls import desk_keyboard, simul_keyboard
from bot.telegram.tournaments import tournament_keyboard
from bot.telegram.widgets.keyboards import challenge_keyboard, puzzle_keyboard
from bot.telegram.widgets.web_buttons import page_buttons
from bot.web.links import reply_text
from games.base import find_game
from storage import ChatRef, Identity

logger = logging.getLogger(__name__)


class EventShowing:
    """Shows the service's events in Telegram, for one bot account (bot/showing.py's
    `Front`: it hands this one Telegram's events)."""

    platform = PLATFORM

    def __init__(self, people: People, desk: BoardDesk, contents: BoardContents) -> None:
        self.people = people
        self.service = people.service
        self.bot = people.bot
        self.pacing = people.pacing
        self.desk = desk
        self.contents = contents
        self.tournament_boards = TournamentBoards(people, desk)
        self.arena_boards = arena_boards(people)
        # The message that shows each challenge (chat id, message id), edited as it changes.
        self.challenge_messages: Recent[int, tuple[str, int]] = Recent(REMEMBERED_CHATS)
        # The newest news of each tournament, the one that keeps Join and Leave; of each simul.
        self.tournament_messages: Recent[int, int] = Recent(REMEMBERED_CHATS)
        self.simul_messages: Recent[int, int] = Recent(REMEMBERED_CHATS)

    async def show(self, events: Sequence[Event], origin: Origin | None) -> None:
        """Show the events of a call (from `origin`) or of later work (without): the replies
        all in one message, then each event of Telegram's, but for the turn notices of the
        person who acted (the board he acted on says it)."""
        replies = [event for event in events if isinstance(event, Reply)]
        # A private reply asked for in a group goes to the person's private chat instead.
        alone = origin is not None and origin.private
        public = [reply for reply in replies if alone or not reply.private]
        if public and origin is not None:
            links = page_buttons(self.contents.web, public, origin.language)
            lines = [reply_text(self.contents.web, reply) for reply in public]
            await self.people.say(origin.chat, lines, origin.language, origin.reply_to, links)
        if origin is not None and len(public) < len(replies):
            await self._say_privately([r for r in replies if r not in public], origin)
        acting_player = (
            await self.service.kernel.roster.player(origin.actor) if origin is not None else None
        )
        if acting_player is not None:
            events = [
                event
                for event in events
                if not (isinstance(event, TurnNotice) and event.player_id == acting_player.id)
            ]
        await show_events(self, events, origin)

    async def _say_privately(self, replies: list[Reply], origin: Origin) -> None:
        """Replies for the person's eyes only (a sign-in link), asked for in a group: in his
        private chat with the bot; if he never started it, the group hears how to."""
        language = origin.language
        web = self.contents.web
        words = "\n".join(translate(language, reply_text(web, reply)) for reply in replies)
        links = page_buttons(self.contents.web, replies, language)
        try:
            await with_retries(
                partial(
                    self.bot.send_message, int(origin.actor.user_id), words, reply_markup=links
                ),
                self.pacing,
            )
        except TelegramError as error:
            logger.info("no private answer for %s: %s", origin.actor.user_id, error)
            unreachable = text(
                "I cannot write to you privately: open a private chat with me, press Start, "
                "then ask again."
            )
            await self.people.say(origin.chat, [unreachable], language, origin.reply_to)

    async def show_reply(self, _event: Reply, _origin: Origin | None) -> None:
        """Said by `show`, all the replies of a call in one message."""

    async def show_thinking(self, event: ComputerThinking, _origin: Origin | None) -> None:
        """The computer thinks in a game of a Telegram chat: the chat shows "typing" (for
        5 seconds at most, or until the bot's next message there, as Telegram documents)."""
        chat = event.state.record.chat
        if chat is None:
            return
        try:
            await self.bot.send_chat_action(int(chat.chat_id), ChatAction.TYPING)
        except TelegramError as error:
            # Only a hint: the move comes all the same.
            logger.info("no typing shown in %s: %s", chat.chat_id, error)

    async def show_board(self, event: BoardUpdate, origin: Origin | None) -> None:
        chat = event.chat or (origin.chat if origin is not None else None)
        if chat is None:
            return
        # A tournament game the organiser sent to its players privately (boards=private).
        home = event.chat is not None and not is_private(chat)
        if home and await self.tournament_boards.post_privately(event, chat):
            return
        viewer = await self.contents.viewer(event.state, chat)
        headline = event.headline
        if is_private(chat):
            readers = await self.contents.readers(event.state, chat)
            headline = boards.addressed_headline(event, readers)
        # A board asked for (/board) is posted anew: the old one may be far up the chat. So is
        # each board of a correspondence game: a move days later deserves a new message.
        new_message = event.chat is None or boards.correspondence(event.state)
        # A tournament game with a forum topic of its own (boards=threads): its boards go
        # there, a board asked for with /board too.
        thread = None if is_private(chat) else await self.tournament_boards.topic(event.state, chat)
        self.desk.post(
            chat,
            event.state,
            headline,
            viewer=viewer,
            new_message=new_message,
            thread=thread,
            again=event.chat is None,
            echo=event.echo,
        )

    async def show_turn_notice(self, event: TurnNotice, _origin: Origin | None) -> None:
        """Tell a player privately that it is their turn in a correspondence game of a
        Telegram chat. Only privately: in the game's group each move posts a new board that
        mentions the player, and a new message's mention notifies (docs/notifications.md)."""
        home = event.state.record.chat
        if home is None or home.platform != PLATFORM:
            return
        account = await self.people.account(event.player_id)
        if account is None or home.chat_id == account.user_id:
            return
        if await self.tournament_boards.private_readers(event.state) is not None:
            return  # its new board, sent privately, is the notice
        notice = text("{name}, your turn in game #{game}.", name=NAME_SLOT, game=event.state.id)
        await self._tell(account, notice, event.state, in_chat=False)

    async def show_player_notice(self, event: PlayerNotice, _origin: Origin | None) -> None:
        """A reminder, a loss on time or a turn's ping, for the player seen last here."""
        account = await self.people.account(event.player_id)
        if account is not None:
            await self._tell(account, event.text, event.state)

    async def _tell(
        self, account: Identity, notice: Text, state: GameState | None, *, in_chat: bool = True
    ) -> None:
        """Write to a player privately, if they started the bot; else (or if they blocked it,
        and `in_chat`) mention them in a new message in the chat of the game, answering its
        board. `notice` may have the slot of their name."""
        actor = Actor(PLATFORM, account.user_id, account.display_name)
        if account.private_chat_id is not None:
            language = await self.service.identities.language(actor)
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
                await self.service.identities.register_private_chat(actor, None)
                self.people.private_chats.pop(account.private_chat_id, None)
            except TelegramError as error:
                logger.warning("no private notice for %s: %s", account.user_id, error)
        home = state.record.chat if state is not None else None
        if state is None or home is None or home.platform != PLATFORM or not in_chat:
            return
        language = await self.people.chat_language(home)
        link = mention_link(account)
        mention = html.escape(translate(language, notice))
        if NAME_SLOT not in mention:
            mention = f"{NAME_SLOT}: {mention}"
        mention = mention.replace(NAME_SLOT, link)
        board = await self.desk.message_of(state.id, home)
        try:
            await with_retries(
                partial(
                    self.bot.send_message,
                    home.chat_id,
                    mention,
                    parse_mode=ParseMode.HTML,
                    reply_to_message_id=board,
                    allow_sending_without_reply=True,
                ),
                self.pacing,
            )
        except TelegramError as error:
            logger.warning("no notice in chat %s: %s", home.chat_id, error)

    async def show_challenge(self, event: ChallengeUpdate, _origin: Origin | None) -> None:
        challenge = event.challenge
        language = await self.people.chat_language(challenge.chat)
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

    async def show_tournament(self, event: TournamentUpdate, _origin: Origin | None) -> None:
        """The news in the tournament's chat, with Join and Leave while it registers; an
        arena's leaderboard in its one message, edited."""
        if event.leaderboard:
            await self.arena_boards.offer(event)
            return
        chat = event.tournament.chat
        language = await self.people.chat_language(chat)
        keyboard = tournament_keyboard(event.tournament, language)
        await self._news(
            chat,
            translate(language, event.text),
            keyboard,
            self.tournament_messages,
            event.tournament.id,
        )

    async def show_simul(self, event: SimulUpdate, _origin: Origin | None) -> None:
        """The news in the simul's chat, with Join and Leave while it takes challengers."""
        chat = event.simul.chat
        language = await self.people.chat_language(chat)
        keyboard = simul_keyboard(event.simul, language)
        await self._news(
            chat, translate(language, event.text), keyboard, self.simul_messages, event.simul.id
        )

    async def show_club_match(self, event: ClubMatchUpdate, _origin: Origin | None) -> None:
        """News of a club match in one of its chats; its score board in one message there,
        edited."""
        if event.standings:
            await self.arena_boards.offer_club_match(event)
            return
        language = await self.people.chat_language(event.chat)
        await self._news(event.chat, translate(language, event.text), None, None, event.match.id)

    async def show_desk(self, event: SimulDesk, origin: Origin | None) -> None:
        """The host's desk where he asked for it, with the next board's button."""
        if origin is not None:
            keyboard = desk_keyboard(event, origin.language)
            await self.people.say(
                origin.chat, [event.text], origin.language, origin.reply_to, keyboard
            )

    async def _news(
        self,
        chat: ChatRef,
        content: str,
        keyboard: InlineKeyboardMarkup | None,
        newest: Recent[int, int] | None,
        key: int,
    ) -> None:
        """News of a tournament, a simul or a club match (`key`) in its chat; only the newest
        news keeps its buttons (`newest` remembers which; None: news without buttons), so that
        they do not pile up."""
        send = partial(self.bot.send_message, chat.chat_id, content, reply_markup=keyboard)
        try:
            sent = await with_retries(send, self.pacing)
            if newest is None:
                return
            earlier = newest.pop(key, None)
            if keyboard is not None:
                newest[key] = sent.message_id
            if earlier is not None:
                await with_retries(
                    partial(self.bot.edit_message_reply_markup, chat.chat_id, earlier),
                    self.pacing,
                )
        except TelegramError as error:
            logger.warning("news of %s in chat %s was not shown: %s", key, chat.chat_id, error)

    async def send_leaderboard(self, origin: Origin, words: Sequence[str]) -> None:
        """/top as one formatted message."""
        try:
            boards = await self.service.ratings.leaderboards(origin.chat, words, origin.actor)
        except ServiceError as error:
            await self.people.say(origin.chat, [error.reason], origin.language, origin.reply_to)
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

    async def show_file(self, event: FileReady, origin: Origin | None) -> None:
        """A call's file goes to whoever made it; a picture the service posts by itself (the
        daily puzzle) to its chat, in the chat's language."""
        if origin is not None:
            await self._send_file(event, origin.chat, origin.language)
        elif event.chat is not None:
            language = await self.people.chat_language(event.chat)
            await self._send_file(event, event.chat, language)

    async def _send_file(self, event: FileReady, chat: ChatRef, language: str | None) -> None:
        caption = translate(language, event.caption)
        # A picture (the rating chart) is shown as a photo, other files (PDN) as documents.
        if event.name.endswith(".png"):
            buttons = None
            if event.puzzle is not None:
                buttons = puzzle_keyboard(event.puzzle, language)
            send = partial(
                self.bot.send_photo, chat.chat_id, event.content, caption, reply_markup=buttons
            )
        else:
            send = partial(
                self.bot.send_document,
                chat.chat_id,
                event.content,
                filename=event.name,
                caption=caption,
            )
        try:
            await with_retries(send, self.pacing)
        except TelegramError as error:
            logger.warning("file %s was not sent: %s", event.name, error)
