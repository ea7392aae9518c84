"""Board pictures as SVG for the web pages, drawn from the same views and the same geometry
as the PNG pictures (draughts.py, ludo.py), so that a page and a chat show one board.

Every dark draughts square and every piece on one carries the square's number and name
(`data-square`, `data-name`) and every Ludo pawn its colour and number, so that the Mini App
finds what the player tapped and marks the pieces a capture takes.
Elements are written by `_tag` from names and attributes: no word of the markup is text for
people (tests/bot/render/test_no_words.py).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from bot.render import draughts, ludo
from bot.render._paint import Point, Rgb
from bot.render.views import (
    LUDO_COLOURS,
    LUDO_FINISHED,
    LUDO_FIRST_HOME_STEP,
    LUDO_PAWNS_PER_COLOUR,
    Colour,
    DraughtsView,
    LudoView,
)

SVG_NAMESPACE = "http://www.w3.org/2000/svg"


def _tag(name: str, content: str = "", /, **attributes: object) -> str:
    """One element; an attribute's underscores are its hyphens (`stroke_width`), a trailing
    one is dropped (`class_`)."""
    written = "".join(
        f' {key.rstrip("_").replace("_", "-")}="{escape(str(value))}"'
        for key, value in attributes.items()
    )
    if not content:
        return f"<{name}{written}/>"
    return f"<{name}{written}>{content}</{name}>"


def _rgb(colour: Rgb) -> str:
    return "rgb({},{},{})".format(*colour)


def _svg(size: int, body: list[str]) -> str:
    return _tag(
        "svg", "".join(body), xmlns=SVG_NAMESPACE, viewBox=f"0 0 {size} {size}", class_="board"
    )


def draughts_svg(view: DraughtsView) -> str:
    """The draughts board of `view` as an SVG document."""
    size, cell, margin = view.size, draughts.CELL_SIZE[view.size], draughts.MARGIN
    total = draughts.image_size(size)

    def centre(square: int) -> tuple[float, float]:
        row, column = draughts._turned(
            size, view.viewer, draughts.square_cell(size, view.dark_corner_left, square)
        )
        return margin + (column + 0.5) * cell, margin + (row + 0.5) * cell

    body = [
        _tag("rect", width=total, height=total, fill=_rgb(draughts.FRAME)),
        _tag(
            "rect",
            x=margin,
            y=margin,
            width=size * cell,
            height=size * cell,
            fill=_rgb(draughts.LIGHT),
        ),
    ]
    body.extend(_draughts_squares(view, centre, cell))
    body.extend(_draughts_coordinates(view, cell, margin, total))
    body.extend(_draughts_pieces(view, centre, cell))
    body.extend(_draughts_marks(view, centre, cell))
    return _svg(total, body)


Centre = Callable[[int], tuple[float, float]]


def _square_data(view: DraughtsView, square: int) -> dict[str, object]:
    """The number and the name by which the Mini App finds a square and the piece on it."""
    name = draughts.square_name(view.size, view.dark_corner_left, square)
    return {"data_square": square, "data_name": name}


def _draughts_squares(view: DraughtsView, centre: Centre, cell: int) -> list[str]:
    trail = set(view.last_move or ())
    parts = []
    for square in range(1, view.square_count + 1):
        x, y = centre(square)
        dark = draughts.LAST_MOVE_DARK if square in trail else draughts.DARK
        parts.append(
            _tag(
                "rect",
                class_="square",
                **_square_data(view, square),
                x=x - cell / 2,
                y=y - cell / 2,
                width=cell,
                height=cell,
                fill=_rgb(dark),
            )
        )
        if view.labels != "alphanumeric":
            parts.append(
                _tag(
                    "text",
                    str(square),
                    x=x - cell * 0.45,
                    y=y - cell * 0.3,
                    font_size=cell * 0.2,
                    fill=_rgb(draughts.SQUARE_NUMBER),
                    pointer_events="none",
                )
            )
    return parts


def _draughts_coordinates(view: DraughtsView, cell: int, margin: int, total: int) -> list[str]:
    parts = []
    white = view.viewer is Colour.WHITE
    for index in range(view.size):
        file = draughts.FILES[index if white else view.size - 1 - index]
        rank = view.size - index if white else index + 1
        position = margin + (index + 0.5) * cell
        lettering = {
            "text_anchor": "middle",
            "font_size": margin / 2,
            "fill": _rgb(draughts.FRAME_TEXT),
        }
        parts.append(_tag("text", file, x=position, y=total - margin / 3, **lettering))
        parts.append(_tag("text", str(rank), x=margin / 2, y=position + margin / 6, **lettering))
    return parts


def _draughts_pieces(view: DraughtsView, centre: Centre, cell: int) -> list[str]:
    radius = cell * draughts.PIECE_DIAMETER / 2
    parts = []
    for square, (colour, king) in sorted(view.pieces.items()):
        x, y = centre(square)
        body, edge, groove = draughts.PIECE_FACES[colour]
        inside = [
            _tag("circle", cx=x, cy=y, r=radius, fill=_rgb(body), stroke=_rgb(edge)),
            _tag("circle", cx=x, cy=y, r=radius * 0.7, fill="none", stroke=_rgb(groove)),
        ]
        if king:
            inside.append(
                _tag(
                    "circle",
                    class_="king",
                    cx=x,
                    cy=y,
                    r=radius * 0.4,
                    fill=_rgb(draughts.CROWN),
                    stroke=_rgb(draughts.CROWN_EDGE),
                )
            )
        parts.append(
            _tag(
                "g",
                "".join(inside),
                class_="piece",
                **_square_data(view, square),
                pointer_events="none",
                stroke_width=2,
            )
        )
    return parts


def _draughts_marks(view: DraughtsView, centre: Centre, cell: int) -> list[str]:
    """The pieces that may be huffed (rings), the pieces taken (crosses), the last move."""
    radius = cell * draughts.PIECE_DIAMETER / 2
    line = _rgb(draughts.LAST_MOVE_LINE)
    parts = []
    for square in view.highlight:
        x, y = centre(square)
        ring = _rgb(draughts.HIGHLIGHT_RING)
        parts.append(_tag("circle", cx=x, cy=y, r=radius + 3, fill="none", stroke=ring))
    for square in view.captured:
        x, y = centre(square)
        half = cell * 0.2
        cross = f"M{x - half} {y - half}L{x + half} {y + half}M{x + half} {y - half}"
        parts.append(_tag("path", d=f"{cross}L{x - half} {y + half}", stroke=line))
    if view.last_move:
        points = " ".join(f"{x},{y}" for x, y in map(centre, view.last_move))
        parts.append(_tag("polyline", points=points, fill="none", stroke=line, stroke_opacity=0.8))
    return [_tag("g", "".join(parts), stroke_width=4, pointer_events="none")] if parts else []


class _LudoPainter:
    """The Ludo board's parts as the PNG picture draws them (ludo.py's geometry, sizes and
    colours), turned for its viewer."""

    def __init__(self, view: LudoView) -> None:
        self.view = view
        self.viewpoint = ludo._Viewpoint.of(view.viewer_colour)
        self.playing = [colour for colour in view.colours if colour not in view.left]

    def fill(self, colour: int) -> str:
        shade = ludo.COLOUR_FILL[colour]
        return _rgb(shade if colour in self.playing else ludo._pale(shade))

    def square(self, at: ludo.Cell, colour: str, inset: float = 0.0, **extra: object) -> str:
        """A square of the grid in `colour`, edged with the grid's line unless told."""
        x0, y0, x1, y1 = self.viewpoint.cell_box(at, inset)
        paint = {"stroke": _rgb(ludo.GRID_LINE)} | extra
        return _tag("rect", x=x0, y=y0, width=x1 - x0, height=y1 - y0, fill=colour, **paint)

    def box(self, top_left: Point, bottom_right: Point, **extra: object) -> str:
        """A rectangle between two points of the standard frame."""
        (x0, y0), (x1, y1) = self.viewpoint.pixel(top_left), self.viewpoint.pixel(bottom_right)
        left, top = min(x0, x1), min(y0, y1)
        return _tag("rect", x=left, y=top, width=abs(x1 - x0), height=abs(y1 - y0), **extra)

    def background(self) -> list[str]:
        size = ludo.IMAGE_SIZE
        ink = _rgb(ludo.INK)
        parts = [
            _tag("rect", width=size, height=size, fill=_rgb(ludo.FRAME)),
            self.box((0, 0), (ludo.GRID, ludo.GRID), fill=_rgb(ludo.BOARD)),
        ]
        for colour in LUDO_COLOURS:
            parts.extend(self.yard(colour))
        parts.extend(self.square(at, _rgb(ludo.BOARD)) for at in ludo.TRACK)
        for colour in LUDO_COLOURS:
            start = ludo._standard_cell(colour, 0)
            parts.append(self.square(start, self.fill(colour), class_="start"))
            star = ludo.star_points(self.viewpoint.cell_pixel(start), ludo.CELL * ludo.STAR_RADIUS)
            parts.append(
                _tag(
                    "polygon",
                    class_="safe",
                    points=_points(star),
                    fill=_rgb(ludo.YARD_INSIDE),
                    stroke=ink,
                )
            )
            for progress in range(LUDO_FIRST_HOME_STEP, LUDO_FINISHED):
                home = ludo._standard_cell(colour, progress)
                parts.append(self.square(home, self.fill(colour), class_="home"))
            triangle = _points(self.viewpoint.triangle(colour))
            parts.append(_tag("polygon", points=triangle, fill=self.fill(colour), stroke=ink))
        parts.extend(self.numbers())
        return [_tag("g", "".join(parts), pointer_events="none")]

    def yard(self, colour: int) -> list[str]:
        """The yard in its colour, its white inside, the spots where its pawns wait."""
        (y0, x0), (y1, x1) = ludo._yard_corners(colour)
        inset, pale = ludo.YARD_INSET, ludo._pale(ludo.COLOUR_FILL[colour])
        spots = [
            _shape(
                ludo.SHAPES[colour],
                self.viewpoint.yard_spot(colour, number),
                ludo.CELL * ludo.YARD_SPOT_RADIUS,
                fill=_rgb(pale if colour in self.playing else ludo._pale(pale)),
                stroke=self.fill(colour),
            )
            for number in range(1, LUDO_PAWNS_PER_COLOUR + 1)
        ]
        return [
            self.box(
                (y0, x0), (y1, x1), class_="yard", fill=self.fill(colour), stroke=_rgb(ludo.INK)
            ),
            self.box(
                (y0 + inset, x0 + inset),
                (y1 - inset, x1 - inset),
                rx=ludo.CELL * ludo.YARD_ROUNDING,
                fill=_rgb(ludo.YARD_INSIDE),
            ),
            *spots,
        ]

    def numbers(self) -> list[str]:
        """The number of every track square (a yard has none: its colour names it)."""
        parts = []
        for number, (x, y) in ludo.track_numbers(self.viewpoint):
            size = ludo.CELL * ludo.TRACK_NUMBER_SIZE
            parts.append(_text(str(number), x, y, size, _rgb(ludo.TRACK_NUMBER)))
        return parts

    def last_move(self) -> list[str]:
        """A thin frame where the pawn left, dots along its way, a thick frame where it
        landed, and the badge of a capture."""
        if self.view.last_move is None:
            return []
        left, passed, reached = ludo.trail(self.view.last_move)
        ink = _rgb(ludo.INK)
        parts = []
        if left is not None:
            parts.append(self.square(left, "none", 3, stroke=ink, stroke_width=2))
        for cell in passed:
            x, y = self.viewpoint.cell_pixel(cell)
            dot = ludo.CELL * ludo.TRAIL_DOT
            parts.append(_tag("circle", cx=x, cy=y, r=dot, fill=_rgb(ludo.TRAIL)))
        if reached is not None:
            parts.append(self.square(reached, "none", 2, class_="last", stroke=ink, stroke_width=5))
        badge = ludo.capture_spot(self.view, self.viewpoint)
        if badge is not None:
            parts.append(_capture_badge(badge))
        return [_tag("g", "".join(parts), pointer_events="none")]

    def pawns(self) -> list[str]:
        """Each pawn (or tower: two numbers, a ring around it) in its colour's shape with its
        number, as the picture draws it; the Mini App finds the one tapped by its data."""
        ink = _rgb(ludo.INK)
        parts = []
        for spot in ludo.pawn_spots(self.view, self.viewpoint):
            shape, colour = ludo.SHAPES[spot.colour], _rgb(ludo.COLOUR_FILL[spot.colour])
            radius = spot.radius
            inside = []
            if len(spot.numbers) > 1:
                ring = radius * ludo.TOWER_RING
                inside.append(_shape(shape, spot.centre, ring, fill=colour, stroke=ink))
                inside.append(_shape(shape, spot.centre, radius, fill=_rgb(ludo.YARD_INSIDE)))
                radius *= 0.92
            inside.append(_shape(shape, spot.centre, radius, fill=colour, stroke=ink))
            size = radius * (1.15 if len(spot.label) == 1 else 0.8)
            x, y = spot.centre
            inside.append(_text(spot.label, x, y, size, _rgb(ludo.YARD_INSIDE), stroke=ink))
            parts.append(
                _tag(
                    "g",
                    "".join(inside),
                    class_="pawn",
                    data_colour=spot.colour,
                    data_pawn=spot.numbers[0],
                    data_pawns=spot.label,
                    stroke_width=2,
                )
            )
        return parts

    def covered_numbers(self) -> list[str]:
        """The numbers of the squares under pawns, outlined over them (as on the picture)."""
        size = ludo.CELL * ludo.TRACK_NUMBER_SIZE
        return [
            _text(
                str(number),
                x,
                y,
                size,
                _rgb(ludo.TRACK_NUMBER),
                stroke=_rgb(ludo.YARD_INSIDE),
                stroke_width=2,
            )
            for number, (x, y) in ludo.covered_numbers(self.view, self.viewpoint)
        ]

    def die(self) -> list[str]:
        """The last roll as a die face with its pips in the centre."""
        if self.view.dice is None:
            return []
        x, y = self.viewpoint.pixel(ludo._CENTRE)
        side = ludo.CELL * ludo.DIE_SIDE
        pips = [
            _tag(
                "circle",
                cx=x + dx * side * ludo.PIP_STEP,
                cy=y + dy * side * ludo.PIP_STEP,
                r=side * ludo.PIP_RADIUS,
                fill=_rgb(ludo.INK),
            )
            for dx, dy in ludo.DIE_PIPS[self.view.dice]
        ]
        face = _tag(
            "rect",
            x=x - side / 2,
            y=y - side / 2,
            width=side,
            height=side,
            rx=side * 0.18,
            fill=_rgb(ludo.YARD_INSIDE),
            stroke=_rgb(ludo.INK),
            stroke_width=2,
        )
        return [_tag("g", face + "".join(pips), class_="die", data_value=self.view.dice)]


def _points(points: list[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _shape(shape: str, centre: Point, radius: float, **paint: object) -> str:
    """A colour's pawn shape (ludo.py's `_paint_shape`): circle, rounded square, diamond,
    hexagon."""
    x, y = centre
    if shape == "circle":
        return _tag("circle", cx=x, cy=y, r=radius, **paint)
    if shape == "square":
        half = radius * ludo.SQUARE_HALF
        rounding = radius * ludo.SQUARE_ROUNDING
        return _tag(
            "rect", x=x - half, y=y - half, width=2 * half, height=2 * half, rx=rounding, **paint
        )
    return _tag("polygon", points=_points(ludo.shape_points(shape, centre, radius)), **paint)


def _text(written: str, x: float, y: float, size: float, fill: str, **extra: object) -> str:
    """Centred on (x, y); an outline stays under the letters (paint-order)."""
    return _tag(
        "text",
        written,
        x=x,
        y=y,
        font_size=size,
        font_family="sans-serif",
        font_weight=700,
        text_anchor="middle",
        dominant_baseline="central",
        fill=fill,
        paint_order="stroke",
        pointer_events="none",
        **extra,
    )


def _capture_badge(centre: Point) -> str:
    """A red disc with a white cross, as on the picture."""
    x, y = centre
    side = ludo.CELL * 0.5
    arm = side * 0.2
    white = _rgb(ludo.YARD_INSIDE)
    cross = f"M{x - arm} {y - arm}L{x + arm} {y + arm}M{x + arm} {y - arm}L{x - arm} {y + arm}"
    return _tag(
        "g",
        _tag("circle", cx=x, cy=y, r=side * 0.46, fill=_rgb(ludo.CAPTURE), stroke=white)
        + _tag("path", d=cross, stroke=white, stroke_width=side * 0.11),
        class_="capture",
    )


def ludo_svg(view: LudoView) -> str:
    """The Ludo board of `view` as an SVG document, the picture's parts: yards with their
    waiting spots and seat numbers, the track with its numbers, the start squares (starred:
    safe), the home columns and the centre's triangles in each colour, the last move, the
    pawns (shapes, colours and numbers as in the picture; towers ringed) and the die."""
    painter = _LudoPainter(view)
    body = [
        *painter.background(),
        *painter.last_move(),
        *painter.pawns(),
        *painter.covered_numbers(),
        *painter.die(),
    ]
    return _svg(ludo.IMAGE_SIZE, body)
