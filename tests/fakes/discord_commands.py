"""The fake Discord's application commands (a bulk overwrite, checked as Discord checks it:
tests/fakes/discord_rules.py) and the Activity: its Entry Point command, and the instances
Get Activity Instance describes."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from tests.fakes import discord_rules
from tests.fakes.discord_common import (
    APPLICATION_ID,
    ENTRY_POINT,
    ENTRY_POINT_REMOVED,
    GUILD_ID,
    TOKEN,
    Refusal,
    json_response,
)
from tests.fakes.discord_state import DiscordState


class CommandsMixin(DiscordState):
    """Application commands and the Activity."""

    @property
    def command_names(self) -> list[str]:
        return [command["name"] for command in self.commands]

    def _overwrite_commands(self, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A bulk overwrite, global or of a guild, checked as Discord checks it
        (tests/fakes/discord_rules.py)."""
        entry_points = [command for command in commands if command.get("type") == ENTRY_POINT]
        commands = [command for command in commands if command.get("type") != ENTRY_POINT]
        if self.entry_point is not None and not entry_points:
            message = (
                "You cannot remove this app's Entry Point command in a bulk update operation. "
                "Please include the Entry Point command in your update request or delete it "
                "separately."
            )
            self.violations.append(f"application commands: {message}")
            raise Refusal(400, ENTRY_POINT_REMOVED, message)
        refused = discord_rules.refusal(commands)
        if refused is not None:
            problems = discord_rules.command_problems(commands) or [refused["message"]]
            self.violations.extend(f"application commands: {problem}" for problem in problems)
            raise Refusal(400, refused["code"], refused["message"], refused.get("errors"))
        self.commands = [
            {
                **command,
                "id": str(self._snowflake()),
                "application_id": str(APPLICATION_ID),
                "version": "1",
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
            }
            for command in commands
        ]
        if self.entry_point is not None:
            self.commands.append(self.entry_point)
        return self.commands

    def enable_activities(self) -> None:
        """Activities enabled in the developer portal: Discord adds the application's Entry
        Point command, which launches the Activity (DISCORD_LAUNCH_ACTIVITY handler)."""
        self.entry_point = {
            "id": str(self._snowflake()),
            "application_id": str(APPLICATION_ID),
            "version": "1",
            "type": ENTRY_POINT,
            "handler": 2,
            "name": "launch",
            "description": "",
            "integration_types": [0, 1],
            "contexts": [0, 1, 2],
        }
        self.commands.append(self.entry_point)

    def _activity_instance(self, request: web.Request, path: str) -> web.Response:
        """Get Activity Instance: where an instance of the application's Activity runs and
        who is in it, for the bot's token only."""
        if request.headers.get("Authorization") != f"Bot {TOKEN}":
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        application, instance = path.split("/")[2], path.split("/")[4]
        found = self.activity_instances.get(instance)
        if application != str(APPLICATION_ID) or found is None:
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        return json_response(found, 200)

    def activity_instance(self, instance: str, channel: str, users: list[str]) -> None:
        """An Activity's instance running in `channel` with `users` in it (Discord's
        ActivityInstance object)."""
        self.activity_instances[instance] = {
            "application_id": str(APPLICATION_ID),
            "instance_id": instance,
            "launch_id": str(next(self._ids)),
            "location": {
                "id": f"gc-{GUILD_ID}-{channel}",
                "kind": "gc",
                "channel_id": channel,
                "guild_id": GUILD_ID,
            },
            "users": users,
        }
