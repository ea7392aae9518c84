"""Why a front end cannot start (a chat token the platform refuses): one line for the
person who started the bot, no traceback. Raised by the front ends, read by `bot.__main__`."""

from __future__ import annotations

from bot.i18n import Text


class StartRefused(Exception):
    def __init__(self, reason: Text) -> None:
        super().__init__(reason.message)
        self.reason = reason
