"""Ludo pictures and listings: every player count renders, and the board turns to the viewer.

Positions on the picture are given in the viewer's frame: the viewer's yard is the bottom
left, their start square is the second square up the bottom arm's left lane, their home
column runs up the middle of the bottom arm. A board turned the wrong way fails here.
"""

from __future__ import annotations

import colorsys
from collections.abc import Callable, Mapping

import pytest
from PIL import Image

from bot.render import LudoView, ludo, render_ludo
from bot.render.ludo import (
    BOARD,
    BORDER,
    CAPTURE,
    CELL,
    COLOUR_FILL,
    IMAGE_SIZE,
    INK,
    TRACK,
    TRACK_NUMBER,
    TRAIL,
    YARD_INSIDE,
    draw_ludo,
)
from games.ludo.board import track_square
from tests.bot.render.pixels import Pixel, close, darkest, rgb

ALL_IN_YARD = (-1, -1, -1, -1)


def at(y: float, x: float) -> tuple[float, float]:
    """The pixel of a point given in cells of the viewer's 15x15 grid, (0, 0) top left."""
    return BORDER + x * CELL, BORDER + y * CELL


def centre_of(row: int, column: int) -> tuple[float, float]:
    return at(row + 0.5, column + 0.5)


def cell_differs(a: Image.Image, b: Image.Image, cell: tuple[int, int]) -> bool:
    x, y = centre_of(*cell)
    box = (round(x) - 8, round(y) - 8, round(x) + 8, round(y) + 8)
    return a.crop(box).tobytes() != b.crop(box).tobytes()


def cell_colours(picture: Image.Image, cell: tuple[int, int]) -> list[tuple[int, Pixel]]:
    """How many pixels of each colour the square at `cell` holds."""
    x, y = centre_of(*cell)
    half = CELL / 2
    square = picture.crop((round(x - half), round(y - half), round(x + half), round(y + half)))
    counts: list[tuple[int, Pixel]] = []
    for count, colour in square.getcolors(maxcolors=CELL * CELL) or []:
        assert isinstance(colour, tuple)
        counts.append((count, (colour[0], colour[1], colour[2])))
    return counts


def board(
    colours: tuple[int, ...] = (1, 2, 3, 4),
    moved: Mapping[int, tuple[int, ...]] | None = None,
    **fields: object,
) -> LudoView:
    pawns: dict[int, tuple[int, ...]] = dict.fromkeys(colours, ALL_IN_YARD)
    pawns.update(moved or {})
    return LudoView(colours, pawns, **fields)  # type: ignore[arg-type]


def next_colour(colour: int, steps: int = 1) -> int:
    return (colour - 1 + steps) % 4 + 1


@pytest.mark.parametrize(
    ("colours", "pawns"),
    [
        ((1, 3), {1: (-1, 0, 5, 5), 3: (12, 51, 56, -1)}),
        ((1, 2, 3), {1: (-1, -1, 56, 50), 2: (0, 0, 30, -1), 3: (55, 54, 53, 52)}),
        (
            (1, 2, 3, 4),
            {1: (5, 5, -1, -1), 2: (44, 44, 56, 56), 3: (0, 7, 9, -1), 4: (56, 56, 56, 2)},
        ),
    ],
)
def test_every_player_count_renders_a_png_from_every_seat(
    decode: Callable[[bytes], Image.Image],
    colours: tuple[int, ...],
    pawns: dict[int, tuple[int, ...]],
) -> None:
    for viewer in (None, *colours):
        view = LudoView(colours, pawns, last_move=(colours[0], 3, 5), viewer_colour=viewer, dice=2)
        picture = decode(render_ludo(view))
        assert picture.size == (IMAGE_SIZE, IMAGE_SIZE)
        assert 560 <= IMAGE_SIZE <= 720


def test_the_track_is_a_closed_loop_of_52_squares() -> None:
    assert len(TRACK) == len(set(TRACK)) == 52
    for here, there in zip(TRACK, TRACK[1:] + TRACK[:1], strict=True):
        assert max(abs(here[0] - there[0]), abs(here[1] - there[1])) == 1, (here, there)


def test_each_colour_starts_13_squares_after_the_previous_one() -> None:
    assert [track_square(colour, 0) for colour in (1, 2, 3, 4)] == [0, 13, 26, 39]
    assert track_square(4, 13) == 0
    assert track_square(2, 50) == 11


@pytest.mark.parametrize("viewer", [None, 1, 2, 3, 4])
def test_the_viewers_yard_is_bottom_left_and_the_others_follow_clockwise(
    viewer: int | None,
) -> None:
    picture = draw_ludo(board(viewer_colour=viewer))
    own = viewer or 1
    corners = {
        own: at(14.6, 0.4),
        next_colour(own, 1): at(0.4, 0.4),
        next_colour(own, 2): at(0.4, 14.6),
        next_colour(own, 3): at(14.6, 14.6),
    }
    for colour, point in corners.items():
        assert close(rgb(picture, point), COLOUR_FILL[colour]), f"yard of colour {colour}"


# progress -> (row, column) in the viewer's frame, for the viewer's own pawns.
OWN_PATH = {
    0: (13, 6),
    4: (9, 6),
    5: (8, 5),
    10: (8, 0),
    11: (7, 0),
    12: (6, 0),
    13: (6, 1),
    25: (0, 8),
    50: (14, 7),
    51: (13, 7),
    55: (9, 7),
}


@pytest.mark.parametrize("viewer", [1, 2, 3, 4])
@pytest.mark.parametrize(("progress", "cell"), OWN_PATH.items())
def test_a_pawn_is_drawn_where_its_progress_takes_it(
    viewer: int, progress: int, cell: tuple[int, int]
) -> None:
    empty = draw_ludo(board(viewer_colour=viewer))
    moved = draw_ludo(board(moved={viewer: (progress, -1, -1, -1)}, viewer_colour=viewer))
    assert cell_differs(empty, moved, cell)


@pytest.mark.parametrize("viewer", [1, 3])
def test_other_colours_start_beside_their_own_yards(viewer: int) -> None:
    """The colour whose yard is top left starts on the left arm, the one after on the top arm."""
    expected = {
        next_colour(viewer, 1): (6, 1),
        next_colour(viewer, 2): (1, 8),
        next_colour(viewer, 3): (8, 13),
    }
    empty = draw_ludo(board(viewer_colour=viewer))
    for colour, cell in expected.items():
        moved = draw_ludo(board(moved={colour: (0, -1, -1, -1)}, viewer_colour=viewer))
        assert cell_differs(empty, moved, cell), f"colour {colour}"


def test_a_finished_pawn_goes_to_its_colours_side_of_the_centre() -> None:
    empty = draw_ludo(board(viewer_colour=2))
    finished = draw_ludo(board(moved={2: (56, -1, -1, -1)}, viewer_colour=2))
    bottom_triangle = at(8.68, 7.1)
    assert rgb(finished, bottom_triangle) != rgb(empty, bottom_triangle)


def test_pawns_in_the_yard_are_numbered_in_reading_order() -> None:
    only_first = draw_ludo(board(moved={1: (-1, 5, 5, 5)}))
    only_last = draw_ludo(board(moved={1: (5, 5, 5, -1)}))
    top_left_spot, bottom_right_spot = at(9 + 1.95, 1.95), at(9 + 4.05, 4.05)
    assert close(rgb(only_first, (top_left_spot[0] + 8, top_left_spot[1])), COLOUR_FILL[1])
    assert not close(rgb(only_last, (top_left_spot[0] + 8, top_left_spot[1])), COLOUR_FILL[1])
    assert close(rgb(only_last, (bottom_right_spot[0] + 8, bottom_right_spot[1])), COLOUR_FILL[1])


def test_a_tower_is_drawn_bigger_than_a_pawn() -> None:
    single = draw_ludo(board(moved={1: (5, -1, -1, -1)}))
    tower = draw_ludo(board(moved={1: (5, 5, -1, -1)}))

    x, y = centre_of(*OWN_PATH[5])
    on_the_ring = (x - CELL * 0.41, y)
    assert close(rgb(single, on_the_ring), BOARD)
    assert close(rgb(tower, on_the_ring), COLOUR_FILL[1])


def test_pawns_of_two_colours_on_one_square_are_both_drawn() -> None:
    first = draw_ludo(board(moved={1: (5, -1, -1, -1)}))
    both = draw_ludo(board(moved={1: (5, -1, -1, -1), 4: (18, -1, -1, -1)}))
    assert track_square(1, 5) == track_square(4, 18)
    colours = [colour for _count, colour in cell_colours(both, OWN_PATH[5])]
    assert any(close(colour, COLOUR_FILL[4], tolerance=8) for colour in colours)
    assert any(close(colour, COLOUR_FILL[1], tolerance=8) for colour in colours)
    assert cell_differs(first, both, OWN_PATH[5])


def test_the_last_move_is_framed_and_its_way_dotted() -> None:
    moved = {1: (9, -1, -1, -1)}
    plain = draw_ludo(board(moved=moved))
    marked = draw_ludo(board(moved=moved, last_move=(1, 4, 9)))
    (start_row, start_column), (end_row, end_column) = OWN_PATH[4], (8, 1)
    start_edge = at(start_row + 0.5, start_column + 4 / CELL)
    end_edge = at(end_row + 0.5, end_column + 4 / CELL)
    for edge in (start_edge, end_edge):
        assert close(rgb(marked, edge), INK)
        assert not close(rgb(plain, edge), INK)
    assert close(rgb(marked, centre_of(*OWN_PATH[5])), TRAIL), "the way is dotted"


def test_a_capture_is_pinned_to_the_landing_square() -> None:
    moved = {1: (9, -1, -1, -1)}
    quiet = draw_ludo(board(moved=moved, last_move=(1, 4, 9)))
    capture = draw_ludo(board(moved=moved, last_move=(1, 4, 9), capture=True))
    x, y = centre_of(8, 1)
    badge = (x + CELL * 0.32, y - CELL * 0.32 - CELL * 0.15)
    assert close(rgb(capture, badge), CAPTURE)
    assert not close(rgb(quiet, badge), CAPTURE)


@pytest.mark.parametrize(
    ("face", "middle"), [(1, INK), (2, YARD_INSIDE), (5, INK), (6, YARD_INSIDE)]
)
def test_the_die_shows_its_face_in_the_centre(face: int, middle: Pixel) -> None:
    picture = draw_ludo(board(dice=face))
    assert close(rgb(picture, at(7.5, 7.5)), middle)


def test_seats_not_in_play_or_left_are_pale_and_their_pawns_hidden() -> None:
    picture = draw_ludo(board((1, 2, 3), moved={3: (0, -1, -1, -1)}, left=(3,)))
    for colour, corner in ((3, at(0.4, 14.6)), (4, at(14.6, 14.6))):
        pale = rgb(picture, corner)
        assert not close(pale, COLOUR_FILL[colour], tolerance=60)
        assert sum(pale) > sum(COLOUR_FILL[colour])
    assert close(rgb(picture, at(0.4, 0.4)), COLOUR_FILL[2])
    started = draw_ludo(board((1, 2, 3), moved={3: (0, -1, -1, -1)}))
    assert cell_differs(started, picture, (1, 8))


@pytest.mark.parametrize(
    ("fields", "complaint"),
    [
        ({"colours": (1, 5)}, "Ludo colours are 1..4"),
        ({"colours": (1, 1)}, "distinct colours"),
        ({"pawns": {1: ALL_IN_YARD}}, "exactly the colours in play"),
        ({"pawns": {1: (-1, -1, -1), 3: ALL_IN_YARD}}, "must have 4 pawns"),
        ({"pawns": {1: (57, -1, -1, -1), 3: ALL_IN_YARD}}, "progress 57"),
        ({"last_move": (2, 0, 4)}, "last move's colour 2 is not in play"),
        ({"last_move": (1, 0, -2)}, "the last move's end"),
        ({"dice": 7}, "a die shows 1..6"),
        ({"viewer_colour": 0}, "the viewer's colour"),
        ({"left": (2,)}, "not in play"),
    ],
)
def test_a_wrong_view_says_what_is_wrong(fields: dict[str, object], complaint: str) -> None:
    arguments: dict[str, object] = {"colours": (1, 3), "pawns": {1: ALL_IN_YARD, 3: ALL_IN_YARD}}
    arguments |= fields
    with pytest.raises(ValueError, match=complaint):
        LudoView(**arguments)  # type: ignore[arg-type]


def test_the_red_player_is_drawn_red() -> None:
    red, green, blue = (channel / 255 for channel in COLOUR_FILL[1])
    hue, _, saturation = colorsys.rgb_to_hls(red, green, blue)
    # Red within 10 degrees of the wheel (orange starts near 20), and a strong colour.
    assert hue * 360 < 10 or hue * 360 > 350
    assert saturation > 0.6


def test_every_track_square_shows_its_number_as_the_moves_name_it() -> None:
    """c14 in a move is the square numbered 14 on the picture: ink in each track square's
    top left corner, where its number is, and none there when the numbers are covered."""
    empty = draw_ludo(board((1, 2, 3, 4))).convert("L")
    for index, cell in enumerate(ludo.TRACK):
        x, y = ludo._Viewpoint.of(None).pixel((cell[0] + 0.5, cell[1] + 0.5))
        corner = empty.crop((int(x - ludo.CELL / 2), int(y - ludo.CELL / 2), int(x), int(y)))
        assert darkest(corner) < 120, f"square c{index + 1} shows no number"


def test_a_pawn_leaves_its_squares_number_readable_and_the_yards_carry_no_digit() -> None:
    """Issue 37, item 13: the number of the square a pawn stands on is drawn over the pawn;
    the yards hold no seat digit (their colour names them, as the text board does)."""
    empty = {2: ALL_IN_YARD, 4: ALL_IN_YARD}
    progress = 10
    standing = {2: (progress, -1, -1, -1), 4: ALL_IN_YARD}
    bare = draw_ludo(LudoView((2, 4), empty))
    pawn = draw_ludo(LudoView((2, 4), standing))
    number = track_square(2, progress)  # 0-based: the square written number + 1
    viewpoint = ludo._Viewpoint.of(None)
    [(written, (x, y))] = ludo.covered_numbers(LudoView((2, 4), standing), viewpoint)
    assert written == number + 1

    def glyph(picture: Image.Image) -> set[tuple[int, int]]:
        """The pixels of the number's ink around where it is written."""
        around = [
            (i, j)
            for i in range(round(x) - 8, round(x) + 9)
            for j in range(round(y) - 8, round(y) + 9)
        ]
        return {p for p in around if close(rgb(picture, p), TRACK_NUMBER, 20)}

    written_bare = glyph(bare)
    assert written_bare, "the bare square shows its number"
    assert len(written_bare & glyph(pawn)) >= 0.9 * len(written_bare), "the pawn hides it"
    # A yard's middle is its white inside and the pawns' spots only: no digit in ink.
    yard = bare.crop(
        (
            round(at(2.6, 2.6)[0]),
            round(at(2.6, 2.6)[1]),
            round(at(3.4, 3.4)[0]),
            round(at(3.4, 3.4)[1]),
        )
    )
    inked = [
        colour
        for _, colour in yard.getcolors(maxcolors=10_000) or []
        if isinstance(colour, tuple) and close((colour[0], colour[1], colour[2]), INK, 40)
    ]
    assert inked == []
