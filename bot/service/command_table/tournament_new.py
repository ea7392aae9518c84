"""/tournament new in the command table: the variant, the format and each setting an option
(its names in three languages, its choices, one line saying what it does), read from typed
words in any language into the option values by a reader of its own (each setting is typed
as name=value, a flag by its name alone, in any of its three names, and tournament_options
reads every word), and given to the service as the words tournament_options reads."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import text, translate
from bot.service.command_table.entry import Command
from bot.service.command_table.spec import Args, Choice, Kind, Option
from bot.service.command_table.typed import Values, chosen
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from bot.service.kernel.game_flow.clocks import split_time_control
from bot.service.kernel.ids import whole_number
from bot.service.tournaments.options import (
    FORMAT_WORDS,
    GROUP,
    PRIVATE,
    THREADS,
    arena_length,
    setting_of,
)
from competition.pairing.tournament import Format
from games.base import find_game
from storage import ChatRef

# The languages of the names after English, in the order of `Command.names`.
NAME_INDEX = {"pt": 1, "it": 2}

FORMATS = (
    Choice(str(Format.KNOCKOUT), text("knockout"), FORMAT_WORDS[Format.KNOCKOUT]),
    Choice(str(Format.SWISS), text("Swiss"), FORMAT_WORDS[Format.SWISS]),
    Choice(str(Format.ROUND_ROBIN), text("round robin"), FORMAT_WORDS[Format.ROUND_ROBIN]),
    Choice(
        str(Format.DOUBLE_ROUND_ROBIN),
        text("double round robin"),
        FORMAT_WORDS[Format.DOUBLE_ROUND_ROBIN],
    ),
    Choice(str(Format.ARENA), text("arena"), FORMAT_WORDS[Format.ARENA]),
)
VARIANTS = (
    Choice("brazilian", text("Brazilian draughts")),
    Choice("international", text("International draughts")),
    Choice("italian", text("Italian draughts")),
    Choice("italian-familiar", text("Italian draughts (familiar)")),
)
# The choices' words run English, Portuguese, Italian (help shows the reader's).
BOARD_CHOICES = (
    Choice(GROUP, text("this chat"), ("group", "grupo", "gruppo")),
    Choice(THREADS, text("a thread per game"), ("threads", "tópicos", "discussioni")),
    Choice(PRIVATE, text("private chats"), ("private", "privado", "privato")),
)
BYE_CHOICES = (
    Choice("1", text("1 point"), ("1", "1", "1")),
    Choice("0.5", text("half a point"), ("0.5", "0.5", "0.5")),
    Choice("0", text("no points"), ("0", "0", "0")),
)
DECIDER_CHOICES = (
    Choice("pair", text("another pair of games"), ("pair", "par", "coppia")),
    Choice("game", text("one deciding game"), ("game", "jogo", "partita")),
    Choice("coin", text("a coin toss"), ("coin", "moeda", "moneta")),
)
FORMAT = Option(
    "format",
    ("formato", "formato"),
    Kind.TEXT,
    text("the tournament's format"),
    required=True,
    choices=FORMATS,
    placeholder=text("FORMAT"),
)
# Typed bare ("10m"), not as name=value.
TIME = Option(
    "time",
    ("ritmo", "ritmo"),
    Kind.TEXT,
    text("10 minutes a player (live) or 3 days a move (correspondence)"),
    placeholder=text("TIME"),
)
# An arena's length, typed bare before its clock ("45m 1m") or as duration=45m.
DURATION = Option(
    "duration",
    ("duração", "durata"),
    Kind.TEXT,
    text("an arena's length, e.g. 45m or 2h"),
    setting=True,
)
# The settings after the variant and the format; typed as the option's name alone (a flag)
# or name=value, in any of the three languages (tournament_options reads every word); the
# usage shows them as [SETTINGS], /tournament help each on a line of its own.
SETTINGS = (
    TIME,
    DURATION,
    Option(
        "teams",
        ("duplas", "coppie"),
        Kind.FLAG,
        text("entries are teams of two players"),
        setting=True,
    ),
    Option(
        "max",
        ("máximo", "massimo"),
        Kind.NUMBER,
        text("the most entries taken"),
        low=2,
        high=512,
        setting=True,
    ),
    Option(
        "rounds",
        ("rodadas", "turni"),
        Kind.NUMBER,
        text("a Swiss's number of rounds (needed there)"),
        low=1,
        high=99,
        setting=True,
    ),
    Option(
        "micro",
        ("micro", "micro"),
        Kind.FLAG,
        text("each knockout match is two games, one with each colour"),
        setting=True,
    ),
    Option(
        "decider",
        ("desempate-micro", "spareggio-micro"),
        Kind.TEXT,
        text("a micro-match level after two games: another pair, one game, or a coin"),
        choices=DECIDER_CHOICES,
        setting=True,
    ),
    Option(
        "seeded",
        ("semeado", "teste-di-serie"),
        Kind.FLAG,
        text("numbers by rating, strongest first, instead of drawn by lot"),
        setting=True,
    ),
    Option(
        "ballot",
        ("sorteio", "sorteggio"),
        Kind.FLAG,
        text("each pairing's opening drawn from the official list (Brazilian), both colours"),
        setting=True,
    ),
    Option(
        "open",
        ("aberto", "aperto"),
        Kind.FLAG,
        text("seen and joined from every chat, not only this one"),
        setting=True,
    ),
    Option(
        "boards",
        ("tabuleiros", "damiere"),
        Kind.TEXT,
        text("where the boards go: this chat, a thread per game, or private chats"),
        choices=BOARD_CHOICES,
        setting=True,
    ),
    Option(
        "bye",
        ("folga", "riposo"),
        Kind.TEXT,
        text("what a Swiss or round robin bye scores: 1, 0.5 or 0"),
        choices=BYE_CHOICES,
        setting=True,
    ),
    Option(
        "tiebreaks",
        ("desempate", "spareggi"),
        Kind.TEXT,
        text("tie-breaks in order, e.g. solkoff,sb,wins"),
        setting=True,
    ),
    Option(
        "noshow",
        ("ausência", "assenza"),
        Kind.TEXT,
        text("a game not begun in this time (e.g. 10m) is lost by the absent player"),
        setting=True,
    ),
    Option(
        "deadline",
        ("prazo", "scadenza"),
        Kind.TEXT,
        text("entries close and it starts after this time (e.g. 2d)"),
        setting=True,
    ),
)


def _settings_words(args: Args) -> list[str]:
    """The settings as tournament_options reads them: a flag by its name, the others as
    name=value, the time control bare; then whatever was typed."""
    words: list[str] = []
    for option in SETTINGS:
        value = args.values.get(option.name)
        if value is None or value is False:
            continue
        if option is TIME:
            words.append(str(value))
        elif value is True:
            words.append(option.name)
        else:
            words.append(f"{option.name}={value}")
    return words + args.words("settings")


async def _new(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    head = [word for word in (args.text("variant"), args.text("format")) if word is not None]
    words = head + _settings_words(args)
    return await service.entries.create(actor, chat, words, whole_chat_paced=args.whole_chat_paced)


def _read_new(words: Sequence[str]) -> Values:
    """VARIANT FORMAT, the time control and the settings, each in any of the three
    languages, as the values of the options; words read as nothing else stay for
    tournament_options to refuse."""
    values: Values = {}
    if words:
        values["variant"] = _variant_key(words[0])
    if len(words) > 1:
        values["format"] = chosen(FORMATS, words[1]) or words[1]
    settings = list(words[2:])
    if values.get("format") == str(Format.ARENA):
        # Its length: duration=45m, or the first of two times typed bare ("45m 1m"); a
        # single time is the clock.
        named = [word for word in settings if "=" in word and arena_length(word)]
        bare = [word for word in settings if "=" not in word and arena_length(word)]
        length = named[0] if named else bare[0] if len(bare) > 1 else None
        if length is not None:
            values["duration"] = length.partition("=")[2] or length
            settings.remove(length)
    control, rest = split_time_control(settings)
    if control is not None:
        values["time"] = control.word
    unread = []
    for word in rest:
        setting = setting_of(word)
        if setting is None or setting[0] in values:
            unread.append(word)
            continue
        name, value = setting
        option = next(option for option in SETTINGS if option.name == name)
        values[name] = value if isinstance(value, bool) else _value(option, value)
    return {**values, "settings": " ".join(unread)} if unread else values


def _variant_key(word: str) -> str:
    try:
        return find_game(word).key
    except KeyError:
        return word


def _value(option: Option, value: str) -> str | int:
    """A typed value as the option holds it: a choice's value, a number."""
    if option.choices:
        return chosen(option.choices, value) or value
    number = whole_number(value)
    return number if option.kind is Kind.NUMBER and number is not None else value


# The command the tournament subcommands are under (bot/i18n/commands.py's SUBCOMMANDS).
TOURNAMENT_KEY = "tournament"

NEW = Command(
    "new",
    ("nova", "criar", "crea"),
    text("open a tournament in this chat"),
    _new,
    (
        Option(
            "variant",
            ("variante", "variante"),
            Kind.TEXT,
            text("the draughts game played"),
            required=True,
            choices=VARIANTS,
            placeholder=text("VARIANT"),
        ),
        FORMAT,
        *SETTINGS,
    ),
    parent=TOURNAMENT_KEY,
    special_reader=_read_new,
)


# The clocks a tournament takes, as the reader's clocks show them ("3g" in Italian).
TIME_EXAMPLES = text("10m|3d")


def setting_line(option: Option, language: str | None) -> str:
    """ "  rodadas=N: a Swiss's number of rounds" in the reader's words."""
    name = (option.name, *option.names)[NAME_INDEX.get(language or "", 0)]
    if option is TIME:
        name = translate(language, TIME_EXAMPLES)
    elif option.kind is Kind.NUMBER:
        name += "=N"
    elif option.choices:
        name += "=" + "|".join(_choice_word(choice, language) for choice in option.choices)
    elif option.kind is Kind.TEXT:
        name += "=..."
    return f"  {name}: {translate(language, option.description)}"


def _choice_word(choice: Choice, language: str | None) -> str:
    """The word of a choice in the reader's language: its first word in that language's
    place (the words run English, Portuguese, Italian), else its value."""
    place = NAME_INDEX.get(language or "", 0)
    return choice.words[place] if len(choice.words) > place else str(choice.value)


def settings_help(language: str | None) -> list[str]:
    """Under /tournament new: the formats, then each setting, one line each."""
    formats = "|".join(_choice_word(choice, language) for choice in FORMATS)
    format_line = f"  {formats}: {translate(language, FORMAT.description)}"
    return [format_line, *(setting_line(option, language) for option in SETTINGS)]
