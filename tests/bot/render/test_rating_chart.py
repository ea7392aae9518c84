"""The rating-history chart: drawn at its size, one colour per pool, empty and one-point
charts too, and no words of its own."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from PIL import Image

from bot.render import rating_chart
from bot.render.rating_chart import (
    BACKGROUND,
    BOTTOM,
    HEIGHT,
    LEFT,
    RIGHT,
    SERIES_COLOURS,
    WIDTH,
    ChartLabels,
    RatingSeries,
    render_rating_chart,
)
from tests.bot.render.pixels import close, rgb

LABELS = ChartLabels("Evolução do rating", "Rating", "Data", "Nenhuma partida avaliada")
START = datetime(2026, 9, 1, tzinfo=UTC)
Decode = Callable[[bytes], Image.Image]


def _series(label: str, first: float, step: float, count: int) -> RatingSeries:
    points = [(START + timedelta(days=3 * i), first + step * i) for i in range(count)]
    return RatingSeries(label, points)


def _near(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 12) -> int:
    """How many pixels are within `tolerance` of `colour` on every channel."""
    return sum(
        count
        for count, pixel in image.getcolors(maxcolors=WIDTH * HEIGHT) or []
        if isinstance(pixel, tuple)
        and all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))
    )


def test_two_pools_draw_two_colours(decode: Decode) -> None:
    image = decode(
        render_rating_chart(
            [_series("Brasileira", 1500, 10, 20), _series("Italiana", 1450, -5, 10)], LABELS
        )
    )
    assert image.size == (WIDTH, HEIGHT)
    assert _near(image, SERIES_COLOURS[0]) > 500
    assert _near(image, SERIES_COLOURS[1]) > 200


def test_one_point_is_drawn(decode: Decode) -> None:
    image = decode(render_rating_chart([_series("Brasileira", 1512, 0, 1)], LABELS))
    assert _near(image, SERIES_COLOURS[0]) > 20
    assert _near(image, SERIES_COLOURS[1]) == 0


def test_every_point_is_inside_the_frame(decode: Decode) -> None:
    """Issue 37, item 13: points at the ends of the time and rating ranges are drawn whole
    inside the frame, none cut by its edge."""
    image = decode(render_rating_chart([_series("Brasileira", 1500, 100, 2)], LABELS))
    below_the_legend = 110
    outside = [
        (x, y)
        for x in range(WIDTH)
        for y in range(below_the_legend, HEIGHT)
        if not (LEFT < x < WIDTH - RIGHT and y < HEIGHT - BOTTOM)
        and close(rgb(image, (x, y)), SERIES_COLOURS[0], 12)
    ]
    assert outside == []
    assert _near(image, SERIES_COLOURS[0]) > 200, "the line is drawn"


def test_no_point_draws_the_frame_and_the_message(decode: Decode) -> None:
    empty = decode(render_rating_chart([RatingSeries("Brasileira", [])], LABELS))
    nothing = decode(render_rating_chart([], LABELS))
    assert empty.tobytes() == nothing.tobytes()
    assert _near(nothing, SERIES_COLOURS[0]) == 0
    assert len(nothing.getcolors(maxcolors=WIDTH * HEIGHT) or []) > 2
    assert nothing.getpixel((WIDTH - 2, HEIGHT - 2)) == BACKGROUND


def test_the_words_come_from_the_caller(decode: Decode) -> None:
    series = [_series("Brasileira", 1500, 10, 5)]
    portuguese = decode(render_rating_chart(series, LABELS))
    italian = ChartLabels("Andamento del punteggio", "Punteggio", "Data", "Nessuna partita")
    assert decode(render_rating_chart(series, italian)).tobytes() != portuguese.tobytes()
    dated = decode(render_rating_chart(series, LABELS, date_label=lambda d: f"{d:%d/%m}"))
    assert dated.tobytes() != portuguese.tobytes()


def test_the_renderer_has_no_words_of_its_own() -> None:
    tree = ast.parse(inspect.getsource(rating_chart))
    documentation = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    literals = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in documentation
    ]
    worded = [
        text
        for text in literals
        if any(word.isalpha() and len(word) > 2 for word in text.replace(".", " ").split())
    ]
    # A font's file name and Pillow's name for round line joints: neither is drawn.
    assert sorted(worded) == ["curve"]
