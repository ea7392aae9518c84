"""Verifiable dice: every roll of a game derived from one secret seed.

At the start the service publishes `commitment(seed)` (SHA-256 hex); roll number i is
`roll(seed, i)`, HMAC-SHA256 of i keyed by the seed, with rejection sampling so that 1..6 are
exactly equally likely; at the end it reveals the seed and anyone can `verify` the game.
Pure functions: the service keeps the seed and the next index.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.chance import commitment, matches_commitment, new_seed, uniform

__all__ = ["FACES", "commitment", "new_seed", "roll", "verify"]

FACES = 6


def roll(seed: bytes, index: int) -> int:
    """Roll number `index` (0, 1, ...) of the game with this seed: 1..6, exactly uniform."""
    if index < 0:
        raise ValueError(f"a roll index counts from 0, not {index}")
    return uniform(seed, index.to_bytes(8, "big"), FACES) + 1


def verify(seed: bytes, published: str, rolls: Iterable[int]) -> bool:
    """Whether `seed` is the one `published` committed to and `rolls` are its rolls, in
    order from index 0."""
    if not matches_commitment(seed, published):
        return False
    return all(value == roll(seed, index) for index, value in enumerate(rolls))
