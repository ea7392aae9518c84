"""Square numbers and their names: (row, column) on the board, "c3" or "22" in notation.

Square numbers are the FEN numbers 1..N, counted row by row from the top left dark square as
seen from White. Row 0 is the top row seen from White, column 0 the left column. Brazilian
squares are also named a1..h8: file letter from White's left, rank from White's side.
"""

from __future__ import annotations

from games.damas.rules import Rules
from games.messages import Message


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
    if token.isdecimal():
        number = int(token)
        return number if 1 <= number <= rules.board.square_count else None
    if _is_named(rules, token):
        col = ord(token[0]) - ord("a")
        row = rules.board_size - int(token[1:])
        return rules.board.square_at(row, col)
    return None


def _is_named(rules: Rules, token: str) -> bool:
    """Whether a token has the shape of a square's name (a letter, then digits) where the
    rules name squares. isdecimal, not isdigit: "²" is a digit that int() does not read."""
    return rules.alphanumeric and len(token) >= 2 and token[0].isalpha() and token[1:].isdecimal()


def is_light_square(rules: Rules, token: str) -> bool:
    """Whether a token names a light square of the board (`a2` in Brazilian)."""
    token = token.strip().lower()
    if not _is_named(rules, token):
        return False
    col, row = ord(token[0]) - ord("a"), rules.board_size - int(token[1:])
    size = rules.board_size
    return 0 <= col < size and 0 <= row < size and rules.board.square_at(row, col) is None


def describe_squares(rules: Rules) -> Message:
    """What squares look like in this variant, for error messages."""
    count = rules.board.square_count
    if rules.alphanumeric:
        last = f"{chr(ord('a') + rules.board_size - 1)}{rules.board_size}"
        return Message("squares_named", {"last": last, "count": count})
    return Message("squares_numbered", {"count": count})
