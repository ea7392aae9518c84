"""/clubmatch (/confronto, /incontro) and its subcommands in the command table: each
subcommand an entry of its own (names in three languages, options, handler), found by the
typed parser and given to Discord as slash subcommands of a command of its own (the
/tournament command is near Discord's payload limit); a bare /clubmatch shows the chat's
latest match."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.i18n import Text, text
from bot.i18n.commands import WORDS
from bot.service.clubmatches.matches import MOST_BOARDS
from bot.service.command_table.entry import Command
from bot.service.command_table.spec import Args, Choice, Kind, Option
from bot.service.command_table.tournament_new import TIME, VARIANTS
from bot.service.command_table.typed import Misread
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from storage import ChatRef

CLUB_MATCH_KEY = "clubmatch"
# A service method that takes the match's number (None: the chat's latest).
NumberedCall = Callable[[Actor, ChatRef | None, int | None], Awaitable[list[Event]]]
# The largest match number Discord's option takes.
LARGEST_MATCH = 999_999_999

MATCH_NUMBER = Option(
    "match",
    ("confronto", "incontro"),
    Kind.CLUB_MATCH,
    text("the club match number (default: this chat's latest)"),
    low=1,
    high=LARGEST_MATCH,
    placeholder=text("NUMBER"),
)
GAME = Option(
    "variant",
    ("variante", "variante"),
    Kind.TEXT,
    text("the draughts game of every board"),
    required=True,
    choices=tuple(
        Choice(choice.value, choice.label, WORDS[str(choice.value)]) for choice in VARIANTS
    ),
    placeholder=text("GAME"),
)
BOARDS = Option(
    "boards",
    ("tabuleiros", "damiere"),
    Kind.NUMBER,
    text("the players of each side, a board each"),
    required=True,
    low=1,
    high=MOST_BOARDS,
    placeholder=text("BOARDS"),
)
SIDES = (Choice("a", text("side A"), WORDS["a"]), Choice("b", text("side B"), WORDS["b"]))
SIDE = Option(
    "side",
    ("equipe", "squadra"),
    Kind.TEXT,
    text("your side, when both sign in one chat: a or b"),
    choices=SIDES,
)
CODE = Option(
    "code",
    ("codigo", "codice"),
    Kind.TEXT,
    text("the code the other club's match gave"),
    required=True,
    placeholder=text("CODE"),
)
BOARD = Option(
    "board",
    ("tabuleiro", "damiera"),
    Kind.NUMBER,
    text("the board"),
    required=True,
    low=1,
    high=MOST_BOARDS,
    placeholder=text("BOARD"),
)
LEG = Option(
    "game",
    ("partida", "partita"),
    Kind.NUMBER,
    text("the board's first or second game"),
    required=True,
    low=1,
    high=2,
    placeholder=text("GAME"),
)
VERDICT = Option(
    "result",
    ("resultado", "risultato"),
    Kind.TEXT,
    text("who wins the game: side a, side b, or a draw"),
    required=True,
    choices=(*SIDES, Choice("draw", text("a draw"), WORDS["draw"])),
)


async def _new(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    game, boards = args.text("variant"), args.number("boards")
    if game is None or boards is None:
        raise Misread
    return await service.club_matches.create(actor, chat, game, boards, args.text("time"))


async def _join(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    code = args.text("code")
    if code is None:
        raise Misread
    return await service.club_matches.join(actor, chat, code)


async def _sign(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await service.club_matches.sign(actor, chat, args.text("side"), args.club_match())


async def _settle(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    board, leg, verdict = args.number("board"), args.number("game"), args.text("result")
    if board is None or leg is None or verdict is None:
        raise Misread
    return await service.club_matches.settle(actor, chat, board, leg, verdict, args.club_match())


def _one(name: str, summary: Text, call: Callable[[GameService], NumberedCall]) -> Command:
    """A subcommand that takes nothing but the match's number; `call` picks the service
    method it runs."""

    async def handler(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
        return await call(service)(actor, chat, args.club_match())

    return Command(name, (), summary, handler, (MATCH_NUMBER,), parent=CLUB_MATCH_KEY)


SUBCOMMANDS: tuple[Command, ...] = (
    Command(
        "new",
        (),
        text("open a match against another club (a clock as {/new} takes it)"),
        _new,
        (GAME, BOARDS, TIME),
        parent=CLUB_MATCH_KEY,
    ),
    Command(
        "join",
        (),
        text("this chat becomes side B of the match with that code"),
        _join,
        (CODE,),
        parent=CLUB_MATCH_KEY,
    ),
    Command(
        "sign",
        (),
        text("play for your side (in one chat: say a or b)"),
        _sign,
        (SIDE, MATCH_NUMBER),
        parent=CLUB_MATCH_KEY,
    ),
    _one("leave", text("leave your side before the start"), lambda s: s.club_matches.leave),
    _one(
        "start",
        text("the organiser starts it: boards by rating, both games of each begin"),
        lambda service: service.club_matches.start,
    ),
    _one("show", text("the match's score, board by board"), lambda s: s.club_match_views.show),
    _one("pdn", text("every game in one PDN file"), lambda s: s.club_match_views.export_pdn),
    _one("csv", text("every game's result as CSV"), lambda s: s.club_match_views.export_csv),
    Command(
        "settle",
        (),
        text("the organiser decides a game being played"),
        _settle,
        (BOARD, LEG, VERDICT, MATCH_NUMBER),
        parent=CLUB_MATCH_KEY,
    ),
    _one(
        "cancel",
        text("the organiser calls it off: the games still played are aborted"),
        lambda service: service.club_matches.cancel,
    ),
)


async def _show(service: GameService, actor: Actor, chat: ChatRef, _args: Args) -> list[Event]:
    return await service.club_match_views.show(actor, chat, None)


CLUB_MATCH = Command(
    CLUB_MATCH_KEY,
    (),
    text("matches between two clubs: N boards, two games a board"),
    _show,
    subcommands=SUBCOMMANDS,
)
