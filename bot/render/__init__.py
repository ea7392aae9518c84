"""Board pictures (PNG) and text boards for draughts and Ludo, drawn from the viewer's side,
and tournament pictures (knockout brackets, crosstables, standings).

The service turns a game position into a `DraughtsView` or a `LudoView`, and a tournament
into a `BracketView`, `CrosstableView` or `StandingsView`; the same PNG then serves every
chat platform, and the text forms serve the console.
"""

from bot.render import draughts, ludo
from bot.render.bracket import render_bracket
from bot.render.draughts import draughts_text, render_draughts
from bot.render.ludo import render_ludo
from bot.render.standings import render_crosstable, render_standings
from bot.render.tournament_views import (
    BracketView,
    CrosstableRow,
    CrosstableView,
    EntryView,
    MatchView,
    RoundView,
    StandingsRow,
    StandingsView,
    TableHeadings,
)
from bot.render.views import BLACK, WHITE, Colour, DraughtsView, LudoView


def warm_up() -> None:
    """Draw every cached background of the project's boards (about half a second), e.g. at
    start-up, so that the first picture of each kind is as quick as the others."""
    draughts.warm_up()
    ludo.warm_up()


__all__ = [
    "BLACK",
    "WHITE",
    "BracketView",
    "Colour",
    "CrosstableRow",
    "CrosstableView",
    "DraughtsView",
    "EntryView",
    "LudoView",
    "MatchView",
    "RoundView",
    "StandingsRow",
    "StandingsView",
    "TableHeadings",
    "draughts_text",
    "render_bracket",
    "render_crosstable",
    "render_draughts",
    "render_ludo",
    "render_standings",
    "warm_up",
]
