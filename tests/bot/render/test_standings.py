"""Standings tables and round-robin crosstables: they draw, and their columns are the ones
the view names (one per opponent, the tie-breaks, the place)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from bot.render._grid import column_widths, grid_size, row_box
from bot.render._tournament_paint import HEADING_BAND, SHADED, sizes_for
from bot.render.standings import (
    RESULTS_JOIN,
    crosstable_grid,
    draw_crosstable,
    render_crosstable,
    render_standings,
    standings_grid,
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
    grid = crosstable_grid(view)
    sizes = sizes_for(count)
    assert decode(render_crosstable(view)).size == grid_size(grid, sizes)
    # number, name, one column per entry, score, three tie-breaks, place
    assert len(grid.columns) == 2 + count + 1 + 3 + 1
    assert [column.heading for column in grid.columns[2 : 2 + count]] == [
        str(number) for number in range(1, count + 1)
    ]
    width, height = grid_size(grid, sizes)
    assert width <= 800 and height <= 800


def test_a_double_round_robin_shows_both_results_in_one_cell() -> None:
    grid = crosstable_grid(crosstable(4, double=True))
    first_row = grid.rows[0]
    assert first_row[2 + 1].text == f"½{RESULTS_JOIN}½"
    assert first_row[2 + 2].text == f"1{RESULTS_JOIN}1"


def test_each_entry_against_itself_is_a_shaded_cell() -> None:
    view = crosstable(4)
    grid = crosstable_grid(view)
    sizes = sizes_for(4)
    picture = draw_crosstable(view)
    widths = column_widths(grid, sizes)
    for row in range(1, 5):
        left, _, _, bottom = row_box(grid, sizes, row)
        own = left + sum(widths[: 2 + row - 1])
        assert picture.getpixel((own + 2, bottom - 3)) == SHADED
        assert picture.getpixel((own + widths[2] + 2, bottom - 3)) != SHADED


def test_result_columns_are_all_as_wide() -> None:
    grid = crosstable_grid(crosstable(7, double=True))
    widths = column_widths(grid, sizes_for(7))
    assert len(set(widths[2:9])) == 1


def test_standings_list_place_entry_score_tie_breaks_and_games(
    decode: Callable[[bytes], Image.Image],
) -> None:
    view = standings(9)
    grid = standings_grid(view)
    headings = [column.heading for column in grid.columns]
    assert headings == ["Pos.", "#", "Jogador", "Pts", "Solkoff", "S-B", "V", "J"]
    assert [cell.text for cell in grid.rows[0]] == ["1.", "1", "Ana 1", "8½", "3", "7", "2", "5"]
    picture = decode(render_standings(view))
    assert picture.size == grid_size(grid, sizes_for(9))
    _, top, right, _ = row_box(grid, sizes_for(9), 0)
    assert picture.getpixel((right - 3, top + 2)) == HEADING_BAND


def test_a_team_is_one_line_with_both_names() -> None:
    row = StandingsRow("1.", EntryView(3, ("Ana", "Bia")), "2")
    view = StandingsView("", TableHeadings("P", "E", "S"), (row,))
    assert standings_grid(view).rows[0][2].text == "Ana / Bia"


def test_a_long_name_is_cut_to_the_name_column() -> None:
    rows = (StandingsRow("1.", EntryView(1, ("Ç" * 300,)), "1"),)
    short = (StandingsRow("1.", EntryView(1, ("Ana",)), "1"),)
    headings = TableHeadings("P", "E", "S")
    long_width = grid_size(standings_grid(StandingsView("", headings, rows)), sizes_for(1))[0]
    short_width = grid_size(standings_grid(StandingsView("", headings, short)), sizes_for(1))[0]
    assert short_width < long_width <= short_width + 14 * sizes_for(1).font
    render_standings(StandingsView("王小明 😀", headings, rows))


def test_tie_breaks_must_match_their_headings() -> None:
    with pytest.raises(ValueError, match="entry 1 has 1 tie-breaks; the headings name 3"):
        StandingsView("", HEADINGS, (StandingsRow("1.", entry(1), "1", ("2",)),))


def test_a_crosstable_row_needs_a_cell_per_entry() -> None:
    row = CrosstableRow(entry(1), ((),), "0", ("0", "0", "0"))
    with pytest.raises(ValueError, match="entry 1 has 1 result cells; a crosstable of 2"):
        CrosstableView("", HEADINGS, (row, row))
