"""The fake Discord's channels: the channel object an interaction carries, the typing
indicator, direct message channels and threads the bot opens, each refused where the bot may
not act."""

from __future__ import annotations

from typing import Any

from tests.fakes.discord_common import (
    BOT_USER,
    GUILD_ID,
    INVALID_FORM_BODY,
    MISSING_PERMISSIONS,
    UNKNOWN_CHANNEL,
    Refusal,
    user_object,
)
from tests.fakes.discord_state import DiscordState


class ChannelsMixin(DiscordState):
    """Channels, direct messages and threads."""

    def _channel(self, channel_id: str) -> dict[str, Any]:
        if channel_id in self.threads:
            return self.threads[channel_id]
        return {
            "id": channel_id,
            "type": 0,
            "guild_id": self.guild_of(channel_id),
            "name": f"channel-{channel_id}",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
        }

    def _typing(self, channel_id: str) -> tuple[int, Any]:
        """Trigger Typing Indicator: 204 No Content; the bot needs Send Messages there."""
        if not channel_id.isdecimal():
            raise Refusal(404, UNKNOWN_CHANNEL, "Unknown Channel")
        if channel_id in self.denied_channels:
            raise Refusal(403, MISSING_PERMISSIONS, "Missing Permissions")
        self.typing.append(channel_id)
        return 204, None

    def _open_dm(self, user_id: str) -> dict[str, Any]:
        channel_id = next((dm for dm, user in self.dms.items() if user == user_id), None)
        if channel_id is None:
            channel_id = str(self._snowflake())
            self.dms[channel_id] = user_id
        return {
            "id": channel_id,
            "type": 1,
            "recipients": [user_object(user_id, f"user-{user_id}")],
            "last_message_id": None,
        }

    def _open_thread(self, parent_id: str, payload: dict[str, Any]) -> tuple[int, Any]:
        if parent_id in self.denied_channels:
            raise Refusal(403, MISSING_PERMISSIONS, "Missing Permissions")
        if not 1 <= len(payload.get("name", "")) <= 100:
            self.violations.append(f"thread name {payload.get('name')!r}")
            raise Refusal(400, INVALID_FORM_BODY, "thread name of 1 to 100 characters")
        thread = {
            "id": str(self._snowflake()),
            "guild_id": GUILD_ID,
            "parent_id": parent_id,
            "owner_id": BOT_USER["id"],
            "name": payload["name"],
            "type": payload.get("type", 11),
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": payload.get("auto_archive_duration", 1440),
                "archive_timestamp": "2026-01-01T00:00:00+00:00",
                "locked": False,
            },
        }
        self.threads[thread["id"]] = thread
        return 201, thread
