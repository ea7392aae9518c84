"""What the web's requests must pass besides who sends them: a rate per user (the board's
moves) or per address (sign-ins, the Activity's token), and each move's nonce used once (a
request captured and sent again changes nothing)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from datetime import datetime, timedelta
from ipaddress import ip_address

from aiohttp import web

from bot.i18n import text
from bot.recent import REMEMBERED_PEOPLE, Recent

# As many requests as a quick player makes: a tap on a piece and one on its target per move.
REQUESTS_PER_WINDOW = 30
WINDOW = timedelta(seconds=30)
# Sign-ins and the Activity's token from one address: a person opening a few links, not a
# script trying keys or spending the bot's calls to Discord.
SIGN_INS_PER_WINDOW = 10
TOO_MANY = text("Too many requests; wait a moment and try again.")
# A nonce is remembered as long as the initData that sent it is accepted.
NONCE_MEMORY = timedelta(hours=1, minutes=2)


def client_address(request: web.Request) -> str:
    """The address a request comes from. The bot listens behind its HTTPS proxy on this
    machine (docs/web.md), so for a request from a loopback address the last address the
    proxy added to X-Forwarded-For is the client's; a client's own X-Forwarded-For entries
    come before it and are never trusted."""
    remote = request.remote or ""
    try:
        from_proxy = ip_address(remote).is_loopback
    except ValueError:
        from_proxy = False
    forwarded = request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()
    return forwarded if from_proxy and forwarded else remote


class RateLimit:
    def __init__(self, clock: Callable[[], datetime], limit: int = REQUESTS_PER_WINDOW) -> None:
        self.clock = clock
        self.limit = limit
        # The times of each user's latest requests; the users quiet longest are forgotten
        # first (long after their window passed).
        self._seen: Recent[str, deque[datetime]] = Recent(REMEMBERED_PEOPLE)

    def allows(self, user: str) -> bool:
        """Count a request of `user`; False when he has made too many lately."""
        now = self.clock()
        times = self._seen.get(user, deque())
        self._seen[user] = times
        while times and times[0] <= now - WINDOW:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        return True


class Nonces:
    def __init__(self, clock: Callable[[], datetime]) -> None:
        self.clock = clock
        self._used: dict[tuple[str, str], datetime] = {}

    def first_use(self, user: str, nonce: str) -> bool:
        """Record `nonce` of `user`; False if it was used already."""
        now = self.clock()
        if len(self._used) > 10_000:
            self._used = {key: at for key, at in self._used.items() if at > now - NONCE_MEMORY}
        key = (user, nonce)
        if key in self._used and self._used[key] > now - NONCE_MEMORY:
            return False
        self._used[key] = now
        return True
