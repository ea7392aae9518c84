"""Rating pools: a game and a pace, with a key for storage."""

from __future__ import annotations

import pytest

from competition.rating.pools import Pace, Pool, System, pool_for


@pytest.mark.parametrize(
    ("game", "correspondence", "key"),
    [
        ("brazilian", False, "brazilian/live"),
        ("international", True, "international/correspondence"),
        ("italian-familiar", False, "italian-familiar/live"),
        ("italian", None, "italian/correspondence"),
        ("ludo", False, "ludo/live"),
    ],
)
def test_the_pool_of_a_game_and_its_clock(game: str, correspondence: bool | None, key: str) -> None:
    pool = pool_for(game, correspondence)
    assert pool.key == key
    assert Pool.from_key(key) == pool


def test_ludo_has_the_multiplayer_system_and_draughts_glicko2() -> None:
    assert pool_for("ludo", True).system is System.PLACKETT_LUCE
    assert Pool("brazilian", Pace.LIVE).system is System.GLICKO2


@pytest.mark.parametrize("key", ["brazilian", "brazilian/blitz", "/live", ""])
def test_a_key_that_names_no_pool_is_refused(key: str) -> None:
    with pytest.raises(ValueError, match="pool"):
        Pool.from_key(key)
