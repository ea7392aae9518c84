"""What makes pictures fast: the hand-written PNG encoder (exact pixels back) and warm_up."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from bot.render import BLACK, DraughtsView, LudoView, render_draughts, render_ludo, warm_up
from bot.render._paint import ELLIPSIS, fitted, font, png_bytes
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


def test_fitted_keeps_what_fits_and_cuts_the_rest_with_an_ellipsis() -> None:
    face = font(16)
    assert fitted("Ana", face, 200) == "Ana"
    cut = fitted("Maria Aparecida dos Santos Gonçalves", face, 100)
    assert cut.endswith(ELLIPSIS)
    assert cut.startswith("Maria")
    assert face.getlength(cut) <= 100
    assert len(fitted("Maria Aparecida dos Santos Gonçalves", face, 101)) >= len(cut)
    assert fitted("Ana", face, 1) == ELLIPSIS


def test_the_text_font_has_accents_and_the_half() -> None:
    face = font(20)
    missing = face.getmask("\uffff")
    for character in "ãçéñòŁș½…·":
        assert bytes(face.getmask(character)) != bytes(missing), character
