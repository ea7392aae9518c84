"""The seam between the two searches: the compiled core (_core.c, built by `pip install` where
a C compiler exists) when it imported, else the pure-Python search.py, which stays the
reference: both return the same result from the same tables.

The core derives no rule of its own: `_spec` hands it the board's rays, the rule set's
switches and draw rules, the evaluation's tables and the Zobrist keys, all read from the
Python objects that define them. The core checks every value of the spec and of each call
against what it holds (core/read.c): what it cannot hold is a ValueError, never a crash.
"""

from __future__ import annotations

from functools import cache, partial
from typing import Any, TypeAlias

from games.damas.engine.databases.loaded import loaded
from games.damas.engine.databases.numbering import numbering
from games.damas.engine.databases.tables import Tables
from games.damas.engine.evaluate import Evaluate, Weights, make_evaluator, tables, weights_for
from games.damas.engine.lone_king import MOST_KINGS, lone_king_table
from games.damas.engine.search import (
    DRAW,
    NEVER,
    OutOfTime,
    Search,
    endgame_pieces,
    solved_score,
)
from games.damas.engine.table import Kept, kept, tables_for
from games.damas.engine.zobrist import Keys, make_keys
from games.damas.movegen import italian_priorities, majority_law, men_capture_directions
from games.damas.position import Position
from games.damas.rules import RULES, Rules

try:
    from games.damas.engine._core import Core, CoreEndgame, CoreSearch, CoreTable

    COMPILED = True
except ImportError:  # no C compiler where the package was installed: pure Python
    COMPILED = False


# What the root (think.py) searches with: the pure search or the compiled one, which answer
# the same calls (node, child, endgame_plies, enter, leave, nodes, king_limit).
Searcher: TypeAlias = "Search | CoreSearch"
# The compiled endgame tables (databases/build.py builds and checks with them).
EndgameCore: TypeAlias = "CoreEndgame"


@cache
def tools(rules_key: str, weights: Weights | None = None) -> tuple[Evaluate, Keys]:
    """The evaluation (with the rule set's weights unless given) and the Zobrist keys."""
    rules = RULES[rules_key]
    return make_evaluator(rules, weights or weights_for(rules_key)), make_keys(rules.board)


def table_of(rules_key: str, pure: bool) -> Kept:
    """The transposition table the search of a variant keeps between moves."""
    if pure or not COMPILED:
        return tables_for(rules_key)
    return kept(rules_key, CoreTable)


def searcher(
    rules: Rules,
    weights: Weights | None,
    deadline: float,
    max_nodes: int,
    seen: dict[int, int],
    quiescence: bool,
    pure: bool,
    databases: bool = True,
    draws: tuple[int, int] = (DRAW, DRAW),
) -> Searcher:
    """A search of one root position: compiled unless `pure` or the core is missing; its
    table emptied first if full; reading the endgame databases loaded, unless not
    `databases`; a draw scoring `draws` (with White to move, with Black to move)."""
    if pure or not COMPILED:
        table = tables_for(rules.key)
        table.new_search()
        evaluate, keys = tools(rules.key, weights)
        held = loaded(rules.key) if databases else None
        return Search(
            rules, evaluate, keys, table, deadline, max_nodes, seen, quiescence, held, draws
        )
    core_table = kept(rules.key, CoreTable)
    core_table.new_search()
    lone_king = lone_king_table(rules.key)
    return CoreSearch(
        core_of(rules.key, weights),
        core_table,
        deadline,
        max_nodes,
        list(seen),
        quiescence,
        OutOfTime,
        None if lone_king is None else partial(solved_score, lone_king),
        endgame_core(rules.key) if databases else None,
        draws,
    )


@cache
def core_of(rules_key: str, weights: Weights | None = None) -> Core:
    """The compiled generator and evaluation of a rule set (the core must have imported)."""
    rules = RULES[rules_key]
    return Core(**_spec(rules, weights or weights_for(rules_key)))


def new_endgame(rules_key: str) -> EndgameCore:
    """Empty compiled endgame tables of a rule set (the core must have imported): they number
    positions as numbering.py does, build tables and read those added."""
    board = RULES[rules_key].board
    turned = [
        (bit.bit_length() - 1, to.bit_length() - 1) for bit, to in numbering(board).turned.items()
    ]
    return CoreEndgame(core_of(rules_key), turned)


# rule set -> the databases it plays with, as the compiled search reads them
_ENDGAME_CORES: dict[str, tuple[Tables, EndgameCore]] = {}


def endgame_core(rules_key: str) -> EndgameCore | None:
    """The loaded databases of a rule set (databases/loaded.py) for the compiled search, which
    reads the same bytes; None when none are loaded."""
    tables = loaded(rules_key)
    if tables is None:
        return None
    held = _ENDGAME_CORES.get(rules_key)
    if held is None or held[0] is not tables:
        core = new_endgame(rules_key)
        for material, table in tables.tables.items():
            core.add(*material, table)
        held = _ENDGAME_CORES[rules_key] = (tables, core)
    return held[1]


def material_search(position: Position, depth: int, alpha: int, beta: int) -> int:
    """tactics.minimax in the compiled core (core/material.c), value for value, huffs
    included (the core must have imported)."""
    return int(
        core_of(position.rules.key).material_search(
            position.white,
            position.black,
            position.kings,
            position.colour,
            position.huff_bits,
            position.king_moves,
            position.endgame,
            position.seen,
            depth,
            alpha,
            beta,
        )
    )


def _spec(rules: Rules, weights: Weights) -> dict[str, Any]:
    """The core's arguments: every table as ints, bit indices where the core indexes."""
    if rules.capture_priority not in (majority_law, italian_priorities):
        raise ValueError(f"the compiled core knows no capture priority of {rules.key}")
    board = rules.board
    made = tables(rules, weights)
    _, keys = tools(rules.key, weights)

    def index(bit: int) -> int:
        return bit.bit_length() - 1

    return {
        "mask": board.mask,
        "half": board.half,
        "size": board.size,
        "flying": rules.flying_kings,
        "men_backwards": rules.men_capture_backwards,
        "men_kings": rules.men_capture_kings,
        "italian": rules.capture_priority is italian_priorities,
        "promotion": board.promotion_rows,
        "rays": board.rays,
        "men_directions": men_capture_directions(rules.men_capture_backwards),
        "key_men": keys.men,
        "key_kings": keys.kings,
        "black_to_move": keys.black_to_move,
        "king_limit": 2 * rules.king_moves_limit if rules.king_moves_limit else NEVER,
        "endgame_pieces": endgame_pieces(rules),
        "most_kings": MOST_KINGS,
        "endgame": [(k, m, moves) for (k, m), moves in rules.endgame_moves.items()],
        "drawn": [(*a, *b) for a, b in map(sorted, rules.drawn_material)],
        "man_value": weights.man,
        "king_value": weights.flying_king if rules.flying_kings else weights.short_king,
        "supported": weights.supported,
        "runaway": weights.runaway,
        "balance": weights.balance,
        "mobility": weights.mobility,
        "cornering": weights.cornering,
        "closing": weights.closing,
        "ending_diagonal": weights.ending_diagonal,
        "men_planes": made.men_planes,
        "king_planes": made.king_planes,
        "zones": made.runaway_zone,
        "cones": [
            [(index(bit), cone, rows_left) for bit, (cone, rows_left) in side.items()]
            for side in made.cones
        ],
        "wings": (made.left_wing, made.right_wing),
        "main_diagonal": made.main_diagonal,
        "places": [(index(bit), row, col) for bit, (row, col) in made.geometry.places.items()],
        "pattern_squares": [[index(bit) for bit in block] for block in made.pattern_blocks],
        "pattern_middle": weights.patterns.middle if weights.patterns else (),
        "pattern_ending": weights.patterns.ending if weights.patterns else (),
        "phase_pieces": weights.patterns.pieces if weights.patterns else 1,
        "squares": [(index(bit), square) for bit, square in board.square_of_bit.items()],
        "repetition": rules.repetition_draw,
        "compulsory": rules.compulsory_capture,
        "huffing": rules.huffing,
    }
