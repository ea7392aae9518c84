"""Square numbering and names of every variant: FEN numbers, (row, column), a1..h8."""

import pytest

from games.damas import RULES, parse_square, row_col, square_at, square_name


@pytest.mark.parametrize(
    ("key", "square", "expected"),
    [
        # Brazilian and international: the dark corner on the player's left.
        ("brazilian", 1, (0, 1)),
        ("brazilian", 4, (0, 7)),
        ("brazilian", 29, (7, 0)),
        ("brazilian", 32, (7, 6)),
        ("international", 1, (0, 1)),
        ("international", 46, (9, 0)),
        ("international", 50, (9, 8)),
        # Italian: the dark corner on the player's right, square 1 on a8.
        ("italian", 1, (0, 0)),
        ("italian", 4, (0, 6)),
        ("italian", 29, (7, 1)),
        ("italian", 32, (7, 7)),
    ],
)
def test_row_col_of_the_corner_squares(key: str, square: int, expected: tuple[int, int]) -> None:
    assert row_col(RULES[key], square) == expected


@pytest.mark.parametrize("key", sorted(RULES))
def test_square_at_inverts_row_col_on_every_dark_square(key: str) -> None:
    rules = RULES[key]
    squares = range(1, rules.board.square_count + 1)
    assert [square_at(rules, *row_col(rules, s)) for s in squares] == list(squares)
    # Every light square and every square off the board has no number.
    dark = {row_col(rules, s) for s in squares}
    size = rules.board_size
    light = [(r, c) for r in range(-1, size + 1) for c in range(-1, size + 1) if (r, c) not in dark]
    assert all(square_at(rules, r, c) is None for r, c in light)


def test_brazilian_names_a1_on_whites_bottom_left() -> None:
    rules = RULES["brazilian"]
    assert square_name(rules, 29) == "a1"
    assert square_name(rules, 22) == "c3"
    assert square_name(rules, 4) == "h8"
    assert parse_square(rules, "C3") == 22
    assert parse_square(rules, "22") == 22
    assert parse_square(rules, "b1") is None  # a light square


def test_numeric_variants_name_squares_by_number_only() -> None:
    rules = RULES["international"]
    assert square_name(rules, 46) == "46"
    assert parse_square(rules, "046") == 46
    assert parse_square(rules, "51") is None
    assert parse_square(rules, "0") is None
    assert parse_square(RULES["italian"], "c3") is None


def test_row_col_rejects_a_square_off_the_board() -> None:
    with pytest.raises(ValueError, match=r"squares are 1\.\.50"):
        row_col(RULES["international"], 51)


@pytest.mark.parametrize("token", ["¹", "2²", "c³", "1⁰"])
def test_superscript_digits_name_no_square(token: str) -> None:
    """ "²".isdigit() holds but int("²") fails: such a token is no square, not an error."""
    for key in ("brazilian", "international"):
        assert parse_square(RULES[key], token) is None
