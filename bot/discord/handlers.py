"""What the components of a board ask of the front end: the interface between
the components (bot.discord.widgets.move_components and action_buttons, which only build and read
components) and `bot.discord.widgets.presses` (which does the work), so that neither imports the
other's module for it."""

from __future__ import annotations

from typing import Any, Protocol

import discord


class ComponentHandler(Protocol):
    async def language(self, interaction: discord.Interaction[Any]) -> str | None:
        """The language to answer the person of `interaction` in."""

    async def play_choice(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, index: int
    ) -> None: ...

    async def roll(
        self, interaction: discord.Interaction[Any], game_id: int, version: int
    ) -> None: ...

    async def choose_piece(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, piece: str
    ) -> None: ...

    async def answer_draw(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, accept: bool
    ) -> None: ...

    async def game_action(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, action: str
    ) -> None: ...

    async def answer_challenge(
        self, interaction: discord.Interaction[Any], challenge_id: int, action: str
    ) -> None: ...

    async def rematch(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...
    async def choose_puzzle_piece(
        self, interaction: discord.Interaction[Any], puzzle_id: int, step: int, piece: str
    ) -> None: ...
    async def answer_puzzle(
        self, interaction: discord.Interaction[Any], puzzle_id: int, step: int, index: int
    ) -> None: ...
    async def reveal_puzzle(
        self, interaction: discord.Interaction[Any], puzzle_id: int, step: int
    ) -> None: ...
    async def tournament_entry(
        self, interaction: discord.Interaction[Any], tournament_id: int, joining: bool
    ) -> None: ...
    async def simul_entry(
        self, interaction: discord.Interaction[Any], simul_id: int, joining: bool
    ) -> None: ...
    async def next_desk(
        self, interaction: discord.Interaction[Any], simul_id: int, game_id: int
    ) -> None: ...


class HasPresses(Protocol):
    """The front end: its part that handles the components' clicks."""

    @property
    def presses(self) -> ComponentHandler: ...


class HasFront(Protocol):
    """The client: it carries the front end."""

    @property
    def front(self) -> HasPresses: ...


def handler_of(interaction: discord.Interaction[Any]) -> ComponentHandler:
    client: HasFront = interaction.client
    return client.front.presses
