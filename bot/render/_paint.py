"""Drawing helpers both boards share: fonts, smooth sprites, fast PNG encoding.

Speed comes from drawing everything that does not change once (backgrounds and piece
sprites are cached) and encoding with a low compression level: a board costs one copy,
a few pastes and one PNG encode.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

Rgb = tuple[int, int, int]
Rgba = tuple[int, int, int, int]
Point = tuple[float, float]

# Drawn this many times larger, then scaled down: Pillow's shapes have no anti-aliasing.
SUPERSAMPLE = 4
# zlib level 1: about four times faster than the default for a few more kilobytes.
PNG_COMPRESS_LEVEL = 1

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=64)
def font(size: int) -> Font:
    """Pillow's own scalable font (shipped in its wheels), so no system font is needed."""
    return ImageFont.load_default(size=size)


def smooth_sprite(
    width: int, height: int, paint: Callable[[ImageDraw.ImageDraw, float], None]
) -> Image.Image:
    """A transparent RGBA image drawn by `paint(draw, scale)` at SUPERSAMPLE size and reduced.

    `paint` draws in the coordinates of the final image multiplied by `scale`.
    """
    big = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), SUPERSAMPLE)
    return big.resize((width, height), Image.Resampling.LANCZOS)


def smooth_canvas(
    width: int, height: int, background: Rgb, paint: Callable[[ImageDraw.ImageDraw, float], None]
) -> Image.Image:
    """An RGB image drawn like `smooth_sprite`, for backgrounds that are built once."""
    big = Image.new("RGB", (width * SUPERSAMPLE, height * SUPERSAMPLE), background)
    paint(ImageDraw.Draw(big), SUPERSAMPLE)
    return big.resize((width, height), Image.Resampling.LANCZOS)


def paste_centred(canvas: Image.Image, sprite: Image.Image, centre: Point) -> None:
    """Paste an RGBA sprite with its centre on `centre`, blending by its alpha."""
    left = round(centre[0] - sprite.width / 2)
    top = round(centre[1] - sprite.height / 2)
    canvas.paste(sprite, (left, top), sprite)


def centred_text(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    text: str,
    size: float,
    fill: Rgb | Rgba,
    outline: Rgb | Rgba | None = None,
) -> None:
    """Text centred on a point; an outline keeps it readable on any background."""
    stroke = max(1, round(size / 10)) if outline is not None else 0
    draw.text(
        centre,
        text,
        font=font(round(size)),
        fill=fill,
        anchor="mm",
        stroke_width=stroke,
        stroke_fill=outline,
    )


def png_bytes(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()
