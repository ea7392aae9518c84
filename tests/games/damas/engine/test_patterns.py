"""The learned pattern tables: the weight file (encode, decode, what a damaged one says), the
shipped files (small, symmetric, read on first use), and the weights' versions."""

from __future__ import annotations

import struct
import zlib
from array import array
from dataclasses import replace
from pathlib import Path

import pytest

from games.damas import RULES, Position
from games.damas.engine import learned
from games.damas.engine.evaluate import VERSIONS, make_evaluator, weights_for
from games.damas.engine.learned import _read, file_name, learned_patterns
from games.damas.engine.patterns import (
    LIMIT,
    SQUARES,
    STATES,
    BadWeights,
    Patterns,
    block_origins,
    decode,
    encode,
)

VARIANTS = sorted(RULES)


def _patterns(size: int = 8, blocks: int = 2) -> Patterns:
    origins = block_origins(size)[:blocks]
    middle = tuple(tuple((i * 7 + b) % 201 - 100 for i in range(STATES)) for b in range(blocks))
    ending = tuple(tuple(-LIMIT if i % 5 == 0 else LIMIT for i in range(STATES)) for _ in origins)
    return Patterns(size, 24, origins, middle, ending)


def test_a_weight_file_reads_back_what_was_written() -> None:
    patterns = _patterns()
    again = decode(encode(patterns))
    assert (again.size, again.pieces, again.origins) == (8, 24, patterns.origins)
    assert again.middle == patterns.middle
    assert again.ending == patterns.ending


def _tables(values: list[int]) -> bytes:
    return zlib.compress(array("h", values).tobytes())


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"", "not a weight file"),
        (b"PK\x03\x04 a zip file", "not a weight file"),
        (b"DPAT\x01", "ends in its header"),
        (b"DPAT\x01\x08\x18\x02\x00", "ends in its header"),
        (b"DPAT\x02\x08\x18\x01\x00\x00" + _tables([0] * 2 * STATES), "format 2"),
        (b"DPAT\x01\x08\x18\x01\x00\x00" + b"not zlib at all", "damaged"),
        (b"DPAT\x01\x08\x18\x01\x00\x00" + _tables([0] * STATES), "bytes of tables"),
        (b"DPAT\x01\x08\x18\x01\x00\x00" + _tables([LIMIT + 1] * 2 * STATES), "weights -"),
        (b"DPAT\x01\x08\x18\x01\x05\x00" + _tables([0] * 2 * STATES), "leaves the 8-row"),
        (b"DPAT\x01\x08\x00\x01\x00\x00" + _tables([0] * 2 * STATES), "pieces: 1 to 64"),
        (b"DPAT\x01\x08\x18\x00" + _tables([]), "1 to 32 blocks"),
    ],
)
def test_a_bad_weight_file_says_what_is_wrong(data: bytes, said: str) -> None:
    with pytest.raises(BadWeights, match=said):
        decode(data)


def test_a_damaged_file_is_caught_by_its_check() -> None:
    data = bytearray(encode(_patterns()))
    data[-3] ^= 0xFF  # zlib's checksum of the tables
    with pytest.raises(BadWeights, match="damaged"):
        decode(bytes(data))


def test_patterns_of_another_board_are_refused() -> None:
    weights = replace(weights_for("international", "hand"), patterns=_patterns(8))
    with pytest.raises(BadWeights, match="8-row board, not of 10 rows"):
        make_evaluator(RULES["international"], weights)


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"", "does not start with DPAT"),
        (b"DPAT\x01\x08", "ends in its header"),
    ],
)
def test_a_damaged_shipped_file_names_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes, said: str
) -> None:
    """A damaged file in place of Brazilian's (read past the cache, which keeps the real one
    for the other tests)."""
    (tmp_path / file_name("brazilian")).write_bytes(data)
    monkeypatch.setattr(learned, "files", lambda _package: tmp_path)
    with pytest.raises(BadWeights, match=f"learned/brazilian.dpat: .*{said}"):
        _read.__wrapped__(file_name("brazilian"))


def _mirrored(state: int) -> int:
    """A block's state turned round, White's and Black's men swapped."""
    digits = [(state // 3**place) % 3 for place in range(SQUARES)]
    return sum((0, 2, 1)[digit] * 3 ** (SQUARES - 1 - place) for place, digit in enumerate(digits))


# The earlier rounds kept beside the newest: (variant, round) of each learned/VARIANT_ROUND.dpat.
KEPT_ROUNDS = [
    (path.stem.rsplit("_", 1)[0], int(path.stem.rsplit("_", 1)[1]))
    for path in sorted(Path(learned.__file__).parent.glob("*_[0-9].dpat"))
]


@pytest.mark.parametrize(
    ("variant", "round_"), [*((variant, None) for variant in VARIANTS), *KEPT_ROUNDS]
)
def test_the_shipped_weights_are_small_and_symmetric(variant: str, round_: int | None) -> None:
    patterns = learned_patterns(variant, round_)
    assert patterns is not None
    size = RULES[variant].board.size
    assert patterns.origins == block_origins(size)
    assert len(encode(patterns)) < 1 << 20
    index = {origin: number for number, origin in enumerate(patterns.origins)}
    for number, (row, col) in enumerate(patterns.origins):
        twin = index[(size - 4 - row, size - 4 - col)]
        for tables in (patterns.middle, patterns.ending):
            for state in range(0, STATES, 7):
                assert tables[number][state] == -tables[twin][_mirrored(state)]
    # Whatever the tables, a symmetric position is level.
    start = Position.start(variant)
    version = "learned" if round_ is None else f"learned-{round_}"
    evaluate = make_evaluator(start.rules, weights_for(variant, version))
    assert evaluate(start.white, start.black, 0, 0) == 0


def test_each_version_is_made_once_and_another_is_refused() -> None:
    assert VERSIONS == ("hand", "learned", "learned-1")
    assert weights_for("brazilian", "learned") is weights_for("brazilian", "learned")
    assert weights_for("brazilian", "hand").patterns is None
    with pytest.raises(ValueError, match="one of hand, learned, learned-1"):
        weights_for("brazilian", "newest")
    # A rule set whose first round was replaced keeps it, to measure the newest against.
    for variant in ("international", "italian", "brazilian"):
        first, newest = weights_for(variant, "learned-1"), weights_for(variant, "learned")
        assert first.patterns is not None
        assert first.patterns is not newest.patterns
    # Italian-familiar plays Italian's patterns, the first round's as the newest; no round 2
    # was kept for Italian.
    familiar = weights_for("italian-familiar", "learned-1").patterns
    assert familiar is weights_for("italian", "learned-1").patterns
    assert learned_patterns("italian", 2) is None


def test_the_weight_file_header_is_what_the_docstring_says() -> None:
    data = encode(_patterns(10, 3))
    assert data[:4] == b"DPAT"
    assert struct.unpack_from("4B", data, 4) == (1, 10, 24, 3)
    assert data[8:14] == bytes([0, 0, 0, 2, 0, 4])
