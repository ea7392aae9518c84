"""Which tables a variant's databases hold up to a number of pieces, in the order they are
built, and what the draw rules make of each material.

A material is the pieces of both sides, (kings, men) each, with either side to move: two
tables (one when both sides have the same pieces), one file. Captures lead into materials of
fewer pieces and a crowning into one of as many pieces and fewer men, so the materials are
built by pieces, then by men, fewest first: what a material's moves lead into is built
before it (a man's move that does not crown stays in the material; build.c solves those in
order of the men's advance).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.damas.engine.databases.numbering import MOST_PIECES, TableMaterial
from games.damas.rules import RULES, Material, Rules

# Italian household draughts plays on Italian's databases: the same moves, captures taken as
# compulsory as the search takes them.
TABLES_OF = {"italian-familiar": "italian"}


def table_variant(rules_key: str) -> str:
    """The variant whose databases a rule set plays with."""
    return TABLES_OF.get(rules_key, rules_key)


@dataclass(frozen=True)
class Pair:
    """A material: side a's pieces and side b's (a >= b), with either side to move."""

    a: Material
    b: Material
    # A man's move starts the count that matters again (not so under International's counts
    # against a lone king, which only a capture or a crowning starts again).
    men_reset: bool
    drawn: bool  # a draw at once (Italian: a king against a king, two kings against one)

    @property
    def pieces(self) -> int:
        return sum(self.a) + sum(self.b)

    @property
    def tables(self) -> tuple[TableMaterial, ...]:
        """Its tables: side a to move, then side b to move (when the sides differ)."""
        first = (*self.a, *self.b)
        return (first,) if self.a == self.b else (first, (*self.b, *self.a))

    @property
    def name(self) -> str:
        """`2k1m-1k0m`: the file's name without its suffix."""
        return "-".join(f"{kings}k{men}m" for kings, men in (self.a, self.b))


def counted_by_material(rules: Rules, a: Material, b: Material) -> bool:
    """Whether the count that matters in the material is one of the endgame rule's (a lone
    king against the material of the rule), which no man's move starts again."""
    return any(
        weak == (1, 0) and strong in rules.endgame_moves for strong, weak in ((a, b), (b, a))
    )


def pair(rules: Rules, a: Material, b: Material) -> Pair:
    a, b = max(a, b), min(a, b)
    drawn = tuple(sorted((a, b))) in rules.drawn_material
    return Pair(a, b, not counted_by_material(rules, a, b), drawn)


def sides(pieces: int) -> list[Material]:
    return [(kings, count - kings) for count in range(1, pieces) for kings in range(count + 1)]


def pairs(rules_key: str, pieces: int) -> list[Pair]:
    """Every material of 2 to `pieces` pieces, in the order they are built."""
    if not 2 <= pieces <= MOST_PIECES:
        raise ValueError(f"pieces: 2 to {MOST_PIECES}, not {pieces}")
    rules = RULES[table_variant(rules_key)]
    found = {
        pair(rules, a, b) for a in sides(pieces) for b in sides(pieces) if sum(a) + sum(b) <= pieces
    }
    return sorted(found, key=lambda p: (p.pieces, p.a[1] + p.b[1], p.a, p.b))
