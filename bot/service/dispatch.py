"""Typed commands to service calls: shared by the console and the chat front ends.

`dispatch` takes a parsed command and calls the service; the words of `/new` are read here
(the game, `vs NAME` or `vs computer`, a side, a player count, options), in English,
Portuguese and Italian.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from bot.i18n import Text, text, translate
from bot.service.commands import COMMANDS, Command
from bot.service.core import GameService
from bot.service.events import Actor, Event, Reply, ServiceError
from bot.service.tournament_commands import tournament_command
from storage import ChatRef

OpponentResolver = Callable[[str], Awaitable[Actor | None]]

VERSUS_WORDS = frozenset({"vs", "vs.", "x", "against", "contra", "contro"})
COMPUTER_WORDS = frozenset(
    {"computer", "cpu", "bot", "ai", "ia", "computador", "maquina", "máquina", "pc"}
)
SIDE_WORDS = {
    "white": 0,
    "brancas": 0,
    "branco": 0,
    "brancos": 0,
    "bianco": 0,
    "bianchi": 0,
    "black": 1,
    "pretas": 1,
    "preto": 1,
    "pretos": 1,
    "nero": 1,
    "neri": 1,
}
DRAW_ANSWERS = {
    "offer": "offer",
    "oferecer": "offer",
    "offri": "offer",
    "accept": "accept",
    "aceitar": "accept",
    "aceito": "accept",
    "accetta": "accept",
    "accetto": "accept",
    "yes": "accept",
    "sim": "accept",
    "si": "accept",
    "sì": "accept",
    "decline": "decline",
    "recusar": "decline",
    "recuso": "decline",
    "rifiuta": "decline",
    "rifiuto": "decline",
    "no": "decline",
    "nao": "decline",
    "não": "decline",
}


SWITCH_WORDS = {
    "on": True,
    "sim": True,
    "ligar": True,
    "si": True,
    "sì": True,
    "off": False,
    "nao": False,
    "não": False,
    "desligar": False,
    "no": False,
}


def _vacation_days(command: Command) -> int | None:
    """None: as many days as are left; 0: end the vacation."""
    if not command.args:
        return None
    word = command.args[0].lower()
    if len(command.args) == 1 and word in SWITCH_WORDS and not SWITCH_WORDS[word]:
        return 0
    if len(command.args) == 1 and word.isdigit() and 0 < int(word) <= 366:
        return int(word)
    raise ServiceError(text("Usage: {usage}", usage=usage("vacation")))


def game_number(word: str) -> int | None:
    """A game or challenge id as people write it: "12" or "#12"."""
    digits = word.lstrip("#")
    return int(digits) if digits.isdigit() and len(digits) < 10 else None


def _split_game_id(args: Sequence[str]) -> tuple[int | None, list[str]]:
    """A leading "#12" names the game; the other words stay."""
    if args and args[0].startswith("#") and game_number(args[0]) is not None:
        return game_number(args[0]), list(args[1:])
    return None, list(args)


def _only_game_id(command: Command) -> int | None:
    if not command.args:
        return None
    if len(command.args) == 1 and game_number(command.args[0]) is not None:
        return game_number(command.args[0])
    raise ServiceError(text("Usage: {usage}", usage=usage(command.name)))


def usage(name: str) -> str:
    return next(spec.usage for spec in COMMANDS if spec.name == name)


def help_lines(language: str | None) -> list[str]:
    return [f"{spec.usage} - {translate(language, spec.summary)}" for spec in COMMANDS]


async def _new_game(
    service: GameService,
    actor: Actor,
    chat: ChatRef | None,
    args: Sequence[str],
    resolve_opponent: OpponentResolver,
) -> list[Event]:
    if not args:
        raise ServiceError(text("Usage: {usage}", usage=usage("new")))
    game_name, words = args[0], list(args[1:])
    opponent: Actor | None = None
    computer = False
    seat: int | None = None
    players: int | None = None
    options: list[str] = []
    while words:
        word = words.pop(0)
        folded = word.lower()
        if folded in VERSUS_WORDS:
            if not words:
                raise ServiceError(text("Whom do you play against? Write vs NAME or vs computer."))
            name = words.pop(0)
            if name.lower() in COMPUTER_WORDS:
                computer = True
            else:
                opponent = await resolve_opponent(name)
                if opponent is None:
                    raise ServiceError(text("I do not know {name}.", name=name))
        elif folded in COMPUTER_WORDS:
            computer = True
        elif folded in SIDE_WORDS:
            seat = SIDE_WORDS[folded]
        elif folded.isdigit():
            players = int(folded)
            if not 2 <= players <= 4:
                raise ServiceError(text("A game takes 2 to 4 players."))
        else:
            options.append(word)
    return await service.new_game(
        actor,
        chat,
        game_name,
        opponent=opponent,
        computer=computer,
        seat=seat,
        players=players,
        option_words=options,
    )


async def dispatch(
    service: GameService,
    actor: Actor,
    chat: ChatRef,
    command: Command,
    resolve_opponent: OpponentResolver,
) -> list[Event]:
    """Run one command for `actor` in `chat`. Raises ServiceError with the reason when the
    service refuses it."""
    name, args = command.name, command.args
    if name == "new":
        return await _new_game(service, actor, chat, args, resolve_opponent)
    if name in ("accept", "decline", "begin"):
        handler = {"accept": service.accept, "decline": service.decline, "begin": service.begin}
        return await handler[name](actor, _only_game_id(command), chat)
    if name == "move":
        game_id, words = _split_game_id(args)
        if not words:
            raise ServiceError(text("Usage: {usage}", usage=usage("move")))
        return await service.move(actor, " ".join(words), game_id)
    if name == "roll":
        return await service.roll(actor, _only_game_id(command))
    if name == "draw":
        game_id, words = _split_game_id(args)
        answer = DRAW_ANSWERS.get(words[0].lower()) if words else "offer"
        if answer is None or len(words) > 1:
            raise ServiceError(text("Usage: {usage}", usage=usage("draw")))
        return await service.draw(actor, None if answer == "offer" else answer, game_id)
    if name == "use":
        game_id = _only_game_id(command)
        if game_id is None:
            raise ServiceError(text("Usage: {usage}", usage=usage("use")))
        return await service.use(actor, game_id)
    if name == "lang":
        if len(args) != 1:
            raise ServiceError(text("Usage: {usage}", usage=usage("lang")))
        return await service.set_language(actor, args[0])
    if name == "vacation":
        return await service.vacation(actor, _vacation_days(command))
    if name == "remind":
        if len(args) != 1 or args[0].lower() not in SWITCH_WORDS:
            raise ServiceError(text("Usage: {usage}", usage=usage("remind")))
        return await service.set_reminders(actor, SWITCH_WORDS[args[0].lower()])
    if name == "link":
        if len(args) > 1:
            raise ServiceError(text("Usage: {usage}", usage=usage("link")))
        return await service.link(actor, args[0] if args else None)
    if name == "games":
        return await service.my_games(actor)
    if name == "tournament":
        return await tournament_command(service, actor, chat, args, resolve_opponent)
    if name == "help":
        language = await service.language(actor)
        return [Reply(Text(line)) for line in help_lines(language)]
    simple = {
        "board": service.board,
        "moves": service.legal_moves,
        "resign": service.resign,
        "claim": service.claim,
        "abort": service.abort,
        "history": service.history,
        "pdn": service.export_pdn,
    }
    return await simple[name](actor, _only_game_id(command))
