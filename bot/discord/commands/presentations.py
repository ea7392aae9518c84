"""How Discord shows some answers: /profile (an embed with the player's lines and rating
chart), /top (the leaderboards as an embed) and /help (Discord's own commands), answered
privately like every slash command."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable

import discord

from bot.discord.commands.slash_names import slash_help
from bot.discord.posting.answers import Answer
from bot.discord.posting.board_posts import BOARD_COLOUR
from bot.discord.posting.pages import pages
from bot.i18n import Text, translate
from bot.service.command_table.people import PROFILE, leaderboard_words
from bot.service.command_table.spec import Args
from bot.service.command_table.table import run
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, FileReady, Reply
from bot.service.ratings.views import (
    LEADERBOARD_HEADINGS,
    NOBODY,
    Leaderboards,
    leaderboard_title,
    standing_lines,
)
from storage import ChatRef

FIELD_LIMIT = 1024
DESCRIPTION_LIMIT = 4096
TITLE_LIMIT = 256


def leaderboard_embed(boards: Leaderboards, language: str | None) -> discord.Embed:
    embed = discord.Embed(
        title=translate(language, leaderboard_title(boards.pool))[:TITLE_LIMIT],
        colour=BOARD_COLOUR,
    )
    for heading, rows in zip(LEADERBOARD_HEADINGS, (boards.chat, boards.everyone), strict=True):
        value = standing_lines(rows) or translate(language, NOBODY)
        embed.add_field(name=translate(language, heading), value=value[:FIELD_LIMIT], inline=True)
    return embed


def profile_embed(events: list[Event], answer: Answer) -> None:
    """The profile's lines as an embed, its chart as the embed's picture; the lines past what
    an embed's description holds (a player with many games going on) follow as text pages,
    never cut."""
    lines = [translate(answer.language, event.text) for event in events if isinstance(event, Reply)]
    first, *rest = pages("\n".join(lines[1:]), DESCRIPTION_LIMIT)
    embed = discord.Embed(
        title=lines[0][:TITLE_LIMIT] if lines else None, description=first, colour=BOARD_COLOUR
    )
    for page in rest:
        answer.say(page)
    for event in events:
        if isinstance(event, FileReady):
            answer.files.append(discord.File(io.BytesIO(event.content), event.name))
            embed.set_image(url=f"attachment://{event.name}")
    answer.embeds.append(embed)
    answer.link_pages(events)


async def _profile(
    service: GameService, actor: Actor, chat: ChatRef, args: Args, answer: Answer
) -> list[Event]:
    profile_embed(await run(PROFILE, service, actor, chat, args), answer)
    return []


async def _top(
    service: GameService, actor: Actor, chat: ChatRef, args: Args, answer: Answer
) -> list[Event]:
    boards = await service.ratings.leaderboards(chat, leaderboard_words(args), actor)
    answer.embeds.append(leaderboard_embed(boards, answer.language))
    return []


async def _help(
    service: GameService, actor: Actor, _chat: ChatRef, _args: Args, _answer: Answer
) -> list[Event]:
    """Discord's own commands with their options, not the typed ones."""
    return [Reply(Text(line)) for line in slash_help(await service.identities.language(actor))]


# The commands whose answers Discord shows its own way (embeds, its own /help).
Presentation = Callable[[GameService, Actor, ChatRef, Args, Answer], Awaitable[list[Event]]]
PRESENTATIONS: dict[str, Presentation] = {"profile": _profile, "top": _top, "help": _help}
