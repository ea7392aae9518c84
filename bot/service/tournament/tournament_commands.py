"""`/tournament` (`/torneio`, `/torneo`) and its subcommands, typed in English, Portuguese or
Italian, to the service's tournament calls. The command table (people.py) hands the words over."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.i18n import Text, quote, text
from bot.service.core import GameService
from bot.service.events import Actor, Event, Reply, ServiceError
from bot.service.ids import known_tournament, whole_number
from storage import ChatRef, TournamentStatus

OpponentResolver = Callable[[str], Awaitable[Actor | None]]


@dataclass(frozen=True)
class Subcommand:
    name: str
    words: tuple[str, ...]
    usage: str
    summary: Text


SUBCOMMANDS = (
    Subcommand(
        "new",
        ("novo", "nova", "criar", "nuovo", "crea"),
        "/tournament new VARIANT knockout|swiss|roundrobin|double-roundrobin [10m|3d] [teams] "
        "[max=N] [rounds=N] [micro] [seeded] [open] [boards=group|threads|private] [bye=1|0.5|0] "
        "[tiebreaks=solkoff,sb,wins] [noshow=10m] [deadline=2d]",
        text("open a tournament in this chat"),
    ),
    Subcommand(
        "join",
        ("entrar", "inscrever", "partecipa", "iscriviti"),
        "/tournament join [#ID] [with PARTNER]",
        text("enter (a team: with your partner)"),
    ),
    Subcommand(
        "leave",
        ("sair", "lascia", "esci"),
        "/tournament leave [#ID]",
        text("leave before the start"),
    ),
    Subcommand(
        "start",
        ("iniciar", "comecar", "começar", "inizia", "avvia"),
        "/tournament start [#ID]",
        text("the organiser starts it: the numbers are drawn, the first round begins"),
    ),
    Subcommand(
        "show",
        ("ver", "mostrar", "classificacao", "classificação", "mostra", "classifica"),
        "/tournament show [#ID]",
        text("standings and the bracket or table picture"),
    ),
    Subcommand(
        "pairings",
        ("emparceiramento", "rodada", "abbinamenti", "turno"),
        "/tournament pairings [#ID]",
        text("the tables of the round with the coin tosses"),
    ),
    Subcommand(
        "games",
        ("partidas", "jogos", "partite"),
        "/tournament games [#ID] [all]",
        text("your games in the tournament (all: everyone's)"),
    ),
    Subcommand(
        "pdn", ("exportar", "esporta"), "/tournament pdn [#ID]", text("every game in one PDN file")
    ),
    Subcommand(
        "csv",
        ("tabela", "tabella"),
        "/tournament csv [#ID]",
        text("the standings as CSV"),
    ),
    Subcommand(
        "pause", ("pausar", "pausa"), "/tournament pause [#ID]", text("the organiser pauses it")
    ),
    Subcommand(
        "resume",
        ("retomar", "continuar", "riprendi"),
        "/tournament resume [#ID]",
        text("the organiser resumes it"),
    ),
    Subcommand(
        "cancel",
        ("cancelar", "annulla"),
        "/tournament cancel [#ID]",
        text("the organiser cancels it"),
    ),
    Subcommand(
        "settle",
        ("decidir", "arbitrar", "decidi"),
        "/tournament settle [#ID] TABLE NUMBER",
        text("the organiser decides a knockout match for the entry with that number"),
    ),
    Subcommand(
        "withdraw",
        ("desistir", "abandonar", "ritirati", "ritiro"),
        "/tournament withdraw [#ID]",
        text("leave a started tournament: your games left are lost by forfeit"),
    ),
)
_BY_WORD = {word: sub for sub in SUBCOMMANDS for word in (sub.name, *sub.words)}
WITH_WORDS = frozenset({"with", "com", "con", "e"})
ALL_WORDS = frozenset({"all", "todos", "todas", "tutti", "tutte"})
HELP_WORDS = frozenset({"help", "ajuda", "aiuto"})
STATUS_WORDS: dict[str, TournamentStatus] = {
    "pause": "paused",
    "resume": "running",
    "cancel": "cancelled",
}


def tournament_help() -> list[Text]:
    return [
        text("{usage} - {summary}", usage=sub.usage, summary=sub.summary) for sub in SUBCOMMANDS
    ]


def _split(words: Sequence[str], own_numbers: int = 0) -> tuple[int | None, list[str]]:
    """The tournament's number ("#12", or a bare 12 as the first word, as the notices write
    it) and the other words. `own_numbers`: the numbers the subcommand itself takes after
    it (settle: TABLE NUMBER), which a bare first number is not."""
    found, rest = None, []
    for index, word in enumerate(words):
        number = whole_number(word.removeprefix("#"))
        bare_first = index == 0 and len(words) > own_numbers
        if number is not None and (word.startswith("#") or bare_first):
            found = known_tournament(number)
        else:
            rest.append(word)
    return found, rest


def _usage(name: str) -> ServiceError:
    sub = next(sub for sub in SUBCOMMANDS if sub.name == name)
    return ServiceError(text("Usage: {usage}", usage=sub.usage))


async def tournament_command(
    service: GameService,
    actor: Actor,
    chat: ChatRef,
    args: Sequence[str],
    resolve_opponent: OpponentResolver,
) -> list[Event]:
    if args and args[0].lower() in HELP_WORDS:
        return [Reply(line) for line in tournament_help()]
    sub = _BY_WORD.get(args[0].lower()) if args else _BY_WORD["show"]
    if sub is None:
        raise ServiceError(
            text("Unknown {/tournament} {word}. Type {/tournament help}.", word=quote(args[0]))
        )
    if sub.name == "new":
        return await service.tournament_new(actor, chat, list(args[1:]))
    tournament_id, words = _split(args[1:], 2 if sub.name == "settle" else 0)
    if sub.name == "join":
        return await _join(service, actor, chat, tournament_id, words, resolve_opponent)
    if sub.name == "settle":
        if len(words) != 2 or not all(word.isdecimal() and len(word) < 5 for word in words):
            raise _usage("settle")
        table, winner = map(int, words)
        return await service.tournament_settle(actor, chat, table, winner, tournament_id)
    if sub.name == "games":
        everyone = bool(words) and words[0].lower() in ALL_WORDS
        if len(words) > int(everyone):
            raise _usage("games")
        return await service.tournament_games(actor, chat, tournament_id, everyone)
    if words:
        raise _usage(sub.name)
    if sub.name in ("pause", "resume", "cancel"):
        status = STATUS_WORDS[sub.name]
        return await service.tournament_status(actor, chat, status, tournament_id)
    calls = {
        "leave": service.tournament_leave,
        "start": service.tournament_start,
        "show": service.tournament_show,
        "pairings": service.tournament_pairings,
        "pdn": service.tournament_pdn,
        "csv": service.tournament_csv,
        "withdraw": service.tournament_withdraw,
    }
    return await calls[sub.name](actor, chat, tournament_id)


async def _join(
    service: GameService,
    actor: Actor,
    chat: ChatRef,
    tournament_id: int | None,
    words: list[str],
    resolve_opponent: OpponentResolver,
) -> list[Event]:
    if words and words[0].lower() in WITH_WORDS:
        words = words[1:]
    if len(words) > 1:
        raise ServiceError(text("A team has two players: you and one partner."))
    partner = None
    if words:
        partner = await resolve_opponent(words[0])
        if partner is None:
            raise ServiceError(text("I do not know {name}.", name=quote(words[0])))
    return await service.tournament_join(actor, chat, tournament_id, partner)
