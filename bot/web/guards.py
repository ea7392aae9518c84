"""What the Mini App's requests must pass besides initData: a per-user rate, and each
move's nonce used once (a request captured and sent again changes nothing)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from datetime import datetime, timedelta

from bot.recent import REMEMBERED_PEOPLE, Recent

# As many requests as a quick player makes: a tap on a piece and one on its target per move.
REQUESTS_PER_WINDOW = 30
WINDOW = timedelta(seconds=30)
# A nonce is remembered as long as the initData that sent it is accepted.
NONCE_MEMORY = timedelta(hours=1, minutes=2)


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
