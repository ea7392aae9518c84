"""The components that play a move on a Discord board (or answer a puzzle): the menus of
pieces and of one piece's destinations, a button per move, Roll (Ludo), and the button and
modal to type a move.
Their ids are listed in bot.discord.widgets.components."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.handlers import handler_of
from bot.discord.widgets.component_base import PREFIX, FromCustomId, fitted_label
from bot.i18n import text, translate
from bot.service.kernel.ids import whole_number

MODAL_ID = re.compile(rf"^{PREFIX}:tm:(?P<game>\d+):(?P<version>\d+)$")
MOVE_FIELD = "move"


# The kinds of the menus of pieces and of destinations: a game's (at its version) and a
# puzzle's (at its step; `z` is the id puzzle menus had before they offered pieces first).
GAME_PIECES, PUZZLE_PIECES = "p", "zp"
GAME_DESTINATIONS, PUZZLE_DESTINATIONS = "s", "z"


class PieceSelect(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:(?P<kind>z?p):(?P<target>\d+):(?P<version>\d+):(?P<part>\d+)",
):
    """Pick a piece to move, in a game (`target` the game, at its version) or a puzzle (the
    puzzle, at its step); the answer (for the mover only) offers its destinations."""

    def __init__(
        self,
        kind: str,
        target: int,
        version: int,
        part: int,
        pieces: Sequence[str] = (),
        placeholder: str = "",
    ) -> None:
        options = [discord.SelectOption(label=fitted_label(piece), value=piece) for piece in pieces]
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:{kind}:{target}:{version}:{part}",
                options=options,
                placeholder=placeholder or None,
            )
        )
        self.kind, self.target, self.version = kind, target, version

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        piece = values[0] if values else ""
        handler = handler_of(interaction)
        if self.kind == PUZZLE_PIECES:
            await handler.choose_puzzle_piece(interaction, self.target, self.version, piece)
        else:
            await handler.choose_piece(interaction, self.target, self.version, piece)


class DestinationSelect(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:(?P<kind>[sz]):(?P<target>\d+):(?P<version>\d+):(?P<part>\d+)",
):
    """Pick where the chosen piece goes, in a game or a puzzle (as PieceSelect): each option
    is a move, named by its index among the move choices of this version or step (two routes
    to one square show their notation)."""

    def __init__(
        self,
        kind: str,
        target: int,
        version: int,
        part: int,
        moves: Sequence[tuple[int, str]] = (),
        placeholder: str = "",
    ) -> None:
        super().__init__(
            _indexed_select(f"{PREFIX}:{kind}:{target}:{version}:{part}", moves, placeholder)
        )
        self.kind, self.target, self.version = kind, target, version

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        index = _chosen_index(self.item)
        handler = handler_of(interaction)
        if self.kind == PUZZLE_DESTINATIONS:
            await handler.answer_puzzle(interaction, self.target, self.version, index)
        else:
            await handler.play_choice(interaction, self.target, self.version, index)


class MoveButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:m:(?P<game>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """Play one legal move, named by its index in the move choices of this version."""

    def __init__(self, game_id: int, version: int, index: int, label: str = "?") -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:m:{game_id}:{version}:{index}",
                label=fitted_label(label),
                style=discord.ButtonStyle.primary,
            )
        )
        self.game_id, self.version, self.index = game_id, version, index

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).play_choice(
            interaction, self.game_id, self.version, self.index
        )


class RollButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:r:(?P<game>\d+):(?P<version>\d+)",
):
    """Roll the die in a Ludo game."""

    def __init__(self, game_id: int, version: int, label: str = "Roll") -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:r:{game_id}:{version}",
                label=fitted_label(label),
                emoji="🎲",
                style=discord.ButtonStyle.success,
            )
        )
        self.game_id, self.version = game_id, version

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).roll(interaction, self.game_id, self.version)


class TypeMoveButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:t:(?P<game>\d+):(?P<version>\d+)",
):
    """Open a modal to type the move in notation (a modal must be the first answer)."""

    def __init__(self, game_id: int, version: int, label: str = "Type a move") -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:t:{game_id}:{version}",
                label=fitted_label(label),
                emoji="⌨️",
                style=discord.ButtonStyle.secondary,
            )
        )
        self.game_id, self.version = game_id, version

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        language = await handler_of(interaction).language(interaction)
        await interaction.response.send_modal(MoveModal(self.game_id, self.version, language))


class MoveModal(discord.ui.Modal):
    """The typed move. Submissions are handled by the client's interaction listener (by the
    modal's custom id), so a modal opened before a restart still plays its move."""

    def __init__(self, game_id: int, version: int, language: str | None) -> None:
        super().__init__(
            title=translate(language, text("Your move in game #{game}", game=game_id))[:45],
            custom_id=f"{PREFIX}:tm:{game_id}:{version}",
        )
        self.add_item(
            discord.ui.TextInput(
                custom_id=MOVE_FIELD,
                label=translate(language, text("Move"))[:45],
                placeholder="11-15, c3-d4, 32x21",
                max_length=60,
            )
        )


def _indexed_select(
    custom_id: str, moves: Sequence[tuple[int, str]], placeholder: str
) -> discord.ui.Select[Any]:
    """A menu of moves, each option's value its index among the moves it was built from."""
    options = [
        discord.SelectOption(label=fitted_label(label), value=str(index)) for index, label in moves
    ]
    return discord.ui.Select(custom_id=custom_id, options=options, placeholder=placeholder or None)


def _chosen_index(select: discord.ui.Select[Any]) -> int:
    """The index a menu's chosen option names; -1 for none or a value no menu of ours sends."""
    chosen = whole_number(select.values[0]) if select.values else None
    return -1 if chosen is None else chosen
