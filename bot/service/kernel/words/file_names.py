"""The names of the files the service hands out (a game's PDN, a chart, a tournament's
standings) in the reader's language: a saved file is read by its name first. Written here,
not in the catalogues, so that a name stays plain ASCII that every file system takes."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n.commands import Names, name_in

# What a file is about, as its name says it: English, Portuguese, Italian.
SUBJECTS: Mapping[str, Names] = {
    "game": ("game", "partida", "partita"),
    "ratings": ("ratings", "pontuacao", "punteggi"),
    "tournament": ("tournament", "torneio", "torneo"),
    "simul": ("simul", "simultanea", "simultanea"),
    "clubmatch": ("clubmatch", "confronto", "incontro"),
}


def file_name(subject: str, number: int, extension: str, language: str | None) -> str:
    """ "partida-3.pdn": the file of game 3 as a Portuguese reader finds it."""
    return f"{name_in(SUBJECTS[subject], language)}-{number}.{extension}"
