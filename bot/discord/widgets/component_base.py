"""What every component of the Discord boards shares: the id prefix, Discord's limits on
components, labels cut to fit, and the rebuilding of a component from its custom id."""

from __future__ import annotations

import re
from typing import Any, Self, cast

import discord

PREFIX = "dmb"
MENU_OPTIONS = 25
MENUS = 3
BUTTONS_PER_ROW = 5
ROWS = 5
LABEL_LIMIT = 80


def fitted_label(value: str) -> str:
    return value if len(value) <= LABEL_LIMIT else value[: LABEL_LIMIT - 1] + "…"


class FromCustomId:
    """Rebuilt from its custom id after a restart: the groups of the item's template, in
    order, are the first arguments of its constructor (digits as numbers)."""

    @classmethod
    async def from_custom_id(  # discord.py's signature: the values all come from the match
        cls,
        interaction: discord.Interaction[Any],  # noqa: ARG003
        item: discord.ui.Item[Any],  # noqa: ARG003
        match: re.Match[str],
    ) -> Self:
        values = (int(group) if group.isdecimal() else group for group in match.groups())
        built: Self = cast(Any, cls)(*values)
        return built
