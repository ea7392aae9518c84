"""/tournament (/torneio, /torneo) and its subcommands in the command table: each subcommand an
entry of its own (names in three languages, options, handler), read by the typed parser
(table.subcommand), listed by `/tournament help` in the reader's words and given to Discord as
slash subcommands."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Text, text, translate
from bot.service.command_table import typed
from bot.service.command_table.spec import Args, Choice, Command, Handler, Kind, Option
from bot.service.command_table.typed import Misread, Name, Values
from bot.service.core import GameService
from bot.service.events import Actor, Event, Reply, ServiceError
from bot.service.ids import known_tournament, whole_number
from bot.service.pairing.tournament import Format
from bot.service.timing.clocks import split_time_control
from bot.service.tournament.tournament_options import (
    FORMAT_WORDS,
    GROUP,
    PRIVATE,
    THREADS,
    setting_of,
)
from games.base import find_game
from storage import ChatRef, TournamentStatus

# The largest tournament number the typed command's "#NUMBER" reads.
LARGEST_TOURNAMENT = 999_999_999
WITH_WORDS = frozenset({"with", "com", "con", "e"})
ALL_WORDS = frozenset({"all", "todos", "todas", "tutti", "tutte"})
# The languages of the names after English, in the order of `Command.names`.
NAME_INDEX = {"pt": 1, "it": 2}

TOURNAMENT_NUMBER = Option(
    "tournament",
    ("torneio", "torneo"),
    Kind.NUMBER,
    text("the tournament number (default: this chat's latest)"),
    low=1,
    high=LARGEST_TOURNAMENT,
)

# -- the settings of /tournament new --------------------------------------------------------

FORMATS = (
    Choice(str(Format.KNOCKOUT), text("knockout"), FORMAT_WORDS[Format.KNOCKOUT]),
    Choice(str(Format.SWISS), text("Swiss"), FORMAT_WORDS[Format.SWISS]),
    Choice(str(Format.ROUND_ROBIN), text("round robin"), FORMAT_WORDS[Format.ROUND_ROBIN]),
    Choice(
        str(Format.DOUBLE_ROUND_ROBIN),
        text("double round robin"),
        FORMAT_WORDS[Format.DOUBLE_ROUND_ROBIN],
    ),
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
    Choice(THREADS, text("a thread per game"), ("threads", "topicos", "discussioni")),
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
# Typed bare ("10m"), not as name=value.
TIME = Option(
    "time",
    ("ritmo", "ritmo"),
    Kind.TEXT,
    text("10 minutes a player (live) or 3 days a move (correspondence)"),
)
# The settings after the variant and the format; typed as the option's name alone (a flag)
# or name=value, in any of the three languages (tournament_options reads every word).
SETTINGS = (
    TIME,
    Option("teams", ("duplas", "coppie"), Kind.FLAG, text("entries are teams of two players")),
    Option(
        "max", ("maximo", "massimo"), Kind.NUMBER, text("the most entries taken"), low=2, high=512
    ),
    Option(
        "rounds",
        ("rodadas", "turni"),
        Kind.NUMBER,
        text("a Swiss's number of rounds (needed there)"),
        low=1,
        high=99,
    ),
    Option(
        "micro",
        ("micro", "micro"),
        Kind.FLAG,
        text("each knockout match is two games, one with each colour"),
    ),
    Option(
        "decider",
        ("desempate-micro", "spareggio-micro"),
        Kind.TEXT,
        text("a micro-match level after two games: another pair, one game, or a coin"),
        choices=DECIDER_CHOICES,
    ),
    Option(
        "seeded",
        ("semeado", "teste-di-serie"),
        Kind.FLAG,
        text("numbers by rating, strongest first, instead of drawn by lot"),
    ),
    Option(
        "open",
        ("aberto", "aperto"),
        Kind.FLAG,
        text("seen and joined from every chat, not only this one"),
    ),
    Option(
        "boards",
        ("tabuleiros", "damiere"),
        Kind.TEXT,
        text("where the boards go: this chat, a thread per game, or private chats"),
        choices=BOARD_CHOICES,
    ),
    Option(
        "bye",
        ("folga", "riposo"),
        Kind.TEXT,
        text("what a Swiss or round robin bye scores: 1, 0.5 or 0"),
        choices=BYE_CHOICES,
    ),
    Option(
        "tiebreaks",
        ("desempate", "spareggi"),
        Kind.TEXT,
        text("tie-breaks in order, e.g. solkoff,sb,wins"),
    ),
    Option(
        "noshow",
        ("ausencia", "assenza"),
        Kind.TEXT,
        text("a game not begun in this time (e.g. 10m) is lost by the absent player"),
    ),
    Option(
        "deadline",
        ("prazo", "scadenza"),
        Kind.TEXT,
        text("entries close and it starts after this time (e.g. 2d)"),
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
    return await service.entries.create(actor, chat, head + _settings_words(args))


def _read_new(words: Sequence[str]) -> Values:
    """VARIANT FORMAT, the time control and the settings, each in any of the three
    languages, as the values of the options; words read as nothing else stay for
    tournament_options to refuse."""
    values: Values = {}
    if words:
        values["variant"] = _variant_key(words[0])
    if len(words) > 1:
        values["format"] = typed.chosen(FORMATS, words[1]) or words[1]
    control, rest = split_time_control(words[2:])
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
        return typed.chosen(option.choices, value) or value
    number = whole_number(value)
    return number if option.kind is Kind.NUMBER and number is not None else value


# -- numbers: "#12", or a bare 12 first, as the notices write it -----------------------------


def _split(words: Sequence[str], own_numbers: int = 0) -> tuple[Values, list[str]]:
    """The tournament's number and the other words. `own_numbers`: the numbers the
    subcommand itself takes after it (settle: TABLE NUMBER), which a bare first one is not."""
    values: Values = {}
    rest = []
    for index, word in enumerate(words):
        number = whole_number(word.removeprefix("#"))
        bare_first = index == 0 and len(words) > own_numbers
        if number is not None and (word.startswith("#") or bare_first):
            values["tournament"] = known_tournament(number)
        else:
            rest.append(word)
    return values, rest


def _read_tournament(words: Sequence[str]) -> Values:
    values, rest = _split(words)
    if rest:
        raise Misread
    return values


def _read_join(words: Sequence[str]) -> Values:
    values, rest = _split(words)
    if rest and rest[0].lower() in WITH_WORDS:
        rest = rest[1:]
    if len(rest) > 1:
        raise ServiceError(text("A team has two players: you and one partner."))
    return {**values, "partner": Name(rest[0])} if rest else values


def _read_games(words: Sequence[str]) -> Values:
    values, rest = _split(words)
    everyone = bool(rest) and rest[0].lower() in ALL_WORDS
    if len(rest) > int(everyone):
        raise Misread
    return {**values, "all": True} if everyone else values


def _read_settle(words: Sequence[str]) -> Values:
    values, rest = _split(words, 2)
    if len(rest) != 2 or not all(word.isdecimal() and len(word) < 5 for word in rest):
        raise Misread
    return {**values, "table": int(rest[0]), "entry": int(rest[1])}


# -- the handlers -----------------------------------------------------------------------------


async def _join(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await service.entries.join(
        actor, chat, args.number("tournament"), args.member("partner")
    )


async def _games(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    everyone = bool(args.flag("all"))
    return await service.reports.games(actor, chat, args.number("tournament"), everyone)


async def _settle(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    table, entry = args.number("table"), args.number("entry")
    if table is None or entry is None:
        raise Misread
    return await service.tournaments.settle(actor, chat, table, entry, args.number("tournament"))


def _status(status: TournamentStatus) -> Handler:
    async def change(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
        return await service.tournaments.set_status(actor, chat, status, args.number("tournament"))

    return change


async def _help(service: GameService, actor: Actor, _chat: ChatRef, _args: Args) -> list[Event]:
    return [Reply(Text(line)) for line in tournament_help(await service.language(actor))]


def _one(
    name: str,
    names: tuple[str, str, str],
    aliases: tuple[str, ...],
    usage: Text,
    summary: Text,
    call: str,
) -> Command:
    """A subcommand that takes nothing but the tournament's number."""

    async def handler(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
        capability, method = call.split(".")
        run = getattr(getattr(service, capability), method)
        events: list[Event] = await run(actor, chat, args.number("tournament"))
        return events

    return Command(
        name, names, aliases, usage, summary, handler, _read_tournament, (TOURNAMENT_NUMBER,)
    )


NEW = Command(
    "new",
    ("new", "novo", "nuovo"),
    ("nova", "criar", "crea"),
    text("/tournament new VARIANT FORMAT [TIME] [SETTINGS]"),
    text("open a tournament in this chat"),
    _new,
    _read_new,
    (
        Option(
            "variant",
            ("variante", "variante"),
            Kind.TEXT,
            text("the draughts game played"),
            required=True,
            choices=VARIANTS,
        ),
        Option(
            "format",
            ("formato", "formato"),
            Kind.TEXT,
            text("knockout, Swiss, round robin or double round robin"),
            required=True,
            choices=FORMATS,
        ),
        *SETTINGS,
    ),
)
JOIN = Command(
    "join",
    ("join", "entrar", "partecipa"),
    ("inscrever", "iscriviti"),
    text("/tournament join [NUMBER] [with PARTNER]"),
    text("enter (a team: with your partner)"),
    _join,
    _read_join,
    (
        TOURNAMENT_NUMBER,
        Option("partner", ("parceiro", "compagno"), Kind.MEMBER, text("your team partner")),
    ),
)
GAMES = Command(
    "games",
    ("games", "partidas", "partite"),
    ("jogos",),
    text("/tournament games [NUMBER] [all]"),
    text("your games in the tournament (all: everyone's)"),
    _games,
    _read_games,
    (
        TOURNAMENT_NUMBER,
        Option("all", ("todos", "tutti"), Kind.FLAG, text("everyone's games, not only yours")),
    ),
)
SETTLE = Command(
    "settle",
    ("settle", "decidir", "decidi"),
    ("arbitrar",),
    text("/tournament settle [NUMBER] TABLE ENTRY"),
    text("the organiser decides a knockout match for the entry with that number"),
    _settle,
    _read_settle,
    (
        Option("table", ("mesa", "tavolo"), Kind.NUMBER, text("the table"), True, low=1, high=9999),
        Option(
            "entry",
            ("inscricao", "iscrizione"),
            Kind.NUMBER,
            text("the number of the entry that goes through"),
            True,
            low=1,
            high=9999,
        ),
        TOURNAMENT_NUMBER,
    ),
)


STATUSES: dict[str, TournamentStatus] = {
    "pause": "paused",
    "resume": "running",
    "cancel": "cancelled",
}


def _status_command(
    name: str, names: tuple[str, str, str], aliases: tuple[str, ...], usage: Text, summary: Text
) -> Command:
    return Command(
        name,
        names,
        aliases,
        usage,
        summary,
        _status(STATUSES[name]),
        _read_tournament,
        (TOURNAMENT_NUMBER,),
    )


HELP = Command(
    "help",
    ("help", "ajuda", "aiuto"),
    (),
    text("/tournament help"),
    text("what each subcommand and setting does"),
    _help,
    typed.nothing,
)

SUBCOMMANDS: tuple[Command, ...] = (
    NEW,
    JOIN,
    _one(
        "leave",
        ("leave", "sair", "lascia"),
        ("esci",),
        text("/tournament leave [NUMBER]"),
        text("leave before the start"),
        "entries.leave",
    ),
    _one(
        "start",
        ("start", "iniciar", "inizia"),
        ("comecar", "começar", "avvia"),
        text("/tournament start [NUMBER]"),
        text("the organiser starts it: the numbers are drawn, the first round begins"),
        "tournaments.start",
    ),
    _one(
        "show",
        ("show", "mostrar", "mostra"),
        ("ver", "classificacao", "classificação", "classifica"),
        text("/tournament show [NUMBER]"),
        text("standings and the bracket or table picture"),
        "reports.show",
    ),
    _one(
        "pairings",
        ("pairings", "emparceiramento", "abbinamenti"),
        ("rodada", "turno"),
        text("/tournament pairings [NUMBER]"),
        text("the tables of the round with the coin tosses"),
        "reports.pairings",
    ),
    GAMES,
    _one(
        "pdn",
        ("pdn", "pdn", "pdn"),
        ("exportar", "esporta"),
        text("/tournament pdn [NUMBER]"),
        text("every game in one PDN file"),
        "reports.export_pdn",
    ),
    _one(
        "csv",
        ("csv", "csv", "csv"),
        ("tabela", "tabella"),
        text("/tournament csv [NUMBER]"),
        text("the standings as CSV"),
        "reports.export_csv",
    ),
    _one(
        "verify",
        ("verify", "verificar", "verifica"),
        ("conferir",),
        text("/tournament verify [NUMBER]"),
        text("check the draw and the coin tosses of a finished tournament"),
        "reports.verify",
    ),
    _status_command(
        "pause",
        ("pause", "pausar", "pausa"),
        (),
        text("/tournament pause [NUMBER]"),
        text("the organiser pauses it"),
    ),
    _status_command(
        "resume",
        ("resume", "retomar", "riprendi"),
        ("continuar",),
        text("/tournament resume [NUMBER]"),
        text("the organiser resumes it"),
    ),
    _status_command(
        "cancel",
        ("cancel", "cancelar", "annulla"),
        (),
        text("/tournament cancel [NUMBER]"),
        text("the organiser cancels it"),
    ),
    SETTLE,
    _one(
        "withdraw",
        ("withdraw", "desistir", "ritirati"),
        ("abandonar", "ritiro"),
        text("/tournament withdraw [NUMBER]"),
        text("leave a started tournament: your games left are lost by forfeit"),
        "tournaments.withdraw",
    ),
    HELP,
)


async def _show(service: GameService, actor: Actor, chat: ChatRef, _args: Args) -> list[Event]:
    return await service.reports.show(actor, chat, None)


TOURNAMENT = Command(
    "tournament",
    ("tournament", "torneio", "torneo"),
    (),
    text("/tournament [new|join|start|show|pairings|games|help ...]"),
    text("tournaments in this chat: /tournament help lists what you can do"),
    _show,
    typed.nothing,
    subcommands=SUBCOMMANDS,
)


def _setting_line(option: Option, language: str | None) -> str:
    """ "  rodadas=N: a Swiss's number of rounds" in the reader's words."""
    name = (option.name, *option.names)[NAME_INDEX.get(language or "", 0)]
    if option.kind is Kind.NUMBER:
        name += "=N"
    elif option.choices and option is not TIME:
        name += "=" + "|".join(_choice_word(choice, language) for choice in option.choices)
    elif option.kind is Kind.TEXT and option is not TIME:
        name += "=..."
    elif option is TIME:
        name = "10m|3d"
    return f"  {name}: {translate(language, option.description)}"


def _choice_word(choice: Choice, language: str | None) -> str:
    """The word of a choice in the reader's language: its first word in that language's
    place (the words run English, Portuguese, Italian), else its value."""
    place = NAME_INDEX.get(language or "", 0)
    return choice.words[place] if len(choice.words) > place else str(choice.value)


def tournament_help(language: str | None) -> list[str]:
    """Every subcommand in the reader's words with what it does, and under /tournament new
    each setting explained in one line."""
    lines = []
    for sub in SUBCOMMANDS:
        lines.append(f"{translate(language, sub.usage)} - {translate(language, sub.summary)}")
        if sub is NEW:
            formats = "|".join(_choice_word(choice, language) for choice in FORMATS)
            lines.append(f"  {formats}: {translate(language, NEW.options[1].description)}")
            lines.extend(_setting_line(option, language) for option in SETTINGS)
    return lines
