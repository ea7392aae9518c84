"""discord.py reconnects a lost gateway connection by itself, logging the cause's whole
traceback each time ("Attempting a reconnect in 2.5s"): this makes each such record one line
that says what happened and what the bot does about it."""

from __future__ import annotations

import logging

# discord.py's logger of the gateway loop (discord/client.py, Client.connect).
CLIENT_LOGGER = "discord.client"
RECONNECT_MESSAGE = "Attempting a reconnect in %.2fs"


class OneLineReconnects(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == RECONNECT_MESSAGE and record.exc_info:
            error = record.exc_info[1]
            record.msg = "the Discord gateway connection was lost (%s): reconnecting in %.1f s"
            record.args = (f"{type(error).__name__}: {error}", *(record.args or ()))
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def quiet_reconnects() -> None:
    """Put the filter on discord.py's client logger (once)."""
    logger = logging.getLogger(CLIENT_LOGGER)
    if not any(isinstance(item, OneLineReconnects) for item in logger.filters):
        logger.addFilter(OneLineReconnects())
