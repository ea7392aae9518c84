"""Ballots: the official lists of openings drawn for a game, and their reader (pure).

A competition draws the opening from its federation's list so that the same few well-known
lines are not played again and again; each ballot is played twice, colours swapped. A list
is a data module beside this one whose docstring cites its source; `BALLOT_LISTS` holds the
lists this project has found published, by variant:

- Brazilian: the IDF Drawing Table 64, basic positions (idf_64_basic.py, 150 ballots), the
  table of draw for 64-square draughts (Russian and Brazilian).
- Italian: none. The FID's list of three-move ballots (its course page "Il sorteggio delle
  aperture") could not be read from a published source here, and is not invented.
- International: none. No published list of two-move ballots was found.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from games.damas.ballots import idf_64_basic
from games.damas.position import Position
from games.damas.rules import BRAZILIAN, Rules

# The word a data line has for a ballot with no moves: the start position ("Free").
FREE = "free"


@dataclass(frozen=True)
class Ballot:
    """One opening of a list: its code there ("3-IV"), its moves in the variant's notation
    (none for a free opening) and the position after them as the source gives it (PDN FEN)."""

    code: str
    moves: tuple[str, ...]
    fen: str


@dataclass(frozen=True)
class BallotList:
    """A federation's list of ballots for one variant, as published."""

    key: str
    title: str
    source: str
    rules: Rules
    ballots: tuple[Ballot, ...]

    def find(self, code: str) -> Ballot | None:
        """The ballot of a code as the list writes it ("3-IV"; case does not matter)."""
        folded = code.strip().upper()
        return next((ballot for ballot in self.ballots if ballot.code.upper() == folded), None)

    def position(self, ballot: Ballot) -> Position:
        """The position a game of this ballot starts from: its moves played from the start.
        Raises the games' GameError for a move that is not legal (a list that is wrong)."""
        position = Position.start(self.rules)
        for notation in ballot.moves:
            position = position.play(position.parse(notation))
        return position


def read_table(text: str) -> tuple[Ballot, ...]:
    """The ballots of a data module's TABLE: a line each, `code move... fen`."""
    ballots = []
    for line in text.strip().splitlines():
        code, *moves, fen = line.split()
        ballots.append(Ballot(code, () if moves == [FREE] else tuple(moves), fen))
    return tuple(ballots)


IDF_64_BASIC = BallotList(
    key="idf-64-basic",
    title="IDF Drawing Table 64, basic positions",
    source="https://idf64.org/tables-of-draw/",
    rules=BRAZILIAN,
    ballots=read_table(idf_64_basic.TABLE),
)

# The list each variant's ballots are drawn from (its key in games.damas.rules.RULES).
BALLOT_LISTS: Mapping[str, BallotList] = MappingProxyType({BRAZILIAN.key: IDF_64_BASIC})
