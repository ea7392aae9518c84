"""The slash commands of the Discord front end, named and described in three languages.

Names, descriptions and choices are `locale_str`s; `CatalogueTranslator` gives Discord their
Portuguese (Brazil) and Italian forms: command names are the Portuguese and Italian aliases
of the typed commands (bot/service/commands.py), descriptions and choices come from the
message catalogues through `bot.i18n.translate` (English where a translation is missing).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.front import Answer, DiscordFront, actor_of
from bot.discord.locales import LANGUAGES
from bot.i18n import Text, text, translate
from bot.service import boards
from bot.service.commands import COMMANDS, CommandSpec
from bot.service.dispatch import typed_move
from bot.service.events import Actor, BoardUpdate, Event, Reply, ServiceError
from bot.service.families import family_of
from bot.service.ids import known_id
from bot.service.levels import LEVEL_TEXTS
from games.base import find_game
from storage import ChatRef

GAMES = ("brazilian", "international", "italian", "italian-familiar", "ludo")
AUTOCOMPLETE_CHOICES = 25

Call = Callable[[Actor, ChatRef], Awaitable[list[Event]]]

# The slash command of each typed command, and its name in Portuguese and Italian (aliases
# of the typed command, so that both ways of playing share their words).
SLASH_NAMES: dict[str, tuple[str, str, str]] = {
    "new": ("new", "novo", "nuovo"),
    "accept": ("accept", "aceitar", "accetta"),
    "decline": ("decline", "recusar", "rifiuta"),
    "begin": ("begin", "iniciar", "inizia"),
    "move": ("move", "jogar", "muovi"),
    "roll": ("roll", "rolar", "lancia"),
    "board": ("board", "tabuleiro", "tavoliere"),
    "moves": ("moves", "lances", "mosse"),
    "games": ("games", "partidas", "partite"),
    "resign": ("resign", "desistir", "abbandona"),
    "claim": ("claim", "reclamar", "reclama"),
    "abort": ("abort", "abortar", "annulla"),
    "history": ("history", "historico", "storia"),
    "vacation": ("vacation", "ferias", "vacanza"),
    "remind": ("remind", "lembretes", "promemoria"),
    "link": ("link", "vincular", "collega"),
    "draw": ("draw", "empate", "patta"),
    "pdn": ("pdn", "exportar", "esporta"),
    "flip": ("flip", "girar", "ruota"),
    "lang": ("language", "idioma", "lingua"),
    "help": ("help", "ajuda", "aiuto"),
    "profile": ("profile", "perfil", "profilo"),
    "top": ("top", "ranking", "classifica"),
    "tournament": ("tournament", "torneio", "torneo"),
}

# The options of the slash commands in Portuguese and Italian (Discord's option names:
# lowercase, no spaces).
OPTION_NAMES: dict[str, tuple[str, str]] = {
    "game": ("jogo", "gioco"),
    "opponent": ("adversário", "avversario"),
    "computer": ("computador", "computer"),
    "level": ("nível", "livello"),
    "side": ("lado", "colore"),
    "players": ("jogadores", "giocatori"),
    "options": ("opções", "opzioni"),
    "thread": ("tópico", "discussione"),
    "challenge": ("desafio", "sfida"),
    "move": ("lance", "mossa"),
    "answer": ("resposta", "risposta"),
    "language": ("idioma", "lingua"),
    "player": ("jogador", "giocatore"),
    "pace": ("ritmo", "ritmo"),
    "days": ("dias", "giorni"),
    "on": ("ligados", "attivi"),
    "code": ("código", "codice"),
    "action": ("ação", "azione"),
    "tournament": ("torneio", "torneo"),
    "partner": ("parceiro", "compagno"),
}
OPTION_LANGUAGES = ("pt", "it")


class CatalogueTranslator(app_commands.Translator):
    """Portuguese and Italian for Discord's command menus."""

    async def translate(
        self,
        string: locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = LANGUAGES.get(locale)
        if language is None:
            return None
        if context.location is app_commands.TranslationContextLocation.command_name:
            name = string.extras.get(language)
            return str(name) if name else None
        if context.location is app_commands.TranslationContextLocation.parameter_name:
            names = OPTION_NAMES.get(string.message)
            return names[OPTION_LANGUAGES.index(language)] if names else None
        translated = translate(language, string.extras.get("text", string.message))
        return translated[:100] if translated != string.message else None


def _spec(name: str) -> CommandSpec:
    return next(spec for spec in COMMANDS if spec.name == name)


def _name(command: str) -> locale_str:
    english, portuguese, italian = SLASH_NAMES[command]
    return locale_str(english, pt=portuguese, it=italian)


def _words(message: Text) -> locale_str:
    """A description or choice name: its catalogue message, translated on demand."""
    return locale_str(translate(None, message), text=message)


def _description(command: str) -> locale_str:
    return _words(_spec(command).summary)


def _checked(number: int | None, *, challenge: bool = False) -> int | None:
    """A game (or challenge) number option, refused if no stored one can have it."""
    return None if number is None else known_id(number, challenge=challenge)


def _game_choices() -> list[app_commands.Choice[str]]:
    choices = []
    for key in GAMES:
        kind = find_game(key)
        choices.append(app_commands.Choice(name=_words(family_of(kind).title(kind)), value=key))
    return choices


GAME_OPTION = _words(text("the game number (default: your current game)"))


def build_commands(front: DiscordFront) -> list[app_commands.Command[Any, Any, Any]]:
    """Every slash command, each running its service call through the front end."""
    service = front.service

    async def respond(interaction: discord.Interaction[Any], call: Call) -> None:
        async def work(actor: Actor, chat: ChatRef, answer: Answer) -> list[Event]:
            return await call(actor, chat)

        await front.run(interaction, work)

    @app_commands.command(name=_name("new"), description=_description("new"))
    @app_commands.describe(
        game=_words(text("the game to play")),
        opponent=_words(text("the member you challenge (nobody: anyone here)")),
        computer=_words(text("play against the computer")),
        level=_words(text("the computer's level (default: normal)")),
        side=_words(text("your side (default: drawn)")),
        players=_words(text("players at a Ludo table (2 to 4)")),
        options=_words(text("rule options, e.g. three-sixes for Ludo, or 3d for 3 days per move")),
        thread=_words(text("play in a thread of its own")),
    )
    @app_commands.choices(game=_game_choices())
    @app_commands.choices(
        level=[
            app_commands.Choice(name=_words(name), value=level)
            for level, name in LEVEL_TEXTS.items()
        ]
    )
    @app_commands.choices(
        side=[
            app_commands.Choice(name=_words(text("White")), value=0),
            app_commands.Choice(name=_words(text("Black")), value=1),
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

        @app_commands.command(name=_name(name), description=_description(name))
        @app_commands.describe(challenge=_words(text("the challenge number (default: the last)")))
        async def command(
            interaction: discord.Interaction[Any], challenge: int | None = None
        ) -> None:
            async def call(actor: Actor, chat: ChatRef) -> list[Event]:
                return await handler[name](actor, _checked(challenge, challenge=True), chat)

            await respond(interaction, call)

        return command

    def game_command(name: str) -> app_commands.Command[Any, Any, Any]:
        handler: dict[str, Callable[[Actor, int | None], Awaitable[list[Event]]]] = {
            "roll": service.roll,
            "board": service.board,
            "moves": service.legal_moves,
            "resign": service.resign,
            "claim": service.claim,
            "abort": service.abort,
            "history": service.history,
            "pdn": service.export_pdn,
        }

        @app_commands.command(name=_name(name), description=_description(name))
        @app_commands.describe(game=GAME_OPTION)
        async def command(interaction: discord.Interaction[Any], game: int | None = None) -> None:
            async def call(actor: Actor, chat: ChatRef) -> list[Event]:
                return await handler[name](actor, _checked(game))

            await respond(interaction, call)

        return command

    @app_commands.command(name=_name("move"), description=_description("move"))
    @app_commands.describe(move=_words(text("the move, e.g. 11-15 or c3-d4")), game=GAME_OPTION)
    async def move_command(
        interaction: discord.Interaction[Any], move: str, game: int | None = None
    ) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.move(actor, typed_move(move), _checked(game))

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

    @app_commands.command(name=_name("draw"), description=_description("draw"))
    @app_commands.describe(answer=_words(text("offer, accept or decline")), game=GAME_OPTION)
    @app_commands.choices(
        answer=[
            app_commands.Choice(name=_words(text("offer a draw")), value="offer"),
            app_commands.Choice(name=_words(text("accept the draw")), value="accept"),
            app_commands.Choice(name=_words(text("decline the draw")), value="decline"),
        ]
    )
    async def draw(
        interaction: discord.Interaction[Any], answer: str = "offer", game: int | None = None
    ) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.draw(actor, None if answer == "offer" else answer, _checked(game))

        await respond(interaction, call)

    @app_commands.command(name=_name("games"), description=_description("games"))
    async def games(interaction: discord.Interaction[Any]) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.my_games(actor)

        await respond(interaction, call)

    @app_commands.command(name=_name("flip"), description=_description("flip"))
    async def flip(interaction: discord.Interaction[Any]) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.flip(actor, chat)

        await respond(interaction, call)

    @app_commands.command(name=_name("lang"), description=_description("lang"))
    @app_commands.describe(language=_words(text("the language I write to you in")))
    @app_commands.choices(
        language=[
            app_commands.Choice(name="português", value="pt"),
            app_commands.Choice(name="italiano", value="it"),
            app_commands.Choice(name="English", value="en"),
        ]
    )
    async def language(interaction: discord.Interaction[Any], language: str) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.set_language(actor, language)

        await respond(interaction, call)

    @app_commands.command(name=_name("vacation"), description=_description("vacation"))
    @app_commands.describe(days=_words(text("days away (none: all left this year; 0 ends it)")))
    async def vacation(
        interaction: discord.Interaction[Any], days: app_commands.Range[int, 0, 366] | None = None
    ) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.vacation(actor, days)

        await respond(interaction, call)

    @app_commands.command(name=_name("remind"), description=_description("remind"))
    @app_commands.describe(on=_words(text("reminders before your deadlines")))
    async def remind(interaction: discord.Interaction[Any], on: bool) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.set_reminders(actor, on)

        await respond(interaction, call)

    @app_commands.command(name=_name("link"), description=_description("link"))
    @app_commands.describe(code=_words(text("the code from your other account (none: get one)")))
    async def link(interaction: discord.Interaction[Any], code: str | None = None) -> None:
        async def call(actor: Actor, chat: ChatRef) -> list[Event]:
            return await service.link(actor, code)

        await respond(interaction, call)

    @app_commands.command(name=_name("help"), description=_description("help"))
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
        if "game" in {parameter.name for parameter in command.parameters}:
            command.autocomplete("game")(front.game_choices)
    return commands


# The commands that take only a game number.
GAME_COMMANDS = ("roll", "board", "moves", "resign", "claim", "abort", "history", "pdn")


def slash_help(
    commands: list[app_commands.Command[Any, Any, Any]], language: str | None
) -> list[str]:
    """Discord's own commands with their options, in the reader's language:
    "/jogar lance [jogo] - ..." (optional options in brackets)."""
    by_english = {english: names for english, *names in SLASH_NAMES.values()}
    place = OPTION_LANGUAGES.index(language) if language in OPTION_LANGUAGES else None
    lines = []
    for command in commands:
        names = by_english.get(command.name)
        name = names[place] if names and place is not None else command.name
        words = []
        for parameter in command.parameters:
            option = OPTION_NAMES.get(parameter.name)
            shown = option[place] if option and place is not None else parameter.name
            words.append(shown if parameter.required else f"[{shown}]")
        summary = translate(language, _spec_of(command.name).summary)
        lines.append(" ".join([f"/{name}", *words, "-", summary]))
    return lines


def _spec_of(english: str) -> CommandSpec:
    typed = next(key for key, (name, _, _) in SLASH_NAMES.items() if name == english)
    return _spec(typed)
