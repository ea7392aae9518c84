"""What the fake Discord's modules share (tests/fakes/discord_api.py assembles the fake):
the application's ids and token, Discord's error codes, the records of calls, failures and
interactions, the users and members that interactions carry, and the refusal that becomes
Discord's JSON error body."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

# The bot token the fake accepts; login with another gets 401 Unauthorized, as on Discord.
TOKEN = "RmFrZURpc2NvcmRCb3RJZA.GfAkEs.fake-token-of-the-test-gateway-0000"
APPLICATION_ID = 900000000000000001
BOT_USER = {
    "id": "900000000000000002",
    "username": "damas-bot",
    "global_name": "Damas",
    "discriminator": "0",
    "avatar": None,
    "bot": True,
}
GUILD_ID = "800000000000000001"
INTERACTION_DEADLINE = 3.0
# "Interaction tokens are valid for 15 minutes": follow-ups and edits of the answer after that
# are refused (Discord: 401, 50027 Invalid Webhook Token).
INTERACTION_TOKEN_LIFETIME = 15 * 60.0
INVALID_WEBHOOK_TOKEN = 50027
EPHEMERAL = 64
# What a member may upload (no Nitro, a server without boosts): Discord refuses more with 413,
# 40005 "Request entity too large"; interactions tell the bot as `attachment_size_limit`.
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
REQUEST_ENTITY_TOO_LARGE = 40005
ATTACHMENT_OPTION = 11

# An application command of type 4 (PRIMARY_ENTRY_POINT): the Activity's launcher.
ENTRY_POINT = 4
# Discord's own error codes, as its JSON error bodies carry them.
ENTRY_POINT_REMOVED = 50240
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_INTERACTION = 10062
MISSING_PERMISSIONS = 50013
INVALID_FORM_BODY = 50035
ALREADY_ACKNOWLEDGED = 40060
CANNOT_SEND_TO_USER = 50007


@dataclass
class Call:
    """One REST request the client made, with its JSON payload and attached files."""

    method: str
    path: str
    payload: dict[str, Any] | list[Any] | None
    files: dict[str, bytes]
    status: int = 200


@dataclass
class Failure:
    """A failure to give, once, to the next call whose method and path match."""

    method: str
    path: re.Pattern[str]
    status: int
    body: dict[str, Any]
    headers: dict[str, str]


@dataclass
class FakeInteraction:
    """An interaction the test sent, and how the client answered it."""

    id: int
    token: str
    payload: dict[str, Any]
    created: float
    response: dict[str, Any] | None = None
    original: dict[str, Any] | None = None
    edits: int = 0
    followups: list[dict[str, Any]] = field(default_factory=list)
    settled: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def response_type(self) -> int | None:
        return self.response["type"] if self.response else None

    @property
    def ephemeral_text(self) -> str:
        """What the person who acted read: the edited deferred answer (or the message)."""
        return self.original["content"] if self.original else ""


def user_object(user_id: str, name: str) -> dict[str, Any]:
    """A user as Discord describes one (a member's, a direct message's recipient...)."""
    return {
        "id": user_id,
        "username": name.lower(),
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
    }


# Permission bits as Discord sends them (a decimal string): an ordinary member's (view
# channels, send messages, embed links, attach files, read history, use application commands)
# and everything.
MEMBER_PERMISSIONS = str(1 << 10 | 1 << 11 | 1 << 14 | 1 << 15 | 1 << 16 | 1 << 31)
ALL_PERMISSIONS = "2251799813685247"


def member(user_id: str, name: str, permissions: str = ALL_PERMISSIONS) -> dict[str, Any]:
    """A guild member as interactions carry it, with their permissions in the channel."""
    return {
        "user": user_object(user_id, name),
        "roles": [],
        "joined_at": "2026-01-01T00:00:00+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
        "nick": None,
        "permissions": permissions,
    }


def json_response(body: Any, status: int, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py reads a body as JSON only with exactly this content type, as Discord sends it.
    return web.Response(
        body=json.dumps(body).encode(),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


class Refusal(Exception):
    """A call Discord refuses: its HTTP status and Discord's JSON error body."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        # Discord's form-body errors, nested by the path of each refused field.
        self.errors = errors

    @property
    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body
