"""Verifiable dice: every roll of a game derived from one secret seed.

At the start the service publishes `commitment(seed)` (SHA-256 hex); roll number i is
`roll(seed, i)`, HMAC-SHA256 of i keyed by the seed, with rejection sampling so that 1..6 are
exactly equally likely; at the end it reveals the seed and anyone can `verify` the game.
Pure functions: the service keeps the seed and the next index.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable

SEED_BYTES = 32
FACES = 6
# The largest multiple of 6 that a byte can show: bytes at or above it are rejected, so
# that every face comes from exactly 42 byte values.
_ACCEPTED_BYTES = 256 - 256 % FACES


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's secure random source."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The SHA-256 (hex) of the seed, published before the first roll."""
    return hashlib.sha256(seed).hexdigest()


def roll(seed: bytes, index: int) -> int:
    """Roll number `index` (0, 1, ...) of the game with this seed: 1..6, exactly uniform."""
    if index < 0:
        raise ValueError(f"a roll index counts from 0, not {index}")
    block = 0
    while True:
        message = index.to_bytes(8, "big") + block.to_bytes(4, "big")
        for byte in hmac.digest(seed, message, "sha256"):
            if byte < _ACCEPTED_BYTES:
                return byte % FACES + 1
        # All 32 bytes rejected (odds about 1e-58): draw the next block of the same roll.
        block += 1


def verify(seed: bytes, published: str, rolls: Iterable[int]) -> bool:
    """Whether `seed` is the one `published` committed to and `rolls` are its rolls, in
    order from index 0."""
    if not hmac.compare_digest(commitment(seed), published.strip().lower()):
        return False
    return all(value == roll(seed, index) for index, value in enumerate(rolls))
