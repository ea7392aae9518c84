"""/tournament (/torneio, /torneo) and its subcommands in the command table: each subcommand an
entry of its own (names in three languages, options, handler), found by the typed parser
(table.subcommand), listed by `/tournament help` in the reader's words and given to Discord as
slash subcommands."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from bot.i18n import Text, text, translate
from bot.service.command_table.entry import Command, Handler
from bot.service.command_table.options import GAME
from bot.service.command_table.spec import Args, Kind, Option
from bot.service.command_table.tournament_new import NEW, TOURNAMENT_KEY, settings_help
from bot.service.command_table.typed import Misread, Values, read_typed
from bot.service.command_table.words import ALL_WORDS, WITH_WORDS
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, Reply, ServiceError
from storage import ChatRef, TournamentStatus

# A service method that takes the tournament's number (None: the chat's latest).
NumberedCall = Callable[[Actor, ChatRef | None, int | None], Awaitable[list[Event]]]
# The largest tournament number Discord's option takes.
LARGEST_TOURNAMENT = 999_999_999

TOURNAMENT_NUMBER = Option(
    "tournament",
    ("torneio", "torneo"),
    Kind.TOURNAMENT,
    text("the tournament number (default: this chat's latest)"),
    low=1,
    high=LARGEST_TOURNAMENT,
    placeholder=text("NUMBER"),
)
PARTNER = Option(
    "partner",
    ("parceiro", "compagno"),
    Kind.MEMBER,
    text("your team partner"),
    placeholder=text("PARTNER"),
    lead=WITH_WORDS,
)


def _read_join(words: Sequence[str]) -> Values:
    """/tournament join's words, read as the options say, but more names than a partner's
    refused as a team of more than two rather than with the usage."""
    try:
        return read_typed((TOURNAMENT_NUMBER, PARTNER), words)
    except Misread:
        if len(words) < 2:
            raise
        raise ServiceError(text("A team has two players: you and one partner.")) from None


# -- the handlers -----------------------------------------------------------------------------


async def _join(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await service.entries.join(actor, chat, args.tournament(), args.member("partner"))


async def _games(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    everyone = bool(args.flag("all"))
    return await service.reports.games(actor, chat, args.tournament(), everyone)


async def _berserk(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await service.arenas.berserk(actor, chat, args.game())


async def _settle(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    table, entry = args.number("table"), args.number("entry")
    if table is None or entry is None:
        raise Misread
    return await service.tournaments.settle(actor, chat, table, entry, args.tournament())


def _status(status: TournamentStatus) -> Handler:
    async def change(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
        return await service.tournaments.set_status(actor, chat, status, args.tournament())

    return change


async def _help(service: GameService, actor: Actor, _chat: ChatRef, _args: Args) -> list[Event]:
    return [Reply(Text(line)) for line in tournament_help(await service.identities.language(actor))]


def _one(
    name: str,
    aliases: tuple[str, ...],
    summary: Text,
    call: Callable[[GameService], NumberedCall],
) -> Command:
    """A subcommand that takes nothing but the tournament's number; `call` picks the service
    method it runs."""

    async def handler(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
        return await call(service)(actor, chat, args.tournament())

    return Command(name, aliases, summary, handler, (TOURNAMENT_NUMBER,), parent=TOURNAMENT_KEY)


JOIN = Command(
    "join",
    ("inscrever", "iscriviti"),
    text("enter (a team: with your partner)"),
    _join,
    (TOURNAMENT_NUMBER, PARTNER),
    parent=TOURNAMENT_KEY,
    special_reader=_read_join,
)
GAMES = Command(
    "games",
    ("jogos",),
    text("your games in the tournament (all: everyone's)"),
    _games,
    (
        TOURNAMENT_NUMBER,
        Option(
            "all",
            ("todos", "tutti"),
            Kind.FLAG,
            text("everyone's games, not only yours"),
            yes=ALL_WORDS,
        ),
    ),
    parent=TOURNAMENT_KEY,
)
SETTLE = Command(
    "settle",
    ("arbitrar",),
    text("the organiser decides a knockout match for the entry with that number"),
    _settle,
    (
        TOURNAMENT_NUMBER,
        Option(
            "table",
            ("mesa", "tavolo"),
            Kind.NUMBER,
            text("the table"),
            True,
            low=1,
            high=9999,
            placeholder=text("TABLE"),
        ),
        Option(
            "entry",
            ("inscrição", "iscrizione"),
            Kind.NUMBER,
            text("the number of the entry that goes through"),
            True,
            low=1,
            high=9999,
            placeholder=text("ENTRY"),
        ),
    ),
    parent=TOURNAMENT_KEY,
)


BERSERK = Command(
    "berserk",
    (),
    text("arena: half your time a move for a point more on a win"),
    _berserk,
    (GAME,),
    parent=TOURNAMENT_KEY,
)


STATUSES: dict[str, TournamentStatus] = {
    "pause": "paused",
    "resume": "running",
    "cancel": "cancelled",
}


def _status_command(name: str, aliases: tuple[str, ...], summary: Text) -> Command:
    handler = _status(STATUSES[name])
    return Command(name, aliases, summary, handler, (TOURNAMENT_NUMBER,), parent=TOURNAMENT_KEY)


HELP = Command(
    "help",
    (),
    text("what each subcommand and setting does"),
    _help,
    parent=TOURNAMENT_KEY,
)

SUBCOMMANDS: tuple[Command, ...] = (
    NEW,
    JOIN,
    _one(
        "leave",
        ("esci",),
        text("leave before the start; an arena: take a break"),
        lambda service: service.entries.leave,
    ),
    _one(
        "start",
        ("comecar", "começar", "avvia"),
        text("the organiser starts it: the numbers are drawn, the first round begins"),
        lambda service: service.tournaments.start,
    ),
    _one(
        "show",
        ("ver", "classificacao", "classificação", "classifica"),
        text("standings and the bracket or table picture"),
        lambda service: service.reports.show,
    ),
    _one(
        "pairings",
        ("rodada", "turno"),
        text("the tables of the round with the coin tosses"),
        lambda service: service.reports.pairings,
    ),
    GAMES,
    _one(
        "pdn",
        ("exportar", "esporta"),
        text("every game in one PDN file"),
        lambda service: service.reports.export_pdn,
    ),
    _one(
        "csv",
        ("tabela", "tabella"),
        text("the standings as CSV"),
        lambda service: service.reports.export_csv,
    ),
    _one(
        "verify",
        ("conferir",),
        text("check the draw and the coin tosses of a finished tournament"),
        lambda service: service.reports.verify,
    ),
    _status_command(
        "pause",
        (),
        text("the organiser pauses it"),
    ),
    _status_command(
        "resume",
        ("continuar",),
        text("the organiser resumes it"),
    ),
    _status_command(
        "cancel",
        (),
        text("the organiser cancels it"),
    ),
    SETTLE,
    BERSERK,
    _one(
        "withdraw",
        ("abandonar", "ritiro"),
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
    text("tournaments in this chat: {/tournament help} lists what you can do"),
    _show,
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
