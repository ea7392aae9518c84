"""The slash commands of the Discord front end, built from the command table
(bot/service/command_table/): one per entry, its options typed from the entry's (choices,
ranges, members), their names and descriptions localised by slash_names.py, game numbers and
moves completed as people type. Each runs the table's `run` through the front end
(bot/discord/interactions.py); /profile, /top and /help show their answers Discord's way."""

from __future__ import annotations

import inspect
from typing import Any, Optional

import discord
from discord import app_commands

from bot.discord.attachments import attachment_file
from bot.discord.commands.presentations import PRESENTATIONS, Presentation
from bot.discord.commands.slash_names import command_name, menu_text, option_name, slash_options
from bot.discord.front import DiscordFront
from bot.discord.interactions import AUTOCOMPLETE_CHOICES
from bot.discord.posting.answers import Answer, actor_of, manages_server
from bot.i18n import text
from bot.service import boards
from bot.service.command_table.entry import Command
from bot.service.command_table.people import LANG
from bot.service.command_table.spec import Args, Kind, Option
from bot.service.command_table.table import TABLE, run
from bot.service.kernel.events import Actor, BoardUpdate, Event, ServiceError
from storage import ChatRef

SlashCommand = app_commands.Command[Any, Any, Any]

_TYPES: dict[Kind, Any] = {
    Kind.GAME: int,
    Kind.CHALLENGE: int,
    Kind.TOURNAMENT: int,
    Kind.SIMUL: int,
    Kind.CLUB_MATCH: int,
    Kind.NUMBER: int,
    Kind.TEXT: str,
    Kind.MOVE: str,
    Kind.WORDS: str,
    Kind.FLAG: bool,
    Kind.MEMBER: discord.User,
    Kind.FILE: discord.Attachment,
}


def _annotation(option: Option) -> Any:
    kind = _TYPES[option.kind]
    if option.low is not None and option.high is not None and not option.choices:
        kind = app_commands.Range[int, option.low, option.high]
    return kind if option.required else Optional[kind]  # noqa: UP045 (Range is no type)


def _completes_games(option: Option) -> bool:
    """A game number, which the person's games complete; Discord refuses an option with both
    choices and autocomplete (/new's `game` is a choice of kinds)."""
    return option.kind is Kind.GAME and not option.choices


def _values(given: dict[str, Any]) -> dict[str, object]:
    """The options as the table holds them: members as players (bots play no games), files
    as the review takes them."""
    values: dict[str, object] = {}
    for name, value in given.items():
        if isinstance(value, discord.Attachment):
            value = attachment_file(value)
        if isinstance(value, discord.User | discord.Member):
            if value.bot:
                raise ServiceError(text("Bots do not play here: choose computer instead."))
            value = Actor("discord", str(value.id), value.display_name, None)
        if value is not None:
            values[name] = value
    return values


def slash_command(
    front: DiscordFront, command: Command, present: Presentation | None = None
) -> SlashCommand:
    """The slash command of one entry of the table (or of one of its subcommands)."""
    service = front.service

    async def callback(interaction: discord.Interaction[Any], /, **given: Any) -> None:
        async def administrator() -> bool:
            return manages_server(interaction)

        async def open_thread(
            chat: ChatRef, actor: Actor, game: str, opponent: Actor | None
        ) -> ChatRef:
            return await front.interactions.open_thread(interaction, chat, actor, game, opponent)

        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            args = Args(
                _values(given),
                administrator=administrator,
                open_thread=open_thread,
                slash=True,
                progress=answer.show_stage,
            )
            if present is not None:
                return await present(service, actor, chat, args, answer)
            events = await run(command, service, actor, chat, args)
            language = args.text("language")
            if command is LANG and args.flag("channel") and language is not None:
                front.channels.chose_language(chat, language)
            return events

        await front.interactions.run(interaction, work)

    options = slash_options(command)
    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        ),
        *(
            inspect.Parameter(
                option.name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=_annotation(option),
                default=inspect.Parameter.empty if option.required else None,
            )
            for option in options
        ),
    ]
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    described = app_commands.describe(
        **{option.name: menu_text(option.description) for option in options}
    )(callback)
    renamed = app_commands.rename(**{option.name: option_name(option) for option in options})(
        described
    )
    chosen = app_commands.choices(
        **{
            option.name: [
                app_commands.Choice(name=menu_text(choice.label), value=choice.value)
                for choice in option.choices
            ]
            for option in options
            if option.choices
        }
    )(renamed)
    slash: SlashCommand = app_commands.Command(
        name=command_name(command), description=menu_text(command.summary), callback=chosen
    )
    for option in options:
        if _completes_games(option):
            slash.autocomplete(option.name)(front.interactions.game_choices)
        elif option.kind is Kind.MOVE:
            slash.autocomplete(option.name)(_legal_moves(front))
    return slash


def _legal_moves(front: DiscordFront) -> Any:
    async def legal_moves(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The legal moves of the person's current game that start as typed (no deferring:
        an autocomplete answer is the first answer; reading a game takes milliseconds)."""
        try:
            events = await front.service.records.board(actor_of(interaction), None)
        except ServiceError:
            return []
        typed = current.strip()
        found = [
            choice.notation
            for event in events
            if isinstance(event, BoardUpdate)
            for choice in boards.move_choices(event.state)
            if choice.notation.startswith(typed)
        ]
        return [app_commands.Choice(name=name, value=name) for name in found[:AUTOCOMPLETE_CHOICES]]

    return legal_moves


def slash_group(front: DiscordFront, command: Command) -> app_commands.Group:
    """An entry with subcommands ("/tournament join"): a group of slash subcommands."""
    group = app_commands.Group(name=command_name(command), description=menu_text(command.summary))
    for sub in command.subcommands:
        group.add_command(slash_command(front, sub))
    return group


def build_commands(front: DiscordFront) -> list[SlashCommand | app_commands.Group]:
    """Every slash command: one per entry of the table."""
    return [
        slash_group(front, command)
        if command.subcommands
        else slash_command(front, command, PRESENTATIONS.get(command.name))
        for command in TABLE
    ]
