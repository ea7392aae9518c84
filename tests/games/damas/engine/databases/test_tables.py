"""A material's file: written and read back, refused when it is not a database of the
variant or not whole, and read as the compiled core reads the same bytes."""

import random
from collections.abc import Callable

import pytest

from games.damas.engine.compiled import endgame_core
from games.damas.engine.databases.loaded import loaded, use
from games.damas.engine.databases.materials import pair
from games.damas.engine.databases.tables import BadDatabase, Tables, decode, encode
from games.damas.rules import RULES

Built = Callable[[str, int], Tables]


def _file_of(tables: Tables, name: str) -> bytes:
    material = next(m for m in tables.materials if m.name == name)
    return encode(tables.variant, material, [bytes(tables.tables[t]) for t in material.tables])


def test_a_file_reads_back_as_written(built: Built) -> None:
    tables = built("italian", 3)
    data = _file_of(tables, "1k1m-1k0m")
    file = decode(memoryview(data))
    assert file.variant == "italian"
    assert file.material == pair(RULES["italian"], (1, 1), (1, 0))
    assert file.whole()
    assert {t: bytes(v) for t, v in file.tables.items()} == {
        t: bytes(tables.tables[t]) for t in file.material.tables
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: b"not a database" + data, "not an endgame database"),
        (lambda data: data[:-1], "sizes"),
        (lambda data: data.replace(b'"italian"', b'"checkers"', 1), "does not read"),
        (lambda data: data.replace(b'"format": 1', b'"format": 7', 1), "format 1"),
    ],
)
def test_a_file_that_is_no_database_is_refused(
    built: Built, change: Callable[[bytes], bytes], message: str
) -> None:
    with pytest.raises(BadDatabase, match=message):
        decode(change(_file_of(built("italian", 3), "1k1m-1k0m")))


def test_a_changed_byte_leaves_a_file_not_whole(built: Built) -> None:
    data = bytearray(_file_of(built("italian", 3), "1k1m-1k0m"))
    data[-100] ^= 1
    assert not decode(bytes(data)).whole()


def test_the_tables_of_two_variants_do_not_mix(built: Built) -> None:
    with pytest.raises(BadDatabase, match="a table of italian among those of brazilian"):
        Tables.from_bytes("brazilian", [_file_of(built("italian", 3), "1k1m-1k0m")])


def test_python_and_the_compiled_core_read_the_same_values(built: Built) -> None:
    tables = built("brazilian", 3)
    use(Tables.from_bytes("brazilian", [_file_of(tables, m.name) for m in tables.materials]))
    held, core = loaded("brazilian"), endgame_core("brazilian")
    assert held is not None
    assert core is not None
    rng = random.Random(3)
    squares = sorted(RULES["brazilian"].board.square_of_bit)
    values = set()
    for _ in range(2000):
        own, opp, king = rng.sample(squares[4:-4], 3)
        colour = rng.randint(0, 1)
        value = held.value(own, opp | king, king, colour)
        assert value == core.value(own, opp | king, king, colour)
        values.add(value)
    assert {0, 1, 128} <= values
    assert held.value(squares[10] | squares[11], squares[12] | squares[13], 0, 0) is None


def test_the_household_game_plays_on_italian_tables(built: Built) -> None:
    use(built("italian", 2))
    assert loaded("italian-familiar") is loaded("italian") is not None
    assert loaded("brazilian") is None
