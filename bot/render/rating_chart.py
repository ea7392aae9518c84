"""A player's rating over time, one line per pool: a small PNG for a profile.

Every word on it comes in already translated (the title, the axis names, the series names,
the text of an empty chart, the dates), so this file draws numbers and shapes only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from PIL import ImageDraw

from bot.render._paint import Rgb, font, png_bytes, smooth_canvas

WIDTH, HEIGHT = 640, 420
BACKGROUND: Rgb = (250, 248, 243)
INK: Rgb = (40, 40, 40)
GRID: Rgb = (221, 217, 208)
# Colour-blind-safe and far apart from one another (Okabe-Ito).
SERIES_COLOURS: tuple[Rgb, ...] = (
    (0, 114, 178),
    (213, 94, 0),
    (0, 158, 115),
    (204, 121, 167),
    (230, 159, 0),
    (86, 180, 233),
)
TITLE_SIZE, TEXT_SIZE = 28, 20
LEFT, RIGHT, BOTTOM = 70, 24, 64
LINE_WIDTH, MARKER_RADIUS = 3, 4
# The points keep this far inside the frame, so that none is cut by its edge.
INSET = MARKER_RADIUS + LINE_WIDTH + 4
# Above this many points a series shows only its last one as a dot: the line says the rest.
MARKED_POINTS = 40
# A single moment gets this much room either side, so its point sits in the middle.
SINGLE_MOMENT_SPAN = timedelta(days=1)
RATING_STEPS = (10, 20, 25, 50, 100, 200, 250, 500, 1000)
MAX_RATING_TICKS = 6


@dataclass(frozen=True)
class RatingSeries:
    """One pool's ratings, oldest first, and its name in the legend."""

    label: str
    points: Sequence[tuple[datetime, float]]


@dataclass(frozen=True)
class ChartLabels:
    title: str
    rating_axis: str
    time_axis: str
    no_games: str
    """shown instead of lines when there is no point at all"""


def _iso_date(moment: datetime) -> str:
    return moment.date().isoformat()


def render_rating_chart(
    series: Sequence[RatingSeries],
    labels: ChartLabels,
    date_label: Callable[[datetime], str] = _iso_date,
) -> bytes:
    """The chart as PNG bytes (RGB, WIDTH x HEIGHT)."""
    drawn = [one for one in series if one.points]

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        def text(xy: tuple[float, float], words: str, size: int, anchor: str, fill: Rgb) -> None:
            position = (xy[0] * scale, xy[1] * scale)
            draw.text(position, words, font=font(round(size * scale)), fill=fill, anchor=anchor)

        text((WIDTH / 2, 24), labels.title, TITLE_SIZE, "mm", INK)
        top = _legend(drawn, text) + 20
        text((LEFT, top - 6), labels.rating_axis, TEXT_SIZE, "ls", INK)
        box = (LEFT, top, WIDTH - RIGHT, HEIGHT - BOTTOM)
        draw.rectangle([c * scale for c in box], outline=GRID, width=round(scale))
        text(((box[0] + box[2]) / 2, HEIGHT - 16), labels.time_axis, TEXT_SIZE, "mm", INK)
        if not drawn:
            middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            text(middle, labels.no_games, TEXT_SIZE, "mm", INK)
            return
        _plot(draw, scale, text, drawn, box, date_label)

    return png_bytes(smooth_canvas(WIDTH, HEIGHT, BACKGROUND, paint))


Writer = Callable[[tuple[float, float], str, int, str, Rgb], None]
Box = tuple[float, float, float, float]


def _legend(drawn: Sequence[RatingSeries], text: Writer) -> float:
    """Write the legend in rows under the title; the y where it ends."""
    x, y = float(LEFT), 60.0
    for index, one in enumerate(drawn):
        width = 28 + font(TEXT_SIZE).getlength(one.label)
        if x + width > WIDTH - RIGHT and x > LEFT:
            x, y = float(LEFT), y + TEXT_SIZE + 8
        text((x, y), "\u2014", TEXT_SIZE, "lm", _colour(index))
        text((x + 24, y), one.label, TEXT_SIZE, "lm", INK)
        x += width + 24
    return y + TEXT_SIZE if drawn else y - TEXT_SIZE


def _plot(
    draw: ImageDraw.ImageDraw,
    scale: float,
    text: Writer,
    drawn: Sequence[RatingSeries],
    box: Box,
    date_label: Callable[[datetime], str],
) -> None:
    moments = [moment for one in drawn for moment, _ in one.points]
    first, last = min(moments), max(moments)
    if first == last:
        first, last = first - SINGLE_MOMENT_SPAN, last + SINGLE_MOMENT_SPAN
    low, high, step = _rating_range([value for one in drawn for _, value in one.points])
    left, top, right, bottom = box[0] + INSET, box[1] + INSET, box[2] - INSET, box[3] - INSET

    def x_of(moment: datetime) -> float:
        return left + (right - left) * ((moment - first) / (last - first))

    def y_of(value: float) -> float:
        return bottom - (bottom - top) * (value - low) / (high - low)

    for tick in range(low, high + 1, step):
        y = y_of(tick)
        draw.line([box[0] * scale, y * scale, box[2] * scale, y * scale], fill=GRID, width=1)
        text((box[0] - 8, y), str(tick), TEXT_SIZE, "rm", INK)
    text((box[0], box[3] + 8), date_label(first), TEXT_SIZE, "lt", INK)
    text((box[2], box[3] + 8), date_label(last), TEXT_SIZE, "rt", INK)
    for index, one in enumerate(drawn):
        colour = _colour(index)
        points = [(x_of(moment) * scale, y_of(value) * scale) for moment, value in one.points]
        if len(points) > 1:
            draw.line(points, fill=colour, width=round(LINE_WIDTH * scale), joint="curve")
        marked = points if len(points) <= MARKED_POINTS else points[-1:]
        radius = MARKER_RADIUS * scale
        for px, py in marked:
            draw.ellipse([px - radius, py - radius, px + radius, py + radius], fill=colour)


def _rating_range(values: Sequence[float]) -> tuple[int, int, int]:
    """Round bounds around the values and the step of the ticks between them."""
    smallest, largest = min(values), max(values)
    for step in RATING_STEPS:
        low = math.floor(smallest / step) * step
        high = math.ceil(largest / step) * step
        if high == low:
            low, high = low - step, high + step
        if (high - low) // step <= MAX_RATING_TICKS:
            break
    return low, high, step


def _colour(index: int) -> Rgb:
    return SERIES_COLOURS[index % len(SERIES_COLOURS)]
