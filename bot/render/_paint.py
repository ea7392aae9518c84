"""Drawing helpers both boards share: fonts, smooth sprites, fast PNG encoding.

Speed comes from drawing everything that does not change once (backgrounds and piece
sprites are cached) and from a lean PNG encoder (no row filters, a low compression level):
a board costs one copy, a few pastes and one fast encode.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from io import BytesIO

from PIL import Image, ImageDraw, ImageFont

Rgb = tuple[int, int, int]
Rgba = tuple[int, int, int, int]
Point = tuple[float, float]

# Drawn this many times larger, then scaled down: Pillow's shapes have no anti-aliasing.
SUPERSAMPLE = 4
# Whole backgrounds are big: half the factor keeps their first drawing quick (~0.1 s).
BACKGROUND_SUPERSAMPLE = 2
# zlib level 1: several times faster than the default for a few more kilobytes.
PNG_COMPRESS_LEVEL = 1


# Pillow's own font covers ASCII only; names and the translated words on every picture need
# accents ("João", "Evolução") and ½, which Source Sans Pro has, with Greek and Cyrillic.
_TEXT_FONT_PACKAGE = "font_source_sans_pro"
_TEXT_FONT_FILES = {False: "SourceSansPro-Regular.ttf", True: "SourceSansPro-Bold.ttf"}


@lru_cache(maxsize=2)
def _text_font_bytes(bold: bool) -> bytes:
    return (resources.files(_TEXT_FONT_PACKAGE) / "files" / _TEXT_FONT_FILES[bold]).read_bytes()


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The font of every picture (names, words, square numbers): Latin with accents, Greek,
    Cyrillic; other scripts (CJK, emoji) show as empty boxes rather than failing."""
    return ImageFont.truetype(BytesIO(_text_font_bytes(bold)), size)


ELLIPSIS = "\u2026"


def fitted(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """`text` as it is if it fits in `width` pixels, else cut short with an ellipsis."""
    if face.getlength(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis after it
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + ELLIPSIS) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


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
    scale = BACKGROUND_SUPERSAMPLE
    big = Image.new("RGB", (width * scale, height * scale), background)
    paint(ImageDraw.Draw(big), scale)
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
    """An RGB image as PNG, written here rather than by Pillow, for speed.

    Pillow tries every PNG row filter on every row, which costs more than the compression
    itself; on these flat-coloured boards the unfiltered rows compress as well, about twice
    as fast overall.
    """
    if image.mode != "RGB":
        raise ValueError(f"png_bytes writes RGB images, not {image.mode}")
    width, height = image.size
    pixels = image.tobytes()
    stride = 3 * width
    rows = b"".join(
        _NO_FILTER + pixels[start : start + stride] for start in range(0, len(pixels), stride)
    )
    header = struct.pack(">IIBBBBB", width, height, 8, _TRUE_COLOUR, 0, 0, 0)
    return b"".join(
        (
            _PNG_SIGNATURE,
            _png_chunk(b"IHDR", header),
            _png_chunk(b"IDAT", zlib.compress(rows, PNG_COMPRESS_LEVEL)),
            _png_chunk(b"IEND", b""),
        )
    )


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_TRUE_COLOUR = 2  # PNG colour type: 8-bit RGB
_NO_FILTER = b"\x00"


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
