"""Typed commands to service calls: shared by the console and the chat front ends.

`dispatch` takes a parsed command and calls the service; the words of `/new` are read here
(the game, `vs NAME` or `vs computer`, a side, a player count, options), in English,
Portuguese and Italian.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from bot.i18n import Text, joined, quote, text, translate
from bot.service.commands import COMMANDS, Command
from bot.service.core import GameService
from bot.service.events import Actor, Event, Reply, ServiceError
from bot.service.game_commands import confirmation, confirmed_end, rules, verify
from bot.service.ids import game_number, known_id, whole_number
from bot.service.levels import LEVEL_TEXTS, is_level_option, level_word
from bot.service.ludo_words import typed_ludo_move
from bot.service.rules_text import help_footer
from bot.service.tournament_commands import tournament_command
from games.base import find_game
from storage import ChatRef

OpponentResolver = Callable[[str], Awaitable[Actor | None]]
# Whether the person who typed the command is an administrator of the chat (asked of the
# platform only when a command needs it).
AdministratorCheck = Callable[[], Awaitable[bool]]


async def no_administrator() -> bool:
    """Where a front end cannot tell (a press that runs a typed command): nobody is."""
    return False


async def everyone_administers() -> bool:
    """The console: whoever sits at the keyboard owns the chat."""
    return True


# Longer than any move in notation (a capture of 20 pieces on 10x10 is about 60 characters).
LONGEST_MOVE = 100
CHALLENGE_COMMANDS = frozenset({"accept", "decline", "begin"})

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


# `/lang chat pt`: the language of the chat's public messages, not the person's own.
CHAT_WORDS = frozenset(
    {"chat", "group", "channel", "server", "grupo", "canal", "servidor", "gruppo", "canale"}
)

# The words of a huff (games/damas/notation.py reads them): never the name of a game here.
HUFF_WORDS = frozenset({"soffio", "soffia", "soffiare", "huff", "sopro", "soprar", "sopra"})
DONE_WORDS = frozenset({"done", "finished", "terminadas", "fim", "finite", "concluse"})
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
    """None: as many days as are left ("on"); 0: end the vacation ("off")."""
    word = command.args[0].lower()
    if len(command.args) == 1 and word in SWITCH_WORDS:
        return None if SWITCH_WORDS[word] else 0
    days = whole_number(word) if len(command.args) == 1 else None
    if days is not None and 0 < days <= 366:
        return days
    raise ServiceError(text("Usage: {usage}", usage=usage("vacation")))


def typed_move(notation: str) -> str:
    """A move as typed, refused (with a short quote of it) when it is too long to be one:
    the refusals of the rules repeat the move whole."""
    move = notation.strip()
    if len(move) > LONGEST_MOVE:
        raise ServiceError(text("{move} is not a move.", move=quote(move)))
    return move


def _split_game_id(args: Sequence[str]) -> tuple[int | None, list[str]]:
    """A leading "#12" names the game; the other words stay."""
    number = game_number(args[0]) if args and args[0].startswith("#") else None
    if number is not None:
        return known_id(number), list(args[1:])
    return None, list(args)


def _only_game_id(command: Command) -> int | None:
    if not command.args:
        return None
    number = game_number(command.args[0]) if len(command.args) == 1 else None
    if number is None:
        raise ServiceError(text("Usage: {usage}", usage=usage(command.name)))
    return known_id(number, challenge=command.name in CHALLENGE_COMMANDS)


def _answer(command: Command) -> tuple[str | None, int | None]:
    """The answer of /draw or /takeback ("accept", "decline"; None: an offer or a request)
    and the game ("#12") it names."""
    game_id, words = _split_game_id(command.args)
    answer = DRAW_ANSWERS.get(words[0].lower()) if words else "offer"
    if answer is None or len(words) > 1:
        raise ServiceError(text("Usage: {usage}", usage=usage(command.name)))
    return (None if answer == "offer" else answer), game_id


def usage(name: str) -> Text:
    return next(spec.usage for spec in COMMANDS if spec.name == name)


def help_lines(language: str | None) -> list[str]:
    commands = [
        f"{translate(language, spec.usage)} - {translate(language, spec.summary)}"
        for spec in COMMANDS
    ]
    return commands + [translate(language, line) for line in help_footer()]


def _game_words(command: Command) -> bool:
    """Whether a typed /move names a game instead ("/jogar brasileira": play Brazilian); a
    bare line is a move, and so is a huff ("soffio" also names the familiar game)."""
    args = command.args
    if not command.raw.lstrip().startswith("/") or args[0].lower() in HUFF_WORDS:
        return False
    try:
        find_game(args[0])
    except KeyError:
        return False
    return True


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
    level: str | None = None
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
                    raise ServiceError(text("I do not know {name}.", name=quote(name)))
        elif folded in COMPUTER_WORDS:
            computer = True
        elif folded in SIDE_WORDS:
            seat = SIDE_WORDS[folded]
        elif (named := level_word(folded)) is not None:
            level = named
        elif is_level_option(folded):
            raise ServiceError(
                text("The levels are {levels}.", levels=joined(list(LEVEL_TEXTS.values()), ", "))
            )
        elif (count := whole_number(folded)) is not None:
            players = count
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
        level=level,
    )


async def _profile(
    service: GameService, actor: Actor, args: Sequence[str], resolve: OpponentResolver
) -> list[Event]:
    if len(args) > 1:
        raise ServiceError(text("Usage: {usage}", usage=usage("profile")))
    someone = await resolve(args[0]) if args else None
    if args and someone is None:
        raise ServiceError(text("I do not know {name}.", name=quote(args[0])))
    return await service.profile(actor, someone)


async def dispatch(
    service: GameService,
    actor: Actor,
    chat: ChatRef,
    command: Command,
    resolve_opponent: OpponentResolver,
    administrator: AdministratorCheck = no_administrator,
) -> list[Event]:
    """Run one command for `actor` in `chat`. Raises ServiceError with the reason when the
    service refuses it."""
    name, args = command.name, command.args
    if name == "new":
        return await _new_game(service, actor, chat, args, resolve_opponent)
    if name in ("accept", "decline", "begin"):
        handler = {"accept": service.accept, "decline": service.decline, "begin": service.begin}
        return await handler[name](actor, _only_game_id(command), chat)
    if name == "move" and not args:
        name = "help"  # a bare /play or /jogar: people want to know how to start
    elif name == "move" and _game_words(command):
        return await _new_game(service, actor, chat, args, resolve_opponent)
    if name == "rules":
        return await rules(service, actor, args)
    if name == "takeback":
        answer, game_id = _answer(command)
        return await service.takeback(actor, answer, game_id, chat)
    if name == "rematch":
        return await service.rematch(actor, _only_game_id(command), chat)
    if name == "verify":
        return await verify(service, actor, _only_game_id(command), chat)
    if name == "move":
        game_id, words = _split_game_id(args)
        if not words:
            raise ServiceError(text("Usage: {usage}", usage=usage("move")))
        notation = typed_ludo_move(typed_move(" ".join(words)))
        return await service.move(actor, notation, game_id, chat=chat)
    if name == "roll":
        return await service.roll(actor, _only_game_id(command), chat=chat)
    if name == "draw":
        answer, game_id = _answer(command)
        return await service.draw(actor, answer, game_id, chat=chat)
    if name == "use":
        game_id = _only_game_id(command)
        if game_id is None:
            raise ServiceError(text("Usage: {usage}", usage=usage("use")))
        return await service.use(actor, game_id, chat)
    if name == "lang" and len(args) == 2 and args[0].lower() in CHAT_WORDS:
        return await service.set_chat_language(actor, chat, args[1], await administrator())
    if name == "lang":
        if len(args) != 1:
            raise ServiceError(text("Usage: {usage}", usage=usage("lang")))
        return await service.set_language(actor, args[0])
    if name == "vacation" and not args:
        return await service.vacation_status(actor)
    if name == "vacation":
        return await service.vacation(actor, _vacation_days(command))
    if name == "remind" and not args:
        return await service.reminder_status(actor)
    if name == "remind":
        if len(args) != 1 or args[0].lower() not in SWITCH_WORDS:
            raise ServiceError(text("Usage: {usage}", usage=usage("remind")))
        return await service.set_reminders(actor, SWITCH_WORDS[args[0].lower()])
    if name == "link":
        if len(args) > 1:
            raise ServiceError(text("Usage: {usage}", usage=usage("link")))
        return await service.link(actor, args[0] if args else None)
    if name == "games":
        if len(args) > 1 or (args and args[0].lower() not in DONE_WORDS):
            raise ServiceError(text("Usage: {usage}", usage=usage("games")))
        return await service.my_games(actor, chat, done=bool(args))
    if name == "profile":
        return await _profile(service, actor, args, resolve_opponent)
    if name == "top":
        return await service.top(actor, chat, list(args))
    if name == "flip":
        return await service.flip(actor, chat)
    if name == "tournament":
        return await tournament_command(service, actor, chat, args, resolve_opponent)
    if name == "help":
        language = await service.language(actor)
        return [Reply(Text(line)) for line in help_lines(language)]
    if name in ("resign", "abort"):
        confirmed, bare = confirmation(command)
        return await confirmed_end(service, actor, chat, bare, _only_game_id(bare), confirmed)
    simple = {
        "board": service.board,
        "moves": service.legal_moves,
        "claim": service.claim,
        "history": service.history,
        "pdn": service.export_pdn,
    }
    return await simple[name](actor, _only_game_id(command), chat)
