"""A Ludo position as one line of text, and that text read back and checked.

`<pawns> <turn> <roll> <sixes> <left>`: each seat's four progresses (-1 yard, 56 home)
comma-separated, seats separated by `/`; the player to move or roll counted from 1; the
pending roll or `-`; the sixes in a row; the players who left or `-`. Example:
`-1,-1,0,5/-1,-1,-1,-1 1 6 1 -`.
"""

from __future__ import annotations

from games.base import BadSnapshot, Seat
from games.ludo.board import (
    FINISH,
    IN_YARD,
    LAST_TRACK,
    PAWNS_PER_COLOUR,
    START,
    TRACK,
    YARD,
    Pawns,
)
from games.ludo.rules import SIXES_THAT_END_THE_TURN, LudoRules
from games.messages import visible
from games.messages import word as message_word

# What a snapshot holds: pawns, turn, pending roll (0: none), sixes in a row, who left.
Fields = tuple[Pawns, Seat, int, int, frozenset[Seat]]


def write_snapshot(pawns: Pawns, turn: Seat, roll: int, sixes: int, left: frozenset[Seat]) -> str:
    seats = "/".join(",".join(str(p) for p in seat_pawns) for seat_pawns in pawns)
    gone = ",".join(str(seat + 1) for seat in sorted(left)) or "-"
    return f"{seats} {turn + 1} {roll or '-'} {sixes} {gone}"


def read_snapshot(text: str, rules: LudoRules) -> Fields:
    """The fields of a snapshot, checked against `rules`; BadSnapshot if they are wrong."""
    fields = text.split()
    if len(fields) != 5:
        raise BadSnapshot(
            key="ludo_snapshot_fields", params={"count": len(fields), "text": visible(text)}
        )
    pawn_text, turn_text, roll_text, sixes_text, left_text = fields
    try:
        pawns = tuple(
            tuple(int(p) for p in seat_text.split(",")) for seat_text in pawn_text.split("/")
        )
        turn = int(turn_text) - 1
        roll = 0 if roll_text == "-" else int(roll_text)
        sixes = int(sixes_text)
        left = (
            frozenset() if left_text == "-" else frozenset(int(s) - 1 for s in left_text.split(","))
        )
    except ValueError as error:
        raise BadSnapshot(key="ludo_snapshot_number", params={"text": visible(text)}) from error
    _check(rules, pawns, turn, roll, sixes, left)
    return pawns, turn, roll, sixes, left


def _check(
    rules: LudoRules, pawns: Pawns, turn: Seat, roll: int, sixes: int, left: frozenset[Seat]
) -> None:
    players = rules.players
    if len(pawns) != players or any(len(seat) != PAWNS_PER_COLOUR for seat in pawns):
        raise BadSnapshot(key="ludo_snapshot_groups", params={"players": players})
    if any(not YARD <= p <= FINISH for seat in pawns for p in seat):
        raise BadSnapshot(key="ludo_snapshot_progress", params={"yard": YARD, "home": FINISH})
    if not 0 <= turn < players or turn in left:
        raise BadSnapshot(key="ludo_snapshot_turn", params={"player": turn + 1})
    if not 0 <= roll <= 6:
        raise BadSnapshot(key="ludo_snapshot_roll", params={"roll": roll})
    if sixes < 0 or (rules.three_sixes and sixes >= SIXES_THAT_END_THE_TURN):
        most = message_word(
            "ludo_snapshot_sixes_three" if rules.three_sixes else "ludo_snapshot_sixes_any"
        )
        raise BadSnapshot(key="ludo_snapshot_sixes", params={"most": most, "sixes": sixes})
    if any(not 0 <= seat < players for seat in left):
        raise BadSnapshot(key="ludo_snapshot_left", params={"players": players})
    if any(pawns[seat] != IN_YARD for seat in left):
        raise BadSnapshot(key="ludo_snapshot_left_pawns")
    _check_squares(rules, pawns)


def _check_squares(rules: LudoRules, pawns: Pawns) -> None:
    """At most two pawns on a track square, and of one colour (a tower)."""
    squares: dict[int, list[Seat]] = {}
    for seat, seat_pawns in enumerate(pawns):
        for p in seat_pawns:
            if START <= p <= LAST_TRACK:
                squares.setdefault(TRACK[rules.colours[seat]][p], []).append(seat)
    for square, owners in squares.items():
        if len(owners) > 2 or len(set(owners)) > 1:
            raise BadSnapshot(
                key="ludo_snapshot_square",
                params={"square": square + 1, "pawns": len(owners), "colours": len(set(owners))},
            )
