"""What an organiser types after `/tournament new`, read into a plan (pure; no I/O).

    /tournament new brazilian knockout 10m teams max=16 micro noshow=5m deadline=+2d
    /torneio novo internacional suico 3d rodadas=5 folga=0.5 desempate=sb,solkoff,vitorias
    /torneo nuovo italiana eliminazione 15m teste-di-serie
    /torneio novo brasileira chave micro sorteio

Words in English, Portuguese and Italian; the first word is the variant, the others in any
order. Every mistake is a ServiceError in the reader's language, before anything is stored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from bot.i18n import quote, text
from bot.service.kernel.events import ServiceError
from bot.service.kernel.families import family_of
from bot.service.kernel.families.draughts_ballots import BALLOT_WORDS, ballot_list
from bot.service.kernel.game_flow.clocks import TimeControl, parse_span, split_time_control
from competition.pairing.match import MatchTiebreak
from competition.pairing.standings import Tiebreak
from competition.pairing.tournament import Format
from games.base import GameKind, find_game

# The first three words of each are English, Portuguese and Italian (the help shows them).
FORMAT_WORDS = {
    Format.KNOCKOUT: ("knockout", "chave", "eliminazione", "ko", "mata-mata", "eliminatoria"),
    Format.SWISS: ("swiss", "suíço", "svizzero", "suico", "suica", "suíça"),
    Format.ROUND_ROBIN: (
        "roundrobin",
        "todos-contra-todos",
        "girone",
        "round-robin",
        "rr",
        "todos",
        "italiana",
    ),
    Format.DOUBLE_ROUND_ROBIN: (
        "double-roundrobin",
        "turno-e-returno",
        "doppio-girone",
        "double-round-robin",
        "drr",
        "turno-returno",
        "ida-e-volta",
        "andata-ritorno",
    ),
    Format.ARENA: ("arena", "arena", "arena", "arène"),
}
_FORMATS = {word: format for format, words in FORMAT_WORDS.items() for word in words}
TEAM_WORDS = frozenset({"teams", "team", "duplas", "equipes", "equipas", "squadre", "coppie"})
# Where a game's boards go in a busy chat (docs/tournaments.md; the front ends read it):
# `boards=` with one of these, or a bare thread word for `boards=threads`.
GROUP, THREADS, PRIVATE = "group", "threads", "private"
THREAD_WORDS = frozenset({"threads", "thread", "topicos", "tópicos", "discussioni"})
BOARD_WORDS = {
    **dict.fromkeys(("group", "grupo", "gruppo", "chat", "canal", "canale"), GROUP),
    **dict.fromkeys((*THREAD_WORDS, "topics", "topic", "argomenti"), THREADS),
    **dict.fromkeys(("private", "privado", "privados", "privato", "privati"), PRIVATE),
}
MICRO_WORDS = frozenset({"micro", "micro-match", "micromatch", "minimatch"})
# Seen and joined from any chat, not only from the one it was created in.
OPEN_WORDS = frozenset({"open", "aberto", "aberta", "aperto", "aperta"})
# The numbers drawn by rating (highest first) rather than by lot.
SEEDED_WORDS = frozenset({"seeded", "semeado", "semeada", "cabecas-de-chave", "teste-di-serie"})
KEYS = {
    "max": ("max", "máx", "maximo", "máximo", "massimo"),
    "rounds": ("rounds", "rodadas", "turni"),
    "bye": ("bye", "folga", "riposo"),
    "tiebreaks": ("tiebreaks", "tiebreak", "desempate", "spareggio", "spareggi"),
    "noshow": ("noshow", "ausencia", "ausência", "assenza"),
    "deadline": ("deadline", "prazo", "scadenza"),
    "decider": ("decider", "desempate-micro", "spareggio-micro"),
    "boards": ("boards", "tabuleiros", "damiere"),
    "duration": ("duration", "duração", "duracao", "durata"),
}
_KEYS = {word: key for key, words in KEYS.items() for word in words}
TIEBREAK_WORDS = {
    "solkoff": Tiebreak.SOLKOFF,
    "buchholz": Tiebreak.SOLKOFF,
    "sb": Tiebreak.SONNEBORN_BERGER,
    "sonneborn-berger": Tiebreak.SONNEBORN_BERGER,
    "wins": Tiebreak.WINS,
    "vitorias": Tiebreak.WINS,
    "vitórias": Tiebreak.WINS,
    "vittorie": Tiebreak.WINS,
}
DECIDER_WORDS = {
    "pair": MatchTiebreak.EXTRA_PAIR,
    "par": MatchTiebreak.EXTRA_PAIR,
    "coppia": MatchTiebreak.EXTRA_PAIR,
    "game": MatchTiebreak.DECIDER,
    "jogo": MatchTiebreak.DECIDER,
    "partita": MatchTiebreak.DECIDER,
    "coin": MatchTiebreak.COIN,
    "moeda": MatchTiebreak.COIN,
    "moneta": MatchTiebreak.COIN,
}
MAX_ENTRIES = 512
# How long an arena may last, and lichess's way of writing a clock ("3+2"), which the clocks
# here (minutes a move) do not have.
ARENA_SHORTEST, ARENA_LONGEST = timedelta(minutes=10), timedelta(hours=12)
CLOCK_WITH_INCREMENT = re.compile(r"^\d{1,3}\+\d{1,3}$")


@dataclass(frozen=True)
class Plan:
    """A tournament as the organiser asked for it; `options` is what storage keeps."""

    kind: GameKind
    format: Format
    team_size: int = 1
    max_entries: int | None = None
    deadline: timedelta | None = None
    options: dict[str, Any] = field(default_factory=dict)
    # Its boards go privately because the chat is paced as a whole, not because he asked.
    private_for_pace: bool = False


def _bad(word: str) -> ServiceError:
    return ServiceError(
        text("I do not understand {word} in a tournament's settings.", word=quote(word))
    )


def _number(word: str, value: str) -> int:
    if not value.isdecimal() or len(value) > 4:
        raise ServiceError(text("{word}: a whole number, please.", word=quote(word)))
    return int(value)


def read_plan(words: list[str], *, whole_chat_paced: bool = False) -> Plan:
    """The plan of `/tournament new VARIANT FORMAT [...]`. In a chat paced as a whole (a
    Telegram group: twenty messages a minute for all its games, topics included), a live
    tournament whose organiser does not say where its boards go sends them privately: its
    games' boards would otherwise wait for each other (docs/tournaments.md)."""
    if len(words) < 2:
        raise ServiceError(
            text("Write the variant and the format: {/tournament new brazilian knockout}")
        )
    kind = _variant(words[0])
    format = _format(words[1])
    settings = words[2:]
    options: dict[str, Any] = {"game": {}}
    if format is Format.ARENA:
        options["duration"], settings = _arena_duration(settings)
    control, rest = split_time_control(settings)
    if control is not None:
        options["game"]["time"] = control.to_options()
    team_size, max_entries, deadline = 1, None, None
    for word in rest:
        name, equals, value = word.lower().partition("=")
        key = _KEYS.get(name) if equals else None
        if word.lower() in TEAM_WORDS:
            team_size = 2
        elif key == "max":
            max_entries = _number(word, value)
            if not 2 <= max_entries <= MAX_ENTRIES:
                raise ServiceError(text("A tournament takes 2 to 512 entries."))
        elif key == "deadline":
            deadline = _span(word, value)
        else:
            _read_option(word, key, value, options)
    _check(format, options)
    if format is Format.ARENA:
        _check_arena(control, team_size)
    if options.get("ballot"):
        ballot_list(kind)  # refused where the variant has no list
    live = control is not None and not control.correspondence
    private_for_pace = whole_chat_paced and live and "boards" not in options
    if private_for_pace:
        options["boards"] = PRIVATE
    return Plan(kind, format, team_size, max_entries, deadline, options, private_for_pace)


# Words that set an option alone: the option and its value.
_FLAGS = (
    (MICRO_WORDS, "micro", True),
    (OPEN_WORDS, "open", True),
    (THREAD_WORDS, "boards", THREADS),
    (SEEDED_WORDS, "seeded", True),
    (BALLOT_WORDS, "ballot", True),
)


def setting_of(word: str) -> tuple[str, str | bool] | None:
    """The setting one word after the format names, in any of the three languages:
    ("rounds", "5") for rodadas=5, ("micro", True) for a flag, ("boards", "threads") for a
    bare thread word, ("teams", True); None for another word."""
    folded = word.lower()
    if folded in TEAM_WORDS:
        return "teams", True
    flag = next(((option, on) for words, option, on in _FLAGS if folded in words), None)
    if flag is not None:
        return flag
    name, equals, value = folded.partition("=")
    key = _KEYS.get(name)
    return (key, value) if equals and key is not None else None


def _read_option(word: str, key: str | None, value: str, options: dict[str, Any]) -> None:
    """Set in `options` what one word of the plan (not the team, size or deadline) says."""
    flag = next(((option, on) for words, option, on in _FLAGS if word.lower() in words), None)
    if flag is not None:
        options[flag[0]] = flag[1]
    elif key == "rounds":
        if value.startswith("-"):
            raise ServiceError(text("The number of rounds must be 1 or more."))
        options["rounds"] = _number(word, value)
        if options["rounds"] < 1:
            raise ServiceError(text("The number of rounds must be 1 or more."))
    elif key == "bye":
        options["bye"] = _bye(word, value)
    elif key == "tiebreaks":
        options["tiebreaks"] = _tiebreaks(word, value)
    elif key == "boards":
        if value not in BOARD_WORDS:
            raise ServiceError(
                text(
                    "{word}: write boards=group, boards=threads or boards=private.",
                    word=quote(word),
                )
            )
        options["boards"] = BOARD_WORDS[value]
    elif key == "decider":
        if value not in DECIDER_WORDS:
            raise _bad(word)
        options["decider"] = str(DECIDER_WORDS[value])
    elif key == "noshow":
        options["noshow"] = _span(word, value).total_seconds()
    else:
        raise _bad(word)


def _format(word: str) -> Format:
    format = _FORMATS.get(word.lower())
    if format is None:
        raise ServiceError(
            text(
                "Unknown format {name}. Formats: knockout, swiss, roundrobin, "
                "double-roundrobin, arena.",
                name=quote(word),
            )
        )
    return format


def arena_length(word: str) -> bool:
    """Whether a word after an arena's format is its length: a bare time span ("45m", "2h")
    or duration=45m in any language."""
    name, equals, _ = word.lower().partition("=")
    if equals:
        return _KEYS.get(name) == "duration"
    return parse_span(word) is not None and not word.startswith("+")


def _arena_duration(words: list[str]) -> tuple[float, list[str]]:
    """An arena's length, the first time span after the format (`45m`, `1h`, `90min`, or
    `duration=45m`), in seconds, and the other words; a clock typed as lichess's `3+2` is
    answered with what this bot's clocks are."""
    increment = next((word for word in words if CLOCK_WITH_INCREMENT.match(word)), None)
    if increment is not None:
        raise ServiceError(
            text(
                "{word}: the clocks here give each player minutes for every move, with no "
                "increment: write the length of the arena, then the minutes a move, e.g. "
                "{/tournament new brazilian arena} 45m 1m.",
                word=quote(increment),
            )
        )
    # A `duration=` anywhere comes first: the time control may be typed before it.
    named = [word for word in words if "=" in word and arena_length(word)]
    for word in named[:1] or words:
        if not arena_length(word):
            continue
        span = parse_span(word.partition("=")[2] or word)
        if span is None:
            raise ServiceError(text("{word}: a time such as 45m or 2h.", word=quote(word)))
        if not ARENA_SHORTEST <= span <= ARENA_LONGEST:
            raise ServiceError(text("An arena lasts 10 minutes to 12 hours, e.g. 45m or 2h."))
        return span.total_seconds(), [other for other in words if other is not word]
    raise ServiceError(
        text(
            "An arena needs its length, then the minutes a move: "
            "{/tournament new brazilian arena} 45m 1m."
        )
    )


def _check_arena(control: TimeControl | None, team_size: int) -> None:
    """An arena is live and for single players: games that end at once and pair again at
    once (a correspondence game of days a move outlasts any arena)."""
    if control is None or control.correspondence:
        raise ServiceError(
            text(
                "An arena is played live: give the minutes a move after its length, "
                "e.g. {/tournament new brazilian arena} 45m 1m."
            )
        )
    if team_size != 1:
        raise ServiceError(text("An arena is for single players, not teams."))


def _span(word: str, value: str) -> timedelta:
    """A `noshow=` or `deadline=` time span, which must be positive."""
    span = parse_span(value)
    if span is None or span <= timedelta(0):
        raise ServiceError(text("{word}: a time such as 10m, 2h or 3d.", word=quote(word)))
    return span


def _variant(name: str) -> GameKind:
    try:
        kind = find_game(name)
    except KeyError:
        kind = None
    if kind is None or not family_of(kind).in_tournaments():
        raise ServiceError(
            text(
                "Unknown variant {name}. Tournaments are for brazilian, international, "
                "italian and italian-familiar draughts.",
                name=quote(name),
            )
        )
    return kind


def _bye(word: str, value: str) -> float:
    points = {"1": 1.0, "0.5": 0.5, "½": 0.5, "0": 0.0}.get(value)
    if points is None:
        raise ServiceError(text("{word}: a bye scores 1, 0.5 or 0.", word=quote(word)))
    return points


def _tiebreaks(word: str, value: str) -> list[str]:
    names = [TIEBREAK_WORDS.get(part) for part in value.split(",")]
    if any(name is None for name in names) or len(set(names)) != len(names):
        raise ServiceError(
            text("{word}: tie-breaks are solkoff, sb and wins, each once.", word=quote(word))
        )
    return [str(name) for name in names]


def _check(format: Format, options: dict[str, Any]) -> None:
    if format is Format.SWISS and "rounds" not in options:
        raise ServiceError(text("A Swiss needs its number of rounds, e.g. rounds=5."))
    if format is Format.ARENA and any(key in options for key in ("bye", "tiebreaks", "noshow")):
        raise ServiceError(
            text("An arena has no byes, tie-breaks or no-show time: it scores as lichess.")
        )
    if format is not Format.SWISS and "rounds" in options:
        raise ServiceError(text("Only a Swiss has a number of rounds to choose."))
    if format is not Format.KNOCKOUT and ("micro" in options or "decider" in options):
        raise ServiceError(text("Micro-matches are for knockouts."))


def board_place(options: dict[str, Any]) -> str:
    """Where the boards of a tournament's games go: GROUP, THREADS or PRIVATE (tournaments
    stored before `boards=` kept `threads` as a flag)."""
    if options.get("threads"):
        return THREADS
    place = options.get("boards", GROUP)
    return place if place in (GROUP, THREADS, PRIVATE) else GROUP


def time_control(options: dict[str, Any]) -> TimeControl | None:
    """The time control of the tournament's games."""
    return TimeControl.from_options(options.get("game", {}))
