"""The verifiable dice: uniform rolls derived from a committed seed, and their verification."""

import hashlib
import hmac
from collections import Counter

import pytest

from games.ludo import dice

SEED = bytes(range(32))
# The critical value of chi-square with 5 degrees of freedom at p = 0.001.
CHI_SQUARE_5_DF_P001 = 20.515


def test_rolls_are_uniform_by_chi_square() -> None:
    rolls = Counter(dice.roll(SEED, index) for index in range(60_000))
    assert sorted(rolls) == [1, 2, 3, 4, 5, 6]
    expected = 60_000 / 6
    chi_square = sum((count - expected) ** 2 / expected for count in rolls.values())
    assert chi_square < CHI_SQUARE_5_DF_P001, rolls


def test_the_derivation_never_changes_so_old_games_still_verify() -> None:
    assert [dice.roll(SEED, index) for index in range(12)] == [6, 2, 2, 4, 3, 4, 2, 6, 3, 4, 5, 2]


def test_bytes_that_would_favour_some_faces_are_rejected() -> None:
    # With this seed, the first byte of roll 35's digest is 254 (of 252..255, which would
    # make 1..4 likelier): it is skipped and the next byte, 228, gives 228 % 6 + 1.
    digest = hmac.digest(SEED, (35).to_bytes(8, "big") + bytes(4), "sha256")
    assert digest[0] == 254
    assert dice.roll(SEED, 35) == 228 % 6 + 1


def test_the_commitment_is_the_seeds_sha256() -> None:
    assert dice.commitment(SEED) == hashlib.sha256(SEED).hexdigest()


def test_new_seeds_are_fresh_and_32_bytes() -> None:
    seeds = {dice.new_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(len(seed) == 32 for seed in seeds)


def test_a_finished_game_verifies() -> None:
    rolls = [dice.roll(SEED, index) for index in range(200)]
    assert dice.verify(SEED, dice.commitment(SEED), rolls)
    assert dice.verify(SEED, dice.commitment(SEED).upper(), rolls)


def test_a_changed_seed_fails_verification() -> None:
    rolls = [dice.roll(SEED, index) for index in range(200)]
    other = bytes([1]) + SEED[1:]
    assert not dice.verify(other, dice.commitment(SEED), rolls)
    # Even with its own commitment, another seed does not give these rolls.
    assert not dice.verify(other, dice.commitment(other), rolls)


def test_a_changed_roll_fails_verification() -> None:
    rolls = [dice.roll(SEED, index) for index in range(200)]
    rolls[117] = rolls[117] % 6 + 1
    assert not dice.verify(SEED, dice.commitment(SEED), rolls)


def test_a_roll_index_counts_from_zero() -> None:
    with pytest.raises(ValueError, match="counts from 0"):
        dice.roll(SEED, -1)
