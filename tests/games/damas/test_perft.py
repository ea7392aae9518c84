"""Perft against the reference counts of /work/shared/data/perft.md (dctl, damforum.nl).

Shallow depths run by default (a few seconds in all); the deep ones are marked slow.
"""

import pytest

from games.damas import Position, divide, perft

START_COUNTS = {
    "international": [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766],
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875],
}
FAST_START_DEPTH = 6

TRICKY = {
    "Random178": (
        "international",
        "B:WK31,6,9,10,11,20,21,22,23,30,33,37,41,42,43,44,46:BK17,K24",
        [14, 55, 1168, 5432, 87195, 629010],
    ),
    "Woldouby": (
        "international",
        "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
        [6, 12, 30, 73, 215, 590, 1944, 6269],
    ),
    "AllKings": ("international", "W:WK31-50:BK1-20", [17, 79, 352, 1399, 7062, 37589]),
    "AlmostPromotion": (
        "international",
        "W:W6,7,8,9,10:B41,42,43,44,45",
        [9, 81, 795, 7578, 86351, 936311],
    ),
    "Gilbert1": (
        "italian",
        "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
        [5, 13, 42, 107, 360, 1099, 3736],
    ),
    "Gilbert2": (
        "italian",
        "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
        [6, 47, 271, 1916, 10810, 73137],
    ),
    "Gilbert3": (
        "italian",
        "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
        [13, 112, 828, 6756, 46241, 368908],
    ),
}
FAST_TRICKY_DEPTH = 4


def _cases(deep: bool) -> list[tuple[str, str, int, int]]:
    """(variant, fen, depth, count) for the fast or the deep part of every table."""
    cases = []
    for key, counts in START_COUNTS.items():
        for depth, count in enumerate(counts, start=1):
            if (depth > FAST_START_DEPTH) == deep:
                cases.append((key, "", depth, count))
    for key, fen, counts in TRICKY.values():
        for depth, count in enumerate(counts, start=1):
            if (depth > FAST_TRICKY_DEPTH) == deep:
                cases.append((key, fen, depth, count))
    return cases


def _position(key: str, fen: str) -> Position:
    return Position.from_fen(key, fen) if fen else Position.start(key)


@pytest.mark.parametrize(("key", "fen", "depth", "count"), _cases(deep=False))
def test_perft_matches_the_reference(key: str, fen: str, depth: int, count: int) -> None:
    assert perft(_position(key, fen), depth) == count


@pytest.mark.slow
@pytest.mark.parametrize(("key", "fen", "depth", "count"), _cases(deep=True))
def test_deep_perft_matches_the_reference(key: str, fen: str, depth: int, count: int) -> None:
    assert perft(_position(key, fen), depth) == count


def test_perft_zero_is_one_position() -> None:
    assert perft(Position.start("international"), 0) == 1


def test_divide_sums_to_perft_and_names_moves_in_notation() -> None:
    position = Position.start("brazilian")
    split = divide(position, 3)
    assert sum(split.values()) == 302
    assert set(split) == {"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}


def test_perft_through_positions_agrees_with_the_raw_count() -> None:
    """perft plays raw bitboards; playing Position objects must give the same tree."""
    position = Position.from_fen(*TRICKY["Random178"][:2])

    def slow(position: Position, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(slow(position.play(m), depth - 1) for m in position.legal_moves())

    assert slow(position, 3) == perft(position, 3) == 1168


def test_familiar_perft_is_larger_since_captures_are_optional() -> None:
    """No reference exists; the household game has every Italian line and more."""
    familiar = Position.start("italian-familiar")
    italian = Position.start("italian")
    # No capture is possible in the first two plies; from the third on, a side that could
    # capture may also move quietly, and the next side may then huff.
    assert [perft(familiar, d) for d in (1, 2)] == [7, 49]
    for depth in (3, 4, 5):
        assert perft(familiar, depth) > perft(italian, depth)
