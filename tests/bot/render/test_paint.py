"""The hand-written PNG encoder: exact pixels back, and only the mode it can write."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from bot.render._paint import png_bytes


def test_png_bytes_gives_back_every_pixel(decode: Callable[[bytes], Image.Image]) -> None:
    original = Image.effect_mandelbrot((97, 61), (-2.0, -1.2, 1.0, 1.2), 64).convert("RGB")
    original.putpixel((96, 60), (255, 0, 128))
    decoded = decode(png_bytes(original))
    assert decoded.size == original.size
    assert decoded.tobytes() == original.tobytes()


def test_png_bytes_refuses_images_that_are_not_rgb() -> None:
    with pytest.raises(ValueError, match="RGB images, not RGBA"):
        png_bytes(Image.new("RGBA", (4, 4)))
