"""The interactions a test injects, as the people would: slash commands, autocompletes,
button presses and menu choices, modal submissions, each dispatched through the gateway; and
waiting for the client's final answer."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.fakes.discord_channels import ChannelsMixin
from tests.fakes.discord_commands import CommandsMixin
from tests.fakes.discord_common import (
    APPLICATION_ID,
    ATTACHMENT_OPTION,
    ATTACHMENT_SIZE_LIMIT,
    FakeInteraction,
)
from tests.fakes.discord_components import find_component
from tests.fakes.discord_gateway import GatewayMixin


class InteractionsMixin(GatewayMixin, ChannelsMixin, CommandsMixin):
    """The people's side of interactions."""

    async def _interact(
        self,
        kind: int,
        data: dict[str, Any],
        who: dict[str, Any],
        channel_id: str,
        locale: str,
        message: dict[str, Any] | None = None,
        guild_locale: str = "en-US",
    ) -> FakeInteraction:
        interaction_id = self._snowflake()
        token = f"token-{interaction_id}"
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(APPLICATION_ID),
            "type": kind,
            "data": data,
            "guild_id": self.guild_of(channel_id),
            "channel_id": channel_id,
            "channel": self._channel(channel_id),
            "member": who,
            "token": token,
            "version": 1,
            "locale": locale,
            "guild_locale": guild_locale,
            "app_permissions": "2251799813685247",
            "entitlements": [],
            "authorizing_integration_owners": {"0": self.guild_of(channel_id)},
            "context": 0,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if message is not None:
            payload["message"] = message
        interaction = FakeInteraction(interaction_id, token, payload, time.monotonic())
        self.interactions[token] = interaction
        await self._dispatch("INTERACTION_CREATE", payload)
        return interaction

    async def slash(
        self,
        who: dict[str, Any],
        channel_id: str,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str = "en-US",
        users: dict[str, dict[str, Any]] | None = None,
        guild_locale: str = "en-US",
        subcommand: str | None = None,
    ) -> FakeInteraction:
        """Run a slash command (`subcommand`: one of its subcommands); user options take
        members given in `users` by id; `guild_locale` is the server's preferred locale."""
        command = next((item for item in self.commands if item["name"] == name), None)
        if command is None:
            raise AssertionError(f"/{name} was not registered; registered: {self.command_names}")
        declared = command.get("options", [])
        if subcommand is not None:
            [sub] = [o for o in declared if o["name"] == subcommand and o["type"] == 1]
            declared = sub.get("options", [])
        types = {option["name"]: option["type"] for option in declared}
        # An attachment option holds the attachment's id; the attachment comes resolved.
        attachments = {
            value["id"]: value
            for key, value in (options or {}).items()
            if types[key] == ATTACHMENT_OPTION
        }
        given = [
            {
                "name": key,
                "type": types[key],
                "value": value["id"] if types[key] == ATTACHMENT_OPTION else value,
            }
            for key, value in (options or {}).items()
        ]
        if subcommand is not None:
            given = [{"name": subcommand, "type": 1, "options": given}]
        data: dict[str, Any] = {
            "id": command["id"],
            "name": name,
            "type": 1,
            "guild_id": self.guild_of(channel_id),
            "options": given,
        }
        resolved: dict[str, Any] = {}
        if users:
            resolved["users"] = {key: value["user"] for key, value in users.items()}
            resolved["members"] = {
                key: {k: v for k, v in value.items() if k != "user"} for key, value in users.items()
            }
        if attachments:
            resolved["attachments"] = attachments
        if resolved:
            data["resolved"] = resolved
        return await self._interact(2, data, who, channel_id, locale, guild_locale=guild_locale)

    async def autocomplete(
        self, who: dict[str, Any], channel_id: str, name: str, option: str, typed: str
    ) -> FakeInteraction:
        command = next(item for item in self.commands if item["name"] == name)
        data = {
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": [{"name": option, "type": 3, "value": typed, "focused": True}],
        }
        return await self._interact(4, data, who, channel_id, "en-US")

    async def click(
        self,
        who: dict[str, Any],
        message: dict[str, Any],
        custom_id: str,
        values: list[str] | None = None,
        *,
        locale: str = "en-US",
        offered: bool = True,
        guild_locale: str = "en-US",
    ) -> FakeInteraction:
        """Press a button (or choose `values` in a select menu) of a message; `offered=False`
        sends values the menu does not offer (a garbled or forged interaction)."""
        component = find_component(message, custom_id)
        if component is None:
            raise AssertionError(f"the message has no component {custom_id!r}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            allowed = {option["value"] for option in component.get("options", [])}
            assert set(values) <= allowed or not offered, f"{values} are not options of {custom_id}"
            data["values"] = values
        return await self._interact(
            3, data, who, message["channel_id"], locale, message, guild_locale
        )

    async def click_stray(
        self, who: dict[str, Any], message: dict[str, Any], custom_id: str
    ) -> FakeInteraction:
        """Press a button whose custom id the message does not (or no longer) show: one of
        an older version of the bot, or a garbled one."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(3, data, who, message["channel_id"], "en-US", message)

    def unanswered(self) -> list[FakeInteraction]:
        """Interactions the client never even tried to answer: "This interaction failed"."""
        answered = {call.path.split("/")[3] for call in self.calls if "/interactions/" in call.path}
        return [item for item in self.interactions.values() if item.token not in answered]

    async def submit(
        self, who: dict[str, Any], channel_id: str, custom_id: str, fields: dict[str, str]
    ) -> FakeInteraction:
        """Submit a modal with the values of its text inputs."""
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in fields.items()
        ]
        return await self._interact(
            5, {"custom_id": custom_id, "components": rows}, who, channel_id, "en-US"
        )

    async def settled(self, interaction: FakeInteraction, timeout: float = 5.0) -> FakeInteraction:
        """Wait until the client gave the interaction its final answer."""
        try:
            await asyncio.wait_for(interaction.settled.wait(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"interaction {interaction.payload['type']} {interaction.payload['data']} "
                f"got no final answer (response: {interaction.response})"
            ) from None
        return interaction
