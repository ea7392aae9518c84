"""The private answer to one Discord interaction, gathered while its work runs, and the
person who acted."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord.locales import language_of_locale
from bot.discord.posting.board_posts import PLATFORM
from bot.discord.posting.pages import CONTENT_LIMIT
from bot.i18n import Text, translate
from bot.service.kernel.events import Actor, Event, GameState, Reply
from bot.settings import WebSettings
from bot.web.links import page_label, page_link
from storage import ChatRef

logger = logging.getLogger(__name__)


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    user = interaction.user
    return Actor(PLATFORM, str(user.id), user.display_name, language_of_locale(interaction.locale))


def manages_server(interaction: discord.Interaction[Any]) -> bool:
    """Whether the person may manage the server the interaction comes from (Manage Server or
    Administrator): who may choose a channel's language."""
    if interaction.guild_id is None:
        return False
    permissions = interaction.permissions
    return permissions.manage_guild or permissions.administrator


@dataclass
class Answer:
    """The private answer to one interaction, gathered while the work runs."""

    interaction: discord.Interaction[Any]
    language: str | None
    lines: list[str] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    board: GameState | None = None
    view: discord.ui.View | None = None
    public_boards: list[tuple[GameState, Text | None]] = field(default_factory=list)
    embeds: list[discord.Embed] = field(default_factory=list)
    # A click on a board that played: the board shows it, the private answer goes away.
    tidy: bool = False
    # The web companion (WEB_URL), whose pages the answer links.
    web: WebSettings | None = None

    def say(self, message: Text | str) -> None:
        self.lines.append(translate(self.language, message))

    def link_pages(self, events: list[Event]) -> None:
        """A link button to each page the replies among `events` are about (with WEB_URL)."""
        if self.web is None:
            return
        for event in events:
            if isinstance(event, Reply) and event.page is not None:
                self.view = self.view or discord.ui.View(timeout=None)
                label = translate(self.language, page_label(event.page))
                url = page_link(self.web, event.page)
                self.view.add_item(
                    discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=url)
                )

    async def show_stage(self, stage: Text) -> None:
        """A stage of long work (/review) in the acknowledged answer, until the result
        replaces it."""
        content = translate(self.language, stage)[:CONTENT_LIMIT]
        try:
            await self.interaction.edit_original_response(content=content)
        except discord.HTTPException as error:
            logger.info("a stage of work was not shown: %s", error)


# The work of one interaction: the service calls, with what they say privately in the answer.
Work = Callable[[Actor, ChatRef, Answer], Awaitable[list[Event]]]
