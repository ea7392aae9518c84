"""Board pictures as SVG for the web pages, drawn from the same views and the same geometry
as the PNG pictures (draughts.py, ludo.py), so that a page and a chat show one board.

Every dark draughts square carries its number and its name (`data-square`, `data-name`) and
every Ludo pawn its colour and number, so that the Mini App finds what the player tapped.
Elements are written by `_tag` from names and attributes: no word of the markup is text for
people (tests/bot/render/test_no_words.py).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from bot.render import draughts, ludo
from bot.render._paint import Rgb
from bot.render.views import (
    LUDO_COLOURS,
    LUDO_FINISHED,
    LUDO_FIRST_HOME_STEP,
    LUDO_YARD,
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
                data_square=square,
                data_name=draughts.square_name(view.size, view.dark_corner_left, square),
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
                data_square=square,
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
    """The Ludo board's parts in the PNG picture's frame, turned for its viewer."""

    def __init__(self, view: LudoView) -> None:
        self.view = view
        self.viewpoint = ludo._Viewpoint.of(view.viewer_colour)
        self.playing = [colour for colour in view.colours if colour not in view.left]

    def fill(self, colour: int) -> str:
        shade = ludo.COLOUR_FILL[colour]
        return _rgb(shade if colour in self.playing else ludo._pale(shade))

    def square(self, at: ludo.Cell, colour: str, **extra: object) -> str:
        x, y = self.viewpoint.cell_pixel(at)
        half = ludo.CELL / 2
        return _tag(
            "rect",
            x=x - half,
            y=y - half,
            width=ludo.CELL,
            height=ludo.CELL,
            fill=colour,
            stroke=_rgb(ludo.GRID_LINE),
            **extra,
        )

    def background(self) -> list[str]:
        size = ludo.IMAGE_SIZE
        parts = [_tag("rect", width=size, height=size, fill=_rgb(ludo.FRAME))]
        for colour in LUDO_COLOURS:
            corners = [self.viewpoint.pixel(point) for point in ludo._yard_corners(colour)]
            xs, ys = sorted(p[0] for p in corners), sorted(p[1] for p in corners)
            parts.append(
                _tag(
                    "rect",
                    x=xs[0],
                    y=ys[0],
                    width=xs[1] - xs[0],
                    height=ys[1] - ys[0],
                    fill=self.fill(colour),
                    stroke=_rgb(ludo.INK),
                )
            )
        parts.extend(self.square(at, _rgb(ludo.BOARD)) for at in ludo.TRACK)
        for colour in LUDO_COLOURS:
            for progress in (0, *range(LUDO_FIRST_HOME_STEP, LUDO_FINISHED)):
                parts.append(self.square(ludo._standard_cell(colour, progress), self.fill(colour)))
        return parts

    def last_move(self) -> list[str]:
        if self.view.last_move is None:
            return []
        colour, before, after = self.view.last_move
        return [
            self.square(
                ludo._standard_cell(colour, progress),
                "none",
                stroke_width=5 if progress == after else 2,
                class_="last",
            )
            for progress in (before, after)
            if LUDO_YARD < progress < LUDO_FINISHED
        ]

    def pawn_at(self, colour: int, number: int, progress: int) -> tuple[float, float]:
        if progress == LUDO_YARD:
            return self.viewpoint.yard_spot(colour, number)
        if progress == LUDO_FINISHED:
            return self.viewpoint.pixel(ludo._CENTRE)
        return self.viewpoint.cell_pixel(ludo._standard_cell(colour, progress))

    def pawns(self) -> list[str]:
        radius = ludo.CELL * ludo.PAWN_RADIUS
        ink = _rgb(ludo.INK)
        parts = []
        for colour in self.playing:
            for number, progress in enumerate(self.view.pawns[colour], start=1):
                x, y = self.pawn_at(colour, number, progress)
                disc = _tag("circle", cx=x, cy=y, r=radius, fill=self.fill(colour), stroke=ink)
                label = _tag(
                    "text",
                    str(number),
                    x=x,
                    y=y + radius / 2,
                    text_anchor="middle",
                    font_size=radius * 1.3,
                    fill=ink,
                )
                parts.append(
                    _tag(
                        "g",
                        disc + label,
                        class_="pawn",
                        data_colour=colour,
                        data_pawn=number,
                        stroke_width=2,
                    )
                )
        return parts

    def die(self) -> list[str]:
        if self.view.dice is None:
            return []
        x, y = self.viewpoint.pixel(ludo._CENTRE)
        cell = ludo.CELL
        face = _tag(
            "rect",
            class_="die",
            x=x - cell / 2,
            y=y - cell / 2,
            width=cell,
            height=cell,
            rx=6,
            fill=_rgb((255, 255, 255)),
            stroke=_rgb(ludo.INK),
        )
        value = _tag(
            "text",
            str(self.view.dice),
            x=x,
            y=y + cell / 5,
            text_anchor="middle",
            font_size=cell * 0.6,
        )
        return [face, value]


def ludo_svg(view: LudoView) -> str:
    """The Ludo board of `view` as an SVG document: yards, track, home columns, the pawns
    (numbered as in the picture), the last move and the die."""
    painter = _LudoPainter(view)
    body = [*painter.background(), *painter.last_move(), *painter.pawns(), *painter.die()]
    return _svg(ludo.IMAGE_SIZE, body)
