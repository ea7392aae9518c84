"""Getting boards and messages to Telegram despite flood limits and network trouble.

The service stores a move before any message is sent, so delivery only has to converge on
the latest board: `BoardDesk` keeps the newest board wanted per game and chat and, when the
chat's turn comes (bot.telegram.sending.budget), sends the newest (edits in place, or a new message
whose predecessor loses its buttons); it waits out a 429, retries after timeouts, treats
"message is not modified" as done and a deleted message as a reason to send a new one. Boards
that were overtaken while waiting are skipped: nothing is lost, since the newest board shows
it all.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from telegram import Bot, InlineKeyboardMarkup, InputMediaPhoto
from telegram.constants import ParseMode
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    NetworkError,
    RetryAfter,
    TelegramError,
)

from bot.i18n import Text
from bot.recent import REMEMBERED_BOARDS, Recent
from bot.service.game_service import GameService
from bot.service.kernel.events import GameState
from bot.telegram.sending.budget import Budget, Pacing, retry_seconds
from storage import BoardMessage, BoardSlot, ChatRef

logger = logging.getLogger(__name__)

PLATFORM = "telegram"
MAX_CAPTION = 1024
HTML = ParseMode.HTML
T = TypeVar("T")
# Seconds before a board whose new message another process is sending is looked at again.
SLOT_BUSY_RETRY = 0.3


class SlotBusy(Exception):
    """Another process is sending this board's new message in the chat now."""


def is_not_modified(error: BadRequest) -> bool:
    return "not modified" in error.message.lower()


def is_current(shown: BoardMessage | None, state: GameState) -> bool:
    """Whether the chat's message shows this version of the board, or a newer one."""
    return shown is not None and shown.version >= state.version


def is_gone(error: BadRequest) -> bool:
    """The message to edit was deleted (or can no longer be edited)."""
    message = error.message.lower()
    return "message to edit not found" in message or "message can't be edited" in message


async def with_retries(call: Callable[[], Awaitable[T]], pacing: Pacing) -> T:
    """Run one Bot API call, waiting out 429s and retrying timeouts a few times."""
    backoff = pacing.first_backoff
    for attempt in range(1, pacing.send_attempts + 1):
        try:
            return await call()
        except RetryAfter as error:
            if attempt == pacing.send_attempts:
                raise
            await asyncio.sleep(retry_seconds(error))
        except BadRequest:
            raise
        except NetworkError:  # timeouts included
            if attempt == pacing.send_attempts:
                raise
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, pacing.longest_backoff)
    raise AssertionError("unreachable: the last attempt returns or raises")


@dataclass(frozen=True)
class BoardContent:
    photo: bytes
    caption: str  # HTML (names and moves escaped; a mention is a link)
    keyboard: InlineKeyboardMarkup | None


# Draws the board of a state for one chat: (state, headlines, viewer seat, chat) -> content.
# The headlines come in the game's order.
Composer = Callable[[GameState, tuple[Text, ...], int | None, ChatRef], Awaitable[BoardContent]]


# A headline with the game version it belongs to: headlines are shown in the game's order,
# whichever reached the desk first.
Headline = tuple[int, Text]


@dataclass
class _Wanted:
    """The newest board wanted for one game in one chat."""

    state: GameState
    headlines: tuple[Headline, ...]
    viewer: int | None
    new_message: bool
    # The forum topic a board new in the chat goes to (None: the chat, or the board's own).
    thread: int | None = None
    # Asked for anew (/board): a new message even where another process sent this version.
    again: bool = False
    # Another process's change, which that process shows (BoardUpdate.echo).
    echo: bool = False

    def merge(self, newer: _Wanted) -> _Wanted:
        state = newer.state if newer.state.version >= self.state.version else self.state
        # The latest few headlines: "Ana played 9-13." then "Ana won game #4: ..." both matter.
        headlines = sorted({*self.headlines, *newer.headlines}, key=lambda line: line[0])[-3:]
        return _Wanted(
            state,
            tuple(headlines),
            newer.viewer,
            self.new_message or newer.new_message,
            newer.thread if newer.thread is not None else self.thread,
            self.again or newer.again,
            self.echo and newer.echo,
        )


@dataclass
class _ChatLine:
    """The boards waiting for one chat, and when to try again after a network failure."""

    wanted: dict[int, _Wanted] = field(default_factory=dict)
    resume_at: float = 0.0
    backoff: float = 0.0
    busy: bool = False


class BoardDesk:
    """Sends boards to chats in the chats' turns, converging on the newest board of each
    game."""

    def __init__(self, bot: Bot, service: GameService, budget: Budget, compose: Composer) -> None:
        self.bot = bot
        self.service = service
        self.budget = budget
        self.pacing: Pacing = budget.pacing
        self.compose = compose
        self._lines: dict[str, _ChatLine] = {}
        # The newest board sent (or being sent) per chat and game: an older one that comes
        # later (the player's own move, overtaken by the computer's instant reply) is never
        # shown over it; only its headline joins the newer board.
        # The boards of long-quiet games are forgotten first; their stored versions still keep
        # an older board from replacing them.
        self._latest: Recent[tuple[str, int], _Wanted] = Recent(REMEMBERED_BOARDS)
        # The keyboard a press put on a board message (a piece's destinations, a "resign?"),
        # with the game version it belongs to: an edit of the same version (a late move's
        # line joining the caption) keeps it instead of taking the person's choice away.
        self._chosen: Recent[tuple[str, int], tuple[int, InlineKeyboardMarkup | None]] = Recent(
            REMEMBERED_BOARDS
        )
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._closed = False

    def keyboard_chosen(
        self, chat: ChatRef, message_id: int, version: int, keyboard: InlineKeyboardMarkup | None
    ) -> None:
        """A press put `keyboard` on the board message of `version`."""
        self._chosen[(chat.chat_id, message_id)] = (version, keyboard)

    def _keyboard_for(
        self,
        chat: ChatRef,
        message_id: int,
        state: GameState,
        composed: InlineKeyboardMarkup | None,
    ) -> InlineKeyboardMarkup | None:
        chosen = self._chosen.get((chat.chat_id, message_id))
        if chosen is not None and chosen[0] == state.version:
            return chosen[1]
        return composed

    def post(
        self,
        chat: ChatRef,
        state: GameState,
        headline: Text | None,
        *,
        viewer: int | None,
        new_message: bool,
        thread: int | None = None,
        again: bool = False,
        echo: bool = False,
    ) -> None:
        """Ask for the board of `state` in `chat`: edited in place unless `new_message`; a
        new message goes to forum topic `thread`, or where the game's board already is;
        `again`: asked for anew, sent even if another process sent this version's board;
        `echo`: another process's change, shown here only if that process has not."""
        if self._closed:
            return
        line = self._lines.setdefault(chat.chat_id, _ChatLine())
        headlines = ((state.version, headline),) if headline else ()
        wanted = _Wanted(state, headlines, viewer, new_message, thread, again, echo)
        latest = self._latest.get((chat.chat_id, state.id))
        if latest is not None and state.version < latest.state.version:
            if not headlines or headlines[0] in latest.headlines:
                return
            wanted = replace(latest.merge(wanted), new_message=False)
        known = line.wanted.get(state.id)
        line.wanted[state.id] = known.merge(wanted) if known else wanted
        if chat.chat_id not in self._workers:
            worker = asyncio.get_running_loop().create_task(self._work(chat))
            self._workers[chat.chat_id] = worker

    async def settled(self) -> None:
        """Wait until every board asked for has been delivered (or given up on)."""
        while any(line.wanted or line.busy for line in self._lines.values()):
            await asyncio.sleep(0.01)

    async def close(self, grace: float) -> None:
        """Deliver what is waiting for at most `grace` seconds, then stop."""
        self._closed = True
        try:
            await asyncio.wait_for(self.settled(), grace)
        except TimeoutError:
            logger.warning("boards still waiting at shutdown in %d chats", len(self._workers))
        for worker in list(self._workers.values()):
            worker.cancel()
        await asyncio.gather(*list(self._workers.values()), return_exceptions=True)

    async def _work(self, chat: ChatRef) -> None:
        """Deliver the chat's boards one at a time, each chosen once the chat's turn has come:
        a board asked for while the chat waits replaces the older one of its game."""
        loop = asyncio.get_running_loop()
        line = self._lines[chat.chat_id]
        try:
            while True:
                delay = line.resume_at - loop.time()
                if delay > 0:
                    await asyncio.sleep(delay)
                if not line.wanted:
                    break
                async with self.budget.hold(chat.chat_id):
                    # The games take turns: the one whose board waited longest goes first.
                    game_id = next(iter(line.wanted))
                    wanted = line.wanted.pop(game_id)
                    self._latest[(chat.chat_id, game_id)] = wanted
                    line.busy = True
                    try:
                        line.resume_at = await self._attempt(chat, line, wanted)
                    finally:
                        line.busy = False
        finally:
            self._lines.pop(chat.chat_id, None)
            self._workers.pop(chat.chat_id, None)

    async def _attempt(self, chat: ChatRef, line: _ChatLine, wanted: _Wanted) -> float:
        """Deliver one board; returns when to try the next one: at once (the budget paces
        the chat, and holds it back after a 429), or after a timeout's backoff (with the
        board put back)."""
        loop = asyncio.get_running_loop()
        game_id = wanted.state.id
        try:
            shown = await self.shown_in(game_id, chat)
            if wanted.echo and not wanted.new_message and is_current(shown, wanted.state):
                return loop.time()  # the process that made the change has shown it
            slot = await self._claim(chat, wanted, shown)
            if slot is BoardSlot.SHOWN:
                return loop.time()
            delivered = False
            try:
                headlines = tuple(line for _, line in wanted.headlines)
                content = await self.compose(wanted.state, headlines, wanted.viewer, chat)
                await self._deliver(chat, wanted, content, shown, held=slot is BoardSlot.TAKEN)
                delivered = True
            finally:
                if slot is BoardSlot.TAKEN:
                    await self.service.records.release_board_send(game_id, chat, sent=delivered)
        except SlotBusy:
            # Its message is stored once sent: the next try edits it, or finds it current.
            self._again(line, game_id, wanted)
            return loop.time() + SLOT_BUSY_RETRY
        except RetryAfter as error:
            self._again(line, game_id, wanted)
            logger.info("chat %s: flood limit, retrying in %ss", chat.chat_id, retry_seconds(error))
        except Forbidden as error:
            # Removed from the group, or blocked: the games stay stored, and /board shows
            # them again once the bot is back.
            logger.warning("chat %s is closed to the bot (%s)", chat.chat_id, error)
            line.wanted.clear()
        except (BadRequest, ChatMigrated) as error:
            logger.error("chat %s refused the board of game %s: %s", chat.chat_id, game_id, error)
        except NetworkError as error:  # timeouts included
            self._again(line, game_id, wanted)
            line.backoff = min(
                max(line.backoff * 2, self.pacing.first_backoff), self.pacing.longest_backoff
            )
            logger.info("chat %s: %s; retrying in %ss", chat.chat_id, error, line.backoff)
            return loop.time() + line.backoff
        except Exception:
            logger.exception("the board of game %s could not be shown", game_id)
        line.backoff = 0.0
        return loop.time()

    @staticmethod
    def _again(line: _ChatLine, game_id: int, wanted: _Wanted) -> None:
        """Put a board that failed back, merged with anything newer asked for meanwhile."""
        newer = line.wanted.pop(game_id, None)
        line.wanted = {game_id: wanted.merge(newer) if newer else wanted, **line.wanted}

    async def _claim(
        self, chat: ChatRef, wanted: _Wanted, shown: BoardMessage | None
    ) -> BoardSlot | None:
        """The board's slot in the chat, taken before it is drawn where another process may
        show the same version: a new message always, an edit to a newer version where
        processes share the database. None: no slot is needed (an edit by the only process,
        or of the version already shown). Raises SlotBusy while another process holds it."""
        state = wanted.state
        sends = shown is None or wanted.new_message
        edits_newer = shown is not None and shown.version < state.version
        if not (sends or (edits_newer and self.service.elsewhere.shared)):
            return None
        slot = await self.service.records.claim_board_send(
            state.id, chat, state.version, again=wanted.again
        )
        if slot is BoardSlot.BUSY:
            raise SlotBusy
        return slot

    async def _deliver(
        self,
        chat: ChatRef,
        wanted: _Wanted,
        content: BoardContent,
        shown: BoardMessage | None,
        *,
        held: bool,
    ) -> None:
        """Edit the board's message, or send a new one (`held`: this process holds the
        board's slot; a message found gone is sent anew under it)."""
        state = wanted.state
        thread = wanted.thread
        if thread is None and shown is not None and shown.thread_id is not None:
            thread = int(shown.thread_id)  # a new board goes where the game's board was
        if shown is not None and not wanted.new_message:
            if shown.version > state.version:
                return  # the message shows a newer board already (sent before a restart)
            message_id = int(shown.message_id)
            try:
                await self.bot.edit_message_media(
                    InputMediaPhoto(content.photo, caption=content.caption, parse_mode=HTML),
                    chat_id=chat.chat_id,
                    message_id=message_id,
                    reply_markup=self._keyboard_for(chat, message_id, state, content.keyboard),
                )
            except BadRequest as error:
                if not (is_not_modified(error) or is_gone(error)):
                    raise
                if is_gone(error):
                    shown = None
            if shown is not None:
                if shown.version != state.version:
                    await self.service.records.board_shown(
                        state.id, chat, shown.message_id, state.version
                    )
                return
        if not held:
            # A board whose message was found gone: its slot, as for any new message.
            await self._send_under_claim(chat, wanted, content, thread)
        else:
            await self._send(chat, state, content, thread)
        if shown is not None:
            await self.take_buttons(chat, int(shown.message_id))

    async def shown_in(self, game_id: int, chat: ChatRef) -> BoardMessage | None:
        """The message that shows the game's board in `chat` (with its version), if any."""
        for message in await self.service.records.board_messages(game_id):
            if (message.platform, message.chat_id) == (PLATFORM, chat.chat_id):
                return message
        return None

    async def message_of(self, game_id: int, chat: ChatRef) -> int | None:
        """The id of the message that shows the game's board in `chat`, if any."""
        shown = await self.shown_in(game_id, chat)
        return int(shown.message_id) if shown is not None else None

    async def _send_under_claim(
        self, chat: ChatRef, wanted: _Wanted, content: BoardContent, thread: int | None
    ) -> None:
        state = wanted.state
        slot = await self.service.records.claim_board_send(
            state.id, chat, state.version, again=wanted.again
        )
        if slot is BoardSlot.SHOWN:
            return  # another process serving this chat sent this board
        if slot is BoardSlot.BUSY:
            raise SlotBusy
        sent = False
        try:
            await self._send(chat, state, content, thread)
            sent = True
        finally:
            await self.service.records.release_board_send(state.id, chat, sent=sent)

    async def _send(
        self, chat: ChatRef, state: GameState, content: BoardContent, thread: int | None
    ) -> None:
        """A new message with the board, stored as the game's board in the chat."""
        sent = await self.bot.send_photo(
            chat.chat_id,
            content.photo,
            caption=content.caption,
            reply_markup=content.keyboard,
            parse_mode=HTML,
            message_thread_id=thread,
        )
        await self.service.records.board_shown(
            state.id,
            chat,
            str(sent.message_id),
            state.version,
            None if thread is None else str(thread),
        )

    async def take_buttons(self, chat: ChatRef, message_id: int) -> None:
        """An older board loses its buttons (a press would be refused anyway)."""
        try:
            await self.bot.edit_message_reply_markup(chat.chat_id, message_id, reply_markup=None)
        except BadRequest as error:
            if not (is_not_modified(error) or is_gone(error)):
                logger.warning("the old board %s kept its buttons: %s", message_id, error)
        except TelegramError as error:
            # Best effort: the new board is out already, and the old buttons are stale anyway.
            logger.info("the old board %s kept its buttons: %s", message_id, error)


def clip_caption(lines: tuple[str, ...]) -> str:
    """The caption (HTML) from its lines, within Telegram's 1024 characters: the earliest
    headlines give way first, whole, so that no tag or entity is cut in two; the last line,
    the board's own caption, stays."""
    kept = list(lines)
    while len(kept) > 1 and len("\n".join(kept)) > MAX_CAPTION:
        kept.pop(0)
    caption = "\n".join(kept)
    return caption if len(caption) <= MAX_CAPTION else caption[: MAX_CAPTION - 1] + "…"
