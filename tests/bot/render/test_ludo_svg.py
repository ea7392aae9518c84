"""The Ludo board of the web pages (issue 28) shows what the PNG picture shows, drawn from
the same view and ludo.py's geometry: the track with the coloured start squares (starred:
safe) and home columns, the yards, the pawns in their colours' shapes with their numbers (a
tower as one ringed pawn "2+3"), the last move, a capture and the die's pips."""

from __future__ import annotations

import re

from bot.render import ludo
from bot.render.svg import ludo_svg
from bot.render.views import LudoView

VIEW = LudoView(
    colours=(1, 2, 3),
    pawns={1: (-1, 5, 5, 56), 2: (10, -1, 53, -1), 3: (20, 0, -1, 56)},
    last_move=(2, 4, 10),
    viewer_colour=1,
    dice=5,
    capture=True,
)


def rgb(colour: tuple[int, int, int]) -> str:
    return "rgb({},{},{})".format(*colour)


def test_the_board_has_its_yards_track_safe_start_squares_and_home_columns() -> None:
    drawn = ludo_svg(VIEW)
    assert drawn.count('class="yard"') == 4
    assert drawn.count('class="start"') == 4
    assert drawn.count('class="safe"') == 4  # a star on each start square
    assert drawn.count('class="home"') == 4 * 5
    for colour in VIEW.colours:
        assert drawn.count(rgb(ludo.COLOUR_FILL[colour])) >= 1 + 1 + 5
    # Colour 4 is not played: its yard and column are pale, as in the picture.
    assert rgb(ludo.COLOUR_FILL[4]) not in drawn
    assert rgb(ludo._pale(ludo.COLOUR_FILL[4])) in drawn
    for number in (1, 13, 52):
        assert f">{number}</text>" in drawn


def test_the_pawns_are_where_the_picture_puts_them_with_their_numbers() -> None:
    drawn = ludo_svg(VIEW)
    pawns = re.findall(
        r'<g class="pawn" data-colour="(\d)" data-pawn="(\d)" data-pawns="([\d+]+)"', drawn
    )
    spots = ludo.pawn_spots(VIEW, ludo._Viewpoint.of(VIEW.viewer_colour))
    assert sorted(pawns) == sorted(
        (str(spot.colour), str(spot.numbers[0]), spot.label) for spot in spots
    )
    assert ("1", "2", "2+3") in pawns  # Red's tower on one square
    assert len(pawns) == 3 * 4 - 1  # every pawn of the three colours, the tower once
    # Each colour's own shape: Green square pawns, Yellow diamonds.
    green = drawn.split('data-colour="2"')[1]
    assert green.split("</g>")[0].count("<rect") == 1
    yellow = drawn.split('data-colour="3"')[1]
    assert yellow.split("</g>")[0].count("<polygon") == 1


def test_the_die_shows_its_pips_and_the_last_move_its_way() -> None:
    drawn = ludo_svg(VIEW)
    die = drawn.split('class="die"')[1].split("</g>")[0]
    assert 'data-value="5"' in drawn
    assert die.count("<circle") == 5
    assert drawn.count('class="last"') == 1
    assert drawn.count(f'fill="{rgb(ludo.TRAIL)}"') == 10 - 4 - 1
    assert drawn.count('class="capture"') == 1
    assert 'class="die"' not in ludo_svg(
        LudoView(colours=(1, 3), pawns={1: (-1,) * 4, 3: (-1,) * 4})
    )
