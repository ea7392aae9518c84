"""The fake Discord's messages: creating, editing and deleting them (through a channel, and
for the answers to interactions), each checked as Discord checks it, their attachments, the
files people upload (served at their CDN url), and what tests read of a channel."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from aiohttp import web

from tests.fakes import discord_rules
from tests.fakes.discord_common import (
    APPLICATION_ID,
    ATTACHMENT_SIZE_LIMIT,
    BOT_USER,
    CANNOT_SEND_TO_USER,
    EPHEMERAL,
    INVALID_FORM_BODY,
    MISSING_PERMISSIONS,
    REQUEST_ENTITY_TOO_LARGE,
    UNKNOWN_MESSAGE,
    FakeInteraction,
    Refusal,
)
from tests.fakes.discord_components import check_components, message_problems
from tests.fakes.discord_state import DiscordState


class MessagesMixin(DiscordState):
    """Messages, their files, and the files people upload."""

    def channel_messages(self, channel_id: str) -> list[dict[str, Any]]:
        """The public messages of a channel still there, oldest first."""
        return [
            message
            for message in self.messages.values()
            if message["channel_id"] == channel_id
            and not message["flags"] & EPHEMERAL
            and not message.get("deleted")
        ]

    def delete_message(self, message_id: str) -> None:
        """Someone deleted a message: editing it now gives 404 Unknown Message."""
        self.messages[int(message_id)]["deleted"] = True

    def direct_messages(self, user_id: str) -> list[dict[str, Any]]:
        """The messages the bot sent to a person privately."""
        return [
            message
            for channel_id, user in self.dms.items()
            if user == user_id
            for message in self.channel_messages(channel_id)
        ]

    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        """An uploaded file at its attachment's url; a url no longer served (the file deleted,
        the link expired) answers as Discord's CDN does."""
        self.fetched.append(request.path)
        content = self.uploads.get(request.path)
        if content is None:
            return web.Response(status=404, text="This content is no longer available.")
        return web.Response(body=content, content_type="application/octet-stream")

    def upload(self, channel_id: str, name: str, content: bytes) -> dict[str, Any]:
        """A file a person attaches (to a slash command's attachment option): the attachment
        object, its url served by the fake's CDN. Discord takes no upload over the limit."""
        if len(content) > ATTACHMENT_SIZE_LIMIT:
            raise Refusal(413, REQUEST_ENTITY_TOO_LARGE, "Request entity too large")
        attachment_id = str(self._snowflake())
        path = f"/attachments/{channel_id}/{attachment_id}/{name}"
        self.uploads[path] = content
        url = f"http://127.0.0.1:{self.port}{path}"
        return {
            "id": attachment_id,
            "filename": name,
            "size": len(content),
            "url": url,
            "proxy_url": url,
            "content_type": "application/octet-stream",
        }

    def expire(self, attachment: dict[str, Any]) -> None:
        """An attachment's url stops being served."""
        self.uploads.pop(urlparse(attachment["url"]).path)

    def _checked(self, payload: dict[str, Any]) -> None:
        """Refuse a message as Discord does: 400, 50035 Invalid Form Body, the refused fields
        by path (content and embeds; a component's problem under `components`)."""
        problems = message_problems(payload)
        if not problems:
            return
        self.violations.extend(problems)
        fields = discord_rules.message_limit_problems(payload)
        components: list[str] = []
        check_components(payload.get("components") or [], components)
        fields += [
            discord_rules.Problem(("components",), "COMPONENT_INVALID", problem)
            for problem in components
        ]
        body = discord_rules.form_body_error(fields)
        raise Refusal(400, INVALID_FORM_BODY, body["message"], body["errors"])

    def _new_message(
        self,
        channel_id: str,
        payload: dict[str, Any],
        files: dict[str, bytes],
        *,
        flags: int = 0,
        interaction: FakeInteraction | None = None,
    ) -> dict[str, Any]:
        self._checked(payload)
        message_id = self._snowflake()
        message = {
            "id": str(message_id),
            "channel_id": channel_id,
            "type": 0 if interaction is None else 20,
            "author": BOT_USER,
            "content": payload.get("content") or "",
            "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [],
            "attachments": self._attachments(files),
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "flags": flags | (payload.get("flags") or 0),
        }
        if interaction is not None:
            message["webhook_id"] = str(APPLICATION_ID)
        self.messages[message_id] = message
        self.files[message_id] = files
        return message

    def _attachments(self, files: dict[str, bytes]) -> list[dict[str, Any]]:
        return [
            {
                "id": str(self._snowflake()),
                "filename": name,
                "size": len(content),
                "url": f"http://127.0.0.1:{self.port}/attachments/{name}",
                "proxy_url": f"http://127.0.0.1:{self.port}/attachments/{name}",
            }
            for name, content in files.items()
        ]

    def _edit(
        self, message: dict[str, Any], payload: dict[str, Any], files: dict[str, bytes]
    ) -> dict[str, Any]:
        if message.get("deleted"):
            raise Refusal(404, UNKNOWN_MESSAGE, "Unknown Message")
        self._checked(payload)
        for key in ("content", "embeds", "components"):
            if key in payload:
                message[key] = payload[key] or ([] if key != "content" else "")
        if files:
            message["attachments"] = self._attachments(files)
            self.files[int(message["id"])] = files
        elif "attachments" in payload:
            kept = {str(item.get("id")) for item in payload["attachments"] or []}
            message["attachments"] = [item for item in message["attachments"] if item["id"] in kept]
        message["edited_timestamp"] = "2026-01-01T00:00:01+00:00"
        return message

    def _channel_message(
        self, method: str, parts: list[str], payload: Any, files: dict[str, bytes]
    ) -> tuple[int, Any]:
        channel_id = parts[1]
        if channel_id in self.denied_channels:
            raise Refusal(403, MISSING_PERMISSIONS, "Missing Permissions")
        if channel_id in self.dms and self.dms[channel_id] in self.closed_dms:
            raise Refusal(403, CANNOT_SEND_TO_USER, "Cannot send messages to this user")
        if method == "POST" and len(parts) == 3:
            return 200, self._new_message(channel_id, payload, files)
        message = self.messages.get(int(parts[3]))
        if message is None or message.get("deleted") or message["channel_id"] != channel_id:
            raise Refusal(404, UNKNOWN_MESSAGE, "Unknown Message")
        if method == "PATCH":
            return 200, self._edit(message, payload, files)
        if method == "DELETE":
            message["deleted"] = True
            return 204, None
        raise Refusal(404, 0, f"the fake does not know {method} /{'/'.join(parts)}")
