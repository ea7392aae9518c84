"""Committed, verifiable chance: every random outcome derived from one secret seed.

The owner of the seed publishes `commitment(seed)` (SHA-256 hex) before the first draw;
each draw is HMAC-SHA256 of a label keyed by the seed, so when the seed is revealed anyone
can recompute every outcome and check it against the commitment. Used by the Ludo dice and
by the coin tosses and draws of tournaments. Pure functions: the caller keeps the seed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SEED_BYTES = 32


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's secure random source."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The SHA-256 (hex) of the seed, published before the first draw."""
    return hashlib.sha256(seed).hexdigest()


def matches_commitment(seed: bytes, published: str) -> bool:
    """Whether `seed` is the one `published` committed to."""
    return hmac.compare_digest(commitment(seed), published.strip().lower())


def digest(seed: bytes, label: bytes) -> bytes:
    """The 32-byte HMAC-SHA256 of `label` keyed by the seed."""
    return hmac.digest(seed, label, "sha256")


def uniform(seed: bytes, label: bytes, outcomes: int) -> int:
    """An outcome 0..outcomes-1 for `label`, exactly uniform (rejection sampling on bytes)."""
    if not 1 <= outcomes <= 256:
        raise ValueError(f"a draw has 1 to 256 outcomes, not {outcomes}")
    # Bytes at or above the largest multiple of `outcomes` are rejected, so that every
    # outcome comes from the same number of byte values.
    accepted = 256 - 256 % outcomes
    block = 0
    while True:
        for byte in digest(seed, label + block.to_bytes(4, "big")):
            if byte < accepted:
                return byte % outcomes
        # All 32 bytes rejected (odds about 1e-58 for dice): draw the next block.
        block += 1
