"""The rule sets: one frozen `Rules` value per variant, the data that the one rules core reads.

Every number of a draw rule is a named constant here. Move counts of draw rules are moves of
each side, as the FMJD counts them: "25 moves" is 25 by White and 25 by Black (50 plies).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from games.damas.board import Board, board
from games.damas.movegen import (
    CapturePriority,
    MoveGenerator,
    italian_priorities,
    majority_law,
    make_generator,
)

# A position seen this many times, same side to move, is a draw.
REPETITION_COUNT = 3
# Successive moves of each side with only kings moving, without capture or man move.
BRAZILIAN_KING_MOVES = 20
INTERNATIONAL_KING_MOVES = 25
# Brazilian: three kings against a lone king, not won within this many moves of each side.
BRAZILIAN_THREE_KINGS_MOVES = 20
# International, against a lone king (the project's rules document, article 6.3 and 6.4).
INTERNATIONAL_ENDGAME_LONG_MOVES = 10  # three kings; two kings and a man; a king and two men
INTERNATIONAL_ENDGAME_SHORT_MOVES = 5  # two kings; a king and a man; a king

# Material of one side: (kings, men).
Material = tuple[int, int]


@dataclass(frozen=True, eq=False)
class Rules:
    """Everything that makes one variant different from another. Compared by identity."""

    key: str
    aliases: tuple[str, ...]
    title: str
    board_size: int
    # Where the dark corner is, seen from each player; numbering follows from it.
    dark_corner_left: bool
    flying_kings: bool
    men_capture_backwards: bool
    men_capture_kings: bool
    compulsory_capture: bool
    # Which capture routes the rules allow among all the complete ones.
    capture_priority: CapturePriority
    # After a move other than the required capture, the opponent may remove a piece.
    huffing: bool
    repetition_draw: bool
    # Draw after this many successive king-only moves of each side; None: no such rule.
    king_moves_limit: int | None
    # The material of the stronger side against a lone king -> moves of each side to a draw.
    endgame_moves: Mapping[Material, int]
    # Material of both sides (sorted) that is a draw at once.
    drawn_material: frozenset[tuple[Material, Material]]
    # Squares written as a1..h8 (True) or as numbers.
    alphanumeric: bool
    pdn_gametype: int
    notation_example: str
    board: Board = field(init=False)
    generator: MoveGenerator = field(init=False)

    def __post_init__(self) -> None:
        # Derived tables; frozen, so they are set once here.
        object.__setattr__(self, "board", board(self.board_size, self.dark_corner_left))
        generator = make_generator(
            self.board,
            flying_kings=self.flying_kings,
            men_capture_backwards=self.men_capture_backwards,
            men_capture_kings=self.men_capture_kings,
            compulsory_capture=self.compulsory_capture,
            capture_priority=self.capture_priority,
        )
        object.__setattr__(self, "generator", generator)

    def __repr__(self) -> str:
        return f"Rules({self.key!r})"


_NO_ENDGAME_RULE: Mapping[Material, int] = MappingProxyType({})

BRAZILIAN = Rules(
    key="brazilian",
    aliases=(
        "brasileira",
        "damas-brasileiras",
        "brazilian-draughts",
        "dama-brasileira",
        "brasiliana",
        "dama-brasiliana",
    ),
    title="Brazilian draughts",
    board_size=8,
    dark_corner_left=True,
    flying_kings=True,
    men_capture_backwards=True,
    men_capture_kings=True,
    compulsory_capture=True,
    capture_priority=majority_law,
    huffing=False,
    repetition_draw=True,
    king_moves_limit=BRAZILIAN_KING_MOVES,
    endgame_moves=MappingProxyType({(3, 0): BRAZILIAN_THREE_KINGS_MOVES}),
    drawn_material=frozenset(),
    alphanumeric=True,
    pdn_gametype=26,
    notation_example="c3-d4 or d4xf6 (or with numbers: 22-18, 18x11)",
)

INTERNATIONAL = Rules(
    key="international",
    aliases=(
        "internacional",
        "internazionale",
        "damas-internacionais",
        "international-draughts",
    ),
    title="International draughts",
    board_size=10,
    dark_corner_left=True,
    flying_kings=True,
    men_capture_backwards=True,
    men_capture_kings=True,
    compulsory_capture=True,
    capture_priority=majority_law,
    huffing=False,
    repetition_draw=True,
    king_moves_limit=INTERNATIONAL_KING_MOVES,
    endgame_moves=MappingProxyType(
        {
            (3, 0): INTERNATIONAL_ENDGAME_LONG_MOVES,
            (2, 1): INTERNATIONAL_ENDGAME_LONG_MOVES,
            (1, 2): INTERNATIONAL_ENDGAME_LONG_MOVES,
            (2, 0): INTERNATIONAL_ENDGAME_SHORT_MOVES,
            (1, 1): INTERNATIONAL_ENDGAME_SHORT_MOVES,
            (1, 0): INTERNATIONAL_ENDGAME_SHORT_MOVES,
        }
    ),
    drawn_material=frozenset(),
    alphanumeric=False,
    pdn_gametype=20,
    notation_example="32-28 or 28x19",
)

_ITALIAN_DRAWN_MATERIAL = frozenset({((1, 0), (1, 0)), ((1, 0), (2, 0))})

ITALIAN = Rules(
    key="italian",
    aliases=("italiana", "dama-italiana", "italian-draughts", "damas-italianas"),
    title="Italian draughts",
    board_size=8,
    dark_corner_left=False,
    flying_kings=False,
    men_capture_backwards=False,
    men_capture_kings=False,
    compulsory_capture=True,
    capture_priority=italian_priorities,
    huffing=False,
    repetition_draw=False,
    king_moves_limit=None,
    endgame_moves=_NO_ENDGAME_RULE,
    drawn_material=_ITALIAN_DRAWN_MATERIAL,
    alphanumeric=False,
    pdn_gametype=22,
    notation_example="21-17 or 22x13",
)

# PDN has no GameType of its own for the household game: it is written as Italian (22).
ITALIAN_FAMILIAR = Rules(
    key="italian-familiar",
    aliases=("familiare", "dama-familiare", "italiana-familiare", "soffio", "familiar"),
    title="Italian household draughts (with the huff)",
    board_size=8,
    dark_corner_left=False,
    flying_kings=False,
    men_capture_backwards=False,
    men_capture_kings=False,
    compulsory_capture=False,
    capture_priority=italian_priorities,
    huffing=True,
    repetition_draw=False,
    king_moves_limit=None,
    endgame_moves=_NO_ENDGAME_RULE,
    drawn_material=_ITALIAN_DRAWN_MATERIAL,
    alphanumeric=False,
    pdn_gametype=22,
    notation_example="21-17 or 22x13; huff with: soffio 22",
)

RULES: Mapping[str, Rules] = MappingProxyType(
    {rules.key: rules for rules in (BRAZILIAN, INTERNATIONAL, ITALIAN, ITALIAN_FAMILIAR)}
)
