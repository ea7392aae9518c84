"""Telegram's flood limits, as the fake Bot API enforces them.

The Bots FAQ ("My bot is hitting limits, how do I avoid this?", core.telegram.org/bots/faq):
"If you're sending notifications to users, avoid sending more than one message per second in
a particular chat. We may allow short bursts that go over this limit, but eventually you'll
begin receiving 429 errors"; "the API will not allow more than 30 messages per second or so"
across chats; "your bot will not be able to send more than 20 messages per minute to the
same group". The fake allows no burst: one message a second in any chat, twenty a minute in
a group (a negative chat id, or a @channel name), thirty a second in all, each over a sliding
window. A call over a limit is refused, as Telegram refuses it: HTTP 429 with
`parameters.retry_after`, the whole seconds until the call would pass; a refused call does
not count.

What counts: every call that puts a message in a chat or changes one (the methods whose names
begin with send or edit, besides sendChatAction, and copying or forwarding). Edits count in
practice (bots that edit a board in a group are held to twenty edits a minute there). A
forum's topics are part of their group: a message in any topic counts against the group's
twenty, and so does opening a topic (createForumTopic posts its first, service message in
the group; Telegram does not say whether it counts, and the fake takes the stricter view).
answerCallbackQuery does not (it writes a toast to one person, not a message in a chat), nor
do getUpdates, getMe, setMyCommands and the other calls that write nothing in a chat.

`overall=None` lifts the thirty a second in all, as Telegram lifts it for a bot that pays for
its broadcasts (the same FAQ answer: paid broadcasts, up to 1000 messages a second), for the
capacity benchmark (bench/capacity.py), which measures the bot's machines, not that limit.

`scale` runs the limits on a faster clock for tests that play whole games: at 0.02 a second
of Telegram's lasts 20 ms (one message per 20 ms in a chat, twenty per 1.2 s in a group).
A scaled fake says retry_after in real seconds, a fraction: the one liberty it takes.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

PER_CHAT = (1, 1.0)  # messages, in seconds
PER_GROUP = (20, 60.0)
OVERALL = (30, 1.0)
COUNTED_PREFIXES = ("send", "edit")
COUNTED_OTHERS = frozenset(
    {"copyMessage", "copyMessages", "forwardMessage", "forwardMessages", "createForumTopic"}
)
NOT_COUNTED = frozenset({"sendChatAction"})


def counts(method: str) -> bool:
    """Whether a call of `method` counts against the flood limits."""
    if method in NOT_COUNTED:
        return False
    return method.startswith(COUNTED_PREFIXES) or method in COUNTED_OTHERS


def is_group(chat_id: object) -> bool:
    # Telegram gives groups and channels negative ids; a @name is always a channel.
    return isinstance(chat_id, str) or (isinstance(chat_id, int) and chat_id < 0)


@dataclass
class _Window:
    """At most `most` calls in any `seconds`."""

    most: int
    seconds: float
    times: deque[float] = field(default_factory=deque)

    def wait(self, now: float) -> float:
        """Seconds until one more call fits (0 when it fits now)."""
        while self.times and self.times[0] <= now - self.seconds:
            self.times.popleft()
        if len(self.times) < self.most:
            return 0.0
        return self.times[0] + self.seconds - now


class FloodLimits:
    """The limits of one bot token: `charge` a call before it is done."""

    def __init__(
        self,
        scale: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        *,
        overall: tuple[int, float] | None = OVERALL,
    ) -> None:
        self.scale = scale
        self.clock = clock
        self._overall = () if overall is None else (self._window(overall),)
        self._chats: dict[object, list[_Window]] = {}

    def _window(self, limit: tuple[int, float]) -> _Window:
        most, seconds = limit
        return _Window(most, seconds * self.scale)

    def charge(self, method: str, chat_id: object) -> int | float | None:
        """Count a call of `method` in `chat_id`; None when it may go, else the retry_after
        to answer (the call is refused and not counted)."""
        if not counts(method) or chat_id is None:
            return None
        windows = self._chats.get(chat_id)
        if windows is None:
            limits = (PER_CHAT, PER_GROUP) if is_group(chat_id) else (PER_CHAT,)
            windows = self._chats[chat_id] = [self._window(limit) for limit in limits]
        now = self.clock()
        wait = max(window.wait(now) for window in (*windows, *self._overall))
        if wait > 0:
            return self._retry_after(wait)
        for window in (*windows, *self._overall):
            window.times.append(now)
        return None

    def _retry_after(self, wait: float) -> int | float:
        if self.scale == 1.0:
            return max(1, math.ceil(wait))
        return math.ceil(wait * 1000) / 1000
