"""Standings tables (Swiss and others) and round-robin crosstables as PNG pictures."""

from __future__ import annotations

import math

from PIL import Image

from bot.render._grid import Cell, Column, Grid, GridLayout, draw_grid
from bot.render._paint import png_bytes
from bot.render._tournament_paint import number_text, one_line_name, sizes_for, text_width
from bot.render.tournament_views import CrosstableView, StandingsView

NUMBER_HEADING = "#"
NAME_WIDTH_IN_FONTS = 13
# The two results of a double round robin in one cell; a space would make "1 1" read as 11.
RESULTS_JOIN = "\u00b7"


def standings_grid(view: StandingsView) -> Grid:
    """Place, number, entry, score, the tie-breaks, games played."""
    headings = view.headings
    name_width = NAME_WIDTH_IN_FONTS * sizes_for(len(view.rows)).font
    columns = (
        Column(headings.place),
        Column(NUMBER_HEADING),
        Column(headings.entry, left_aligned=True, widest=name_width),
        Column(headings.score),
        *(Column(name) for name in headings.tie_breaks),
        Column(headings.games),
    )
    rows = tuple(
        (
            Cell(row.place),
            Cell(number_text(row.entry)),
            Cell(one_line_name(row.entry)),
            Cell(row.score, bold=True),
            *(Cell(value) for value in row.tie_breaks),
            Cell(row.games),
        )
        for row in view.rows
    )
    return Grid(view.title, columns, rows)


def crosstable_grid(view: CrosstableView) -> Grid:
    """Number, entry, one column per opponent (by number), score, the tie-breaks, place."""
    headings = view.headings
    sizes = sizes_for(len(view.rows))
    name_width = NAME_WIDTH_IN_FONTS * sizes.font
    cells = [RESULTS_JOIN.join(results) for row in view.rows for results in row.results]
    # All result columns alike, and square at the least, so that they read as a grid.
    result_width = max(
        sizes.line, *(text_width(cell, sizes.font) + 2 * sizes.pad for cell in cells)
    )
    columns = (
        Column(NUMBER_HEADING),
        Column(headings.entry, left_aligned=True, widest=name_width),
        *(Column(number_text(row.entry), narrowest=math.ceil(result_width)) for row in view.rows),
        Column(headings.score),
        *(Column(name) for name in headings.tie_breaks),
        Column(headings.place),
    )
    rows = tuple(
        (
            Cell(number_text(row.entry)),
            Cell(one_line_name(row.entry)),
            *(
                Cell(RESULTS_JOIN.join(results), shaded=index == own)
                for index, results in enumerate(row.results)
            ),
            Cell(row.score, bold=True),
            *(Cell(value) for value in row.tie_breaks),
            Cell(row.place),
        )
        for own, row in enumerate(view.rows)
    )
    return Grid(view.title, columns, rows)


def standings_layout(view: StandingsView) -> GridLayout:
    return GridLayout(standings_grid(view), sizes_for(len(view.rows)))


def crosstable_layout(view: CrosstableView) -> GridLayout:
    return GridLayout(crosstable_grid(view), sizes_for(len(view.rows)))


def draw_standings(view: StandingsView) -> Image.Image:
    return draw_grid(standings_layout(view))


def draw_crosstable(view: CrosstableView) -> Image.Image:
    return draw_grid(crosstable_layout(view))


def render_standings(view: StandingsView) -> bytes:
    """The standings table of `view` as PNG bytes."""
    return png_bytes(draw_standings(view))


def render_crosstable(view: CrosstableView) -> bytes:
    """The crosstable of `view` as PNG bytes."""
    return png_bytes(draw_crosstable(view))
