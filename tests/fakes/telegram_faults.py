"""The faults a test injects into the fake Bot API: Telegram out of reach (every connection
closed unanswered), the next calls of a method refused with a 429 or answered late, and edits
of a picture or caption applied late."""

from __future__ import annotations

from aiohttp import web

from tests.fakes.telegram_common import Fault
from tests.fakes.telegram_state import BotApiState


class FaultsMixin(BotApiState):
    """Fault injection."""

    def go_down(self) -> None:
        """Telegram out of reach: every request's connection is closed unanswered, and the
        long polls waiting now end the same way."""
        self.unreachable = True
        self._new_update.set()

    def come_back(self) -> None:
        self.unreachable = False

    def _cut_off(self, request: web.Request) -> bool:
        """While Telegram is out of reach, close the request's connection unanswered.
        (A method, not a test of the attribute: the attribute changes across awaits.)"""
        if not self.unreachable or request.transport is None:
            return False
        request.transport.close()
        self.cut_off.append(request.match_info.get("method", "download"))
        return True

    def flood(self, method: str, retry_after: int = 1, times: int = 1) -> None:
        """The next `times` calls of `method` get a 429 asking to wait `retry_after` s."""
        self._faults.setdefault(method, []).extend(
            Fault(retry_after=retry_after) for _ in range(times)
        )

    def slow_edits(self, seconds: float) -> None:
        """Every later edit of a picture or caption is applied `seconds` late: a message the
        bot sends meanwhile (a computer's instant reply) lands first."""
        self.edit_delay = seconds

    def delay(self, method: str, seconds: float, times: int = 1) -> None:
        """The next `times` calls of `method` are done but answered `seconds` late."""
        self._faults.setdefault(method, []).extend(Fault(delay=seconds) for _ in range(times))
