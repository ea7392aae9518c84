"""The state of the fake Discord that every part of it reads and changes (the calls, the
messages, the interactions, the gateway's sockets...), its addresses, its ids, and the
failures a test sets for the next matching call; each purpose's mixin
(tests/fakes/discord_*.py) builds on it."""

from __future__ import annotations

import asyncio
import itertools
import re
from collections.abc import Callable
from typing import Any

from aiohttp import web

from tests.fakes.discord_common import (
    GUILD_ID,
    INTERACTION_DEADLINE,
    INTERACTION_TOKEN_LIFETIME,
    Call,
    Failure,
    FakeInteraction,
)
from tests.fakes.discord_oauth import FakeOAuth
from tests.waiting import eventually


class DiscordState:
    """The fake's state and the helpers every part of it shares."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.violations: list[str] = []
        self.commands: list[dict[str, Any]] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.files: dict[int, dict[str, bytes]] = {}
        # Files people uploaded, by their CDN path, and the paths the bot fetched.
        self.uploads: dict[str, bytes] = {}
        self.fetched: list[str] = []
        self.interactions: dict[str, FakeInteraction] = {}
        # The Activity's OAuth2: codes, access tokens (tests/fakes/discord_oauth.py).
        self.oauth = FakeOAuth()
        # The application's Entry Point command, once Activities are enabled.
        self.entry_point: dict[str, Any] | None = None
        # The Activity's instances by their ids (GET .../activity-instances/ID).
        self.activity_instances: dict[str, dict[str, Any]] = {}
        self.denied_channels: set[str] = set()
        # The channels where the bot triggered its typing indicator, in order.
        self.typing: list[str] = []
        self.threads: dict[str, dict[str, Any]] = {}
        # Direct message channels (channel id -> user id); people who take no direct messages.
        self.dms: dict[str, str] = {}
        self.closed_dms: set[str] = set()
        # Discord's 3 seconds; a test may shorten it to prove that slow work is acked first.
        self.deadline = INTERACTION_DEADLINE
        self.token_lifetime = INTERACTION_TOKEN_LIFETIME
        self._failures: list[Failure] = []
        self._ids = itertools.count(1_000_000_000_000_000_000)
        self._sequence = itertools.count(1)
        self._sockets: list[web.WebSocketResponse] = []
        # Sharded clients: each socket's [shard id, shard count], as its IDENTIFY gave them.
        self._shards: dict[web.WebSocketResponse, list[int]] = {}
        # Channels of other guilds than GUILD_ID (channel id -> guild id).
        self.channel_guilds: dict[str, str] = {}
        self.identified = asyncio.Event()
        self.identifications = 0
        self.resumed = asyncio.Event()
        self.resumptions = 0
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def _snowflake(self) -> int:
        return next(self._ids)

    def guild_of(self, channel_id: str) -> str:
        return self.channel_guilds.get(channel_id, GUILD_ID)

    def fail_next(
        self,
        method: str,
        path: str,
        status: int,
        *,
        retry_after: float = 0.0,
        code: int = 0,
    ) -> None:
        """The next call matching `method` and the regex `path` fails with `status`."""
        if status == 429:
            body: dict[str, Any] = {
                "message": "You are being rate limited.",
                "retry_after": retry_after,
                "global": False,
            }
            headers = {
                "Retry-After": str(retry_after),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": str(retry_after),
                "X-RateLimit-Bucket": "fake-bucket",
                "X-RateLimit-Scope": "user",
                "Via": "1.1 google",
            }
        else:
            body, headers = {"message": "Failure", "code": code}, {}
        self._failures.append(Failure(method, re.compile(path), status, body, headers))

    def calls_to(self, method: str, path: str) -> list[Call]:
        pattern = re.compile(path)
        return [call for call in self.calls if call.method == method and pattern.search(call.path)]

    async def wait_for(
        self, condition: Callable[[], object], timeout: float = 5.0, what: str = "a condition"
    ) -> None:
        await eventually(condition, what, timeout)
