"""The commands people type, in English, Portuguese and Italian, and their parser.

Every front end shares this table: the console and typed chat commands parse lines with
`parse_command`, the Telegram command menus and `/help` are built from `COMMANDS`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Text, quote, text


@dataclass(frozen=True)
class CommandSpec:
    """One command: its English name, its other names, what to type and what it does."""

    name: str
    aliases: tuple[str, ...]
    usage: Text
    summary: Text


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "new",
        ("novo", "nova", "nuovo", "nuova", "challenge", "desafio", "desafiar", "sfida"),
        text(
            "/new GAME [vs NAME|computer [LEVEL]] [white|black] [2-4] [3d|5m] "
            "[rated|casual] [OPTION...]"
        ),
        text("start a game or challenge someone (or the computer)"),
    ),
    CommandSpec(
        "accept",
        ("aceitar", "aceito", "accetta", "accetto", "join", "entrar", "entra"),
        text("/accept [CHALLENGE]"),
        text("accept a challenge"),
    ),
    CommandSpec(
        "begin",
        ("comecar", "começar", "iniciar", "inizia", "comincia"),
        text("/begin [CHALLENGE]"),
        text("start your open table now; the computer takes the free seats"),
    ),
    CommandSpec(
        "decline",
        ("recusar", "recuso", "rifiuta", "rifiuto"),
        text("/decline [CHALLENGE]"),
        text("decline or cancel a challenge"),
    ),
    CommandSpec(
        "move",
        ("m", "jogar", "jogo", "mover", "lance", "muovi", "mossa", "gioca", "play"),
        text("/move MOVE"),
        text("play a move, e.g. /move c3-d4 or /move 32-28"),
    ),
    CommandSpec(
        "roll",
        ("rolar", "dado", "lancia", "tira"),
        text("/roll"),
        text("roll the die (Ludo)"),
    ),
    CommandSpec(
        "board",
        ("tabuleiro", "damiera", "tavoliere", "tabellone"),
        text("/board [GAME]"),
        text("show the board"),
    ),
    CommandSpec(
        "moves",
        ("lances", "jogadas", "mosse"),
        text("/moves [GAME]"),
        text("list the legal moves"),
    ),
    CommandSpec(
        "games",
        ("partidas", "jogos", "partite"),
        text("/games [done]"),
        text("list my games and challenges; with done, the finished games"),
    ),
    CommandSpec(
        "use",
        ("usar", "usa", "game", "partida", "partita"),
        text("/use GAME"),
        text("pick the game that a bare /move goes to"),
    ),
    CommandSpec(
        "resign",
        ("desistir", "abandonar", "abbandona", "arrendo"),
        text("/resign [GAME] [yes]"),
        text("resign the game"),
    ),
    CommandSpec(
        "draw",
        ("empate", "patta"),
        text("/draw [offer|accept|decline]"),
        text("offer a draw, or accept or decline the one offered"),
    ),
    CommandSpec(
        "claim",
        ("reclamar", "reclamo", "reclama"),
        text("/claim [GAME]"),
        text("claim a draw that the rules allow"),
    ),
    CommandSpec(
        "abort",
        ("abortar", "cancelar", "annulla"),
        text("/abort [GAME] [yes]"),
        text("call off a game before its first move"),
    ),
    CommandSpec(
        "history",
        ("historico", "histórico", "storia", "cronologia"),
        text("/history [GAME]"),
        text("the moves played so far"),
    ),
    CommandSpec(
        "pdn",
        ("exportar", "esporta"),
        text("/pdn [GAME]"),
        text("export a draughts game as PDN"),
    ),
    CommandSpec(
        "profile",
        ("perfil", "profilo"),
        text("/profile [NAME]"),
        text("ratings, record, games and rating chart of a player (you, by default)"),
    ),
    CommandSpec(
        "top",
        ("ranking", "classificacao", "classificação", "classifica"),
        text("/top [GAME] [live|corr]"),
        text("the leaderboard of this chat and of everyone"),
    ),
    CommandSpec(
        "vacation",
        ("ferias", "férias", "vacanza", "vacanze"),
        text("/vacation [DAYS|on|off]"),
        text("stop your clocks in every game (up to 30 days a year); off ends it"),
    ),
    CommandSpec(
        "remind",
        ("lembretes", "lembrete", "promemoria", "avvisi"),
        text("/remind [on|off]"),
        text("reminders before your deadlines on or off"),
    ),
    CommandSpec(
        "link",
        ("vincular", "ligar", "collega"),
        text("/link [CODE]"),
        text("play as one player on Telegram and Discord: get a code, then type it there"),
    ),
    CommandSpec(
        "flip",
        ("girar", "virar", "gira", "ruota"),
        text("/flip"),
        text("turn this chat's boards between people around (White's or Black's side)"),
    ),
    CommandSpec(
        "lang",
        ("idioma", "lingua", "language", "língua"),
        text("/lang [chat] pt|it|en"),
        text("choose your language, or (admins) the language of this chat's boards"),
    ),
    CommandSpec(
        "takeback",
        ("voltar", "desfazer", "ritira", "ritirare"),
        text("/takeback [accept|decline]"),
        text("ask to take your last move back (casual games), or answer the request"),
    ),
    CommandSpec(
        "rematch",
        ("revanche", "desforra", "rivincita"),
        text("/rematch [GAME]"),
        text("play a finished game again with the colours swapped"),
    ),
    CommandSpec(
        "verify",
        ("verificar", "conferir", "verifica"),
        text("/verify [GAME]"),
        text("check the dice of a finished Ludo game against the SHA-256 shown at its start"),
    ),
    CommandSpec(
        "rules",
        ("regras", "regra", "regole", "regolamento"),
        text("/rules [GAME]"),
        text("how a game is played: moves, captures, promotion, draws, options"),
    ),
    CommandSpec(
        "tournament",
        ("torneio", "torneo"),
        text("/tournament [new|join|start|show|pairings|games|help ...]"),
        text("tournaments in this chat: /tournament help lists what you can do"),
    ),
    CommandSpec(
        "help",
        ("ajuda", "aiuto", "start"),
        text("/help"),
        text("what the commands do"),
    ),
)

_BY_NAME = {name: spec for spec in COMMANDS for name in (spec.name, *spec.aliases)}


@dataclass(frozen=True)
class Command:
    """A parsed command line: the English command name and its words."""

    name: str
    args: tuple[str, ...]
    raw: str


class CommandError(Exception):
    """A line that is not a command we know, with the reason for people."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.message)
        self.reason = reason


def find_command(word: str) -> CommandSpec | None:
    """The command a name or alias names ("move", "jogar", "muovi"), else None."""
    return _BY_NAME.get(word.strip().lstrip("/").lower())


def parse_command(line: str, *, extra: tuple[str, ...] = ()) -> Command:
    """The command of a line such as "/move 32-28" or "/jogar@damas_bot c3-d4".

    A line without a leading slash is a move ("32-28"). `extra` names commands the front end
    handles itself (the console's /as and /png), returned as they are."""
    words = line.split()
    if not words:
        raise CommandError(text("Type a command, for example /help."))
    if not words[0].startswith("/"):
        if len(words) == 1 and _BY_NAME.get(words[0].lower()) is _BY_NAME["help"]:
            return Command("help", (), line)  # "ajuda", "aiuto": people ask for help so
        return Command("move", tuple(words), line)
    head = words[0][1:].split("@", 1)[0].lower()
    if head in extra:
        return Command(head, tuple(words[1:]), line)
    spec = _BY_NAME.get(head)
    if spec is None:
        raise CommandError(
            text("Unknown command /{name}. Type /help for the commands.", name=quote(head))
        )
    return Command(spec.name, tuple(words[1:]), line)
