"""Why the bot cannot start: one line for the person who started it, no traceback. A front
end raises StartRefused (a chat token the platform refuses), the settings SettingsRefused (a
setting that cannot work); `bot.__main__` reads them."""

from __future__ import annotations

from bot.i18n import Text


class StartRefused(Exception):
    def __init__(self, reason: Text) -> None:
        super().__init__(reason.message)
        self.reason = reason


class SettingsRefused(StartRefused):
    """A setting that cannot work (a port that is no port, a malformed line of .env);
    `language`: the system's (LANG), for the commands that speak it."""

    def __init__(self, reason: Text, language: str | None = None) -> None:
        super().__init__(reason)
        self.language = language
