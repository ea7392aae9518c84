"""Reading the pictures back: PNG bytes to an image that pixel tests can sample."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _decode(png: bytes) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE), "not PNG bytes"
    image = Image.open(io.BytesIO(png))
    image.load()  # a truncated or corrupt PNG fails here
    assert image.format == "PNG"
    assert image.mode == "RGB"
    return image


@pytest.fixture
def decode() -> Callable[[bytes], Image.Image]:
    """Decode PNG bytes, failing the test if they are not one complete RGB PNG."""
    return _decode
