"""The review's pictures: moves drawn as arrows with a head (the better move green, the move
played vermillion, the better one on top), and the chart of the win chances with its marks."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.render.chances_chart import (
    HEIGHT,
    MARK_COLOURS,
    WIDTH,
    ChanceMark,
    ChancesLabels,
    render_chances_chart,
)
from bot.render.draughts import ARROW_COLOURS, draw_draughts, image_size
from bot.render.views import Arrow, DraughtsView
from tests.bot.render.pixels import rgb


def _near(pixel: tuple[int, ...], colour: tuple[int, ...], within: int = 40) -> bool:
    return all(abs(a - b) <= within for a, b in zip(pixel, colour, strict=False))


def _colours(picture: Image.Image) -> set[tuple[int, ...]]:
    data = picture.convert("RGB").tobytes()
    return {tuple(data[index : index + 3]) for index in range(0, len(data), 3)}


def test_an_arrow_has_a_head_at_the_square_it_goes_to() -> None:
    # Brazilian board from White's side: 22 is c3, 18 is d4, 15 is e5 (FEN numbering).
    view = DraughtsView(8, True, {}, arrows=(Arrow((22, 18, 15), "better"),))
    plain = draw_draughts(DraughtsView(8, True, {}))
    picture = draw_draughts(view)
    cell = 72
    # The head: wide near its base, across the line's direction (about a third of a square
    # before the target's centre, a quarter of a square to the side).
    left, top = 30 + 4 * cell, 30 + 3 * cell  # e5's square
    base = (left + cell / 2 - 0.25 * cell, top + cell / 2 + 0.25 * cell)
    side = (base[0] - 0.12 * cell, base[1] - 0.12 * cell)
    assert _near(rgb(picture, side), ARROW_COLOURS["better"][:3], 60)
    assert not _near(rgb(plain, side), ARROW_COLOURS["better"][:3], 60)
    assert picture.size == (image_size(8), image_size(8))


def test_the_better_move_is_drawn_over_the_move_played() -> None:
    both = (Arrow((22, 18), "played"), Arrow((22, 17), "better"))
    picture = draw_draughts(DraughtsView(8, True, {}, arrows=both))
    colours = _colours(picture)
    for tone in ("played", "better"):
        assert any(_near(pixel, ARROW_COLOURS[tone][:3], 25) for pixel in colours)


def test_an_arrow_goes_somewhere() -> None:
    with pytest.raises(ValueError, match="an arrow goes from one square to another"):
        DraughtsView(8, True, {}, arrows=(Arrow((22,), "better"),))
    with pytest.raises(ValueError, match="an arrow on square 40"):
        DraughtsView(8, True, {}, arrows=(Arrow((22, 40), "better"),))


def test_the_chart_shows_the_chances_and_the_marks() -> None:
    chances = [0.5, 0.52, 0.3, 0.31, 0.05, 0.0]
    labels = ChancesLabels("Probabilità", "Bianco", "mossa", ("imprecisione", "errore", "grave"))
    moves = [(0, 1), (2, 2), (4, 3)]
    png = render_chances_chart(chances, moves, [ChanceMark(2, 2, "1...")], labels)
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    assert picture.size == (WIDTH, HEIGHT)
    colours = _colours(picture)
    assert any(_near(pixel, MARK_COLOURS[2], 12) for pixel in colours)
