"""The buttons that answer rather than move: a challenge's accept, decline and begin; the
answer to a draw offer; offer a draw, resign and abort (with their confirmations); a rematch;
join and leave a tournament or a simul; the host's next board in a simul; a puzzle's
solution; the board's Activity. Their ids are listed in
bot.discord.widgets.components."""

from __future__ import annotations

import logging
from typing import Any, ClassVar

import discord

from bot.discord.handlers import handler_of
from bot.discord.widgets.component_base import PREFIX, FromCustomId, fitted_label

logger = logging.getLogger(__name__)


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
                label=fitted_label(label or self.ACTIONS[action]),
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
                label=fitted_label(label or answer),
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
    template=rf"{PREFIX}:(?P<action>[oqkxeb]):(?P<game>\d+):(?P<version>\d+)",
):
    """Offer a draw (o), resign (q: asks to confirm first), confirm the resignation (k), abort
    (x: asks first), confirm aborting (e), go berserk in an arena's game (b)."""

    ACTIONS: ClassVar[dict[str, str]] = {
        "o": "offer",
        "q": "resign?",
        "k": "resign",
        "x": "abort?",
        "e": "abort",
        "b": "berserk",
    }

    def __init__(self, action: str, game_id: int, version: int, label: str = "") -> None:
        danger = action in "qkxe"
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:{action}:{game_id}:{version}",
                label=fitted_label(label or action),
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
                label=fitted_label(label or "rematch"),
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


class SimulButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:(?P<action>s[jl]):(?P<simul>\d+)",
):
    """Take a board (sj) of a simul that takes challengers, or give it back (sl)."""

    def __init__(self, action: str, simul: int, label: str = "") -> None:
        style = discord.ButtonStyle.success if action == "sj" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:{action}:{simul}", label=label or action, style=style
            )
        )
        self.joining, self.simul_id = action == "sj", simul

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).simul_entry(interaction, self.simul_id, self.joining)


class DeskButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:sn:(?P<simul>\d+):(?P<game>\d+)",
):
    """The host's desk at the board that waits after the game it showed."""

    def __init__(self, simul: int, game: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:sn:{simul}:{game}",
                label=fitted_label(label or "next"),
                style=discord.ButtonStyle.primary,
            )
        )
        self.simul_id, self.game_id = simul, game

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).next_desk(interaction, self.simul_id, self.game_id)


class PuzzleSolutionButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:zs:(?P<puzzle>\d+):(?P<step>\d+)",
):
    """The solution of a puzzle, under its picture after a miss (as /puzzle solution)."""

    def __init__(self, puzzle_id: int, step: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:zs:{puzzle_id}:{step}",
                label=fitted_label(label or "solution"),
                style=discord.ButtonStyle.secondary,
            )
        )
        self.puzzle_id, self.step = puzzle_id, step

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await handler_of(interaction).reveal_puzzle(interaction, self.puzzle_id, self.step)


class ActivityButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:v:(?P<game>\d+)",
):
    """Open the board inside the channel: Discord's Activity, launched as the answer itself
    (LAUNCH_ACTIVITY, interaction response type 12), which shows the person's game there."""

    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                custom_id=f"{PREFIX}:v:{game_id}",
                label=fitted_label(label or "activity"),
                style=discord.ButtonStyle.primary,
            )
        )
        self.game_id = game_id

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.launch_activity()
        except discord.HTTPException as error:
            logger.warning("the Activity of game %s was not launched: %s", self.game_id, error)
