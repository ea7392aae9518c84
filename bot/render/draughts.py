"""Draughts boards as PNG pictures and as monospace text, drawn from the viewer's side.

Squares follow the games' FEN numbering: the dark squares numbered row by row from the top
left as White sees the board. The board turns 180 degrees for Black. A background per board
kind and viewpoint is drawn once and cached; each picture then costs a copy, a few pastes of
cached piece sprites, and one fast PNG encode.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render._paint import (
    Point,
    Rgb,
    centred_text,
    font,
    paste_centred,
    png_bytes,
    smooth_sprite,
)
from bot.render.views import BLACK, WHITE, Arrow, ArrowTone, Colour, DraughtsLabels, DraughtsView

MARGIN = 30
CELL_SIZE = {8: 72, 10: 60}
FILES = "abcdefghij"

FRAME: Rgb = (58, 42, 31)
FRAME_TEXT: Rgb = (236, 222, 196)
LIGHT: Rgb = (240, 217, 181)
DARK: Rgb = (166, 117, 76)
LAST_MOVE_DARK: Rgb = (205, 160, 62)
SQUARE_NUMBER: Rgb = (250, 238, 216)
NUMBER_OUTLINE: Rgb = (70, 46, 28)
HIGHLIGHT_RING: Rgb = (96, 196, 96)
LAST_MOVE_LINE: Rgb = (196, 52, 32)
# Arrows: green for the better move, vermillion for the one played (told apart by people who
# do not see red and green apart too: Okabe-Ito's bluish green and vermillion differ in
# lightness), both a little transparent so that the pieces under them show.
ARROW_COLOURS: dict[ArrowTone, tuple[int, int, int, int]] = {
    "better": (0, 158, 115, 230),
    "played": (213, 94, 0, 215),
}
ARROW_WIDTH: dict[ArrowTone, float] = {"better": 0.16, "played": 0.11}  # of a square
ARROW_HEAD = 0.42  # the head's length, of a square; as wide as it is long

PIECE_DIAMETER = 0.78  # of a square
# With square numbers, smaller pieces leave the top left corner, where the number is, free.
NUMBERED_PIECE_DIAMETER = 0.68
NUMBER_SIZE = 0.2  # of a square: two digits fit outside a numbered piece
PIECE_FACES: dict[Colour, tuple[Rgb, Rgb, Rgb]] = {
    # body, edge, the inner groove
    WHITE: ((247, 242, 230), (74, 62, 50), (196, 184, 162)),
    BLACK: ((42, 40, 38), (8, 8, 8), (104, 98, 90)),
}
CROWN: Rgb = (236, 186, 30)
CROWN_EDGE: Rgb = (92, 60, 8)


def image_size(size: int) -> int:
    """The width and height in pixels of a `size` x `size` board picture."""
    return 2 * MARGIN + size * CELL_SIZE[size]


def square_cell(size: int, dark_corner_left: bool, square: int) -> tuple[int, int]:
    """(row, column) of a square as White sees the board, (0, 0) at the top left."""
    per_row = size // 2
    row, index = divmod(square - 1, per_row)
    dark_parity = 1 if dark_corner_left else 0
    return row, 2 * index + (dark_parity + row) % 2


def _turned(size: int, viewer: Colour, cell: tuple[int, int]) -> tuple[int, int]:
    """A White-side (row, column) as the viewer sees it."""
    if viewer is WHITE:
        return cell
    return size - 1 - cell[0], size - 1 - cell[1]


def square_name(size: int, dark_corner_left: bool, square: int) -> str:
    """The coordinate name of a square: 'a1' is White's bottom left corner."""
    row, column = square_cell(size, dark_corner_left, square)
    return f"{FILES[column]}{size - row}"


@dataclass(frozen=True)
class _BoardKind:
    size: int
    dark_corner_left: bool
    labels: DraughtsLabels
    viewer: Colour

    @property
    def cell(self) -> int:
        return CELL_SIZE[self.size]

    def display_cell(self, square: int) -> tuple[int, int]:
        return _turned(
            self.size, self.viewer, square_cell(self.size, self.dark_corner_left, square)
        )

    def square_box(self, square: int) -> tuple[int, int, int, int]:
        row, column = self.display_cell(square)
        left, top = MARGIN + column * self.cell, MARGIN + row * self.cell
        return left, top, left + self.cell, top + self.cell

    def centre(self, square: int) -> Point:
        left, top, right, bottom = self.square_box(square)
        return (left + right) / 2, (top + bottom) / 2


@dataclass(frozen=True)
class _Backdrops:
    """The empty board, and each dark square cut from boards where it is marked one way.

    A mark is shown by pasting its square over the board, which is much cheaper than drawing
    it again on every picture. The square numbers are also kept as transparent corner tiles,
    pasted again over whatever was drawn on a square so that nothing hides them.
    """

    plain: Image.Image
    last_move: Mapping[int, Image.Image]
    highlight: Mapping[int, Image.Image]
    numbers: Mapping[int, Image.Image]


# At most one entry per board kind, label style and viewer: 3 * 3 * 2.
@lru_cache(maxsize=18)
def _backdrops(kind: _BoardKind) -> _Backdrops:
    squares = range(1, kind.size * kind.size // 2 + 1)
    numbers = _square_numbers(kind) if kind.labels in ("numeric", "both") else None

    def board(dark: Rgb, ring: Rgb | None) -> Image.Image:
        picture = _board_picture(kind, dark, ring)
        if numbers is not None:
            picture.paste(numbers, (0, 0), numbers)
        return picture

    def squares_of(picture: Image.Image) -> dict[int, Image.Image]:
        return {square: picture.crop(kind.square_box(square)) for square in squares}

    number_tiles = {}
    if numbers is not None:
        for square in squares:
            left, top, _, _ = kind.square_box(square)
            corner = (left, top, left + round(kind.cell * 0.55), top + round(kind.cell * 0.4))
            number_tiles[square] = numbers.crop(corner)
    return _Backdrops(
        plain=board(DARK, ring=None),
        last_move=squares_of(board(LAST_MOVE_DARK, ring=None)),
        highlight=squares_of(board(DARK, ring=HIGHLIGHT_RING)),
        numbers=number_tiles,
    )


def _board_picture(kind: _BoardKind, dark: Rgb, ring: Rgb | None) -> Image.Image:
    """Squares are whole pixels wide, so the board needs no smoothing: it is drawn as is."""
    side = image_size(kind.size)
    cell = kind.cell
    picture = Image.new("RGB", (side, side), FRAME)
    draw = ImageDraw.Draw(picture)
    draw.rectangle([MARGIN, MARGIN, side - MARGIN - 1, side - MARGIN - 1], fill=LIGHT)
    for square in range(1, kind.size * kind.size // 2 + 1):
        left, top, right, bottom = kind.square_box(square)
        draw.rectangle([left, top, right - 1, bottom - 1], fill=dark)
        if ring is not None:
            inset = round(cell * 0.05)
            draw.rectangle(
                [left + inset, top + inset, right - 1 - inset, bottom - 1 - inset],
                outline=ring,
                width=round(cell * 0.07),
            )
    if kind.labels in ("alphanumeric", "both"):
        _draw_coordinates(draw, kind)
    return picture


def _draw_coordinates(draw: ImageDraw.ImageDraw, kind: _BoardKind) -> None:
    """Files along the bottom of the frame and ranks along its left side, as the viewer sees."""
    n, cell = kind.size, kind.cell
    side = image_size(n)
    for index in range(n):
        row, column = _turned(n, kind.viewer, (index, index))
        along = MARGIN + index * cell + cell / 2
        centred_text(draw, (along, side - MARGIN / 2), FILES[column], MARGIN * 0.6, FRAME_TEXT)
        centred_text(draw, (MARGIN / 2, along), str(n - row), MARGIN * 0.6, FRAME_TEXT)


def _square_numbers(kind: _BoardKind) -> Image.Image:
    """A transparent layer with each dark square's number in its top left corner.

    Text is drawn at the final size: scaling small glyphs down would blur them.
    """
    side = image_size(kind.size)
    layer = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    number_font = font(round(kind.cell * NUMBER_SIZE))
    for square in range(1, kind.size * kind.size // 2 + 1):
        left, top, _, _ = kind.square_box(square)
        draw.text(
            (left + kind.cell * 0.02, top),
            str(square),
            font=number_font,
            fill=SQUARE_NUMBER,
            stroke_width=2,
            stroke_fill=NUMBER_OUTLINE,
        )
    return layer


@lru_cache(maxsize=32)
def _piece_sprite(
    cell: int, colour: Colour, king: bool, share: float = PIECE_DIAMETER
) -> Image.Image:
    diameter = cell * share
    body, edge, groove = PIECE_FACES[colour]

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        r = diameter / 2 * scale
        cx = cy = cell / 2 * scale
        shadow = r * 0.1
        draw.ellipse(
            [cx - r + shadow, cy - r + shadow * 1.4, cx + r + shadow, cy + r + shadow * 1.4],
            fill=(0, 0, 0, 90),
        )
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=body, outline=edge, width=round(r / 12))
        inner = r * 0.72
        draw.ellipse(
            [cx - inner, cy - inner, cx + inner, cy + inner], outline=groove, width=round(r / 14)
        )
        if king:
            _paint_crown(draw, (cx, cy), r * 0.62)

    return smooth_sprite(cell, cell, paint)


def _paint_crown(draw: ImageDraw.ImageDraw, centre: Point, half_width: float) -> None:
    cx, cy = centre
    w = half_width
    outline = [
        (-1.0, -0.55),
        (-0.55, 0.0),
        (0.0, -0.8),
        (0.55, 0.0),
        (1.0, -0.55),
        (0.8, 0.45),
        (-0.8, 0.45),
    ]
    points = [(cx + x * w, cy + y * w) for x, y in outline]
    draw.polygon(points, fill=CROWN, outline=CROWN_EDGE, width=round(w / 9))
    draw.rectangle(
        [cx - 0.8 * w, cy + 0.5 * w, cx + 0.8 * w, cy + 0.72 * w],
        fill=CROWN,
        outline=CROWN_EDGE,
        width=round(w / 11),
    )
    tip = w * 0.16
    for x, y in outline[0:5:2]:
        px, py = cx + x * w, cy + y * w
        draw.ellipse([px - tip, py - tip, px + tip, py + tip], fill=CROWN, outline=CROWN_EDGE)


@lru_cache(maxsize=4)
def _captured_sprite(cell: int) -> Image.Image:
    """A faint ghost where a piece was taken: it is gone, but the eye should find it."""
    diameter = cell * PIECE_DIAMETER

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        r = diameter / 2 * scale
        c = cell / 2 * scale
        faint = (60, 24, 12, 120)
        draw.ellipse([c - r, c - r, c + r, c + r], outline=faint, width=round(r / 9))
        arm = r * 0.45
        for dx in (-arm, arm):
            draw.line([c - dx, c - arm, c + dx, c + arm], fill=faint, width=round(r / 7))

    return smooth_sprite(cell, cell, paint)


def draw_draughts(view: DraughtsView) -> Image.Image:
    """The board picture of `view` as a Pillow image (RGB, image_size(view.size) square)."""
    kind = _BoardKind(view.size, view.dark_corner_left, view.labels, view.viewer)
    backdrops = _backdrops(kind)
    picture = backdrops.plain.copy()
    path = view.last_move or ()
    for square in path:
        picture.paste(backdrops.last_move[square], kind.square_box(square)[:2])
    for square in view.highlight:
        picture.paste(backdrops.highlight[square], kind.square_box(square)[:2])
    if path:
        _draw_path(ImageDraw.Draw(picture), kind, path)
    for square in view.captured:
        paste_centred(picture, _captured_sprite(kind.cell), kind.centre(square))
    share = NUMBERED_PIECE_DIAMETER if backdrops.numbers else PIECE_DIAMETER
    for square, (colour, king) in view.pieces.items():
        sprite = _piece_sprite(kind.cell, colour, king, share)
        paste_centred(picture, sprite, kind.centre(square))
    if backdrops.numbers:
        for square in {*view.pieces, *path, *view.captured}:
            tile = backdrops.numbers[square]
            picture.paste(tile, kind.square_box(square)[:2], tile)
    if view.arrows:
        arrows = _arrows_layer(kind, view.arrows)
        picture.paste(arrows, (0, 0), arrows)
    return picture


def _arrows_layer(kind: _BoardKind, arrows: tuple[Arrow, ...]) -> Image.Image:
    """A transparent layer with each arrow: a line through its squares' centres and a head
    on the last one, pointing the way the move goes."""
    side = image_size(kind.size)

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        for arrow in arrows:
            colour = ARROW_COLOURS[arrow.tone]
            centres = [(x * scale, y * scale) for x, y in map(kind.centre, arrow.path)]
            (fx, fy), (tx, ty) = centres[-2], centres[-1]
            length = ((tx - fx) ** 2 + (ty - fy) ** 2) ** 0.5
            ux, uy = (tx - fx) / length, (ty - fy) / length
            head = kind.cell * ARROW_HEAD * scale
            neck = (tx - ux * head, ty - uy * head)
            width = round(kind.cell * ARROW_WIDTH[arrow.tone] * scale)
            draw.line([*centres[:-1], neck], fill=colour, width=width, joint="curve")
            half = head / 2
            draw.polygon(
                [
                    (tx, ty),
                    (neck[0] - uy * half, neck[1] + ux * half),
                    (neck[0] + uy * half, neck[1] - ux * half),
                ],
                fill=colour,
            )

    return smooth_sprite(side, side, paint)


def _draw_path(draw: ImageDraw.ImageDraw, kind: _BoardKind, path: tuple[int, ...]) -> None:
    """A line through the squares of the last move, with a dot where it started."""
    centres = [kind.centre(square) for square in path]
    width = max(3, kind.cell // 12)
    draw.line(centres, fill=LAST_MOVE_LINE, width=width, joint="curve")
    x, y = centres[0]
    dot = width * 1.3
    draw.ellipse([x - dot, y - dot, x + dot, y + dot], fill=LAST_MOVE_LINE)


# The coordinates each board is written in by the project's rules: brazilian, italian,
# international.
STANDARD_LABELS: Mapping[tuple[int, bool], DraughtsLabels] = {
    (8, True): "alphanumeric",
    (8, False): "numeric",
    (10, True): "numeric",
}


def warm_up(labels_by_board: Mapping[tuple[int, bool], DraughtsLabels] = STANDARD_LABELS) -> None:
    """Draw the cached backgrounds and pieces now, so that no player waits for the first.

    `labels_by_board` maps (size, dark corner on the left) to the labels used on that board.
    """
    for (size, dark_corner_left), labels in labels_by_board.items():
        for viewer in (WHITE, BLACK):
            _backdrops(_BoardKind(size, dark_corner_left, labels, viewer))
        for colour in (WHITE, BLACK):
            for king in (False, True):
                _piece_sprite(CELL_SIZE[size], colour, king)
        _captured_sprite(CELL_SIZE[size])


def render_draughts(view: DraughtsView) -> bytes:
    """The board picture of `view` as PNG bytes."""
    return png_bytes(draw_draughts(view))


# A white man, a black man, a white king, a black king: signs of no language, so that a
# board two readers share means the same to both ("b" is black in English, white in
# Portuguese and Italian); each reader's legend says them in words.
SIGNS = {(WHITE, False): "o", (BLACK, False): "x", (WHITE, True): "O", (BLACK, True): "X"}


def draughts_text(view: DraughtsView) -> str:
    """A monospace board: the position on the left, the square numbers on the right.

    Pieces are `SIGNS`; empty dark squares are `.`, light squares blank. Coordinates frame
    the position when the view asks for them.
    """
    shown = SIGNS
    n = view.size
    kind = _BoardKind(n, view.dark_corner_left, view.labels, view.viewer)
    at_cell = {kind.display_cell(square): square for square in range(1, view.square_count + 1)}
    with_coordinates = view.labels in ("alphanumeric", "both")
    lines = []
    for row in range(n):
        pieces, numbers = [], []
        for column in range(n):
            square = at_cell.get((row, column))
            piece = None if square is None else view.pieces.get(square)
            if square is None:
                pieces.append("  ")
                numbers.append("  ")
            else:
                pieces.append(" ." if piece is None else f" {shown[piece]}")
                numbers.append(f"{square:2d}")
        rank = n - _turned(n, view.viewer, (row, 0))[0]
        prefix = f"{rank:2d}" if with_coordinates else ""
        lines.append(f"{prefix}{''.join(pieces)}    {''.join(numbers)}".rstrip())
    if with_coordinates:
        files = [FILES[_turned(n, view.viewer, (0, column))[1]] for column in range(n)]
        lines.append(f"   {' '.join(files)}")
    return "\n".join(lines)
