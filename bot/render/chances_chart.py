"""A reviewed game's win chances move by move: a PNG with White's chances (0-100%) after
each move, the marked moves as dots coloured by their mark.

Every word on it comes in already translated (the title, the axis names, the marks' names,
the moves' numbers), so this file draws numbers and shapes only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.render._paint import Rgb, font, png_bytes, smooth_canvas

WIDTH, HEIGHT = 800, 460
BACKGROUND: Rgb = (250, 248, 243)
INK: Rgb = (40, 40, 40)
GRID: Rgb = (221, 217, 208)
LINE: Rgb = (60, 60, 60)
# White's share under the curve, Black's above it: the pieces' two colours, faded.
WHITE_AREA: Rgb = (240, 236, 224)
BLACK_AREA: Rgb = (186, 180, 170)
# The marks, mildest first: sky blue, orange, deep red (lichess's order of colours, in
# shades that differ in lightness too).
MARK_COLOURS: tuple[Rgb, Rgb, Rgb] = ((86, 180, 233), (230, 159, 0), (190, 30, 45))
TITLE_SIZE, TEXT_SIZE, SMALL_SIZE = 26, 18, 15
LEFT, RIGHT, BOTTOM = 70, 24, 58
LINE_WIDTH, DOT_RADIUS = 3, 6
PERCENT_TICKS = (0, 25, 50, 75, 100)
MOVE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100)
MAX_MOVE_TICKS = 12


@dataclass(frozen=True)
class ChanceMark:
    """A marked move: the point after it, its mark (0 inaccuracy, 1 mistake, 2 blunder) and
    the label written by its dot (`13.`)."""

    point: int
    grade: int
    label: str


@dataclass(frozen=True)
class ChancesLabels:
    title: str
    chance_axis: str
    move_axis: str
    marks: tuple[str, str, str]
    """the marks' names, mildest first"""


def render_chances_chart(
    chances: Sequence[float],
    moves: Sequence[tuple[int, int]],
    marks: Sequence[ChanceMark],
    labels: ChancesLabels,
) -> bytes:
    """The chart as PNG bytes (RGB, WIDTH x HEIGHT). `chances`: White's win chances (0-1) at
    each point, the start first and one after each move; `moves`: (point, move number) where
    each full move begins, the axis's ticks chosen from them."""

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        def write(xy: tuple[float, float], words: str, size: int, anchor: str, fill: Rgb) -> None:
            draw.text(
                (xy[0] * scale, xy[1] * scale),
                words,
                font=font(round(size * scale)),
                fill=fill,
                anchor=anchor,
            )

        write((WIDTH / 2, 22), labels.title, TITLE_SIZE, "mm", INK)
        x = float(LEFT)
        for grade, name in enumerate(labels.marks):
            _dot(draw, scale, (x + DOT_RADIUS, 58), MARK_COLOURS[grade])
            write((x + 3 * DOT_RADIUS, 58), name, TEXT_SIZE, "lm", INK)
            x += 5 * DOT_RADIUS + font(TEXT_SIZE).getlength(name)
        top, bottom = 100.0, float(HEIGHT - BOTTOM)
        left, right = float(LEFT), float(WIDTH - RIGHT)
        write((left, top - 10), labels.chance_axis, TEXT_SIZE, "ls", INK)
        write(((left + right) / 2, HEIGHT - 14), labels.move_axis, TEXT_SIZE, "mm", INK)
        last = max(1, len(chances) - 1)

        def at(point: int, chance: float) -> tuple[float, float]:
            return (
                (left + (right - left) * point / last) * scale,
                (bottom - (bottom - top) * chance) * scale,
            )

        curve = [at(point, chance) for point, chance in enumerate(chances)]
        floor = bottom * scale
        draw.rectangle([left * scale, top * scale, right * scale, floor], fill=BLACK_AREA)
        draw.polygon([(curve[0][0], floor), *curve, (curve[-1][0], floor)], fill=WHITE_AREA)
        for percent in PERCENT_TICKS:
            y = at(0, percent / 100)[1]
            draw.line([left * scale, y, right * scale, y], fill=GRID, width=round(scale))
            write((left - 8, y / scale), f"{percent}%", TEXT_SIZE, "rm", INK)
        for point, number in _ticks(moves):
            x_at = at(point, 0)[0] / scale
            write((x_at, bottom + 8), str(number), TEXT_SIZE, "mt", INK)
        draw.rectangle(
            [left * scale, top * scale, right * scale, bottom * scale],
            outline=INK,
            width=round(scale),
        )
        if len(curve) > 1:
            draw.line(curve, fill=LINE, width=round(LINE_WIDTH * scale), joint="curve")
        for mark in marks:
            dot = at(mark.point, chances[mark.point])
            _dot(draw, scale, (dot[0] / scale, dot[1] / scale), MARK_COLOURS[mark.grade])
            # Above the dot where the curve is low, below it where it is high.
            below = chances[mark.point] > 0.5
            offset = (DOT_RADIUS + 3) * (1 if below else -1)
            anchor = "mt" if below else "mb"
            write((dot[0] / scale, dot[1] / scale + offset), mark.label, SMALL_SIZE, anchor, INK)

    return png_bytes(smooth_canvas(WIDTH, HEIGHT, BACKGROUND, paint))


def _dot(draw: ImageDraw.ImageDraw, scale: float, centre: tuple[float, float], fill: Rgb) -> None:
    x, y, r = centre[0] * scale, centre[1] * scale, DOT_RADIUS * scale
    draw.ellipse([x - r, y - r, x + r, y + r], fill=fill, outline=INK, width=round(scale))


def _ticks(moves: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The move numbers written under the axis: every move, or every 2nd, 5th, 10th...,
    at most MAX_MOVE_TICKS of them."""
    for step in MOVE_STEPS:
        shown = [(point, number) for point, number in moves if number % step == 0 or step == 1]
        if len(shown) <= MAX_MOVE_TICKS:
            return shown
    return [moves[0], moves[-1]] if moves else []
