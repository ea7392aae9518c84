"""Square numbers and their names: (row, column) on the board, "c3" or "22" in notation.

Square numbers are the FEN numbers 1..N, counted row by row from the top left dark square as
seen from White. Row 0 is the top row seen from White, column 0 the left column. Brazilian
squares are also named a1..h8: file letter from White's left, rank from White's side.
"""

from __future__ import annotations

from games.damas.rules import Rules


def row_col(rules: Rules, square: int) -> tuple[int, int]:
    """(row, column) of a square number; row 0 is the top row seen from White."""
    return rules.board.row_col(square)


def square_at(rules: Rules, row: int, col: int) -> int | None:
    """The square number at (row, column), or None for a light square or off the board."""
    return rules.board.square_at(row, col)


def alphanumeric_name(rules: Rules, square: int) -> str:
    """The a1..h8 name of a square number ("c3")."""
    row, col = rules.board.row_col(square)
    return f"{chr(ord('a') + col)}{rules.board_size - row}"


def square_name(rules: Rules, square: int) -> str:
    """How notation writes a square: "c3" in Brazilian, the number elsewhere."""
    return alphanumeric_name(rules, square) if rules.alphanumeric else str(square)


def parse_square(rules: Rules, token: str) -> int | None:
    """The square number a token names (a number, or a1..h8 where the rules use names)."""
    token = token.strip().lower()
    if token.isdigit():
        number = int(token)
        return number if 1 <= number <= rules.board.square_count else None
    if rules.alphanumeric and len(token) >= 2 and token[0].isalpha() and token[1:].isdigit():
        col = ord(token[0]) - ord("a")
        row = rules.board_size - int(token[1:])
        return rules.board.square_at(row, col)
    return None


def describe_squares(rules: Rules) -> str:
    """What squares look like in this variant, for error messages."""
    count = rules.board.square_count
    if rules.alphanumeric:
        size = rules.board_size
        last_file = chr(ord("a") + size - 1)
        return f"squares are dark squares a1..{last_file}{size} or numbers 1..{count}"
    return f"squares are 1..{count}"
