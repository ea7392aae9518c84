"""/simul (/simultanea) and its subcommands in the command table: each subcommand an entry of
its own (names in three languages, options, handler), found by the typed parser
(table.subcommand) and given to Discord as slash subcommands; a bare /simul shows the chat's
latest simul."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.i18n import Text, text
from bot.i18n.commands import WORDS
from bot.service.command_table.entry import Command
from bot.service.command_table.spec import Args, Choice, Kind, Option
from bot.service.command_table.tournament_new import TIME, VARIANTS
from bot.service.command_table.typed import Misread
from bot.service.command_table.words import ALTERNATE_WORDS, BLACK_WORDS, WHITE_WORDS
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from bot.service.simuls.simuls import MOST_BOARDS
from storage import ChatRef

SIMUL_KEY = "simul"
# A service method that takes the simul's number (None: the chat's latest).
NumberedCall = Callable[[Actor, ChatRef | None, int | None], Awaitable[list[Event]]]
# The largest simul number Discord's option takes.
LARGEST_SIMUL = 999_999_999

SIMUL_NUMBER = Option(
    "simul",
    ("simultanea", "simultanea"),
    Kind.SIMUL,
    text("the simul number (default: this chat's latest)"),
    low=1,
    high=LARGEST_SIMUL,
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
    text("the most challengers, a board each"),
    required=True,
    low=1,
    high=MOST_BOARDS,
    placeholder=text("BOARDS"),
)
HOST_COLOUR = Option(
    "colour",
    ("cor", "colore"),
    Kind.TEXT,
    text("the host's colour: white (the default), black, or by turns"),
    choices=(
        Choice("white", text("White"), WHITE_WORDS),
        Choice("black", text("Black"), BLACK_WORDS),
        Choice("alternate", text("by turns"), ALTERNATE_WORDS),
    ),
)


async def _new(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    game, boards = args.text("variant"), args.number("boards")
    if game is None or boards is None:
        raise Misread
    host = args.text("colour") or "white"
    return await service.simuls.create(actor, chat, game, boards, args.text("time"), host)


def _one(name: str, summary: Text, call: Callable[[GameService], NumberedCall]) -> Command:
    """A subcommand that takes nothing but the simul's number; `call` picks the service
    method it runs."""

    async def handler(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
        return await call(service)(actor, chat, args.simul())

    return Command(name, (), summary, handler, (SIMUL_NUMBER,), parent=SIMUL_KEY)


NEW = Command(
    "new",
    (),
    text("open a simul: you play every board (a clock as {/new} takes it)"),
    _new,
    (GAME, BOARDS, TIME, HOST_COLOUR),
    parent=SIMUL_KEY,
)
SUBCOMMANDS: tuple[Command, ...] = (
    NEW,
    _one("join", text("take a board against the host"), lambda service: service.simuls.join),
    _one("leave", text("give your board back before the start"), lambda s: s.simuls.leave),
    _one(
        "start",
        text("the host starts it: every board's game begins"),
        lambda service: service.simuls.start,
    ),
    _one(
        "desk",
        text("the host's desk: the boards that wait for you, oldest first, and the next one"),
        lambda service: service.desks.desk,
    ),
    _one("show", text("the boards, their results and the host's score"), lambda s: s.desks.show),
    _one("pdn", text("every board's game in one PDN file"), lambda s: s.desks.export_pdn),
    _one(
        "cancel",
        text("the host calls it off: the boards still played are aborted"),
        lambda service: service.simuls.cancel,
    ),
)


async def _show(service: GameService, actor: Actor, chat: ChatRef, _args: Args) -> list[Event]:
    return await service.desks.show(actor, chat, None)


SIMUL = Command(
    SIMUL_KEY,
    (),
    text("simultaneous exhibitions: one host against many, a board each"),
    _show,
    subcommands=SUBCOMMANDS,
)
