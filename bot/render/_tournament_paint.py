"""What the tournament pictures share: their colours, sizes by field size, and how an entry
is written (its number, its name or its team's two names, cut to fit)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render._paint import Rgb, fitted, font, smooth_sprite
from bot.render.tournament_views import EntryView

PAPER: Rgb = (250, 248, 243)
INK: Rgb = (33, 33, 38)
FAINT_INK: Rgb = (120, 120, 128)
RULE: Rgb = (190, 186, 178)
HEADING_BAND: Rgb = (226, 221, 210)
WINNER_BAND: Rgb = (206, 234, 200)
CHAMPION_BAND: Rgb = (246, 214, 120)
SHADED: Rgb = (236, 233, 226)

# Readable on a phone: never smaller than this, even for a field of 64.
SMALLEST_FONT = 14
TEAM_JOIN = " / "


@dataclass(frozen=True)
class Sizes:
    """Pixel sizes derived from one font size, so that a picture scales as a whole."""

    font: int

    @property
    def small_font(self) -> int:
        return max(SMALLEST_FONT, self.font - 2)

    @property
    def line(self) -> int:
        return round(self.font * 1.4)

    @property
    def pad(self) -> int:
        return max(4, self.font // 3)

    @property
    def margin(self) -> int:
        return self.font

    @property
    def title_font(self) -> int:
        return round(self.font * 1.3)

    @property
    def title_height(self) -> int:
        return round(self.title_font * 1.8)


def sizes_for(entries: int) -> Sizes:
    """Up to 8 entries fit about 800 px wide; bigger fields get smaller (never tiny) type
    and a bigger picture."""
    if entries <= 8:
        return Sizes(17)
    if entries <= 16:
        return Sizes(16)
    return Sizes(SMALLEST_FONT)


def number_text(entry: EntryView) -> str:
    return str(entry.number)


def one_line_name(entry: EntryView) -> str:
    return TEAM_JOIN.join(entry.names)


# Pillow's anchors: the point given is the left end, or the centre, of the line's middle.
LEFT_MIDDLE = "lm"
CENTRE = "mm"


def draw_fitted(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    text: str,
    size: int,
    width: float,
    fill: Rgb,
    bold: bool = False,
    centred: bool = False,
) -> None:
    """One line of text from `at` (or centred on it), cut with an ellipsis to `width`."""
    face = font(size, bold)
    anchor = CENTRE if centred else LEFT_MIDDLE
    draw.text(at, fitted(text, face, width), font=face, fill=fill, anchor=anchor)


def text_width(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


def draw_title(draw: ImageDraw.ImageDraw, sizes: Sizes, text: str, width: int) -> None:
    """The picture's title across its top."""
    centre = (width / 2, sizes.margin + sizes.title_height / 2)
    room = width - 2 * sizes.margin
    draw_fitted(draw, centre, text, sizes.title_font, room, INK, bold=True, centred=True)


WHITE_DISC: tuple[Rgb, Rgb] = ((255, 255, 255), (40, 40, 40))
BLACK_DISC: tuple[Rgb, Rgb] = ((30, 30, 30), (30, 30, 30))


@lru_cache(maxsize=8)
def disc(diameter: int, white: bool) -> Image.Image:
    """A small draughts piece: who had White (or Black) after the coin toss."""
    body, edge = WHITE_DISC if white else BLACK_DISC

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        inset = scale
        far = diameter * scale - inset
        draw.ellipse([inset, inset, far, far], fill=body, outline=edge, width=round(scale * 1.5))

    return smooth_sprite(diameter, diameter, paint)
