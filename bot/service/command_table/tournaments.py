"""/tournament (/torneio, /torneo) and its subcommands in the command table: each subcommand an
entry of its own (names in three languages, options, handler), read by the typed parser
(table.subcommand), listed by `/tournament help` in the reader's words and given to Discord as
slash subcommands."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from bot.i18n import Text, text, translate
from bot.service.command_table import typed
from bot.service.command_table.spec import Args, Command, Handler, Kind, Option
from bot.service.command_table.tournament_new import NEW, TOURNAMENT_KEY, settings_help
from bot.service.command_table.typed import Misread, Name, Values
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, Reply, ServiceError
from bot.service.kernel.ids import known_tournament, whole_number
from storage import ChatRef, TournamentStatus

# A service method that takes the tournament's number (None: the chat's latest).
NumberedCall = Callable[[Actor, ChatRef | None, int | None], Awaitable[list[Event]]]
# The largest tournament number the typed command's "#NUMBER" reads.
LARGEST_TOURNAMENT = 999_999_999
WITH_WORDS = frozenset({"with", "com", "con", "e"})
ALL_WORDS = frozenset({"all", "todos", "todas", "tutti", "tutte"})

TOURNAMENT_NUMBER = Option(
    "tournament",
    ("torneio", "torneo"),
    Kind.NUMBER,
    text("the tournament number (default: this chat's latest)"),
    low=1,
    high=LARGEST_TOURNAMENT,
)

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
    return [Reply(Text(line)) for line in tournament_help(await service.identities.language(actor))]


def _one(
    name: str,
    aliases: tuple[str, ...],
    usage: Text,
    summary: Text,
    call: Callable[[GameService], NumberedCall],
) -> Command:
    """A subcommand that takes nothing but the tournament's number; `call` picks the service
    method it runs."""

    async def handler(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
        return await call(service)(actor, chat, args.number("tournament"))

    return Command(
        name,
        aliases,
        usage,
        summary,
        handler,
        _read_tournament,
        (TOURNAMENT_NUMBER,),
        parent=TOURNAMENT_KEY,
    )


JOIN = Command(
    "join",
    ("inscrever", "iscriviti"),
    text("{/tournament join} [NUMBER] [{=with} PARTNER]"),
    text("enter (a team: with your partner)"),
    _join,
    _read_join,
    (
        TOURNAMENT_NUMBER,
        Option("partner", ("parceiro", "compagno"), Kind.MEMBER, text("your team partner")),
    ),
    parent=TOURNAMENT_KEY,
)
GAMES = Command(
    "games",
    ("jogos",),
    text("{/tournament games} [NUMBER] [{=all}]"),
    text("your games in the tournament (all: everyone's)"),
    _games,
    _read_games,
    (
        TOURNAMENT_NUMBER,
        Option("all", ("todos", "tutti"), Kind.FLAG, text("everyone's games, not only yours")),
    ),
    parent=TOURNAMENT_KEY,
)
SETTLE = Command(
    "settle",
    ("arbitrar",),
    text("{/tournament settle} [NUMBER] TABLE ENTRY"),
    text("the organiser decides a knockout match for the entry with that number"),
    _settle,
    _read_settle,
    (
        Option("table", ("mesa", "tavolo"), Kind.NUMBER, text("the table"), True, low=1, high=9999),
        Option(
            "entry",
            ("inscrição", "iscrizione"),
            Kind.NUMBER,
            text("the number of the entry that goes through"),
            True,
            low=1,
            high=9999,
        ),
        TOURNAMENT_NUMBER,
    ),
    parent=TOURNAMENT_KEY,
)


STATUSES: dict[str, TournamentStatus] = {
    "pause": "paused",
    "resume": "running",
    "cancel": "cancelled",
}


def _status_command(name: str, aliases: tuple[str, ...], usage: Text, summary: Text) -> Command:
    return Command(
        name,
        aliases,
        usage,
        summary,
        _status(STATUSES[name]),
        _read_tournament,
        (TOURNAMENT_NUMBER,),
        parent=TOURNAMENT_KEY,
    )


HELP = Command(
    "help",
    (),
    text("{/tournament help}"),
    text("what each subcommand and setting does"),
    _help,
    typed.nothing,
    parent=TOURNAMENT_KEY,
)

SUBCOMMANDS: tuple[Command, ...] = (
    NEW,
    JOIN,
    _one(
        "leave",
        ("esci",),
        text("{/tournament leave} [NUMBER]"),
        text("leave before the start"),
        lambda service: service.entries.leave,
    ),
    _one(
        "start",
        ("comecar", "começar", "avvia"),
        text("{/tournament start} [NUMBER]"),
        text("the organiser starts it: the numbers are drawn, the first round begins"),
        lambda service: service.tournaments.start,
    ),
    _one(
        "show",
        ("ver", "classificacao", "classificação", "classifica"),
        text("{/tournament show} [NUMBER]"),
        text("standings and the bracket or table picture"),
        lambda service: service.reports.show,
    ),
    _one(
        "pairings",
        ("rodada", "turno"),
        text("{/tournament pairings} [NUMBER]"),
        text("the tables of the round with the coin tosses"),
        lambda service: service.reports.pairings,
    ),
    GAMES,
    _one(
        "pdn",
        ("exportar", "esporta"),
        text("{/tournament pdn} [NUMBER]"),
        text("every game in one PDN file"),
        lambda service: service.reports.export_pdn,
    ),
    _one(
        "csv",
        ("tabela", "tabella"),
        text("{/tournament csv} [NUMBER]"),
        text("the standings as CSV"),
        lambda service: service.reports.export_csv,
    ),
    _one(
        "verify",
        ("conferir",),
        text("{/tournament verify} [NUMBER]"),
        text("check the draw and the coin tosses of a finished tournament"),
        lambda service: service.reports.verify,
    ),
    _status_command(
        "pause",
        (),
        text("{/tournament pause} [NUMBER]"),
        text("the organiser pauses it"),
    ),
    _status_command(
        "resume",
        ("continuar",),
        text("{/tournament resume} [NUMBER]"),
        text("the organiser resumes it"),
    ),
    _status_command(
        "cancel",
        (),
        text("{/tournament cancel} [NUMBER]"),
        text("the organiser cancels it"),
    ),
    SETTLE,
    _one(
        "withdraw",
        ("abandonar", "ritiro"),
        text("{/tournament withdraw} [NUMBER]"),
        text("leave a started tournament: your games left are lost by forfeit"),
        lambda service: service.tournaments.withdraw,
    ),
    HELP,
)


async def _show(service: GameService, actor: Actor, chat: ChatRef, _args: Args) -> list[Event]:
    return await service.reports.show(actor, chat, None)


TOURNAMENT = Command(
    "tournament",
    (),
    text("{/tournament} [SUBCOMMAND ...]"),
    text("tournaments in this chat: {/tournament help} lists what you can do"),
    _show,
    typed.nothing,
    subcommands=SUBCOMMANDS,
)


def tournament_help(language: str | None) -> list[str]:
    """Every subcommand in the reader's words with what it does, and under /tournament new
    each setting explained in one line."""
    lines = []
    for sub in SUBCOMMANDS:
        lines.append(f"{translate(language, sub.usage)} - {translate(language, sub.summary)}")
        if sub is NEW:
            lines.extend(settings_help(language))
    return lines
