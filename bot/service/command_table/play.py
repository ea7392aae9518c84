"""The commands of a game in progress: moves, the board, the lists, and the game's end."""

from __future__ import annotations

from bot.i18n import text
from bot.service.command_table import typed
from bot.service.command_table.entry import Command
from bot.service.command_table.game_commands import rules, verify
from bot.service.command_table.games import on_game
from bot.service.command_table.options import (
    CONFIRM,
    DRAW_ANSWERS,
    GAME,
    GAME_KIND,
    TAKEBACK_ANSWERS,
    game_kinds,
)
from bot.service.command_table.spec import Args, Kind, Option
from bot.service.command_table.words import DONE_WORDS
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event
from bot.service.kernel.families.ludo_words import typed_ludo_move
from storage import ChatRef


def _answered(args: Args) -> str | None:
    """accept or decline; None: an offer (a draw) or a request (a takeback)."""
    answer = args.text("answer")
    return None if answer in (None, "offer") else answer


async def _move(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    notation = typed_ludo_move(typed.typed_move(args.text("move") or ""))
    return await service.play.move(actor, notation, args.game(), chat=chat)


async def _roll(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await service.play.roll(actor, args.game(), chat=chat)


async def _use(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    game = args.game()
    if game is None:
        raise typed.Misread
    return await service.records.use(actor, game, chat)


async def _draw(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await service.results.draw(actor, _answered(args), args.game(), chat=chat)


async def _takeback(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await service.takebacks.takeback(actor, _answered(args), args.game(), chat)


async def _games(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await service.records.my_games(actor, chat, done=bool(args.flag("done")))


async def _rules(service: GameService, actor: Actor, _chat: ChatRef, args: Args) -> list[Event]:
    return await rules(service, actor, args.text("game"))


async def _verify(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await verify(service, actor, args.game(), chat)


MOVE = Command(
    "move",
    ("m", "jogo", "mover", "lance", "mossa", "gioca", "play"),
    text("play a move, e.g. {/move} c3-d4 or {/move} 32-28"),
    _move,
    (
        # Typed first ("/move #12 c3-d4"): the move takes the rest of the line.
        GAME,
        Option(
            "move",
            ("lance", "mossa"),
            Kind.MOVE,
            text("the move, e.g. 11-15 or c3-d4"),
            required=True,
            placeholder=text("MOVE"),
        ),
    ),
)
ROLL = Command(
    "roll",
    ("dado", "tira"),
    text("roll the die (Ludo)"),
    _roll,
    (GAME,),
)
BOARD = Command(
    "board",
    ("damiera", "tabellone"),
    text("show the board"),
    on_game(lambda service: service.records.board),
    (GAME,),
)
MOVES = Command(
    "moves",
    ("jogadas",),
    text("list the legal moves"),
    on_game(lambda service: service.records.legal_moves),
    (GAME,),
)
GAMES = Command(
    "games",
    ("jogos",),
    text("list my games and challenges; with {=done}, the finished games"),
    _games,
    (
        Option(
            "done",
            ("terminadas", "concluse"),
            Kind.FLAG,
            text("the finished games instead"),
            yes=DONE_WORDS,
        ),
    ),
)
USE = Command(
    "use",
    ("game", "partida", "partita"),
    text("pick the game that a bare {/move} goes to"),
    _use,
    (GAME,),
)
RESIGN = Command(
    "resign",
    ("abandonar", "arrendo"),
    text("resign the game"),
    on_game(lambda service: service.results.resign),
    (GAME, CONFIRM),
    confirm=True,
)
DRAW = Command(
    "draw",
    (),
    text("offer a draw, or accept or decline the one offered"),
    _draw,
    (
        Option(
            "answer",
            ("resposta", "risposta"),
            Kind.TEXT,
            text("offer, accept or decline"),
            choices=DRAW_ANSWERS,
        ),
        GAME,
    ),
)
CLAIM = Command(
    "claim",
    ("reclamo",),
    text("claim a draw that the rules allow"),
    on_game(lambda service: service.results.claim),
    (GAME,),
)
ABORT = Command(
    "abort",
    ("cancelar",),
    text("call off a game before its first move"),
    on_game(lambda service: service.results.abort),
    (GAME, CONFIRM),
    confirm=True,
)
HISTORY = Command(
    "history",
    ("histórico", "cronologia"),
    text("the moves played so far"),
    on_game(lambda service: service.records.history),
    (GAME,),
)
PDN = Command(
    "pdn",
    (),
    text("export a draughts game as PDN"),
    on_game(lambda service: service.records.export_pdn),
    (GAME,),
)
TAKEBACK = Command(
    "takeback",
    ("desfazer", "ritirare"),
    text("ask to take your last move back (casual games), or answer the request"),
    _takeback,
    (
        Option(
            "answer",
            ("resposta", "risposta"),
            Kind.TEXT,
            text("ask, accept or decline"),
            choices=TAKEBACK_ANSWERS,
        ),
        GAME,
    ),
)
VERIFY = Command(
    "verify",
    ("conferir",),
    text("check the dice of a finished Ludo game against the SHA-256 shown at its start"),
    _verify,
    (GAME,),
)
RULES = Command(
    "rules",
    ("regra", "regolamento"),
    text("how a game is played: moves, captures, promotion, draws, options"),
    _rules,
    (
        Option(
            "game",
            ("jogo", "gioco"),
            Kind.TEXT,
            text("the game"),
            choices=game_kinds(),
            placeholder=GAME_KIND,
        ),
    ),
)
