"""Standings tables and round-robin crosstables: they draw, and their columns are the ones
the view names (one per opponent, the tie-breaks, the place)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from bot.render._tournament_paint import HEADING_BAND, SHADED, sizes_for
from bot.render.standings import (
    RESULTS_JOIN,
    crosstable_grid,
    crosstable_layout,
    draw_crosstable,
    render_crosstable,
    render_standings,
    standings_grid,
    standings_layout,
)
from bot.render.tournament_views import (
    CrosstableRow,
    CrosstableView,
    EntryView,
    StandingsRow,
    StandingsView,
    TableHeadings,
)
from tests.bot.render.tournaments import HEADINGS, crosstable, entry, standings


@pytest.mark.parametrize("count", [4, 7])
@pytest.mark.parametrize("double", [False, True])
def test_a_round_robin_crosstable_draws_every_entry_against_every_other(
    count: int, double: bool, decode: Callable[[bytes], Image.Image]
) -> None:
    view = crosstable(count, double)
    layout = crosstable_layout(view)
    grid = layout.grid
    assert decode(render_crosstable(view)).size == layout.size
    # number, name, one column per entry, score, three tie-breaks, place
    assert len(grid.columns) == 2 + count + 1 + 3 + 1
    assert [column.heading for column in grid.columns[2 : 2 + count]] == [
        str(number) for number in range(1, count + 1)
    ]
    width, height = layout.size
    assert width <= 800
    assert height <= 800


def test_a_double_round_robin_shows_both_results_in_one_cell() -> None:
    grid = crosstable_grid(crosstable(4, double=True))
    first_row = grid.rows[0]
    assert first_row[2 + 1].text == f"½{RESULTS_JOIN}½"
    assert first_row[2 + 2].text == f"1{RESULTS_JOIN}1"


def test_each_entry_against_itself_is_a_shaded_cell() -> None:
    view = crosstable(4)
    layout = crosstable_layout(view)
    picture = draw_crosstable(view)
    widths = layout.widths
    for row in range(1, 5):
        left, _, _, bottom = layout.row_box(row)
        own = left + sum(widths[: 2 + row - 1])
        assert picture.getpixel((own + 2, bottom - 3)) == SHADED
        assert picture.getpixel((own + widths[2] + 2, bottom - 3)) != SHADED


def test_result_columns_are_all_as_wide() -> None:
    widths = crosstable_layout(crosstable(7, double=True)).widths
    assert len(set(widths[2:9])) == 1


def test_standings_list_place_entry_score_tie_breaks_and_games(
    decode: Callable[[bytes], Image.Image],
) -> None:
    view = standings(9)
    grid = standings_grid(view)
    headings = [column.heading for column in grid.columns]
    assert headings == ["Pos.", "#", "Jogador", "Pts", "Solkoff", "S-B", "V", "J"]
    assert [cell.text for cell in grid.rows[0]] == ["1.", "1", "Ana 1", "8½", "3", "7", "2", "5"]
    layout = standings_layout(view)
    picture = decode(render_standings(view))
    assert picture.size == layout.size
    _, top, right, _ = layout.row_box(0)
    assert picture.getpixel((right - 3, top + 2)) == HEADING_BAND


def test_a_team_is_one_line_with_both_names() -> None:
    row = StandingsRow("1.", EntryView(3, ("Ana", "Bia")), "2")
    view = StandingsView("", TableHeadings("P", "E", "S"), (row,))
    assert standings_grid(view).rows[0][2].text == "Ana / Bia"


def test_a_long_name_is_cut_to_the_name_column() -> None:
    rows = (StandingsRow("1.", EntryView(1, ("Ç" * 300,)), "1"),)
    short = (StandingsRow("1.", EntryView(1, ("Ana",)), "1"),)
    headings = TableHeadings("P", "E", "S")
    long_width = standings_layout(StandingsView("", headings, rows)).size[0]
    short_width = standings_layout(StandingsView("", headings, short)).size[0]
    assert short_width < long_width <= short_width + 14 * sizes_for(1).font
    render_standings(StandingsView("王小明 😀", headings, rows))


def test_tie_breaks_must_match_their_headings() -> None:
    with pytest.raises(ValueError, match="entry 1 has 1 tie-breaks; the headings name 3"):
        StandingsView("", HEADINGS, (StandingsRow("1.", entry(1), "1", ("2",)),))


def test_a_crosstable_row_needs_a_cell_per_entry() -> None:
    row = CrosstableRow(entry(1), ((),), "0", ("0", "0", "0"))
    with pytest.raises(ValueError, match="entry 1 has 1 result cells; a crosstable of 2"):
        CrosstableView("", HEADINGS, (row, row))
