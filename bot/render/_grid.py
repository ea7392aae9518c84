"""A titled table of text cells as a picture: the common ground of standings and crosstables.

Columns are as wide as their widest cell, except that a column may be capped (names): what
does not fit is cut with an ellipsis. Rows are striped so that a finger can follow one
across a phone screen.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render._paint import Rgb
from bot.render._tournament_paint import (
    HEADING_BAND,
    INK,
    PAPER,
    RULE,
    SHADED,
    Sizes,
    draw_fitted,
    draw_title,
    text_width,
)

STRIPE: Rgb = (243, 240, 233)


@dataclass(frozen=True)
class Cell:
    text: str
    bold: bool = False
    shaded: bool = False
    """a cell with nothing to say, e.g. an entry against itself"""


@dataclass(frozen=True)
class Column:
    heading: str
    left_aligned: bool = False
    widest: int | None = None
    """the most pixels the column may take; None: as wide as its cells"""
    narrowest: int = 0


@dataclass(frozen=True)
class Grid:
    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]


def column_widths(grid: Grid, sizes: Sizes) -> list[int]:
    widths = []
    for index, column in enumerate(grid.columns):
        cells = [row[index] for row in grid.rows]
        texts = [(column.heading, True), *((cell.text, cell.bold) for cell in cells)]
        widest = max(text_width(text, sizes.font, bold) for text, bold in texts)
        width = max(math.ceil(widest) + 2 * sizes.pad, column.narrowest)
        widths.append(width if column.widest is None else min(width, column.widest))
    return widths


def grid_size(grid: Grid, sizes: Sizes) -> tuple[int, int]:
    width = 2 * sizes.margin + sum(column_widths(grid, sizes))
    height = _table_top(sizes) + (len(grid.rows) + 1) * sizes.line + sizes.margin
    return width, height


def row_box(grid: Grid, sizes: Sizes, row: int) -> tuple[int, int, int, int]:
    """The pixels of a row of the table; row 0 is the headings."""
    width, _ = grid_size(grid, sizes)
    top = _table_top(sizes) + row * sizes.line
    return sizes.margin, top, width - sizes.margin, top + sizes.line


def draw_grid(grid: Grid, sizes: Sizes) -> Image.Image:
    width, height = grid_size(grid, sizes)
    picture = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(picture)
    draw_title(draw, sizes, grid.title, width)
    widths = column_widths(grid, sizes)
    headings = tuple(Cell(column.heading, bold=True) for column in grid.columns)
    for index, cells in enumerate((headings, *grid.rows)):
        left, top, right, bottom = row_box(grid, sizes, index)
        band = HEADING_BAND if index == 0 else STRIPE if index % 2 == 0 else PAPER
        draw.rectangle([left, top, right - 1, bottom - 1], fill=band)
        _draw_row(draw, sizes, grid.columns, widths, (left, top), cells)
    _draw_rules(draw, grid, sizes, widths)
    return picture


def _table_top(sizes: Sizes) -> int:
    return sizes.margin + sizes.title_height


def _draw_row(
    draw: ImageDraw.ImageDraw,
    sizes: Sizes,
    columns: Sequence[Column],
    widths: Sequence[int],
    corner: tuple[int, int],
    cells: Sequence[Cell],
) -> None:
    x, top = corner
    middle = top + sizes.line / 2
    for column, width, cell in zip(columns, widths, cells, strict=True):
        if cell.shaded:
            draw.rectangle([x, top, x + width - 1, top + sizes.line - 1], fill=SHADED)
        room = width - 2 * sizes.pad
        if column.left_aligned:
            draw_fitted(draw, (x + sizes.pad, middle), cell.text, sizes.font, room, INK, cell.bold)
        else:
            centre = (x + width / 2, middle)
            draw_fitted(draw, centre, cell.text, sizes.font, room, INK, cell.bold, centred=True)
        x += width


def _draw_rules(draw: ImageDraw.ImageDraw, grid: Grid, sizes: Sizes, widths: Sequence[int]) -> None:
    """A frame, a line under the headings and between columns."""
    left, top, right, _ = row_box(grid, sizes, 0)
    bottom = row_box(grid, sizes, len(grid.rows))[3]
    draw.rectangle([left, top, right - 1, bottom - 1], outline=RULE)
    draw.line([(left, top + sizes.line), (right - 1, top + sizes.line)], fill=RULE)
    x = left
    for width in widths[:-1]:
        x += width
        draw.line([(x, top), (x, bottom - 1)], fill=RULE)
