"""A variant's databases: each material's file read and written, and what a position holds.

A file is the line `damas endgame database`, a line of JSON (the format, the variant, the
material, each table's size, the CRC-32 of the tables) and the tables' bytes, side a to move
first. A byte is a position's value (build.c says how it is found):

- 0: a draw (also every number that is no position);
- 1 to 127: the side to move wins, in that many plies to the next move that starts the draw
  rules' count again (a capture, a man's move or crowning; a change of material where the
  count is International's against a lone king), the winner hurrying and the loser delaying;
- 128 + d: the side to move loses, d plies to that move (0: it has no move).

Pure: the bytes come from the caller (the bot maps the files of its data folder, the command
line reads them), so a process may share one copy of them between its workers.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from games.damas.engine.databases.materials import Pair, pair, table_variant
from games.damas.engine.databases.numbering import Numbering, TableMaterial, numbering
from games.damas.rules import RULES

MAGIC = b"damas endgame database\n"
FORMAT = 1
SUFFIX = ".egdb"
LOSS = 128  # a byte from here on is a loss
# A header is one line of JSON of about 200 characters.
MOST_HEADER = 4096


class BadDatabase(ValueError):
    """A file that is not a database of the variant, or not whole."""


def file_name(material: Pair) -> str:
    return material.name + SUFFIX


def encode(variant: str, material: Pair, tables: Sequence[bytes]) -> bytes:
    """A material's file from its tables' bytes (side a to move first)."""
    header = {
        "format": FORMAT,
        "variant": variant,
        "a": list(material.a),
        "b": list(material.b),
        "sizes": [len(table) for table in tables],
        "crc32": _crc(tables),
    }
    return MAGIC + json.dumps(header).encode() + b"\n" + b"".join(tables)


def _crc(tables: Iterable[bytes | memoryview]) -> int:
    crc = 0
    for table in tables:
        crc = zlib.crc32(table, crc)
    return crc


@dataclass(frozen=True)
class File:
    """A material's file read: its material and its tables (views of the bytes given)."""

    variant: str
    material: Pair
    tables: dict[TableMaterial, memoryview]
    crc32: int  # the tables' CRC-32 when written

    def whole(self) -> bool:
        """Whether the tables' bytes are the ones written."""
        return _crc(self.tables.values()) == self.crc32


def decode(data: Any) -> File:
    """A file's material and tables from its bytes (any bytes-like object: bytes, a memory
    map); BadDatabase when it is not a database file or its sizes are wrong."""
    view = memoryview(data).cast("B")
    if bytes(view[: len(MAGIC)]) != MAGIC:
        raise BadDatabase("not an endgame database (no header)")
    start = len(MAGIC)
    end = bytes(view[start : start + MOST_HEADER]).find(b"\n")
    try:
        header = json.loads(bytes(view[start : start + end])) if end >= 0 else None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise BadDatabase(f"not an endgame database of format {FORMAT}")
        variant = str(header["variant"])
        a, b = tuple(header["a"]), tuple(header["b"])
        sizes, crc = [int(size) for size in header["sizes"]], int(header["crc32"])
        material = pair(RULES[variant], (int(a[0]), int(a[1])), (int(b[0]), int(b[1])))
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise BadDatabase(f"a header that does not read: {error}") from error
    board = numbering(RULES[variant].board)
    expected = [board.size(table) for table in material.tables]
    if sizes != expected or len(view) != start + end + 1 + sum(sizes):
        raise BadDatabase(f"{material.name}: sizes {sizes} and {len(view)} bytes, not {expected}")
    tables, at = {}, start + end + 1
    for table, size in zip(material.tables, sizes, strict=True):
        tables[table] = view[at : at + size]
        at += size
    return File(variant, material, tables, crc)


class Tables:
    """The databases of one variant: the tables of every material given."""

    def __init__(self, variant: str, files: Iterable[File]) -> None:
        self.variant = variant
        self.numbering: Numbering = numbering(RULES[variant].board)
        self.tables: dict[TableMaterial, memoryview] = {}
        self.materials: list[Pair] = []
        for file in files:
            if file.variant != variant:
                raise BadDatabase(f"a table of {file.variant} among those of {variant}")
            self.tables.update(file.tables)
            self.materials.append(file.material)
        # The most pieces of a table held: positions with more are not looked up.
        self.most = max((sum(table) for table in self.tables), default=0)

    @classmethod
    def from_bytes(cls, variant: str, files: Iterable[Any]) -> Tables:
        """The databases of a variant from its files' bytes (BadDatabase for a file that is
        not one of the variant's)."""
        return cls(table_variant(variant), (decode(data) for data in files))

    def value(self, own: int, opp: int, kings: int, colour: int) -> int | None:
        """The byte of a position (`colour` to move), None where no table holds it."""
        if (own | opp).bit_count() > self.most:
            return None
        material, number = self.numbering.locate(own, opp, kings, colour)
        table = self.tables.get(material)
        return None if table is None else table[number]
