"""Ludo boards as PNG pictures and a compact text listing, turned toward the viewer.

The board is the usual 15x15 cross: yards in the corners, a 52-square track around the arms,
a 5-square home column per colour, the finish in the centre. Colour c's start square is
13*(c-1) track squares after colour 1's, and colours follow each other clockwise. The board
turns in quarter turns so that the viewer's yard is at the bottom left.

Colours are not told apart by colour alone: each colour has its own pawn shape (1 circle,
2 square, 3 diamond, 4 hexagon) and every pawn carries its number 1..4, the number a player
types to move it. The background per viewpoint and set of colours is drawn once and cached.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render._paint import (
    Point,
    Rgb,
    Rgba,
    centred_text,
    paste_centred,
    png_bytes,
    smooth_canvas,
    smooth_sprite,
)
from bot.render.views import (
    LUDO_COLOURS,
    LUDO_FINISHED,
    LUDO_FIRST_HOME_STEP,
    LUDO_LAST_TRACK_STEP,
    LUDO_PAWNS_PER_COLOUR,
    LUDO_YARD,
    LudoView,
)
from games.ludo.board import track_square

GRID = 15
CELL = 44
BORDER = 10
IMAGE_SIZE = GRID * CELL + 2 * BORDER

# Cells are (row, column) on the 15x15 grid, points (y, x) in cell units, in the "standard"
# frame: colour 1's yard at the top left, the others clockwise from it.
Cell = tuple[int, int]

# Colour 1's start square and the twelve squares after it; the other colours' quarters of
# the track are this one turned.
_FIRST_QUARTER: tuple[Cell, ...] = (
    *((6, column) for column in range(1, 6)),
    *((row, 6) for row in range(5, -1, -1)),
    (0, 7),
    (0, 8),
)
_FIRST_HOME_COLUMN: tuple[Cell, ...] = tuple((7, column) for column in range(1, 6))
_YARD_SPOTS: tuple[Point, ...] = ((1.95, 1.95), (1.95, 4.05), (4.05, 1.95), (4.05, 4.05))
_FIRST_FINISH_SPOTS: tuple[Point, ...] = ((7.1, 6.32), (7.9, 6.32), (7.1, 6.8), (7.9, 6.8))
_FIRST_TRIANGLE: tuple[Point, ...] = ((6.0, 6.0), (9.0, 6.0), (7.5, 7.5))
_CENTRE: Point = (7.5, 7.5)

COLOUR_FILL: dict[int, Rgb] = {
    # Okabe-Ito colours, chosen to stay apart for the common kinds of colour blindness (the
    # shapes tell the colours apart too), but Red a true red: people call their seat by it,
    # and Okabe-Ito's vermillion reads as orange.
    1: (204, 32, 39),
    2: (0, 158, 115),
    3: (240, 228, 66),
    4: (0, 114, 178),
}
INK: Rgb = (28, 28, 32)
BOARD: Rgb = (250, 247, 240)
FRAME: Rgb = (52, 54, 64)
GRID_LINE: Rgb = (150, 150, 150)
YARD_INSIDE: Rgb = (255, 255, 255)
TRAIL: Rgb = (90, 90, 90)
TRACK_NUMBER: Rgb = (60, 60, 60)
SQUARE_NUMBER_OFFSET = 0.3  # of a cell, up and left of its centre
CAPTURE: Rgb = (190, 30, 45)
SHAPES = {1: "circle", 2: "square", 3: "diamond", 4: "hexagon"}

PAWN_RADIUS = 0.37  # of a cell
# A square pawn's half side and its corners' rounding, of its radius; a tower's ring, of it.
SQUARE_HALF = 0.9
SQUARE_ROUNDING = 0.3
TOWER_RING = 1.32
SMALL_PAWN_RADIUS = 0.24
# Sizes in cells: the white inside of a yard (its inset, its corners' rounding), the spots
# where its pawns wait, the star of a start square (safe), the track numbers.
YARD_INSET = 0.7
YARD_ROUNDING = 0.4
YARD_SPOT_RADIUS = 0.42
STAR_RADIUS = 0.36
TRACK_NUMBER_SIZE = 0.26
# The die: its side in cells, and where its pips are on each face (-1..1, times PIP_STEP of
# its side), each PIP_RADIUS of its side.
DIE_SIDE = 1.2
DIE_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
PIP_STEP = 0.24
PIP_RADIUS = 0.085
# The dots along the last move's way, in cells.
TRAIL_DOT = 0.08


def _turn_cell(cell: Cell, quarter_turns: int) -> Cell:
    """A cell after turning the board clockwise by `quarter_turns` quarter turns."""
    row, column = cell
    for _ in range(quarter_turns % 4):
        row, column = column, GRID - 1 - row
    return row, column


def _turn_point(point: Point, quarter_turns: int) -> Point:
    y, x = point
    for _ in range(quarter_turns % 4):
        y, x = x, GRID - y
    return y, x


def _cell_centre(cell: Cell) -> Point:
    return cell[0] + 0.5, cell[1] + 0.5


TRACK: tuple[Cell, ...] = tuple(
    _turn_cell(cell, quarter) for quarter in range(4) for cell in _FIRST_QUARTER
)


def _standard_cell(colour: int, progress: int) -> Cell:
    """The cell of a pawn on the track or in its home column (progress 0..55)."""
    if progress <= LUDO_LAST_TRACK_STEP:
        return TRACK[track_square(colour, progress)]
    return _turn_cell(_FIRST_HOME_COLUMN[progress - LUDO_FIRST_HOME_STEP], colour - 1)


def _pale(colour: Rgb) -> Rgb:
    """The colour of a seat nobody plays: still recognisable, clearly not in the game."""
    return (
        (colour[0] + 3 * 226) // 4,
        (colour[1] + 3 * 226) // 4,
        (colour[2] + 3 * 226) // 4,
    )


@dataclass(frozen=True)
class _Viewpoint:
    """How the standard frame is turned for one viewer: clockwise quarter turns."""

    quarter_turns: int

    @staticmethod
    def of(viewer_colour: int | None) -> _Viewpoint:
        # Colour c's yard is c-1 quarter turns clockwise from the top left; the bottom left
        # is three quarter turns from it.
        colour = viewer_colour or 1
        return _Viewpoint((3 - (colour - 1)) % 4)

    def pixel(self, point: Point) -> Point:
        y, x = _turn_point(point, self.quarter_turns)
        return BORDER + x * CELL, BORDER + y * CELL

    def yard_spot(self, colour: int, number: int) -> Point:
        """Where pawn `number` waits in its yard: 1 2 over 3 4, the same way up for everyone."""
        corners = [_turn_point(point, self.quarter_turns) for point in _yard_corners(colour)]
        top, left = min(p[0] for p in corners), min(p[1] for p in corners)
        y, x = _YARD_SPOTS[number - 1]
        return BORDER + (left + x) * CELL, BORDER + (top + y) * CELL

    def cell_pixel(self, cell: Cell) -> Point:
        return self.pixel(_cell_centre(cell))

    def triangle(self, colour: int) -> list[Point]:
        """The colour's triangle of the centre, where its pawns finish."""
        return [self.pixel(_turn_point(point, colour - 1)) for point in _FIRST_TRIANGLE]

    def cell_box(self, cell: Cell, inset: float = 0.0) -> tuple[float, float, float, float]:
        x, y = self.cell_pixel(cell)
        half = CELL / 2 - inset
        return x - half, y - half, x + half, y + half


def _yard_corners(colour: int) -> tuple[Point, Point]:
    """The yard's top left and bottom right points in the standard frame."""
    corners = [_turn_point(point, colour - 1) for point in ((0.0, 0.0), (6.0, 6.0))]
    ys, xs = sorted(p[0] for p in corners), sorted(p[1] for p in corners)
    return (ys[0], xs[0]), (ys[1], xs[1])


@lru_cache(maxsize=64)
def _background(viewpoint: _Viewpoint, colours: frozenset[int]) -> Image.Image:
    def fill(colour: int) -> Rgb:
        return COLOUR_FILL[colour] if colour in colours else _pale(COLOUR_FILL[colour])

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        def px(point: Point) -> Point:
            x, y = viewpoint.pixel(point)
            return x * scale, y * scale

        def box(top_left: Point, bottom_right: Point) -> list[float]:
            (x0, y0), (x1, y1) = px(top_left), px(bottom_right)
            return [min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)]

        def square(cell: Cell, colour: Rgb) -> None:
            row, column = cell
            draw.rectangle(
                box((row, column), (row + 1, column + 1)),
                fill=colour,
                outline=GRID_LINE,
                width=round(scale),
            )

        draw.rectangle(box((0, 0), (GRID, GRID)), fill=BOARD)
        for colour in LUDO_COLOURS:
            (y0, x0), (y1, x1) = _yard_corners(colour)
            draw.rectangle(
                box((y0, x0), (y1, x1)), fill=fill(colour), outline=INK, width=round(scale)
            )
            draw.rounded_rectangle(
                box((y0 + YARD_INSET, x0 + YARD_INSET), (y1 - YARD_INSET, x1 - YARD_INSET)),
                radius=CELL * YARD_ROUNDING * scale,
                fill=YARD_INSIDE,
            )
            for number in range(1, LUDO_PAWNS_PER_COLOUR + 1):
                x, y = viewpoint.yard_spot(colour, number)
                centre = (x * scale, y * scale)
                _paint_shape(
                    draw,
                    SHAPES[colour],
                    centre,
                    CELL * YARD_SPOT_RADIUS * scale,
                    fill=_pale(fill(colour)),
                    outline=fill(colour),
                    width=2 * scale,
                )
        for cell in TRACK:
            square(cell, BOARD)
        for colour in LUDO_COLOURS:
            start = TRACK[track_square(colour, 0)]
            square(start, fill(colour))
            _paint_star(draw, px(_cell_centre(start)), CELL * STAR_RADIUS * scale)
            for progress in range(LUDO_FIRST_HOME_STEP, LUDO_FINISHED):
                square(_standard_cell(colour, progress), fill(colour))
            triangle = [px(_turn_point(point, colour - 1)) for point in _FIRST_TRIANGLE]
            draw.polygon(triangle, fill=fill(colour), outline=INK, width=round(scale))

    picture = smooth_canvas(IMAGE_SIZE, IMAGE_SIZE, FRAME, paint)
    _write_numbers(ImageDraw.Draw(picture), viewpoint)
    return picture


def _write_numbers(draw: ImageDraw.ImageDraw, viewpoint: _Viewpoint) -> None:
    """The number of every track square. (A yard has no number: its colour names it, as the
    text board and the moves do.)"""
    for number, corner in track_numbers(viewpoint):
        centred_text(draw, corner, str(number), CELL * TRACK_NUMBER_SIZE, TRACK_NUMBER)


def track_numbers(viewpoint: _Viewpoint) -> list[tuple[int, Point]]:
    """Track square n is the c<n> of the moves and the text board (c1 is Red's start):
    each number and where it is written (up and left in its square)."""
    numbers = []
    for index, cell in enumerate(TRACK):
        x, y = viewpoint.cell_pixel(cell)
        corner = (x - CELL * SQUARE_NUMBER_OFFSET, y - CELL * SQUARE_NUMBER_OFFSET)
        numbers.append((index + 1, corner))
    return numbers


def covered_numbers(view: LudoView, viewpoint: _Viewpoint) -> list[tuple[int, Point]]:
    """The numbers of the track squares a pawn stands on, and where they are written: drawn
    again over the pawn, outlined, so that no pawn hides the square it is on."""
    occupied = {
        _standard_cell(colour, progress)
        for colour in view.colours
        if colour not in view.left
        for progress in view.pawns[colour]
        if LUDO_YARD < progress < LUDO_FINISHED
    }
    return [
        (number, corner)
        for (number, corner), cell in zip(track_numbers(viewpoint), TRACK, strict=True)
        if cell in occupied
    ]


def shape_points(shape: str, centre: Point, radius: float) -> list[Point]:
    cx, cy = centre
    corners = {"square": (4, 45.0, 0.9), "diamond": (4, 0.0, 1.18), "hexagon": (6, 0.0, 1.06)}
    count, first_angle, stretch = corners[shape]
    r = radius * stretch
    return [
        (
            cx + r * math.sin(math.radians(first_angle + 360 * k / count)),
            cy - r * math.cos(math.radians(first_angle + 360 * k / count)),
        )
        for k in range(count)
    ]


def _paint_shape(
    draw: ImageDraw.ImageDraw,
    shape: str,
    centre: Point,
    radius: float,
    fill: Rgb | Rgba | None,
    outline: Rgb | Rgba,
    width: float,
) -> None:
    """A colour's pawn shape; squares get rounded corners, as pieces have."""
    cx, cy = centre
    w = max(1, round(width))
    if shape == "circle":
        draw.ellipse(
            [cx - radius, cy - radius, cx + radius, cy + radius],
            fill=fill,
            outline=outline,
            width=w,
        )
    elif shape == "square":
        half = radius * SQUARE_HALF
        draw.rounded_rectangle(
            [cx - half, cy - half, cx + half, cy + half],
            radius=radius * SQUARE_ROUNDING,
            fill=fill,
            outline=outline,
            width=w,
        )
    else:
        draw.polygon(shape_points(shape, centre, radius), fill=fill, outline=outline, width=w)


def star_points(centre: Point, radius: float) -> list[Point]:
    """The five-pointed star that marks a start square, where a pawn is safe."""
    cx, cy = centre
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = math.radians(36 * k)
        points.append((cx + r * math.sin(angle), cy - r * math.cos(angle)))
    return points


def _paint_star(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    draw.polygon(
        star_points(centre, radius), fill=YARD_INSIDE, outline=INK, width=max(1, round(radius / 12))
    )


@lru_cache(maxsize=256)
def _pawn_sprite(colour: int, label: str, rings: int, radius: float) -> Image.Image:
    """A pawn (rings=1) or a tower (rings=2) of one colour with its label.

    The label is drawn after the size reduction, at the final size, to keep it sharp.
    """
    size = math.ceil(radius * 2 * 1.45) + 2
    shape = SHAPES[colour]

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        centre = (size / 2 * scale, size / 2 * scale)
        r = radius * scale
        shadow = (centre[0] + r * 0.1, centre[1] + r * 0.16)
        if rings > 1:
            # A bold ring of the colour around a slightly smaller pawn: two pawns, one square.
            _paint_shape(draw, shape, shadow, r * TOWER_RING, (0, 0, 0, 80), (0, 0, 0, 0), 1)
            _paint_shape(draw, shape, centre, r * TOWER_RING, COLOUR_FILL[colour], INK, r * 0.12)
            _paint_shape(draw, shape, centre, r, YARD_INSIDE, INK, r * 0.07)
            r *= 0.92
        else:
            _paint_shape(draw, shape, shadow, r, (0, 0, 0, 80), (0, 0, 0, 0), 1)
        _paint_shape(draw, shape, centre, r, COLOUR_FILL[colour], INK, r * 0.12)

    sprite = smooth_sprite(size, size, paint)
    text_size = radius * (1.15 if len(label) == 1 else 0.8)
    centred_text(ImageDraw.Draw(sprite), (size / 2, size / 2), label, text_size, YARD_INSIDE, INK)
    return sprite


@lru_cache(maxsize=1)
def _capture_badge() -> Image.Image:
    """Pinned to the square where the last move took a pawn and sent it home."""
    side = round(CELL * 0.5)

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        s = side * scale
        draw.ellipse(
            [s * 0.04, s * 0.04, s * 0.96, s * 0.96],
            fill=CAPTURE,
            outline=YARD_INSIDE,
            width=round(s * 0.08),
        )
        arm = s * 0.2
        for dx in (-arm, arm):
            draw.line(
                [s / 2 - dx, s / 2 - arm, s / 2 + dx, s / 2 + arm],
                fill=YARD_INSIDE,
                width=round(s * 0.11),
            )

    return smooth_sprite(side, side, paint)


@lru_cache(maxsize=6)
def _die_sprite(value: int) -> Image.Image:
    side = round(CELL * DIE_SIDE)

    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        s = side * scale
        edge = s * 0.04
        draw.rounded_rectangle(
            [edge * 2, edge * 3, s - edge, s - edge], radius=s * 0.18, fill=(0, 0, 0, 90)
        )
        draw.rounded_rectangle(
            [edge, edge, s - edge * 2.5, s - edge * 2.5],
            radius=s * 0.18,
            fill=YARD_INSIDE,
            outline=INK,
            width=round(edge * 1.2),
        )
        middle = (s - edge * 1.5) / 2
        step, pip = s * PIP_STEP, s * PIP_RADIUS
        for dx, dy in DIE_PIPS[value]:
            x, y = middle + dx * step, middle + dy * step
            draw.ellipse([x - pip, y - pip, x + pip, y + pip], fill=INK)

    return smooth_sprite(side, side, paint)


def _pawn_label(numbers: Iterable[int]) -> str:
    return "+".join(str(n) for n in numbers)


@dataclass(frozen=True)
class PawnSpot:
    """Where the picture draws a pawn, or a tower (two numbers) of one colour, and how big."""

    colour: int
    numbers: tuple[int, ...]
    centre: Point
    radius: float

    @property
    def label(self) -> str:
        return _pawn_label(self.numbers)


def pawn_spots(view: LudoView, viewpoint: _Viewpoint) -> list[PawnSpot]:
    """Every pawn of the colours in play: waiting in its yard's spot, finished in its
    triangle (small), or on its square; one colour fills a square, pawns of several colours
    (rare) share it side by side, small."""
    spots = []
    on_cells: dict[Cell, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for colour in (colour for colour in view.colours if colour not in view.left):
        for number, progress in enumerate(view.pawns[colour], start=1):
            if progress == LUDO_YARD:
                at = viewpoint.yard_spot(colour, number)
                spots.append(PawnSpot(colour, (number,), at, CELL * PAWN_RADIUS))
            elif progress == LUDO_FINISHED:
                at = viewpoint.pixel(_turn_point(_FIRST_FINISH_SPOTS[number - 1], colour - 1))
                spots.append(PawnSpot(colour, (number,), at, CELL * SMALL_PAWN_RADIUS))
            else:
                on_cells[_standard_cell(colour, progress)][colour].append(number)
    for cell, groups in on_cells.items():
        crowded = len(groups) > 1
        radius = CELL * (SMALL_PAWN_RADIUS if crowded else PAWN_RADIUS)
        for index, (colour, numbers) in enumerate(sorted(groups.items())):
            x, y = viewpoint.cell_pixel(cell)
            if crowded:
                offset = CELL * 0.22 * (1 if index % 2 else -1)
                x, y = x + offset, y + offset * (1 if index < 2 else -1)
            spots.append(PawnSpot(colour, tuple(numbers), (x, y), radius))
    return spots


def capture_spot(view: LudoView, viewpoint: _Viewpoint) -> Point | None:
    """Where the badge of a capture goes: the corner of the square the last move landed on."""
    if not view.capture or view.last_move is None:
        return None
    colour, _, landed = view.last_move
    if not LUDO_YARD < landed < LUDO_FINISHED:
        return None
    x, y = viewpoint.cell_pixel(_standard_cell(colour, landed))
    return x + CELL * 0.32, y - CELL * 0.32


def trail(last_move: tuple[int, int, int]) -> tuple[Cell | None, list[Cell], Cell | None]:
    """The last move's square left (None: the yard), the squares passed, the square reached
    (None: the finish)."""
    colour, before, after = last_move
    on_board = range(LUDO_FINISHED)
    passed = range(max(before + 1, 0), min(after, LUDO_FINISHED))
    return (
        _standard_cell(colour, before) if before in on_board else None,
        [_standard_cell(colour, progress) for progress in passed],
        _standard_cell(colour, after) if after in on_board else None,
    )


def draw_ludo(view: LudoView) -> Image.Image:
    """The board picture of `view` as a Pillow image (RGB, IMAGE_SIZE square)."""
    viewpoint = _Viewpoint.of(view.viewer_colour)
    playing = tuple(colour for colour in view.colours if colour not in view.left)
    picture = _background(viewpoint, frozenset(playing)).copy()
    if view.last_move is not None:
        _draw_last_move(ImageDraw.Draw(picture), viewpoint, view.last_move)
    for spot in pawn_spots(view, viewpoint):
        sprite = _pawn_sprite(spot.colour, spot.label, min(2, len(spot.numbers)), spot.radius)
        paste_centred(picture, sprite, spot.centre)
    draw = ImageDraw.Draw(picture)
    for number, corner in covered_numbers(view, viewpoint):
        size = CELL * TRACK_NUMBER_SIZE
        centred_text(draw, corner, str(number), size, TRACK_NUMBER, outline=YARD_INSIDE)
    badge = capture_spot(view, viewpoint)
    if badge is not None:
        paste_centred(picture, _capture_badge(), badge)
    if view.dice is not None:
        paste_centred(picture, _die_sprite(view.dice), viewpoint.pixel(_CENTRE))
    return picture


def _draw_last_move(
    draw: ImageDraw.ImageDraw, viewpoint: _Viewpoint, last_move: tuple[int, int, int]
) -> None:
    """A thin frame where the pawn left, dots along its way, a thick frame where it landed."""
    left, passed, reached = trail(last_move)
    if left is not None:
        draw.rectangle(viewpoint.cell_box(left, 3), outline=INK, width=2)
    for cell in passed:
        x, y = viewpoint.cell_pixel(cell)
        dot = CELL * TRAIL_DOT
        draw.ellipse([x - dot, y - dot, x + dot, y + dot], fill=TRAIL)
    if reached is not None:
        draw.rectangle(viewpoint.cell_box(reached, 2), outline=INK, width=5)


# The colours each player count takes by the project's rules.
STANDARD_COLOUR_SETS: tuple[tuple[int, ...], ...] = ((1, 3), (1, 2, 3), (1, 2, 3, 4))


def warm_up(colour_sets: Iterable[tuple[int, ...]] = STANDARD_COLOUR_SETS) -> None:
    """Draw the cached backgrounds and single pawns now, so that no player waits for the first."""
    for colours in colour_sets:
        for viewer in (None, *colours):
            _background(_Viewpoint.of(viewer), frozenset(colours))
    for colour in LUDO_COLOURS:
        for number in range(1, LUDO_PAWNS_PER_COLOUR + 1):
            for radius in (PAWN_RADIUS, SMALL_PAWN_RADIUS):
                _pawn_sprite(colour, str(number), 1, CELL * radius)
    for face in range(1, 7):
        _die_sprite(face)


def render_ludo(view: LudoView) -> bytes:
    """The board picture of `view` as PNG bytes."""
    return png_bytes(draw_ludo(view))
