"""Board pictures as SVG for the web pages, drawn from the same views and the same geometry
as the PNG pictures (draughts.py, ludo.py), so that a page and a chat show one board.

Every dark draughts square carries its number and its name (`data-square`, `data-name`) and
every Ludo pawn its colour and number, so that the Mini App finds what the player tapped.
"""

from __future__ import annotations

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

KING_MARK: Rgb = draughts.CROWN


def _rgb(colour: Rgb) -> str:
    return f"rgb({colour[0]},{colour[1]},{colour[2]})"


def _svg(size: int, body: list[str], label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="{escape(label)}" class="board">{"".join(body)}</svg>'
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

    body = [f'<rect width="{total}" height="{total}" fill="{_rgb(draughts.FRAME)}"/>']
    body.append(
        f'<rect x="{margin}" y="{margin}" width="{size * cell}" height="{size * cell}" '
        f'fill="{_rgb(draughts.LIGHT)}"/>'
    )
    trail = set(view.last_move or ())
    for square in range(1, view.square_count + 1):
        x, y = centre(square)
        dark = draughts.LAST_MOVE_DARK if square in trail else draughts.DARK
        name = draughts.square_name(size, view.dark_corner_left, square)
        body.append(
            f'<rect class="square" data-square="{square}" data-name="{name}" '
            f'x="{x - cell / 2}" y="{y - cell / 2}" width="{cell}" height="{cell}" '
            f'fill="{_rgb(dark)}"/>'
        )
        if view.labels != "alphanumeric":
            body.append(
                f'<text x="{x - cell * 0.45}" y="{y - cell * 0.3}" font-size="{cell * 0.2}" '
                f'fill="{_rgb(draughts.SQUARE_NUMBER)}" pointer-events="none">{square}</text>'
            )
    for index in range(size):
        file = draughts.FILES[index if view.viewer is Colour.WHITE else size - 1 - index]
        rank = size - index if view.viewer is Colour.WHITE else index + 1
        position = margin + (index + 0.5) * cell
        body.append(
            f'<text x="{position}" y="{total - margin / 3}" text-anchor="middle" '
            f'font-size="{margin / 2}" fill="{_rgb(draughts.FRAME_TEXT)}">{file}</text>'
            f'<text x="{margin / 2}" y="{position + margin / 6}" text-anchor="middle" '
            f'font-size="{margin / 2}" fill="{_rgb(draughts.FRAME_TEXT)}">{rank}</text>'
        )
    radius = cell * draughts.PIECE_DIAMETER / 2
    for square, (colour, king) in sorted(view.pieces.items()):
        x, y = centre(square)
        body_colour, edge, groove = draughts.PIECE_FACES[colour]
        body.append(
            f'<g class="piece" data-square="{square}" pointer-events="none">'
            f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{_rgb(body_colour)}" '
            f'stroke="{_rgb(edge)}" stroke-width="2"/>'
            f'<circle cx="{x}" cy="{y}" r="{radius * 0.7}" fill="none" '
            f'stroke="{_rgb(groove)}" stroke-width="2"/>'
        )
        if king:
            body.append(
                f'<circle class="king" cx="{x}" cy="{y}" r="{radius * 0.4}" '
                f'fill="{_rgb(KING_MARK)}" stroke="{_rgb(draughts.CROWN_EDGE)}"/>'
            )
        body.append("</g>")
    for square in view.highlight:
        x, y = centre(square)
        body.append(
            f'<circle cx="{x}" cy="{y}" r="{radius + 3}" fill="none" stroke-width="4" '
            f'stroke="{_rgb(draughts.HIGHLIGHT_RING)}" pointer-events="none"/>'
        )
    for square in view.captured:
        x, y = centre(square)
        half = cell * 0.2
        body.append(
            f'<path d="M{x - half} {y - half}L{x + half} {y + half}M{x + half} {y - half}'
            f'L{x - half} {y + half}" stroke="{_rgb(draughts.LAST_MOVE_LINE)}" '
            f'stroke-width="5" pointer-events="none"/>'
        )
    if view.last_move:
        points = " ".join(f"{x},{y}" for x, y in map(centre, view.last_move))
        body.append(
            f'<polyline points="{points}" fill="none" stroke-width="4" stroke-opacity="0.8" '
            f'stroke="{_rgb(draughts.LAST_MOVE_LINE)}" pointer-events="none"/>'
        )
    return _svg(total, body, "draughts board")


class _LudoPainter:
    """The Ludo board's parts in the PNG picture's frame, turned for its viewer."""

    def __init__(self, view: LudoView) -> None:
        self.view = view
        self.viewpoint = ludo._Viewpoint.of(view.viewer_colour)
        self.playing = [colour for colour in view.colours if colour not in view.left]

    def fill(self, colour: int) -> str:
        shade = ludo.COLOUR_FILL[colour]
        return _rgb(shade if colour in self.playing else ludo._pale(shade))

    def square(self, at: ludo.Cell, colour: str, extra: str = "") -> str:
        x, y = self.viewpoint.cell_pixel(at)
        half = ludo.CELL / 2
        return (
            f'<rect x="{x - half}" y="{y - half}" width="{ludo.CELL}" height="{ludo.CELL}" '
            f'fill="{colour}" stroke="{_rgb(ludo.GRID_LINE)}"{extra}/>'
        )

    def background(self) -> list[str]:
        size = ludo.IMAGE_SIZE
        parts = [f'<rect width="{size}" height="{size}" fill="{_rgb(ludo.FRAME)}"/>']
        for colour in LUDO_COLOURS:
            corners = [self.viewpoint.pixel(point) for point in ludo._yard_corners(colour)]
            xs, ys = sorted(p[0] for p in corners), sorted(p[1] for p in corners)
            parts.append(
                f'<rect x="{xs[0]}" y="{ys[0]}" width="{xs[1] - xs[0]}" '
                f'height="{ys[1] - ys[0]}" fill="{self.fill(colour)}" stroke="{_rgb(ludo.INK)}"/>'
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
                f' stroke-width="{5 if progress == after else 2}" class="last"',
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
        parts = []
        for colour in self.playing:
            for number, progress in enumerate(self.view.pawns[colour], start=1):
                x, y = self.pawn_at(colour, number, progress)
                parts.append(
                    f'<g class="pawn" data-colour="{colour}" data-pawn="{number}">'
                    f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{self.fill(colour)}" '
                    f'stroke="{_rgb(ludo.INK)}" stroke-width="2"/>'
                    f'<text x="{x}" y="{y + radius / 2}" text-anchor="middle" '
                    f'font-size="{radius * 1.3}" fill="{_rgb(ludo.INK)}">{number}</text></g>'
                )
        return parts

    def die(self) -> list[str]:
        if self.view.dice is None:
            return []
        x, y = self.viewpoint.pixel(ludo._CENTRE)
        cell = ludo.CELL
        return [
            f'<rect class="die" x="{x - cell / 2}" y="{y - cell / 2}" width="{cell}" '
            f'height="{cell}" rx="6" fill="white" stroke="{_rgb(ludo.INK)}"/>'
            f'<text x="{x}" y="{y + cell / 5}" text-anchor="middle" '
            f'font-size="{cell * 0.6}">{self.view.dice}</text>'
        ]


def ludo_svg(view: LudoView) -> str:
    """The Ludo board of `view` as an SVG document: yards, track, home columns, the pawns
    (numbered as in the picture), the last move and the die."""
    painter = _LudoPainter(view)
    body = [*painter.background(), *painter.last_move(), *painter.pawns(), *painter.die()]
    return _svg(ludo.IMAGE_SIZE, body, "ludo board")
