"""The commands that start games: /new, the answers to a challenge and /rematch; and the
handlers of commands on one game or challenge."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.i18n import text
from bot.service.command_table.entry import Command, Handler
from bot.service.command_table.new_reader import read_new
from bot.service.command_table.options import CHALLENGE, GAME, GAME_KIND, SIDES, game_kinds
from bot.service.command_table.spec import Args, Choice, Kind, Option
from bot.service.command_table.words import COMPUTER_WORDS, VERSUS_WORDS
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, ServiceError
from bot.service.kernel.words.levels import LEVEL_TEXTS
from storage import ChatRef

GameCall = Callable[[Actor, int | None, ChatRef], Awaitable[list[Event]]]


def on_game(call: Callable[[GameService], GameCall]) -> Handler:
    """A handler that calls the service on the game named (None: the current one)."""

    async def handle(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
        return await call(service)(actor, args.game(), chat)

    return handle


def on_challenge(call: Callable[[GameService], GameCall]) -> Handler:
    async def handle(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
        return await call(service)(actor, args.challenge(), chat)

    return handle


async def _new(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    game = args.text("game") or ""
    players = args.number("players")
    if players is not None and not 2 <= players <= 4:
        raise ServiceError(text("A game takes 2 to 4 players."))
    opponent = args.member("opponent")
    if args.flag("thread") and args.open_thread is not None:
        chat = await args.open_thread(chat, actor, game, opponent)
    level = args.text("level")
    return await service.challenges.new_game(
        actor,
        chat,
        game,
        opponent=opponent,
        # In Discord's menu of the computer's levels, choosing one is choosing the computer;
        # typed, a level word without "computer" is refused as the mistake it likely is.
        computer=bool(args.flag("computer")) or (args.slash and level is not None),
        seat=args.number("side"),
        players=players,
        # The ballot's own slash option (Discord) is the same as its word among the options.
        option_words=[*args.words("options"), *(["ballot"] if args.flag("ballot") else [])],
        level=level,
    )


NEW = Command(
    "new",
    ("nova", "nuovo", "challenge", "desafio", "desafiar", "sfida"),
    text("start a game or challenge someone (or the computer)"),
    _new,
    (
        Option(
            "game",
            ("jogo", "gioco"),
            Kind.TEXT,
            text("the game to play"),
            required=True,
            choices=game_kinds(),
            placeholder=GAME_KIND,
        ),
        Option(
            "opponent",
            ("adversário", "avversario"),
            Kind.MEMBER,
            text("the member you challenge (nobody: anyone here)"),
            placeholder=text("NAME"),
            lead=VERSUS_WORDS,
        ),
        Option(
            "computer",
            ("computador", "computer"),
            Kind.FLAG,
            text("play against the computer"),
            yes=COMPUTER_WORDS,
            either=True,
        ),
        Option(
            "level",
            ("nível", "livello"),
            Kind.TEXT,
            text("the computer's level (default: normal)"),
            choices=tuple(Choice(level, name) for level, name in LEVEL_TEXTS.items()),
            placeholder=text("LEVEL"),
            within="computer",
        ),
        Option(
            "side",
            ("lado", "colore"),
            Kind.NUMBER,
            text("your side (default: drawn)"),
            choices=SIDES,
        ),
        Option(
            "players",
            ("jogadores", "giocatori"),
            Kind.NUMBER,
            text("players at a Ludo table (2 to 4)"),
            low=2,
            high=4,
        ),
        Option(
            "options",
            ("opções", "opzioni"),
            Kind.WORDS,
            text("rule options, e.g. three-sixes for Ludo, or 3d for 3 days per move"),
            placeholder=text("OPTION..."),
        ),
        Option(
            "ballot",
            ("sorteio", "sorteggio"),
            Kind.FLAG,
            text("the opening drawn from the official list (Brazilian draughts)"),
            yes=("ballot", "sorteio", "sorteggio"),
        ),
        Option(
            "thread",
            ("tópico", "discussione"),
            Kind.FLAG,
            # No typed word asks for it: only Discord opens a thread (`Args.open_thread`).
            text("play in a thread of its own"),
        ),
    ),
    special_reader=read_new,
)


ACCEPT = Command(
    "accept",
    ("aceito", "accetto", "join", "entrar", "entra"),
    text("accept a challenge"),
    on_challenge(lambda service: service.challenges.accept),
    (CHALLENGE,),
)
BEGIN = Command(
    "begin",
    ("comecar", "começar", "comincia"),
    text("start your open table now; the computer takes the free seats"),
    on_challenge(lambda service: service.challenges.begin),
    (CHALLENGE,),
)
DECLINE = Command(
    "decline",
    ("recuso", "rifiuto"),
    text("decline or cancel a challenge"),
    on_challenge(lambda service: service.challenges.decline),
    (CHALLENGE,),
)
REMATCH = Command(
    "rematch",
    ("desforra",),
    text("play a finished game again with the colours swapped"),
    on_game(lambda service: service.challenges.rematch),
    (GAME,),
)
