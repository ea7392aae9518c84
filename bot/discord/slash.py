"""The slash commands of the Discord front end: each runs its service call through the front
end (bot/discord/interactions.py). Their names, descriptions and choices in three languages
are in slash_names.py; /profile and /top in ratings.py, /tournament in tournaments.py.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.discord.answers import Answer, actor_of, manages_server
from bot.discord.front import DiscordFront
from bot.discord.interactions import AUTOCOMPLETE_CHOICES
from bot.discord.slash_names import (
    command_description,
    command_name,
    game_kind_choices,
    menu_text,
    slash_help,
)
from bot.i18n import Text, text
from bot.service import boards
from bot.service.dispatch import typed_move
from bot.service.events import Actor, BoardUpdate, Event, Reply, ServiceError
from bot.service.ids import known_id
from bot.service.levels import LEVEL_TEXTS
from storage import ChatRef

Call = Callable[[Actor, ChatRef], Awaitable[list[Event]]]


def _checked(number: int | None, *, challenge: bool = False) -> int | None:
    """A game (or challenge) number option, refused if no stored one can have it."""
    return None if number is None else known_id(number, challenge=challenge)


GAME_OPTION = menu_text(text("the game number (default: your current game)"))


def build_commands(front: DiscordFront) -> list[app_commands.Command[Any, Any, Any]]:
    """Every slash command, each running its service call through the front end."""
    service = front.service

    async def respond(interaction: discord.Interaction[Any], call: Call) -> None:
        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            return await call(actor, chat)

        await front.run(interaction, work)

    @app_commands.command(name=command_name("new"), description=command_description("new"))
    @app_commands.describe(
        game=menu_text(text("the game to play")),
        opponent=menu_text(text("the member you challenge (nobody: anyone here)")),
        computer=menu_text(text("play against the computer")),
        level=menu_text(text("the computer's level (default: normal)")),
        side=menu_text(text("your side (default: drawn)")),
        players=menu_text(text("players at a Ludo table (2 to 4)")),
        options=menu_text(
            text("rule options, e.g. three-sixes for Ludo, or 3d for 3 days per move")
        ),
        thread=menu_text(text("play in a thread of its own")),
    )
    @app_commands.choices(game=game_kind_choices())
    @app_commands.choices(
        level=[
            app_commands.Choice(name=menu_text(name), value=level)
            for level, name in LEVEL_TEXTS.items()
        ]
    )
    @app_commands.choices(
        side=[
            app_commands.Choice(name=menu_text(text("White")), value=0),
            app_commands.Choice(name=menu_text(text("Black")), value=1),
        ],
    )
    async def new(
        interaction: discord.Interaction[Any],
        game: str,
        opponent: discord.User | None = None,
        computer: bool = False,
        level: str | None = None,
        side: int | None = None,
        players: app_commands.Range[int, 2, 4] | None = None,
        options: str | None = None,
        thread: bool = False,
    ) -> None:
        rival = (
            Actor("discord", str(opponent.id), opponent.display_name, None)
            if opponent is not None
            else None
        )

        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            if opponent is not None and opponent.bot:
                raise ServiceError(text("Bots do not play here: choose computer instead."))
            if thread:
                chat = await front.open_thread(interaction, chat, actor, game, rival)
            return await service.new_game(
                actor,
                chat,
                game,
                opponent=rival,
                computer=computer or level is not None,
                seat=side,
                players=players,
                option_words=(options or "").split(),
                level=level,
            )

        await respond(interaction, call)

    def challenge_command(name: str) -> app_commands.Command[Any, Any, Any]:
        handler = {"accept": service.accept, "decline": service.decline, "begin": service.begin}

        @app_commands.command(name=command_name(name), description=command_description(name))
        @app_commands.describe(
            challenge=menu_text(text("the challenge number (default: the last)"))
        )
        async def command(
            interaction: discord.Interaction[Any], challenge: int | None = None
        ) -> None:
            async def call(actor: Actor, chat: ChatRef) -> list[Event]:
                return await handler[name](actor, _checked(challenge, challenge=True), chat)

            await respond(interaction, call)

        return command

    def game_command(name: str) -> app_commands.Command[Any, Any, Any]:
        # Each takes the person, the game (None: his current one) and the chat (chat=).
        handler: dict[str, Callable[..., Awaitable[list[Event]]]] = {
            "roll": service.roll,
            "board": service.board,
            "moves": service.legal_moves,
            "resign": service.resign,
            "claim": service.claim,
            "abort": service.abort,
            "history": service.history,
            "pdn": service.export_pdn,
        }

        @app_commands.command(name=command_name(name), description=command_description(name))
        @app_commands.describe(game=GAME_OPTION)
        async def command(interaction: discord.Interaction[Any], game: int | None = None) -> None:
            async def call(actor: Actor, chat: ChatRef) -> list[Event]:
                return await handler[name](actor, _checked(game), chat=chat)

            await respond(interaction, call)

        return command

    @app_commands.command(name=command_name("move"), description=command_description("move"))
    @app_commands.describe(move=menu_text(text("the move, e.g. 11-15 or c3-d4")), game=GAME_OPTION)
    async def move_command(
        interaction: discord.Interaction[Any], move: str, game: int | None = None
    ) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.move(actor, typed_move(move), _checked(game), chat=chat)

        await respond(interaction, call)

    @move_command.autocomplete("move")
    async def legal_moves(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The legal moves of the person's current game that start as typed (no deferring:
        an autocomplete answer is the first answer; reading a game takes milliseconds)."""
        try:
            events = await service.board(actor_of(interaction), None)
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

    @app_commands.command(name=command_name("draw"), description=command_description("draw"))
    @app_commands.describe(answer=menu_text(text("offer, accept or decline")), game=GAME_OPTION)
    @app_commands.choices(
        answer=[
            app_commands.Choice(name=menu_text(text("offer a draw")), value="offer"),
            app_commands.Choice(name=menu_text(text("accept the draw")), value="accept"),
            app_commands.Choice(name=menu_text(text("decline the draw")), value="decline"),
        ]
    )
    async def draw(
        interaction: discord.Interaction[Any], answer: str = "offer", game: int | None = None
    ) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            answered = None if answer == "offer" else answer
            return await service.draw(actor, answered, _checked(game), chat=chat)

        await respond(interaction, call)

    @app_commands.command(name=command_name("games"), description=command_description("games"))
    async def games(interaction: discord.Interaction[Any]) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.my_games(actor)

        await respond(interaction, call)

    @app_commands.command(name=command_name("flip"), description=command_description("flip"))
    async def flip(interaction: discord.Interaction[Any]) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.flip(actor, chat)

        await respond(interaction, call)

    @app_commands.command(name=command_name("lang"), description=command_description("lang"))
    @app_commands.describe(
        language=menu_text(text("the language I write to you in")),
        channel=menu_text(
            text("for this channel's boards and public messages instead (server managers)")
        ),
    )
    @app_commands.choices(
        language=[
            app_commands.Choice(name="português", value="pt"),
            app_commands.Choice(name="italiano", value="it"),
            app_commands.Choice(name="English", value="en"),
        ]
    )
    async def language(
        interaction: discord.Interaction[Any], language: str, channel: bool = False
    ) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            if not channel:
                return await service.set_language(actor, language)
            events = await service.set_chat_language(
                actor, chat, language, manages_server(interaction)
            )
            front.chose_channel_language(chat, language)
            return events

        await respond(interaction, call)

    @app_commands.command(
        name=command_name("vacation"), description=command_description("vacation")
    )
    @app_commands.describe(days=menu_text(text("days away (none: all left this year; 0 ends it)")))
    async def vacation(
        interaction: discord.Interaction[Any], days: app_commands.Range[int, 0, 366] | None = None
    ) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.vacation(actor, days)

        await respond(interaction, call)

    @app_commands.command(name=command_name("remind"), description=command_description("remind"))
    @app_commands.describe(on=menu_text(text("reminders before your deadlines")))
    async def remind(interaction: discord.Interaction[Any], on: bool) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.set_reminders(actor, on)

        await respond(interaction, call)

    @app_commands.command(name=command_name("link"), description=command_description("link"))
    @app_commands.describe(code=menu_text(text("the code from your other account (none: get one)")))
    async def link(interaction: discord.Interaction[Any], code: str | None = None) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.link(actor, code)

        await respond(interaction, call)

    @app_commands.command(name=command_name("help"), description=command_description("help"))
    async def help_command(interaction: discord.Interaction[Any]) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            spoken = await service.language(actor)
            return [Reply(Text(line)) for line in slash_help(commands, spoken)]

        await respond(interaction, call)

    commands: list[app_commands.Command[Any, Any, Any]] = [
        new,
        *(challenge_command(name) for name in ("accept", "decline", "begin")),
        move_command,
        *(game_command(name) for name in GAME_COMMANDS),
        draw,
        games,
        vacation,
        remind,
        link,
        flip,
        language,
        help_command,
    ]
    for command in commands:
        if any(_is_game_number(parameter) for parameter in command.parameters):
            command.autocomplete("game")(front.game_choices)
    return commands


def _is_game_number(parameter: app_commands.Parameter) -> bool:
    """A `game` option that takes a game number, which the person's games complete; Discord
    refuses an option with both choices and autocomplete (/new's `game` is a choice of kinds)."""
    return (
        parameter.name == "game"
        and parameter.type is discord.AppCommandOptionType.integer
        and not parameter.choices
    )


# The commands that take only a game number.
GAME_COMMANDS = ("roll", "board", "moves", "resign", "claim", "abort", "history", "pdn")
