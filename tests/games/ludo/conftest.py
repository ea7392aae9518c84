"""Ludo fixtures: positions built by hand from square names."""

from collections.abc import Callable, Mapping, Sequence

import pytest

from games.ludo import LudoPosition, LudoRules
from games.ludo.board import PAWNS_PER_COLOUR, YARD, progress_of

Board = Callable[..., LudoPosition]


def build(
    pawns: Mapping[int, Sequence[str]],
    roll: int = 0,
    turn: int = 0,
    sixes: int = 0,
    **options: object,
) -> LudoPosition:
    """A position from each seat's pawn squares (`c5`, `h2`, `home`, `yard`; pawns not named
    stay in the yard), with `roll` pending (0: a roll is due) for seat `turn`."""
    rules = LudoRules.from_options(options)
    seats = []
    for seat, colour in enumerate(rules.colours):
        names = list(pawns.get(seat, ()))
        progresses = []
        for name in names:
            progress = progress_of(colour, name)
            assert progress is not None, f"{name} is not on this colour's way"
            progresses.append(progress)
        seats.append(tuple(progresses) + (YARD,) * (PAWNS_PER_COLOUR - len(names)))
    return LudoPosition(rules, tuple(seats), turn, roll, sixes)


@pytest.fixture
def board() -> Board:
    return build
