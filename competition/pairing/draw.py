"""The draw of numbers and the coin tosses: committed and verifiable (games/chance.py).

Entries draw their numbers by sorting on the HMAC of their id keyed by the tournament's
seed, so the order does not depend on the order people joined and anyone can recompute it
once the seed is revealed. The organiser may seed by rating instead; the draw then only
orders equal (or missing) ratings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.chance import digest, matches_commitment, uniform


def _lot(seed: bytes, entry: str) -> bytes:
    return digest(seed, b"draw:" + entry.encode())


def draw_numbers(
    entries: Sequence[str], seed: bytes, ratings: Mapping[str, int | None] | None = None
) -> tuple[str, ...]:
    """The entries in number order (number 1 first): by the draw, or by rating (highest
    first; unrated last) with the draw breaking ties when `ratings` is given."""

    def key(entry: str) -> tuple[bool, int, bytes]:
        rating = ratings.get(entry) if ratings is not None else None
        return (rating is None, -(rating or 0), _lot(seed, entry))

    return tuple(sorted(entries, key=key))


def toss(seed: bytes, round_number: int, table: int, purpose: str = "white") -> int:
    """The coin of table `table` in round `round_number`: 0 or 1, each with odds 1/2.
    For `purpose` "white", 0 gives White in the first game to the side paired first (in
    round 1 the lower number; later the entry that went through, or the winner of the
    earlier table)."""
    return uniform(seed, f"toss:{purpose}:{round_number}:{table}".encode(), 2)


def verify_toss(
    seed: bytes,
    published: str,
    round_number: int,
    table: int,
    shown: int,
    purpose: str = "white",
) -> bool:
    """Whether the revealed `seed` matches the `published` commitment and gives `shown`."""
    return matches_commitment(seed, published) and shown == toss(seed, round_number, table, purpose)


def verify_draw(
    seed: bytes,
    published: str,
    numbered: Sequence[str],
    ratings: Mapping[str, int | None] | None = None,
) -> bool:
    """Whether the revealed `seed` matches the `published` commitment and gives this order."""
    return matches_commitment(seed, published) and tuple(numbered) == draw_numbers(
        numbered, seed, ratings
    )
