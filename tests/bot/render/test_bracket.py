"""Knockout bracket pictures: every field size draws, fits a phone, and shows who won.

The brackets are built by the project's knockout rule (tests/bot/render/tournaments.py), so
the odd fields (3, 5, 13) carry entries that pass a round and meet the winner of table 1.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from bot.render._tournament_paint import CHAMPION_BAND, SMALLEST_FONT, WINNER_BAND
from bot.render.bracket import bracket_layout, draw_bracket, render_bracket
from bot.render.tournament_views import BracketView, EntryView, MatchView, RoundView
from tests.bot.render.pixels import close, rgb
from tests.bot.render.tournaments import PASSES, entry, knockout

# Telegram refuses a photo whose width and height add up to more than this.
TELEGRAM_PHOTO_SIDES = 10_000

# Flat colours drawn without smoothing: a tight tolerance tells the bands apart.
BAND_TOLERANCE = 12


@pytest.mark.parametrize("count", [1, 2, 3, 5, 8, 13, 64])
def test_every_field_draws_a_complete_png_of_the_planned_size(
    count: int, decode: Callable[[bytes], Image.Image]
) -> None:
    view = knockout(count)
    picture = decode(render_bracket(view))
    layout = bracket_layout(view)
    assert picture.size == layout.size
    width, height = picture.size
    assert width + height <= TELEGRAM_PHOTO_SIDES
    assert layout.sizes.font >= SMALLEST_FONT
    for index, round_ in enumerate(view.rounds):
        for table in range(len(round_.matches)):
            left, top, right, bottom = layout.box((index, table))
            assert 0 <= left < right <= width
            assert 0 <= top < bottom <= height


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8])
def test_up_to_eight_entries_fit_a_phone_screen_width(count: int) -> None:
    width, height = bracket_layout(knockout(count)).size
    assert width <= 820
    assert height <= 820


def test_sixty_four_entries_keep_a_readable_font_in_a_taller_picture() -> None:
    layout = bracket_layout(knockout(64))
    width, height = layout.size
    assert layout.sizes.font == SMALLEST_FONT
    assert width <= 1400
    assert height > width


@pytest.mark.parametrize("count", [3, 5, 8, 13, 64])
def test_tables_of_a_round_never_overlap(count: int) -> None:
    view = knockout(count)
    layout = bracket_layout(view)
    for index, round_ in enumerate(view.rounds):
        boxes = sorted(layout.box((index, table)) for table in range(len(round_.matches)))
        tops = sorted(box[1] for box in boxes)
        bottoms = sorted(box[3] for box in boxes)
        assert all(bottom < top for bottom, top in zip(bottoms, tops[1:], strict=False))


def test_three_entries_the_one_who_passed_meets_the_winner_of_table_one() -> None:
    view = knockout(3)
    layout = bracket_layout(view)
    assert view.rounds[0].matches[1].passes == PASSES
    assert layout.feeds[1, 0] == ((0, 0), (0, 1))
    # The final sits level between the two tables that feed it.
    assert layout.centres[1, 0] == (layout.centres[0, 0] + layout.centres[0, 1]) / 2


def test_five_entries_the_passing_entry_is_drawn_beside_the_table_it_meets() -> None:
    # 1v2, 3v4, 5 passes; then W(1v2) v 5 and W(3v4) passes; the lines must not cross, so
    # the entry that passed is drawn between table 1 and table 2 of the first round.
    layout = bracket_layout(knockout(5))
    assert layout.feeds[1, 0] == ((0, 0), (0, 2))
    assert layout.feeds[1, 1] == ((0, 1), None)
    order = sorted(range(3), key=lambda table: layout.centres[0, table])
    assert order == [0, 2, 1]
    # A passing table runs straight on: level with the table it came from.
    assert layout.centres[1, 1] == layout.centres[0, 1]


def test_explicit_feeds_draw_a_bracket_whose_later_rounds_are_not_known_yet() -> None:
    first = RoundView("R1", (MatchView(entry(1), entry(2)), MatchView(entry(3), entry(4))))
    final = RoundView("F", (MatchView(None, None, feeds=(0, 1)),))
    view = BracketView("Copa", (first, final))
    layout = bracket_layout(view)
    assert layout.feeds[1, 0] == ((0, 0), (0, 1))
    assert draw_bracket(view).size == layout.size


def test_a_bracket_drawn_before_anyone_is_placed_is_empty_boxes() -> None:
    first = RoundView("R1", (MatchView(None, None), MatchView(None, None)))
    final = RoundView("F", (MatchView(None, None, feeds=(0, 1)),))
    view = BracketView("Copa", (first, final))
    assert draw_bracket(view).size == bracket_layout(view).size


def test_feeds_naming_a_table_that_does_not_exist_are_refused() -> None:
    first = RoundView("R1", (MatchView(entry(1), entry(2)),))
    final = RoundView("F", (MatchView(None, None, feeds=(0, 3)),))
    with pytest.raises(ValueError, match="fed by table 4 of 'R1', which has 1 tables"):
        BracketView("Copa", (first, final))


def one_match(winner: int | None, white: int | None = None) -> BracketView:
    match = MatchView(entry(1), entry(2), ("1-0",), winner=winner, white=white)
    return BracketView("Copa", (RoundView("F", (match,)),))


def test_the_winners_place_differs_from_the_losers_and_is_tinted() -> None:
    top_won, bottom_won = one_match(winner=1), one_match(winner=2)
    layout = bracket_layout(top_won)
    top_slot, bottom_slot = layout.slot((0, 0), 0), layout.slot((0, 0), 1)
    first, second = draw_bracket(top_won), draw_bracket(bottom_won)
    assert first.crop(top_slot).tobytes() != second.crop(top_slot).tobytes()
    assert first.crop(bottom_slot).tobytes() != second.crop(bottom_slot).tobytes()
    corner = (top_slot[2] - 3, top_slot[3] - 3)
    assert close(rgb(first, corner), WINNER_BAND, BAND_TOLERANCE)
    assert not close(rgb(second, corner), WINNER_BAND, BAND_TOLERANCE)


def disc_centre(view: BracketView, place: int) -> tuple[float, float]:
    layout = bracket_layout(view)
    left, top, _, _ = layout.slot((0, 0), place)
    sizes = layout.sizes
    return left + sizes.pad + round(sizes.font * 0.75) / 2, top + sizes.line / 2


def test_the_coin_toss_winner_has_the_white_disc_and_the_other_the_black() -> None:
    view = one_match(winner=None, white=2)
    picture = draw_bracket(view)
    assert close(rgb(picture, disc_centre(view, 1)), (255, 255, 255), tolerance=20)
    assert close(rgb(picture, disc_centre(view, 0)), (30, 30, 30), tolerance=20)


def test_before_the_coin_toss_no_disc_is_drawn() -> None:
    view = one_match(winner=None)
    picture = draw_bracket(view)
    assert rgb(picture, disc_centre(view, 0)) == rgb(picture, disc_centre(view, 1))


def test_the_champion_gets_a_column_of_its_own() -> None:
    with_champion, without = knockout(4), knockout(4, champion=False)
    layout = bracket_layout(with_champion)
    assert layout.size[0] == bracket_layout(without).size[0] + layout.column_pitch
    _, _, right, bottom = layout.champion_box()
    picture = draw_bracket(with_champion)
    assert close(rgb(picture, (right - 3, bottom - 3)), CHAMPION_BAND, BAND_TOLERANCE)


def test_a_team_of_two_shows_both_names_on_two_lines() -> None:
    single, team = bracket_layout(knockout(4)), bracket_layout(knockout(4, team=True))
    assert team.slot_height == 2 * single.slot_height
    draw_bracket(knockout(4, team=True))


NAMES = [
    "Maria Aparecida dos Santos Gonçalves de Albuquerque e Silva",
    "Ñoño Çağlar Łukasz Ærø Đorđe",
    "João d'Ávila",
    "Niccolò Pietà",
    "王小明",
    "Ана 😀 🎲",
    "",
    "x" * 500,
]


@pytest.mark.parametrize("name", NAMES)
def test_any_name_draws_without_failing(name: str, decode: Callable[[bytes], Image.Image]) -> None:
    match = MatchView(EntryView(1, (name,)), EntryView(2, (name, name)), ("1-0",), winner=1)
    view = BracketView(name, (RoundView(name, (match,)),), EntryView(1, (name,)), name)
    assert decode(render_bracket(view)).size == bracket_layout(view).size


def test_a_long_name_stays_inside_its_box() -> None:
    long = MatchView(EntryView(1, ("W" * 80,)), entry(2))
    view = BracketView("", (RoundView("", (long,)),))
    layout = bracket_layout(view)
    _, top, right, bottom = layout.slot((0, 0), 0)
    beside = draw_bracket(view).crop((right + 1, top, layout.size[0], bottom))
    assert beside.getcolors() is not None
    assert len(beside.getcolors() or ()) == 1
