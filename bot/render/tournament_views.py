"""What a tournament picture shows: frozen values the service fills from its own records.

Every word on a picture (the title, round names, "passes", "forfeit", column headings)
arrives here already translated into the reader's language: the renderers add digits and
symbols only. The views check themselves, so that a bad view fails here with a clear
message instead of drawing a wrong bracket.
"""

from __future__ import annotations

from dataclasses import dataclass

TEAM_SIZES = (1, 2)


@dataclass(frozen=True)
class EntryView:
    """One entry of a tournament: its drawn number and its player's name, or a team's two."""

    number: int
    names: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.names) not in TEAM_SIZES:
            raise ValueError(
                f"entry {self.number} has {len(self.names)} names; an entry is one player "
                "or a team of two"
            )


@dataclass(frozen=True)
class MatchView:
    """One table of a knockout round: two entries, the games between them, who went through.

    An entry not known yet (its match is still being played) is None. An entry with no
    opponent stands on top, with `bottom` None and `passes` the word to show in the empty
    place ("passes", "bye").
    """

    top: EntryView | None
    bottom: EntryView | None
    games: tuple[str, ...] = ()
    """each game's result as shown, in order: "1-0", "½-½", a translated "forfeit" """
    winner: int | None = None
    """the number of the entry that won the match or passes through"""
    white: int | None = None
    """the number of the entry that won the coin toss and had White in the first game"""
    passes: str = ""
    feeds: tuple[int | None, int | None] | None = None
    """the tables (0-based) of the previous round whose winners fill top and bottom; by
    default found from the entries' numbers"""

    @property
    def entries(self) -> tuple[EntryView, ...]:
        return tuple(entry for entry in (self.top, self.bottom) if entry is not None)

    def __post_init__(self) -> None:
        numbers = [entry.number for entry in self.entries]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"entry {numbers[0]} cannot play itself")
        for role, number in (("winner", self.winner), ("white", self.white)):
            if number is not None and number not in numbers:
                raise ValueError(f"the {role} {number} does not play at this table {numbers}")
        if self.passes and self.bottom is not None:
            raise ValueError("only an entry without an opponent passes through")


@dataclass(frozen=True)
class RoundView:
    """A knockout round: its name ("Round 1", "Semi-final", "Final") and its tables in order."""

    title: str
    matches: tuple[MatchView, ...]

    def __post_init__(self) -> None:
        if not self.matches:
            raise ValueError(f"the round {self.title!r} has no tables")


@dataclass(frozen=True)
class BracketView:
    """A knockout tournament: its rounds in order, and the champion once there is one."""

    title: str
    rounds: tuple[RoundView, ...]
    champion: EntryView | None = None
    champion_title: str = ""

    def __post_init__(self) -> None:
        if not self.rounds:
            raise ValueError("a bracket needs at least one round")
        for earlier, later in zip(self.rounds, self.rounds[1:], strict=False):
            for table, match in enumerate(later.matches):
                for feed in match.feeds or ():
                    if feed is not None and not 0 <= feed < len(earlier.matches):
                        raise ValueError(
                            f"table {table + 1} of {later.title!r} is fed by table {feed + 1} "
                            f"of {earlier.title!r}, which has {len(earlier.matches)} tables"
                        )


@dataclass(frozen=True)
class TableHeadings:
    """The column headings of a standings table or a crosstable, translated."""

    place: str
    entry: str
    score: str
    tie_breaks: tuple[str, ...] = ()
    games: str = ""
    """shown only in a standings table"""


@dataclass(frozen=True)
class StandingsRow:
    """One line of a standings table; numbers come formatted ("2½", "11.5")."""

    place: str
    entry: EntryView
    score: str
    tie_breaks: tuple[str, ...] = ()
    games: str = ""


@dataclass(frozen=True)
class StandingsView:
    """A standings table (Swiss and others), rows in the order of the places."""

    title: str
    headings: TableHeadings
    rows: tuple[StandingsRow, ...]

    def __post_init__(self) -> None:
        _check_tie_breaks(self.headings, [(row.entry, row.tie_breaks) for row in self.rows])


@dataclass(frozen=True)
class CrosstableRow:
    """One entry's line of a crosstable.

    `results[i]` are its results against the i-th entry of the table ("1", "½", "0"; two
    for a double round robin; none where they have not played yet or against itself).
    """

    entry: EntryView
    results: tuple[tuple[str, ...], ...]
    score: str
    tie_breaks: tuple[str, ...] = ()
    place: str = ""


@dataclass(frozen=True)
class CrosstableView:
    """A round robin's crosstable: every entry against every other, totals, tie-breaks."""

    title: str
    headings: TableHeadings
    rows: tuple[CrosstableRow, ...]

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row.results) != len(self.rows):
                raise ValueError(
                    f"entry {row.entry.number} has {len(row.results)} result cells; a "
                    f"crosstable of {len(self.rows)} entries needs {len(self.rows)}"
                )
        _check_tie_breaks(self.headings, [(row.entry, row.tie_breaks) for row in self.rows])


def _check_tie_breaks(
    headings: TableHeadings, rows: list[tuple[EntryView, tuple[str, ...]]]
) -> None:
    for entry, tie_breaks in rows:
        if len(tie_breaks) != len(headings.tie_breaks):
            raise ValueError(
                f"entry {entry.number} has {len(tie_breaks)} tie-breaks; the headings name "
                f"{len(headings.tie_breaks)}"
            )
