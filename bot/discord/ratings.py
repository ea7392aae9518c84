"""Ratings on Discord: /profile (an embed with the player's lines and rating chart) and /top
(the leaderboards as an embed), answered privately like every slash command."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands

from bot.discord.answers import Answer
from bot.discord.board_posts import BOARD_COLOUR
from bot.discord.front import DiscordFront
from bot.discord.slash_names import (
    command_description,
    command_name,
    game_kind_choices,
    menu_text,
)
from bot.i18n import text, translate
from bot.service.events import Actor, Event, FileReady, Reply
from bot.service.rating_views import (
    LEADERBOARD_HEADINGS,
    NOBODY,
    Leaderboards,
    leaderboard_title,
    standing_lines,
)
from storage import ChatRef

FIELD_LIMIT = 1024
DESCRIPTION_LIMIT = 4096


def leaderboard_embed(boards: Leaderboards, language: str | None) -> discord.Embed:
    embed = discord.Embed(
        title=translate(language, leaderboard_title(boards.pool))[:256], colour=BOARD_COLOUR
    )
    for heading, rows in zip(LEADERBOARD_HEADINGS, (boards.chat, boards.everyone), strict=True):
        value = standing_lines(rows) or translate(language, NOBODY)
        embed.add_field(name=translate(language, heading), value=value[:FIELD_LIMIT], inline=True)
    return embed


def profile_embed(events: list[Event], answer: Answer) -> None:
    """The profile's lines as an embed, its chart as the embed's picture."""
    lines = [translate(answer.language, event.text) for event in events if isinstance(event, Reply)]
    embed = discord.Embed(
        title=lines[0][:256] if lines else None,
        description="\n".join(lines[1:])[:DESCRIPTION_LIMIT],
        colour=BOARD_COLOUR,
    )
    for event in events:
        if isinstance(event, FileReady):
            answer.files.append(discord.File(io.BytesIO(event.content), event.name))
            embed.set_image(url=f"attachment://{event.name}")
    answer.embeds.append(embed)


def rating_commands(front: DiscordFront) -> list[app_commands.Command[Any, Any, Any]]:
    service = front.service

    @app_commands.command(name=command_name("profile"), description=command_description("profile"))
    @app_commands.describe(
        player=menu_text(text("the member whose profile to show (default: you)"))
    )
    async def profile(
        interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        someone = Actor("discord", str(player.id), player.display_name, None) if player else None

        async def work(actor: Actor, _chat: ChatRef, answer: Answer) -> list[Event]:
            profile_embed(await service.profile(actor, someone), answer)
            return []

        await front.run(interaction, work)

    @app_commands.command(name=command_name("top"), description=command_description("top"))
    @app_commands.describe(
        game=menu_text(text("the game (default: Brazilian draughts)")),
        pace=menu_text(text("live or correspondence games")),
    )
    @app_commands.choices(
        game=game_kind_choices(),
        pace=[
            app_commands.Choice(name=menu_text(text("live")), value="live"),
            app_commands.Choice(name=menu_text(text("correspondence")), value="corr"),
        ],
    )
    async def top(
        interaction: discord.Interaction[Any], game: str | None = None, pace: str | None = None
    ) -> None:
        words = [word for word in (game, pace) if word is not None]

        async def work(_actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            boards = await service.leaderboards(chat, words)
            answer.embeds.append(leaderboard_embed(boards, answer.language))
            return []

        await front.run(interaction, work)

    return [profile, top]
