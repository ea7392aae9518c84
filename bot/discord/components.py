"""Buttons, select menus and the move modal of the Discord boards, restart-proof.

Every component is a `DynamicItem`: its custom id carries all it needs (the game id and
version, or the challenge id), so a click on a message sent before a restart still works. The
ids (at most 100 characters):

    dmb:p:{game}:{version}:{part}   select of movable pieces (25 per menu, split in parts)
    dmb:s:{game}:{version}:{part}   select of one piece's destinations (values: move indexes)
    dmb:m:{game}:{version}:{index}  play the move `index` of `boards.move_choices`
    dmb:r:{game}:{version}          roll the die (Ludo)
    dmb:t:{game}:{version}          open the modal for a typed move
    dmb:tm:{game}:{version}         the modal itself (handled by the client's listener)
    dmb:y|n:{game}:{version}        accept or decline the draw offered
    dmb:o|q|k:{game}:{version}      offer a draw, resign (asks first), confirm resigning
    dmb:x|e:{game}:{version}        abort (asks first), confirm aborting
    dmb:w:{game}                    a rematch of a finished game
    dmb:a|d|b:{challenge}           accept, decline, begin a challenge
    dmb:tj|tl:{tournament}          join, leave a tournament (bot.discord.tournaments)

The callbacks hand the click to the front end (a `ComponentHandler`), found on the client.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Self, cast

import discord

from bot.discord.handlers import handler_of
from bot.i18n import text, translate
from bot.service.ids import MAX_DIGITS, whole_number

PREFIX = "dmb"
MENU_OPTIONS = 25
MENUS = 3
BUTTONS_PER_ROW = 5
ROWS = 5
LABEL_LIMIT = 80
MODAL_ID = re.compile(rf"^{PREFIX}:tm:(?P<game>\d+):(?P<version>\d+)$")
MOVE_FIELD = "move"


def _label(value: str) -> str:
    return value if len(value) <= LABEL_LIMIT else value[: LABEL_LIMIT - 1] + "…"


class FromCustomId:
    """Rebuilt from its custom id after a restart: the groups of the item's template, in
    order, are the first arguments of its constructor (digits as numbers)."""

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Self:
        values = (int(group) if group.isdigit() else group for group in match.groups())
        built: Self = cast(Any, cls)(*values)
        return built


class PieceSelect(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:p:(?P<game>\d+):(?P<version>\d+):(?P<part>\d+)",
):
    """Pick a piece to move; the answer (for the mover only) offers its destinations."""

    def __init__(
        self,
        game_id: int,
        version: int,
        part: int,
        pieces: Sequence[str] = (),
        placeholder: str = "",
    ) -> None:
        options = [discord.SelectOption(label=_label(piece), value=piece) for piece in pieces]
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:p:{game_id}:{version}:{part}",
                options=options,
                placeholder=placeholder or None,
            )
        )
        self.game_id, self.version = game_id, version

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        piece = values[0] if values else ""
        await handler_of(interaction).choose_piece(interaction, self.game_id, self.version, piece)


class DestinationSelect(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:s:(?P<game>\d+):(?P<version>\d+):(?P<part>\d+)",
):
    """Pick where the chosen piece goes: each option is a move, named by its index in the
    move choices of this version (two routes to one square show their notation)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        part: int,
        moves: Sequence[tuple[int, str]] = (),
        placeholder: str = "",
    ) -> None:
        options = [
            discord.SelectOption(label=_label(label), value=str(index)) for index, label in moves
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:s:{game_id}:{version}:{part}",
                options=options,
                placeholder=placeholder or None,
            )
        )
        self.game_id, self.version = game_id, version

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        chosen = whole_number(values[0]) if values else None
        index = -1 if chosen is None else chosen
        await handler_of(interaction).play_choice(interaction, self.game_id, self.version, index)


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
                label=_label(label),
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
                label=_label(label),
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
                label=_label(label),
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


class ChallengeButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:(?P<action>[adb]):(?P<challenge>\d+)",
):
    """Accept (a), decline (d) or begin (b) a challenge."""

    ACTIONS: ClassVar[dict[str, str]] = {"a": "accept", "d": "decline", "b": "begin"}
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "a": discord.ButtonStyle.success,
        "d": discord.ButtonStyle.danger,
        "b": discord.ButtonStyle.primary,
    }

    def __init__(self, action: str, challenge_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:{action}:{challenge_id}",
                label=_label(label or self.ACTIONS[action]),
                style=self.STYLES[action],
            )
        )
        self.action, self.challenge_id = action, challenge_id

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).answer_challenge(
            interaction, self.challenge_id, self.ACTIONS[self.action]
        )


class DrawAnswerButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:(?P<answer>[yn]):(?P<game>\d+):(?P<version>\d+)",
):
    """Accept (y) or decline (n) the draw the opponent offered."""

    def __init__(self, answer: str, game_id: int, version: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:{answer}:{game_id}:{version}",
                label=_label(label or answer),
                style=discord.ButtonStyle.success if answer == "y" else discord.ButtonStyle.danger,
            )
        )
        self.accept, self.game_id, self.version = answer == "y", game_id, version

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).answer_draw(
            interaction, self.game_id, self.version, self.accept
        )


class GameActionButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:(?P<action>[oqkxe]):(?P<game>\d+):(?P<version>\d+)",
):
    """Offer a draw (o), resign (q: asks to confirm first), confirm the resignation (k), abort
    (x: asks first), confirm aborting (e)."""

    ACTIONS: ClassVar[dict[str, str]] = {
        "o": "offer",
        "q": "resign?",
        "k": "resign",
        "x": "abort?",
        "e": "abort",
    }

    def __init__(self, action: str, game_id: int, version: int, label: str = "") -> None:
        danger = action in "qkxe"
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:{action}:{game_id}:{version}",
                label=_label(label or action),
                style=discord.ButtonStyle.danger if danger else discord.ButtonStyle.secondary,
            )
        )
        self.action, self.game_id, self.version = self.ACTIONS[action], game_id, version

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).game_action(
            interaction, self.game_id, self.version, self.action
        )


class RematchButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:w:(?P<game>\d+)",
):
    """The same game again with the colours swapped, under a finished board."""

    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:w:{game_id}",
                label=_label(label or "rematch"),
                style=discord.ButtonStyle.primary,
            )
        )
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).rematch(interaction, self.game_id)


class TournamentButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:(?P<action>t[jl]):(?P<tournament>\d+)",
):
    """Join (tj) or leave (tl) a tournament that takes entries."""

    def __init__(self, action: str, tournament_id: int, label: str = "") -> None:
        style = discord.ButtonStyle.success if action == "tj" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:{action}:{tournament_id}", label=label or action, style=style
            )
        )
        self.joining, self.tournament_id = action == "tj", tournament_id

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).tournament_entry(
            interaction, self.tournament_id, self.joining
        )


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    PieceSelect,
    DestinationSelect,
    MoveButton,
    RollButton,
    TypeMoveButton,
    ChallengeButton,
    DrawAnswerButton,
    GameActionButton,
    RematchButton,
    TournamentButton,
)


# A component id of this bot (of any version): `dmb:ACTION:NUMBER...`, where the number is a
# challenge for the actions a, d and b, and a game for the others.
STRAY_ID = re.compile(rf"^{PREFIX}:(?P<action>[a-z]+):(?P<number>\d{{1,{MAX_DIGITS}}})\b")
CHALLENGE_ACTIONS = frozenset("adb")


def is_known(custom_id: str, shown: Iterable[str]) -> bool:
    """Whether a click reaches a component handler: discord.py runs one only for an id its
    template matches and that the clicked message shows."""
    matches = any(
        item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS
    )
    return matches and custom_id in shown


def stray_target(custom_id: str) -> tuple[int, bool] | None:
    """What an unknown component id names, if it can be read: (number, is a challenge)."""
    match = STRAY_ID.match(custom_id)
    if match is None:
        return None
    return int(match["number"]), match["action"] in CHALLENGE_ACTIONS
