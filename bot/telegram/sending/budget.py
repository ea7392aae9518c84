"""Telegram's flood limits on the bot's side: every call that writes in a chat waits its turn.

Telegram's Bots FAQ: no more than about one message a second in a chat, twenty a minute in a
group, thirty a second in all; edits count too. A chat's calls go one at a time, in the order
asked, each a second after the end of the one before (Telegram counts arrivals, which fall
between a request and its answer), and in a group only while its store of calls lasts (see
`Pacing`); a 429's retry_after holds the chat back that long.
The global rate is handed out to the chats in turn: a chat asks for a global slot only once its
own turn has come, so a chat with many calls waiting holds at most one slot ahead of the
others, and one busy chat cannot starve the rest. An edit of a message that is still waiting
when a newer edit of the same message is asked for is dropped: the newer one shows it all,
and an older version never goes out after a newer one. The board desk `hold`s its chat's
turn before it chooses which board to send, so that the newest goes, in its place in line.

Several processes of one bot (a webhook behind a proxy) share each chat's turns: on a shared
database every counted call, once its turn has come here, also takes the chat's turn in the
database and waits for it (`shared`, bot/service/sends/chat_turns.py), at the same pace: a
second apart (half a second more after another process's call, whose end is not known
here), and in a group two at once, then one every `Pacing.shared_group_interval`, so that all
the processes together make at most `group_most` calls in any window.

A process that starts does not know what the one before it sent (a crash, kill -9, a
restart), and Telegram still counts those calls. The service knows when the bot last wrote
(bot/service/sends/last_sends.py: the time is written down before a call goes, at most once
every 5 s, so no call came more than 5 s after the last time written). If a call may fall in
the minute before the start (`Budget(wrote_lately=True)`: the last time written is less than
65 s old, or unknown to the caller), every chat's budget starts as spent, as the bot's own
pacing may have left it at the moment this process began (`Budget.spent_at`): each chat's
last call then, and in a group the most calls the pacing allows in the minute before (a burst
at the start moment, one every `group_interval` before it). No restart then breaks twenty a
minute in a group. The cost, only for a start within about a minute of the bot's last call:
a group's first call after it waits about nine seconds (the pacing's 19 calls span 51 s; the
oldest leaves the minute 9 s after the start), then one every 3 s until the minute has
passed; a private chat's waits a second. A start after a quiet minute, or a bot's first
start, sends at once.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import timedelta

from telegram.error import RetryAfter

from bot.service.sends.chat_turns import ChatPace

# The calls that count: those that put a message in a chat or change one (opening a forum
# topic posts its first message in the group; the topics share the group's limit).
COUNTED_PREFIXES = ("send", "edit")
COUNTED_OTHERS = frozenset(
    {"copyMessage", "copyMessages", "forwardMessage", "forwardMessages", "createForumTopic"}
)
NOT_COUNTED = frozenset({"sendChatAction"})
# The wait for a chat's turn shared by the bot's processes, in seconds
# (bot/service/sends/chat_turns.py).
SharedTurn = Callable[[str, ChatPace], Awaitable[float]]
# Chats whose last turn is long past are forgotten once this many are remembered.
REMEMBERED_CHATS = 1_000
# The chat whose turn the running task holds (Budget.hold), if any.
_held: ContextVar[str | None] = ContextVar("held_chat", default=None)


@dataclass(frozen=True)
class Pacing:
    """How often the bot writes in one chat and in all, and how long it waits after a failure.

    Telegram allows about one message a second in a chat, twenty a minute in a group and
    thirty a second in all. In a group the bot keeps a small store of `group_burst` calls, one
    more every `group_interval` seconds, and never makes more than `group_most` in any
    `group_window`: a quiet group's move (the piece's destinations, then the new board) goes
    out at once, a second apart, while a busy group gets one call every three seconds, spread
    rather than in bursts (19 a minute: a margin below twenty, as Telegram counts on its own
    clock). The same margin below thirty in all."""

    private_interval: float = 1.0
    group_interval: float = 3.0
    group_burst: int = 2
    group_most: int = 19
    group_window: float = 60.0
    overall_per_second: float = 25.0
    first_backoff: float = 1.0
    longest_backoff: float = 30.0
    send_attempts: int = 3
    # Across processes a call goes this much later after another process's call in the
    # chat: the end of that call, which a chat's next call waits for here, is not known.
    shared_handover: float = 0.5

    @property
    def shared_group_interval(self) -> float:
        """The average interval of a group's calls across processes: with a burst of
        `group_burst` at any moment, at most `group_most` calls fall in any `group_window`."""
        return self.group_window / (self.group_most - self.group_burst)


def is_group(chat_id: str) -> bool:
    # Telegram gives private chats positive ids, groups negative ones.
    return chat_id.startswith("-")


def counts(method: str) -> bool:
    """Whether a Bot API call of `method` counts against a chat's flood limits."""
    if method in NOT_COUNTED:
        return False
    return method.startswith(COUNTED_PREFIXES) or method in COUNTED_OTHERS


def retry_seconds(error: RetryAfter) -> float:
    """The wait a 429 asks for, in seconds (a timedelta since bot.telegram opts into
    PTB_TIMEDELTA; a number otherwise)."""
    wait = error.retry_after
    return wait.total_seconds() if isinstance(wait, timedelta) else float(wait)


@dataclass
class _Chat:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    next_allowed: float = 0.0
    users: int = 0
    # A group's store of calls (Pacing.group_burst at most), when it was last topped up, and
    # when its calls of the last Pacing.group_window began.
    stored: float | None = None
    topped_up: float = 0.0
    recent: deque[float] = field(default_factory=deque)


class Budget:
    """The turns of the bot's calls that write in chats (bot.telegram.sending.paced_request)."""

    def __init__(
        self, pacing: Pacing, *, wrote_lately: bool = True, shared: SharedTurn | None = None
    ) -> None:
        """`wrote_lately`: whether a process before this one may have written in the last
        `group_window` (unknown is yes); `shared`: the wait for a chat's turn among the
        bot's processes (None: this process alone)."""
        self.pacing = pacing
        self.shared = shared
        # No call of a process before this one can come after this moment (the loop's
        # clock); None when none came in the last window: the chats start with full budgets.
        self.spent_at = asyncio.get_running_loop().time() if wrote_lately else None
        self._chats: dict[str, _Chat] = {}
        self._next_slot = 0.0
        # The newest edit asked for per message: an older one still waiting is dropped.
        self._newest_edit: dict[tuple[str, int], int] = {}
        self._tickets = itertools.count()

    @asynccontextmanager
    async def turn(self, chat_id: str, edited: int | None = None) -> AsyncIterator[bool]:
        """Wait for the chat's turn for one call, then yield False; or yield True at once
        when the call edits message `edited` and a newer edit of it was asked for meanwhile
        (the call is not to be made, and takes no turn). Inside `hold` of the same chat the
        call waits only for its spacing."""
        key = (chat_id, edited) if edited is not None else None
        ticket = next(self._tickets)
        if key is not None:
            self._newest_edit[key] = ticket
        chat = self._chat(chat_id)
        chat.users += 1
        try:
            if _held.get() == chat_id:
                async with self._spaced(chat_id, chat):
                    yield False
                return
            async with chat.lock:
                await self._chat_turn(chat)
                if key is not None and self._newest_edit.get(key) != ticket:
                    yield True
                    return
                async with self._spaced(chat_id, chat):
                    yield False
        finally:
            chat.users -= 1
            if key is not None and self._newest_edit.get(key) == ticket:
                del self._newest_edit[key]

    @asynccontextmanager
    async def hold(self, chat_id: str) -> AsyncIterator[None]:
        """Take the chat's turn, for calls whose content is best chosen once the turn has
        come (the newest board): the calls this task makes inside go in it, each spaced as
        usual, without queueing behind the calls asked for meanwhile."""
        chat = self._chat(chat_id)
        chat.users += 1
        try:
            async with chat.lock:
                await self._chat_turn(chat)
                held = _held.set(chat_id)
                try:
                    yield
                finally:
                    _held.reset(held)
        finally:
            chat.users -= 1

    @asynccontextmanager
    async def _spaced(self, chat_id: str, chat: _Chat) -> AsyncIterator[None]:
        """One call: after the chat's interval and in a global slot; the chat's next call
        comes an interval after this one's end."""
        await self._chat_turn(chat)
        if is_group(chat_id):
            await self._group_call(chat)
        await self._global_slot()
        await self._shared_turn(chat_id)
        try:
            yield
        finally:
            loop = asyncio.get_running_loop()
            chat.next_allowed = max(chat.next_allowed, loop.time() + self.pacing.private_interval)

    async def _shared_turn(self, chat_id: str) -> None:
        """Wait for the chat's turn among the bot's processes."""
        if self.shared is None:
            return
        pacing = self.pacing
        if is_group(chat_id):
            interval = pacing.shared_group_interval
            burst = interval * (pacing.group_burst - 1)
        else:
            interval, burst = pacing.private_interval, 0.0
        pace = ChatPace(pacing.private_interval, interval, burst, pacing.shared_handover)
        wait = await self.shared(chat_id, pace)
        if wait > 0:
            await asyncio.sleep(wait)

    async def _group_call(self, chat: _Chat) -> None:
        """Take one call from the group's store, waiting for it to be topped up if empty or
        for the group's window to have room."""
        loop = asyncio.get_running_loop()
        pacing = self.pacing
        while True:
            now = loop.time()
            while chat.recent and chat.recent[0] <= now - pacing.group_window:
                chat.recent.popleft()
            stored = pacing.group_burst if chat.stored is None else chat.stored
            stored += (now - chat.topped_up) / pacing.group_interval
            chat.stored, chat.topped_up = min(pacing.group_burst, stored), now
            if len(chat.recent) >= pacing.group_most:
                await asyncio.sleep(chat.recent[0] + pacing.group_window - now)
            elif chat.stored < 1:
                await asyncio.sleep((1 - chat.stored) * pacing.group_interval)
            else:
                chat.stored -= 1
                chat.recent.append(now)
                return

    def flooded(self, chat_id: str, seconds: float) -> None:
        """Telegram answered a call in the chat with a 429: nothing more there for a while."""
        chat = self._chat(chat_id)
        chat.next_allowed = max(chat.next_allowed, asyncio.get_running_loop().time() + seconds)

    def _chat(self, chat_id: str) -> _Chat:
        chat = self._chats.get(chat_id)
        if chat is None:
            if len(self._chats) >= REMEMBERED_CHATS:
                self._forget_quiet_chats()
            started = self.spent_at
            chat = _Chat() if started is None else self._spent(chat_id, started)
            self._chats[chat_id] = chat
        return chat

    def _spent(self, chat_id: str, started: float) -> _Chat:
        """A chat as a process before this one may have left it when this one started: its
        last call at that moment, and in a group a full window (the burst at that moment,
        the paced calls before it) and an empty store. Any calls the pacing allowed are
        at most these in every stretch of time before the start, so this process's calls
        and those together keep to the pacing's limits; entries past the window drop out."""
        pacing = self.pacing
        chat = _Chat(next_allowed=started + pacing.private_interval)
        if is_group(chat_id):
            paced = pacing.group_most - pacing.group_burst
            chat.recent.extend(started - k * pacing.group_interval for k in range(paced, 0, -1))
            chat.recent.extend([started] * min(pacing.group_burst, pacing.group_most))
            chat.stored, chat.topped_up = 0.0, started
        return chat

    def _forget_quiet_chats(self) -> None:
        now = asyncio.get_running_loop().time()
        for chat_id, chat in list(self._chats.items()):
            if chat.users == 0 and chat.next_allowed <= now:
                del self._chats[chat_id]

    @staticmethod
    async def _chat_turn(chat: _Chat) -> None:
        # A 429 answered meanwhile may push the turn further.
        loop = asyncio.get_running_loop()
        while (delay := chat.next_allowed - loop.time()) > 0:
            await asyncio.sleep(delay)

    async def _global_slot(self) -> None:
        now = asyncio.get_running_loop().time()
        slot = max(now, self._next_slot)
        self._next_slot = slot + 1 / self.pacing.overall_per_second
        if slot > now:
            await asyncio.sleep(slot - now)
