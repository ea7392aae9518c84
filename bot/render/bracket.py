"""The knockout bracket as a PNG: rounds as columns, each table a box, lines from each table
to the one its winner plays next, the champion at the end.

The project's knockout is not a power-of-two tree: an entry without an opponent passes, and
next round plays the winner of table 1. So the layout does not assume halving: it follows
which tables feed which (a tree whatever the field), lists the first tables top to bottom in
the order a walk from the final meets them, and sets every later table level with the middle
of the tables that feed it. Lines then never cross, and a passing entry runs straight on.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from PIL import Image, ImageDraw

from bot.render._paint import Rgb, paste_centred, png_bytes
from bot.render._tournament_paint import (
    CHAMPION_BAND,
    FAINT_INK,
    HEADING_BAND,
    INK,
    PAPER,
    RULE,
    WINNER_BAND,
    Sizes,
    disc,
    draw_fitted,
    draw_title,
    number_text,
    sizes_for,
    text_width,
)
from bot.render.tournament_views import BracketView, EntryView, MatchView

Box = tuple[int, int, int, int]
Table = tuple[int, int]
"""(round, table), both 0-based"""

# The widest number any field here draws, to line the names up after it.
WIDEST_NUMBER = "888"
# Between the results of one match's games ("½-½  ½-½  1-0"), wider than inside a result.
GAMES_JOIN = "  "
# Up to 8 entries the boxes are narrow enough for ~800 px; bigger fields are zoomed into
# anyway, so their boxes give names more room.
BOX_WIDTH_IN_FONTS = 10
WIDE_BOX_IN_FONTS = 12
NARROW_FIELD = 8
COLUMN_GAP_IN_FONTS = 1.5


@dataclass(frozen=True)
class BracketLayout:
    """Where everything of a bracket picture goes, in pixels."""

    view: BracketView
    entries: int
    """how many entries the first round has"""

    @property
    def sizes(self) -> Sizes:
        return sizes_for(self.entries)

    @cached_property
    def name_lines(self) -> int:
        """Two when any entry is a team: each of its names gets a line."""
        matches = (match for round_ in self.view.rounds for match in round_.matches)
        return max((len(entry.names) for match in matches for entry in match.entries), default=1)

    @property
    def box_width(self) -> int:
        wide = self.entries > NARROW_FIELD
        return (WIDE_BOX_IN_FONTS if wide else BOX_WIDTH_IN_FONTS) * self.sizes.font

    @property
    def slot_height(self) -> int:
        return self.name_lines * self.sizes.line

    @property
    def results_height(self) -> int:
        return self.sizes.line

    @property
    def box_height(self) -> int:
        return 2 * self.slot_height + self.results_height

    @property
    def row_pitch(self) -> int:
        return self.box_height + self.sizes.font

    @property
    def column_pitch(self) -> int:
        return self.box_width + round(COLUMN_GAP_IN_FONTS * self.sizes.font)

    @property
    def headings_top(self) -> int:
        return self.sizes.margin + self.sizes.title_height

    @property
    def boxes_top(self) -> int:
        return self.headings_top + self.sizes.line + self.sizes.pad

    @cached_property
    def feeds(self) -> dict[Table, tuple[Table | None, Table | None]]:
        """For each table after the first round, the tables whose winners fill its places."""
        found: dict[Table, tuple[Table | None, Table | None]] = {}
        for index in range(1, len(self.view.rounds)):
            earlier = self.view.rounds[index - 1].matches
            for table, match in enumerate(self.view.rounds[index].matches):
                feeds = match.feeds or (
                    _table_of(match.top, earlier),
                    _table_of(match.bottom, earlier),
                )
                top, bottom = (None if feed is None else (index - 1, feed) for feed in feeds)
                found[index, table] = top, bottom
        return found

    @cached_property
    def _placement(self) -> tuple[dict[Table, float], int]:
        """The middle height of every table's box, and how many rows of boxes there are."""
        centres: dict[Table, float] = {}
        rows = 0

        def place(table: Table) -> None:
            nonlocal rows
            if table in centres:
                return
            children = [feed for feed in self.feeds.get(table, ()) if feed is not None]
            for child in children:
                place(child)
            if children:
                centres[table] = sum(centres[child] for child in children) / len(children)
            else:
                centres[table] = self.boxes_top + rows * self.row_pitch + self.box_height / 2
                rows += 1

        for index in reversed(range(len(self.view.rounds))):
            for table in range(len(self.view.rounds[index].matches)):
                place((index, table))
        return centres, rows

    @property
    def centres(self) -> dict[Table, float]:
        return self._placement[0]

    @property
    def rows(self) -> int:
        return self._placement[1]

    @property
    def columns(self) -> int:
        return len(self.view.rounds) + (self.view.champion is not None)

    @property
    def size(self) -> tuple[int, int]:
        width = 2 * self.sizes.margin + self.columns * self.column_pitch - self.column_pitch
        width += self.box_width
        height = self.boxes_top + self.rows * self.row_pitch + self.sizes.margin
        return width, height

    def column_left(self, index: int) -> int:
        return self.sizes.margin + index * self.column_pitch

    def box(self, table: Table) -> Box:
        left = self.column_left(table[0])
        top = round(self.centres[table] - self.box_height / 2)
        return left, top, left + self.box_width, top + self.box_height

    def slot(self, table: Table, place: int) -> Box:
        """The box of the top (0) or bottom (1) entry of a table."""
        left, top, right, _ = self.box(table)
        top += place * self.slot_height
        return left, top, right, top + self.slot_height

    def champion_box(self) -> Box:
        final = (len(self.view.rounds) - 1, 0)
        left = self.column_left(len(self.view.rounds))
        top = round(self.centres[final] - self.slot_height / 2)
        return left, top, left + self.box_width, top + self.slot_height


def _table_of(entry: EntryView | None, matches: tuple[MatchView, ...]) -> int | None:
    """The table of the previous round where this entry played (or passed)."""
    if entry is None:
        return None
    for table, match in enumerate(matches):
        if entry in match.entries:
            return table
    return None


def bracket_layout(view: BracketView) -> BracketLayout:
    first_round = view.rounds[0].matches
    return BracketLayout(view, sum(len(match.entries) for match in first_round))


def draw_bracket(view: BracketView) -> Image.Image:
    """The bracket picture of `view` as a Pillow image (RGB)."""
    layout = bracket_layout(view)
    width, height = layout.size
    picture = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(picture)
    draw_title(draw, layout.sizes, view.title, width)
    _draw_lines(draw, layout)
    for index, round_ in enumerate(view.rounds):
        _draw_heading(draw, layout, index, round_.title)
        for table, match in enumerate(round_.matches):
            _draw_match(picture, draw, layout, (index, table), match)
    if view.champion is not None:
        _draw_heading(draw, layout, len(view.rounds), view.champion_title)
        _draw_champion(draw, layout, view.champion)
    return picture


def render_bracket(view: BracketView) -> bytes:
    """The bracket picture of `view` as PNG bytes."""
    return png_bytes(draw_bracket(view))


def _draw_heading(
    draw: ImageDraw.ImageDraw, layout: BracketLayout, column: int, title: str
) -> None:
    left = layout.column_left(column)
    top = layout.headings_top
    draw.rectangle([left, top, left + layout.box_width, top + layout.sizes.line], fill=HEADING_BAND)
    centre = (left + layout.box_width / 2, top + layout.sizes.line / 2)
    draw_fitted(draw, centre, title, layout.sizes.font, layout.box_width, INK, True, True)


def _draw_lines(draw: ImageDraw.ImageDraw, layout: BracketLayout) -> None:
    """From each table's right side to the place its winner takes in the next round."""
    width = max(2, layout.sizes.font // 8)
    for table, feeds in layout.feeds.items():
        for place, feed in enumerate(feeds):
            if feed is None:
                continue
            _, top, right, bottom = layout.box(feed)
            start_y = (top + bottom) / 2
            left, slot_top, _, slot_bottom = layout.slot(table, place)
            end_y = (slot_top + slot_bottom) / 2
            elbow = (right + left) / 2
            points = [(right, start_y), (elbow, start_y), (elbow, end_y), (left, end_y)]
            draw.line(points, fill=RULE, width=width)
    if layout.view.champion is not None:
        final = (len(layout.view.rounds) - 1, 0)
        _, top, right, bottom = layout.box(final)
        left, champion_top, _, champion_bottom = layout.champion_box()
        points = [(right, (top + bottom) / 2), (left, (champion_top + champion_bottom) / 2)]
        draw.line(points, fill=RULE, width=width)


def _draw_match(
    picture: Image.Image,
    draw: ImageDraw.ImageDraw,
    layout: BracketLayout,
    table: Table,
    match: MatchView,
) -> None:
    left, top, right, bottom = layout.box(table)
    draw.rectangle([left, top, right, bottom], fill=PAPER, outline=RULE)
    for place, entry in enumerate((match.top, match.bottom)):
        slot = layout.slot(table, place)
        if entry is None:
            _draw_missing(draw, layout, slot, match.passes)
        else:
            _draw_entry(picture, draw, layout, slot, entry, match)
    divider = top + layout.slot_height
    draw.line([(left, divider), (right, divider)], fill=RULE)
    results_top = top + 2 * layout.slot_height
    draw.line([(left, results_top), (right, results_top)], fill=RULE)
    if match.games:
        centre = ((left + right) / 2, results_top + layout.results_height / 2)
        pad = layout.sizes.pad
        games = GAMES_JOIN.join(match.games)
        room = right - left - 2 * pad
        draw_fitted(draw, centre, games, layout.sizes.small_font, room, INK, centred=True)


def _draw_entry(
    picture: Image.Image,
    draw: ImageDraw.ImageDraw,
    layout: BracketLayout,
    slot: Box,
    entry: EntryView,
    match: MatchView,
) -> None:
    left, top, right, bottom = slot
    sizes = layout.sizes
    won = match.winner == entry.number
    lost = match.winner is not None and not won
    if won:
        draw.rectangle([left + 1, top + 1, right - 1, bottom - 1], fill=WINNER_BAND)
    ink = FAINT_INK if lost else INK
    diameter = round(sizes.font * 0.75)
    x = left + sizes.pad
    if match.white is not None:
        piece = disc(diameter, white=match.white == entry.number)
        paste_centred(picture, piece, (x + diameter / 2, top + sizes.line / 2))
    _draw_names(draw, sizes, (x + diameter + sizes.pad, top, right), entry, ink, bold=won)


def _draw_missing(draw: ImageDraw.ImageDraw, layout: BracketLayout, slot: Box, passes: str) -> None:
    """An empty place: the word for passing through, or nothing while it is not known."""
    left, top, right, _ = slot
    sizes = layout.sizes
    if passes:
        at = (left + sizes.pad, top + sizes.line / 2)
        draw_fitted(draw, at, passes, sizes.small_font, right - left - 2 * sizes.pad, FAINT_INK)


def _draw_champion(draw: ImageDraw.ImageDraw, layout: BracketLayout, champion: EntryView) -> None:
    left, top, right, bottom = layout.champion_box()
    sizes = layout.sizes
    draw.rectangle([left, top, right, bottom], fill=CHAMPION_BAND, outline=RULE)
    _draw_names(draw, sizes, (left + sizes.pad, top, right), champion, INK, bold=True)


def _draw_names(
    draw: ImageDraw.ImageDraw,
    sizes: Sizes,
    span: tuple[float, int, int],
    entry: EntryView,
    ink: Rgb,
    bold: bool,
) -> None:
    """The entry's number, then its name (a team's two names on two lines), from the left
    of `span` (left, top, right) to its right."""
    left, top, right = span
    first_line = top + sizes.line / 2
    number_width = text_width(WIDEST_NUMBER, sizes.font, bold=True)
    draw_fitted(draw, (left, first_line), number_text(entry), sizes.font, number_width, ink, True)
    x = left + number_width + sizes.pad
    for line, name in enumerate(entry.names):
        at = (x, first_line + line * sizes.line)
        draw_fitted(draw, at, name, sizes.font, right - sizes.pad - x, ink, bold)
