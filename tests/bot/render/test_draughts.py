"""Draughts pictures and text boards: every kind renders, and the board faces the right way.

Pixel tests place pieces by the square numbers the games use and look for them where the
rules' own anchors say they stand (square 29 is a1 on the Brazilian board, White's bottom
left), so a board drawn upside down, mirrored or numbered the wrong way fails here.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from bot.render import BLACK, WHITE, Colour, DraughtsView, draughts, draughts_text, render_draughts
from bot.render.draughts import (
    CELL_SIZE,
    CROWN,
    DARK,
    FILES,
    HIGHLIGHT_RING,
    LAST_MOVE_DARK,
    LAST_MOVE_LINE,
    MARGIN,
    draw_draughts,
    image_size,
    square_cell,
    square_name,
)
from bot.render.views import DraughtsLabels
from tests.bot.render.pixels import close, level, rgb

BOARDS = [(8, True), (8, False), (10, True)]  # brazilian, italian, international

# (size, dark corner on the left, square, its name): the numbering the games use.
ANCHORS = [
    (8, True, 1, "b8"),
    (8, True, 4, "h8"),
    (8, True, 29, "a1"),
    (8, True, 32, "g1"),
    (8, False, 1, "a8"),
    (8, False, 4, "g8"),
    (8, False, 29, "b1"),
    (8, False, 32, "h1"),
    (10, True, 1, "b10"),
    (10, True, 5, "j10"),
    (10, True, 46, "a1"),
    (10, True, 50, "i1"),
]


def on_screen(
    size: int, row: int, column: int, across: float = 0.5, down: float = 0.5
) -> tuple[float, float]:
    """A point of the square at (row, column) as the viewer sees the board, (0, 0) top left."""
    cell = CELL_SIZE[size]
    return MARGIN + (column + across) * cell, MARGIN + (row + down) * cell


def seen_by(size: int, viewer: Colour, name: str) -> tuple[int, int]:
    """Where the viewer sees the square called `name`: White has a1 at the bottom left."""
    file, rank = FILES.index(name[0]), int(name[1:])
    if viewer is WHITE:
        return size - rank, file
    return rank - 1, size - 1 - file


def view(size: int, corner_left: bool, **fields: object) -> DraughtsView:
    return DraughtsView(size, corner_left, **fields)  # type: ignore[arg-type]


def start_position(size: int) -> dict[int, tuple[Colour, bool]]:
    rows_of_men = size // 2 - 1
    per_side = rows_of_men * size // 2
    count = size * size // 2
    black = dict.fromkeys(range(1, per_side + 1), (BLACK, False))
    white = dict.fromkeys(range(count - per_side + 1, count + 1), (WHITE, False))
    return black | white


@pytest.mark.parametrize(("size", "corner_left"), BOARDS)
@pytest.mark.parametrize("viewer", [WHITE, BLACK])
@pytest.mark.parametrize("labels", ["numeric", "alphanumeric", "both"])
def test_every_board_renders_a_png_of_its_size(
    decode: Callable[[bytes], Image.Image],
    size: int,
    corner_left: bool,
    viewer: Colour,
    labels: DraughtsLabels,
) -> None:
    board = view(
        size,
        corner_left,
        pieces=start_position(size) | {size // 2 + 1: (BLACK, True)},
        labels=labels,
        viewer=viewer,
        last_move=(size * size // 2 - 3, size * size // 2 - 3 - size // 2),
        captured=(size,),
        highlight=(1, 2),
    )
    picture = decode(render_draughts(board))
    assert picture.size == (image_size(size), image_size(size))
    assert 560 <= picture.width <= 720


@pytest.mark.parametrize(("size", "corner_left", "square", "name"), ANCHORS)
def test_square_names_follow_the_games_numbering(
    size: int, corner_left: bool, square: int, name: str
) -> None:
    assert square_name(size, corner_left, square) == name


@pytest.mark.parametrize(("size", "corner_left", "square", "name"), ANCHORS)
@pytest.mark.parametrize("viewer", [WHITE, BLACK])
def test_a_piece_appears_where_its_square_is_seen_from_each_side(
    size: int, corner_left: bool, square: int, name: str, viewer: Colour
) -> None:
    row, column = seen_by(size, viewer, name)
    empty = draw_draughts(view(size, corner_left, pieces={}, viewer=viewer))
    white = draw_draughts(view(size, corner_left, pieces={square: (WHITE, False)}, viewer=viewer))
    black = draw_draughts(view(size, corner_left, pieces={square: (BLACK, False)}, viewer=viewer))
    centre = on_screen(size, row, column)
    assert close(rgb(empty, centre), DARK)
    assert sum(rgb(white, centre)) > 650, "a white man should be drawn here"
    assert sum(rgb(black, centre)) < 200, "a black man should be drawn here"


@pytest.mark.parametrize(("size", "corner_left"), BOARDS)
@pytest.mark.parametrize("viewer", [WHITE, BLACK])
def test_the_dark_corner_is_on_the_viewers_left_except_in_italian(
    size: int, corner_left: bool, viewer: Colour
) -> None:
    empty = draw_draughts(view(size, corner_left, pieces={}, viewer=viewer))
    bottom_left = rgb(empty, on_screen(size, size - 1, 0))
    bottom_right = rgb(empty, on_screen(size, size - 1, size - 1))
    dark_square, light_square = (
        (bottom_left, bottom_right) if corner_left else (bottom_right, bottom_left)
    )
    assert close(dark_square, DARK)
    assert sum(light_square) > sum(DARK) + 150


@pytest.mark.parametrize(("size", "corner_left"), BOARDS)
def test_every_square_number_is_a_distinct_dark_square(size: int, corner_left: bool) -> None:
    empty = draw_draughts(view(size, corner_left, pieces={}))
    count = size * size // 2
    cells = {square_cell(size, corner_left, square) for square in range(1, count + 1)}
    assert len(cells) == count
    for row, column in cells:
        assert close(rgb(empty, on_screen(size, row, column)), DARK), (row, column)


@pytest.mark.parametrize("colour", [WHITE, BLACK])
def test_a_king_wears_a_crown_a_man_does_not(colour: Colour) -> None:
    man = draw_draughts(view(8, True, pieces={18: (colour, False)}))
    king = draw_draughts(view(8, True, pieces={18: (colour, True)}))
    row, column = square_cell(8, True, 18)
    crown_middle = on_screen(8, row, column, down=0.55)
    assert close(rgb(king, crown_middle), CROWN, tolerance=40)
    assert not close(rgb(man, crown_middle), CROWN, tolerance=80)


def test_the_last_move_is_marked_from_start_to_end() -> None:
    pieces = {18: (WHITE, False)}
    before = draw_draughts(view(8, True, pieces=pieces))
    after = draw_draughts(view(8, True, pieces=pieces, last_move=(22, 18)))
    start, end = square_cell(8, True, 22), square_cell(8, True, 18)
    for row, column in (start, end):
        corner = on_screen(8, row, column, across=0.9, down=0.9)
        assert close(rgb(after, corner), LAST_MOVE_DARK)
        assert close(rgb(before, corner), DARK)
    assert close(rgb(after, on_screen(8, *start)), LAST_MOVE_LINE), "a dot where the move began"


def test_captured_pieces_leave_a_faint_mark() -> None:
    plain = draw_draughts(view(8, True, pieces={}, last_move=(22, 13), captured=(18,)))
    row, column = square_cell(8, True, 18)
    mark = rgb(plain, on_screen(8, row, column))
    assert sum(mark) < sum(DARK) - 60, "the crossed ring should darken the square's middle"


def test_highlighted_squares_get_a_ring() -> None:
    board = draw_draughts(view(8, True, pieces={21: (WHITE, False)}, highlight=(21,)))
    row, column = square_cell(8, True, 21)
    assert close(rgb(board, on_screen(8, row, column, down=0.085)), HIGHLIGHT_RING)


def test_pieces_do_not_hide_square_numbers() -> None:
    numbered = draw_draughts(view(10, True, pieces=start_position(10), labels="numeric"))
    plain = draw_draughts(view(10, True, pieces=start_position(10), labels="alphanumeric"))
    row, column = square_cell(10, True, 1)
    cell = CELL_SIZE[10]
    left, top = on_screen(10, row, column, across=0.0, down=0.0)
    corner = (round(left), round(top), round(left + cell * 0.3), round(top + cell * 0.25))
    assert numbered.crop(corner).tobytes() != plain.crop(corner).tobytes()


@pytest.mark.parametrize(("labels", "framed"), [("numeric", False), ("alphanumeric", True)])
def test_coordinates_are_written_in_the_frame_when_asked(
    labels: DraughtsLabels, framed: bool
) -> None:
    board = draw_draughts(view(8, True, pieces={}, labels=labels))
    side = image_size(8)
    under_first_file = board.crop((MARGIN, side - MARGIN + 2, MARGIN + CELL_SIZE[8], side - 2))
    histogram = under_first_file.convert("L").histogram()
    brightest = max(level for level, count in enumerate(histogram) if count)
    assert (brightest > 170) is framed


def test_text_board_from_white_with_coordinates() -> None:
    board = view(
        8,
        True,
        pieces={29: (WHITE, False), 4: (BLACK, True), 18: (WHITE, True), 14: (BLACK, False)},
        labels="alphanumeric",
        last_move=(22, 18),
    )
    assert draughts_text(board) == "\n".join(
        [
            " 8   .   .   .   X       1   2   3   4",
            " 7 .   .   .   .       5   6   7   8",
            " 6   .   .   .   .       9  10  11  12",
            " 5 .   x   .   .      13  14  15  16",
            " 4   .   O   .   .      17  18  19  20",
            " 3 .   .   .   .      21  22  23  24",
            " 2   .   .   .   .      25  26  27  28",
            " 1 o   .   .   .      29  30  31  32",
            "   a b c d e f g h",
        ]
    )


def test_text_board_from_black_is_turned_round() -> None:
    board = view(8, False, pieces={29: (WHITE, False), 4: (BLACK, False)}, viewer=BLACK)
    assert draughts_text(board).splitlines() == [
        " .   .   .   o      32  31  30  29",
        "   .   .   .   .      28  27  26  25",
        " .   .   .   .      24  23  22  21",
        "   .   .   .   .      20  19  18  17",
        " .   .   .   .      16  15  14  13",
        "   .   .   .   .      12  11  10   9",
        " .   .   .   .       8   7   6   5",
        "   x   .   .   .       4   3   2   1",
    ]


@pytest.mark.parametrize(
    ("fields", "complaint"),
    [
        ({"size": 9}, "8 or 10 squares wide"),
        ({"pieces": {33: (WHITE, False)}}, "squares 1..32"),
        ({"pieces": {5: ("white", False)}}, "WHITE or BLACK"),
        ({"last_move": (22,)}, "from one square to another"),
        ({"captured": (0,)}, "a capture on square 0"),
        ({"labels": "roman"}, "labels must be one of"),
        ({"viewer": "white"}, "viewer must be WHITE or BLACK"),
    ],
)
def test_a_wrong_view_says_what_is_wrong(fields: dict[str, object], complaint: str) -> None:
    arguments: dict[str, object] = {"size": 8, "dark_corner_left": True, "pieces": {}} | fields
    with pytest.raises(ValueError, match=complaint):
        DraughtsView(**arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [8, 10])
def test_square_numbers_do_not_overlap_pieces(size: int) -> None:
    kind = draughts._BoardKind(size, True, "numeric", WHITE)
    numbers = draughts._square_numbers(kind)
    cell = CELL_SIZE[size]
    body = draughts._piece_sprite(cell, BLACK, True, draughts.NUMBERED_PIECE_DIAMETER)
    body_pixels = {
        (x, y) for y in range(cell) for x in range(cell) if body.getchannel("A").getpixel((x, y))
    }
    for square in range(1, size * size // 2 + 1):
        glyphs = numbers.crop(kind.square_box(square)).getchannel("A")
        shared = [pixel for pixel in body_pixels if level(glyphs, pixel) > 0]
        assert shared == [], f"square {square}: number and piece share {len(shared)} pixels"
