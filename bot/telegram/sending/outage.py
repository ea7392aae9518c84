"""The Bot API out of reach: python-telegram-bot retries a failed poll by itself (after 1 s,
then 1.5 times longer each time, up to 30 s) and would log a traceback for every failure; the
polling requests go through `WatchedRequest`, which tells the `Outage` (bot/outage.py) how
each one went.
"""

from __future__ import annotations

from typing import Any

from telegram.error import NetworkError
from telegram.request import HTTPXRequest

from bot.outage import Outage


class WatchedRequest(HTTPXRequest):
    """The requests of the polling loop, reporting to an `Outage`."""

    def __init__(self, outage: Outage, **options: Any) -> None:
        super().__init__(**options)
        self.outage = outage

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        try:
            answer = await super().do_request(*args, **kwargs)
        except NetworkError as error:
            self.outage.failed(error)
            raise
        self.outage.answered()
        return answer
