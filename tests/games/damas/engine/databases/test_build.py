"""The compiled builder against the plain way (reference.py): every value of every position
of two pieces in each variant (three under -m slow); against the lone king's table (-m
slow); and what the check finds."""

from collections.abc import Callable
from math import comb

import pytest

from games.damas.engine.compiled import new_endgame
from games.damas.engine.databases.build import build_material, hold
from games.damas.engine.databases.materials import Pair, pairs
from games.damas.engine.databases.tables import Tables, decode
from games.damas.engine.lone_king import LoneKingTable
from games.damas.rules import RULES
from tests.games.damas.engine.databases.reference import closed, solve

VARIANTS = ["brazilian", "international", "italian"]
pytestmark = pytest.mark.usefixtures("compiled_core")


def _disagree(tables: Tables, values: dict[tuple[int, int, int, int], int]) -> list[str]:
    wrong = []
    for (white, black, kings, colour), value in values.items():
        own, opp = (white, black) if colour == 0 else (black, white)
        if tables.value(own, opp, kings, colour) != value:
            wrong.append(f"{(white, black, kings, colour)}: {value}")
    return wrong


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_pieces_agree_with_plain_minimax(
    variant: str, built: Callable[[str, int], Tables]
) -> None:
    values = solve(variant, closed([((1, 0), (1, 0)), ((0, 1), (0, 1)), ((1, 0), (0, 1))]))
    assert len(values) > 1500
    assert _disagree(built(variant, 2), values) == []


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_three_pieces_agree_with_plain_minimax(
    variant: str, built: Callable[[str, int], Tables]
) -> None:
    sides = [(2, 0), (1, 1), (0, 2)]
    values = solve(variant, closed([(a, b) for a in sides for b in [(1, 0), (0, 1)]]))
    assert _disagree(built(variant, 3), values) == []


def test_the_check_finds_a_value_changed(built: Callable[[str, int], Tables]) -> None:
    tables = built("brazilian", 3)
    endgame = new_endgame("brazilian")
    material = next(m for m in pairs("brazilian", 3) if m.name == "1k1m-1k0m")
    for other in pairs("brazilian", 3):
        if other != material:
            for table in other.tables:
                endgame.add(*table, tables.tables[table])
    changed = {table: bytearray(tables.tables[table]) for table in material.tables}
    first = material.tables[1]
    changed[first][1000] ^= 0x81
    for table, data in changed.items():
        endgame.add(*table, bytes(data))
    wrong, first_wrong = endgame.verify(*material.a, *material.b, True, False, None)
    # the position changed, and those whose moves lead into it
    assert wrong >= 1
    assert first_wrong is not None
    for table in material.tables:
        endgame.add(*table, tables.tables[table])
    assert endgame.verify(*material.a, *material.b, True, False, None) == (0, None)


def test_a_material_needs_those_its_moves_lead_into() -> None:
    endgame = new_endgame("italian")
    with pytest.raises(ValueError, match="the table of 1 kings and 0 men against 1 kings"):
        endgame.build(2, 0, 1, 0, True, False, None)


def _kings_only(pieces: int) -> list[Pair]:
    return [m for m in pairs("brazilian", pieces) if not m.a[1] and not m.b[1]]


@pytest.mark.slow  # the lone king's table takes 1.3 to 5 s to solve
def test_the_kings_against_a_lone_king_win_where_the_lone_king_table_says() -> None:
    endgame = new_endgame("brazilian")
    for material in _kings_only(4):
        hold(endgame, decode(build_material(endgame, "brazilian", material)))
    rules = RULES["brazilian"]
    solved = LoneKingTable(rules.generator, rules.board)
    checked = 0
    for strong in solved.rank:
        for weak in solved.bits:
            if weak & strong:
                continue
            for strong_to_move in (True, False):
                plies = solved.plies_to_win(strong, weak, strong_to_move)
                own, opp = (strong, weak) if strong_to_move else (weak, strong)
                value = endgame.value(own, opp, strong | weak, 0)
                assert value is not None
                kings_win = value < 128 if strong_to_move else value >= 128
                assert (value != 0 and kings_win) == (plies is not None), (strong, weak)
                # A capture by the lone king on the way starts the count again.
                assert plies is None or value % 128 <= plies
                checked += 1
    assert checked == sum(2 * comb(32, kings) * (32 - kings) for kings in (1, 2, 3))
