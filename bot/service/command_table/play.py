"""The commands of a game in progress: moves, the board, the lists, and the game's end."""

from __future__ import annotations

from bot.i18n import text
from bot.service.command_table import typed
from bot.service.command_table.game_commands import rules, verify
from bot.service.command_table.games import on_game
from bot.service.command_table.options import (
    CONFIRM,
    DRAW_ANSWERS,
    GAME,
    TAKEBACK_ANSWERS,
    game_kinds,
)
from bot.service.command_table.spec import Args, Command, Kind, Option
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
    game = args.text("game")
    return await rules(service, actor, [game] if game else [])


async def _verify(service: GameService, actor: Actor, chat: ChatRef, args: Args) -> list[Event]:
    return await verify(service, actor, args.game(), chat)


MOVE = Command(
    "move",
    ("m", "jogo", "mover", "lance", "mossa", "gioca", "play"),
    text("{/move} MOVE"),
    text("play a move, e.g. {/move} c3-d4 or {/move} 32-28"),
    _move,
    typed.move,
    (
        Option(
            "move",
            ("lance", "mossa"),
            Kind.MOVE,
            text("the move, e.g. 11-15 or c3-d4"),
            required=True,
        ),
        GAME,
    ),
)
ROLL = Command(
    "roll",
    ("dado", "tira"),
    text("{/roll}"),
    text("roll the die (Ludo)"),
    _roll,
    typed.one_game,
    (GAME,),
)
BOARD = Command(
    "board",
    ("damiera", "tabellone"),
    text("{/board} [GAME]"),
    text("show the board"),
    on_game(lambda service: service.records.board),
    typed.one_game,
    (GAME,),
)
MOVES = Command(
    "moves",
    ("jogadas",),
    text("{/moves} [GAME]"),
    text("list the legal moves"),
    on_game(lambda service: service.records.legal_moves),
    typed.one_game,
    (GAME,),
)
GAMES = Command(
    "games",
    ("jogos",),
    text("{/games} [{=done}]"),
    text("list my games and challenges; with done, the finished games"),
    _games,
    typed.done,
    (Option("done", ("terminadas", "concluse"), Kind.FLAG, text("the finished games instead")),),
)
USE = Command(
    "use",
    ("game", "partida", "partita"),
    text("{/use} GAME"),
    text("pick the game that a bare {/move} goes to"),
    _use,
    typed.one_game,
    (GAME,),
)
RESIGN = Command(
    "resign",
    ("abandonar", "arrendo"),
    text("{/resign} [GAME] [{=yes}]"),
    text("resign the game"),
    on_game(lambda service: service.results.resign),
    typed.confirmed_game,
    (GAME, CONFIRM),
    confirm=True,
)
DRAW = Command(
    "draw",
    (),
    text("{/draw} [{=offer|accept|decline}]"),
    text("offer a draw, or accept or decline the one offered"),
    _draw,
    typed.answer_reader(DRAW_ANSWERS),
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
    text("{/claim} [GAME]"),
    text("claim a draw that the rules allow"),
    on_game(lambda service: service.results.claim),
    typed.one_game,
    (GAME,),
)
ABORT = Command(
    "abort",
    ("cancelar",),
    text("{/abort} [GAME] [{=yes}]"),
    text("call off a game before its first move"),
    on_game(lambda service: service.results.abort),
    typed.confirmed_game,
    (GAME, CONFIRM),
    confirm=True,
)
HISTORY = Command(
    "history",
    ("histórico", "cronologia"),
    text("{/history} [GAME]"),
    text("the moves played so far"),
    on_game(lambda service: service.records.history),
    typed.one_game,
    (GAME,),
)
PDN = Command(
    "pdn",
    (),
    text("{/pdn} [GAME]"),
    text("export a draughts game as PDN"),
    on_game(lambda service: service.records.export_pdn),
    typed.one_game,
    (GAME,),
)
TAKEBACK = Command(
    "takeback",
    ("desfazer", "ritirare"),
    text("{/takeback} [{=accept|decline}]"),
    text("ask to take your last move back (casual games), or answer the request"),
    _takeback,
    typed.answer_reader(TAKEBACK_ANSWERS),
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
    text("{/verify} [GAME]"),
    text("check the dice of a finished Ludo game against the SHA-256 shown at its start"),
    _verify,
    typed.one_game,
    (GAME,),
)
RULES = Command(
    "rules",
    ("regra", "regolamento"),
    text("{/rules} [GAME]"),
    text("how a game is played: moves, captures, promotion, draws, options"),
    _rules,
    typed.game_kind,
    (Option("game", ("jogo", "gioco"), Kind.TEXT, text("the game"), choices=game_kinds()),),
)
