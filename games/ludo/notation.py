"""How Ludo moves are written and read: `roll 6`, `leave 2`, `p2 c14-c20`, `p1+p3 c14xc20`."""

from __future__ import annotations

import re

from games.base import BadNotation
from games.ludo.board import Pawns, is_square_name, progress_of, square_name
from games.ludo.moves import Leave, LudoMove, Roll, Step
from games.messages import visible

_PAWN = re.compile(r"p?([1-4])")


def move_notation(move: LudoMove, pawns: Pawns, colours: tuple[int, ...]) -> str:
    """`roll 6`, `leave 2` (players counted from 1), `p2 c14-c20` (pawn 2 from square c14
    to c20), `p2 yard-c14`, `p3 c40xc46` (a capture), `p1+p3 c14xc20` (a tower takes a
    tower), `p4 c50-h2`, `p4 h5-home`."""
    if isinstance(move, Roll):
        return f"roll {move.value}"
    if isinstance(move, Leave):
        return f"leave {move.seat + 1}"
    colour = colours[move.seat]
    if move.tower:
        group = [i for i, p in enumerate(pawns[move.seat]) if p == move.start]
        names = "+".join(f"p{pawn + 1}" for pawn in group)
    else:
        names = f"p{move.pawn + 1}"
    way = "x" if move.capture else "-"
    return f"{names} {square_name(colour, move.start)}{way}{square_name(colour, move.end)}"


def describes(words: list[str], move: Step, pawns: Pawns, colours: tuple[int, ...]) -> bool:
    """Whether every word describes `move`: its pawns, its start square, or its way."""
    seat_pawns = pawns[move.seat]
    colour = colours[move.seat]
    for word in words:
        group = word.split("+")
        if all(_PAWN.fullmatch(part) for part in group):
            chosen = {int(part.lstrip("p")) - 1 for part in group}
            if len(group) == 2 and (len(chosen) != 2 or not move.tower):
                return False
            if any(seat_pawns[pawn] != move.start for pawn in chosen):
                return False
            continue
        way = re.fullmatch(r"(\w+)[-x](\w+)", word)
        squares = [way[1], way[2]] if way else [word]
        if not all(is_square_name(square) for square in squares):
            raise BadNotation(key="ludo_not_a_word", params={"text": visible(word)})
        progresses = [progress_of(colour, square) for square in squares]
        if progresses != [move.start, move.end][: len(progresses)]:
            return False
    return True
