"""One connection of the web server: aiohttp's, with what its settings do not reach made
safe for a server anyone can send anything to. A connection that has not sent a whole
request head HEAD_TIMEOUT seconds after it opened or after its last answer is closed (aiohttp's
keep-alive timer: slow headers hold no connection). aiohttp's own answer to a malformed
request (a bad request line, bad headers, headers too large) carries the pages' headers
(bot/web/headers.py), and what it logs of one is one short line, never a traceback: anyone
can send them, nobody may fill the log."""

from __future__ import annotations

import asyncio
import logging

from aiohttp import web

from bot.web.headers import secure

HEAD_TIMEOUT = 10.0
# The longest line a malformed request may write to the log.
LINE_LIMIT = 200

logger = logging.getLogger(__name__)


class OneLine(logging.Filter):
    """A record in one short line: the error's type and first words instead of its traceback,
    escaped (a request's bytes are no log lines of their own)."""

    def filter(self, record: logging.LogRecord) -> bool:
        said = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            said = f"{said}: {type(error).__name__}: {error}"
        said = " ".join(said.split()).encode("ascii", "backslashreplace").decode()
        record.msg, record.args = said[:LINE_LIMIT], ()
        record.exc_info = record.exc_text = None
        return True


logger.addFilter(OneLine())


class Connection(web.RequestHandler):
    """aiohttp's handler of one connection, with its answers to malformed requests hardened."""

    def __init__(self, server: web.Server, loop: asyncio.AbstractEventLoop) -> None:
        # No access log: None, as aiohttp's documented AppRunner(access_log=None) passes it.
        super().__init__(
            server,
            loop=loop,
            keepalive_timeout=HEAD_TIMEOUT,
            logger=logger,
            access_log=None,  # type: ignore[arg-type]
        )

    def handle_error(
        self,
        request: web.BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        response = super().handle_error(request, status, exc, message)
        secure(response.headers)
        return response
