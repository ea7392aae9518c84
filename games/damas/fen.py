"""Reading a PDN FEN (`W:W31,32,K45:B1-3,K7`) into the generator's bitboards.

Read leniently: ranges (`K31-50`), a trailing `.`, spaces, lower case, Brazilian square
names (`Wc3,Kd4`). Refused with a keyed BadSnapshot: a square listed twice, a text that is
not a square (a light square named as such), a man on its own crowning row.
"""

from __future__ import annotations

from games.base import BadSnapshot
from games.damas.messages import COLOURS
from games.damas.rules import Rules
from games.damas.squares import describe_squares, is_light_square, parse_square, square_name
from games.messages import visible


def read_fen(rules: Rules, fen: str) -> tuple[int, int, int, int]:
    """(white, black, kings, colour to move: 0 White, 1 Black) of a FEN, as bitboards of
    `rules.board`."""
    text = "".join(fen.split()).rstrip(".")
    shown = visible(fen)
    fields = text.split(":")
    side = fields[0].upper()
    if side not in ("W", "B"):
        raise BadSnapshot(key="fen_side", params={"text": shown})
    squares: list[dict[int, bool]] = [{}, {}]
    for part in fields[1:]:
        if not part:
            continue
        colour = "WB".find(part[0].upper())
        if colour < 0:
            raise BadSnapshot(key="fen_field", params={"text": shown, "field": visible(part)})
        for item in part[1:].split(","):
            for square, king in _fen_items(rules, shown, item):
                if square in squares[0] or square in squares[1]:
                    raise BadSnapshot(
                        key="fen_square_twice", params={"text": shown, "square": square}
                    )
                squares[colour][square] = king

    board = rules.board
    white = board.bits_of(squares[0])
    black = board.bits_of(squares[1])
    kings = board.bits_of(s for side_squares in squares for s, k in side_squares.items() if k)
    for colour, bits in enumerate((white, black)):
        crowned_men = bits & ~kings & board.promotion_rows[colour]
        if crowned_men:
            where = ", ".join(square_name(rules, s) for s in board.squares_of(crowned_men))
            raise BadSnapshot(
                key="fen_crowned_man",
                params={"text": shown, "colour": COLOURS[colour], "squares": where},
            )
    return white, black, kings, "WB".index(side)


def _fen_items(rules: Rules, shown: str, item: str) -> list[tuple[int, bool]]:
    """The (square, is_king) of one comma-separated FEN item: `31`, `K45`, `c3`, `K31-50`."""
    if not item:
        return []
    king = item[0] in "Kk"
    body = item[1:] if king else item
    first, dash, last = body.partition("-")
    start = parse_square(rules, first)
    end = parse_square(rules, last) if dash else start
    if start is None or end is None or end < start:
        params = {"text": shown, "item": visible(item), "where": describe_squares(rules)}
        light = is_light_square(rules, first) or (dash and is_light_square(rules, last))
        raise BadSnapshot(key="fen_light_square" if light else "fen_bad_item", params=params)
    return [(square, king) for square in range(start, end + 1)]
