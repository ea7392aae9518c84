"""A titled table of text cells as a picture: the common ground of standings and crosstables.

Columns are as wide as their widest cell, except that a column may be capped (names): what
does not fit is cut with an ellipsis. Rows are striped so that a finger can follow one
across a phone screen.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

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


@dataclass(frozen=True)
class GridLayout:
    """Where a grid's rows and columns go, in pixels; every cell is measured once."""

    grid: Grid
    sizes: Sizes

    @cached_property
    def widths(self) -> tuple[int, ...]:
        sizes, widths = self.sizes, []
        for index, column in enumerate(self.grid.columns):
            texts = [
                (column.heading, True),
                *((row[index].text, row[index].bold) for row in self.grid.rows),
            ]
            widest = max(text_width(text, sizes.font, bold) for text, bold in texts)
            width = max(math.ceil(widest) + 2 * sizes.pad, column.narrowest)
            widths.append(width if column.widest is None else min(width, column.widest))
        return tuple(widths)

    @property
    def table_top(self) -> int:
        return self.sizes.margin + self.sizes.title_height

    @property
    def size(self) -> tuple[int, int]:
        sizes = self.sizes
        width = 2 * sizes.margin + sum(self.widths)
        height = self.table_top + (len(self.grid.rows) + 1) * sizes.line + sizes.margin
        return width, height

    def row_box(self, row: int) -> tuple[int, int, int, int]:
        """The pixels of a row of the table; row 0 is the headings."""
        top = self.table_top + row * self.sizes.line
        return self.sizes.margin, top, self.size[0] - self.sizes.margin, top + self.sizes.line


def draw_grid(layout: GridLayout) -> Image.Image:
    grid, sizes = layout.grid, layout.sizes
    width, height = layout.size
    picture = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(picture)
    draw_title(draw, sizes, grid.title, width)
    headings = tuple(Cell(column.heading, bold=True) for column in grid.columns)
    for index, cells in enumerate((headings, *grid.rows)):
        left, top, right, bottom = layout.row_box(index)
        band = HEADING_BAND if index == 0 else STRIPE if index % 2 == 0 else PAPER
        draw.rectangle([left, top, right - 1, bottom - 1], fill=band)
        _draw_row(draw, layout, (left, top), cells)
    _draw_rules(draw, layout)
    return picture


def _draw_row(
    draw: ImageDraw.ImageDraw, layout: GridLayout, corner: tuple[int, int], cells: Sequence[Cell]
) -> None:
    sizes = layout.sizes
    x, top = corner
    middle = top + sizes.line / 2
    for column, width, cell in zip(layout.grid.columns, layout.widths, cells, strict=True):
        if cell.shaded:
            draw.rectangle([x, top, x + width - 1, top + sizes.line - 1], fill=SHADED)
        room = width - 2 * sizes.pad
        if column.left_aligned:
            draw_fitted(draw, (x + sizes.pad, middle), cell.text, sizes.font, room, INK, cell.bold)
        else:
            centre = (x + width / 2, middle)
            draw_fitted(draw, centre, cell.text, sizes.font, room, INK, cell.bold, centred=True)
        x += width


def _draw_rules(draw: ImageDraw.ImageDraw, layout: GridLayout) -> None:
    """A frame, a line under the headings and between columns."""
    left, top, right, _ = layout.row_box(0)
    bottom = layout.row_box(len(layout.grid.rows))[3]
    draw.rectangle([left, top, right - 1, bottom - 1], outline=RULE)
    line = layout.sizes.line
    draw.line([(left, top + line), (right - 1, top + line)], fill=RULE)
    x = left
    for width in layout.widths[:-1]:
        x += width
        draw.line([(x, top), (x, bottom - 1)], fill=RULE)
