"""The Discord client of damas-bot and `serve(service, discord, web=...)`, which runs it until
cancelled with its settings: the token, the REST API and gateway (DISCORD_API_URL and
DISCORD_GATEWAY_URL: another, such as the tests' fake Discord; by default Discord itself), and
the shards (DISCORD_SHARD_COUNT and DISCORD_SHARD_IDS), so that several processes on one
PostgreSQL database share a bot in many servers (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import aiohttp
import discord
import yarl
from discord import app_commands

from bot.discord.commands.slash import build_commands
from bot.discord.commands.slash_names import CatalogueTranslator
from bot.discord.front import DiscordFront
from bot.discord.reconnects import quiet_reconnects
from bot.discord.widgets.components import DYNAMIC_ITEMS, is_known
from bot.i18n import text
from bot.outage import Outage
from bot.refusals import StartRefused
from bot.service.game_service import GameService
from bot.settings import DISCORD_API_URL, DISCORD_GATEWAY_URL, DiscordSettings, WebSettings

logger = logging.getLogger(__name__)
# The type of an application's Entry Point command (PRIMARY_ENTRY_POINT), which launches its
# Activity.
ENTRY_POINT = 4


def point_at(api_url: str = DISCORD_API_URL, gateway_url: str = DISCORD_GATEWAY_URL) -> None:
    """Send discord.py's REST calls to `api_url` and its gateway connection to `gateway_url`
    (by default: Discord's own).

    discord.py keeps both as class attributes (every `Route` is built on `Route.BASE`, a new
    connection starts at `DiscordWebSocket.DEFAULT_GATEWAY`), so this holds for the whole
    process: one Discord account per process, as `bot.__main__` runs it."""
    discord.http.Route.BASE = api_url.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


class DamasClient(discord.Client):
    """discord.py's client with the slash commands, the restart-proof components and the
    front end that shows the service's events."""

    def __init__(
        self,
        service: GameService,
        web: WebSettings | None,
        listening: Callable[[], None] = lambda: None,
        **options: Any,
    ) -> None:
        # The bot has no voice: discord.py's warnings about missing voice libraries are noise.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(intents=discord.Intents(guilds=True), **options)
        self.front = DiscordFront(self, service, web)
        self.tree = app_commands.CommandTree(self)
        self._activity = web is not None and web.discord_client is not None
        self._resending: asyncio.Task[None] | None = None
        self._listening: Callable[[], None] | None = listening

    async def on_ready(self) -> None:
        """Connected to the gateway (again, after a resume): the first time, say it listens."""
        if self._listening is not None:
            listening, self._listening = self._listening, None
            listening()

    async def _keep_entry_point(self) -> None:
        """With Activities enabled Discord gives the application an Entry Point command (type
        4: the Activity in the App Launcher), which a bulk overwrite of the commands must
        include or Discord refuses it (400, 50240); discord.py knows no such command, so the
        one Discord has is added to the overwrite as it is."""
        assert self.application_id is not None  # known from the login
        existing = await self.http.get_global_commands(self.application_id)
        kept: list[dict[str, Any]] = [
            dict(command) for command in existing if command.get("type") == ENTRY_POINT
        ]
        if not kept:
            return
        overwrite = self.http.bulk_upsert_global_commands

        def with_entry_point(application_id: int, payload: list[dict[str, Any]]) -> Any:
            return overwrite(application_id, [*payload, *kept])

        # discord.py's tree builds the payload; its one call to Discord is wrapped here.
        setattr(self.http, "bulk_upsert_global_commands", with_entry_point)  # noqa: B010

    async def setup_hook(self) -> None:
        await install_commands(self.tree, self.front)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        try:
            if self._activity:
                await self._keep_entry_point()
            await self.tree.sync()
        except discord.DiscordServerError:
            raise  # Discord's trouble, not the commands': trying again can help
        except discord.HTTPException as error:
            said = "; ".join(line.strip() for line in error.text.splitlines() if line.strip())
            raise CommandsRefused(f"{error.status}, code {error.code}: {said}") from None
        self.front.service.kernel.bus.subscribe(self.front.showing.show_later)
        # The boards that fell behind while the bot was down (a post cut off by a crash, a
        # move made meanwhile) are brought up to date before anything new happens.
        try:
            await self.front.poster.catch_up()
        except Exception:
            logger.exception("the boards could not be brought up to date")
        self._resending = asyncio.create_task(self.front.poster.resend_forever())

    async def close(self) -> None:
        self.front.service.kernel.bus.unsubscribe(self.front.showing.show_later)
        await self.front.showing.arena_boards.edits.close()
        if self._resending is not None:
            self._resending.cancel()
            await asyncio.gather(self._resending, return_exceptions=True)
        await super().close()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if interaction.type is discord.InteractionType.modal_submit:
            if not await self.front.presses.modal_submitted(interaction):
                await self.front.presses.stray_component(interaction, custom_id)
        elif interaction.type is discord.InteractionType.component and not is_known(
            custom_id, _shown_ids(interaction.message)
        ):
            # discord.py leaves it unanswered: the person would read "This interaction failed".
            await self.front.presses.stray_component(interaction, custom_id)


async def install_commands(tree: app_commands.CommandTree[Any], front: DiscordFront) -> None:
    """Every slash command and the translator of their menus, on the tree that syncs them."""
    await tree.set_translator(CatalogueTranslator())
    for command in build_commands(front):
        tree.add_command(command)


def _shown_ids(message: discord.Message | None) -> set[str]:
    """The custom ids of the components a message shows."""
    rows = message.components if message is not None else []
    return {
        str(getattr(item, "custom_id", ""))
        for row in rows
        for item in getattr(row, "children", [row])
    }


class CommandsRefused(Exception):
    """Discord refused the slash commands the bot registers (what it said: `reason`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ShardedDamasClient(DamasClient, discord.AutoShardedClient):
    """The same client, connected as the shards it is given."""


# What trying again can mend: Discord, or the way to it, is down (no connection, a name that
# does not resolve, 5xx answers discord.py already retried, a gateway that does not open).
OUT_OF_REACH = (
    OSError,
    aiohttp.ClientError,
    asyncio.TimeoutError,
    discord.DiscordServerError,
    discord.GatewayNotFound,
)


async def serve(
    service: GameService,
    settings: DiscordSettings,
    *,
    web: WebSettings | None,
    listening: Callable[[], None] = lambda: None,
    unreachable: Callable[[], None] = lambda: None,
) -> None:
    """Run the Discord front end until cancelled (calling `listening` once connected): while
    Discord is out of reach, try again at growing intervals (calling `unreachable` after the
    first failed try); a token or slash commands Discord refuses end it with StartRefused.
    The connection is closed on the way out."""
    point_at(settings.api_url, settings.gateway_url)
    shards: dict[str, Any] = {}
    if settings.shards is not None:
        shards = {"shard_count": settings.shards.count, "shard_ids": list(settings.shards.ids)}
    client_class = ShardedDamasClient if shards else DamasClient
    outage = Outage("Discord")
    quiet_reconnects()

    def connected() -> None:
        outage.answered()
        listening()

    while True:
        try:
            async with client_class(service, web, connected, **shards) as client:
                await client.start(settings.token)
            return
        except discord.LoginFailure:
            raise StartRefused(
                text("Discord refused the token: check DISCORD_TOKEN (the bot's token).")
            ) from None
        except discord.PrivilegedIntentsRequired:
            raise StartRefused(
                text(
                    "Discord refused the gateway intents the bot asks for: switch them on in "
                    "the Developer Portal (Bot, Privileged Gateway Intents)."
                )
            ) from None
        except CommandsRefused as refusal:
            raise StartRefused(
                text(
                    "Discord refused the bot's slash commands ({reason}): this version of "
                    "damas-bot cannot serve Discord; update it, or report this line.",
                    reason=refusal.reason,
                )
            ) from None
        except OUT_OF_REACH as error:
            outage.failed(error)
            unreachable()
            await asyncio.sleep(outage.next_pause())
