"""Tournaments on Discord: `/tournament` (an action, and the tournament's number, the words
of `new` and a partner as options) runs the typed command's subcommands; the news goes to the
tournament's channel with Join and Leave buttons while it registers (views.tournament_view,
restart-proof `dmb:tj:ID` and `dmb:tl:ID` components)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.answers import Answer
from bot.discord.front import DiscordFront
from bot.discord.slash_names import command_description, command_name, menu_text
from bot.i18n import text
from bot.service.events import Actor, Event
from bot.service.tournament_commands import SUBCOMMANDS, tournament_command
from storage import ChatRef

# The largest number the typed command's "#NUMBER" reads.
LARGEST_OPTION = 999_999_999
PARTNER_TOKEN = "partner"


def tournament_commands(front: DiscordFront) -> list[app_commands.Command[Any, Any, Any]]:
    service = front.service

    @app_commands.command(
        name=command_name("tournament"), description=command_description("tournament")
    )
    @app_commands.describe(
        action=menu_text(text("what to do")),
        tournament=menu_text(text("the tournament number (default: this channel's latest)")),
        options=menu_text(
            text("for new: the variant, the format and options, e.g. brazilian knockout 10m")
        ),
        partner=menu_text(text("your team partner (join)")),
    )
    @app_commands.choices(
        action=[
            app_commands.Choice(name=menu_text(sub.summary), value=sub.name) for sub in SUBCOMMANDS
        ]
    )
    async def tournament(
        interaction: discord.Interaction[Any],
        action: str,
        tournament: app_commands.Range[int, 1, LARGEST_OPTION] | None = None,
        options: str | None = None,
        partner: discord.User | None = None,
    ) -> None:
        mate = Actor("discord", str(partner.id), partner.display_name) if partner else None

        async def resolve(name: str) -> Actor | None:
            return mate if name == PARTNER_TOKEN else None

        async def work(actor: Actor, chat: ChatRef, _answer: Answer) -> list[Event]:
            words = [action]
            if tournament is not None:
                words.append(f"#{tournament}")
            words.extend((options or "").split())
            if mate is not None:
                words.append(PARTNER_TOKEN)
            return await tournament_command(service, actor, chat, words, resolve)

        await front.run(interaction, work)

    return [tournament]
