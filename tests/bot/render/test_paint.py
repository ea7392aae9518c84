"""What makes pictures fast: the hand-written PNG encoder (exact pixels back) and warm_up."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from bot.render import BLACK, DraughtsView, LudoView, render_draughts, render_ludo, warm_up
from bot.render._paint import png_bytes
from bot.render.draughts import _backdrops
from bot.render.ludo import _background


def test_png_bytes_gives_back_every_pixel(decode: Callable[[bytes], Image.Image]) -> None:
    original = Image.effect_mandelbrot((97, 61), (-2.0, -1.2, 1.0, 1.2), 64).convert("RGB")
    original.putpixel((96, 60), (255, 0, 128))
    decoded = decode(png_bytes(original))
    assert decoded.size == original.size
    assert decoded.tobytes() == original.tobytes()


def test_png_bytes_refuses_images_that_are_not_rgb() -> None:
    with pytest.raises(ValueError, match="RGB images, not RGBA"):
        png_bytes(Image.new("RGBA", (4, 4)))


def test_warm_up_draws_every_standard_background_before_anyone_asks() -> None:
    warm_up()
    draughts_built, ludo_built = _backdrops.cache_info().misses, _background.cache_info().misses
    render_draughts(DraughtsView(10, True, {}, viewer=BLACK))
    render_draughts(DraughtsView(8, True, {}, labels="alphanumeric"))
    render_ludo(LudoView((1, 2, 3), dict.fromkeys((1, 2, 3), (-1, -1, -1, -1)), viewer_colour=3))
    assert _backdrops.cache_info().misses == draughts_built
    assert _background.cache_info().misses == ludo_built
