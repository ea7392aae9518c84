"""Whatever the ratings and results, a rated game leaves sound ratings behind and the
winners no lower than they were."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from competition.rating.pools import Pace, Pool
from competition.rating.record import Rating, Side, sound
from competition.rating.update import rate_game

END = datetime(2026, 11, 23, tzinfo=UTC)

ratings = st.builds(
    lambda value, deviation, volatility, games, days: Rating(
        value,
        deviation,
        volatility,
        games,
        None if games == 0 else END - timedelta(days=days),
    ),
    st.floats(100, 3500),
    st.floats(30, 350),
    st.floats(0.03, 0.15),
    st.integers(0, 500),
    st.floats(0, 2000),
)


@given(st.lists(ratings, min_size=2, max_size=2), st.sampled_from([(1, 2), (2, 1), (1, 1)]))
def test_draughts_games_leave_sound_ratings(before: list[Rating], ranks: tuple[int, int]) -> None:
    sides = [Side(("a",), ranks[0]), Side(("b",), ranks[1])]
    changes = rate_game(
        Pool("italian", Pace.LIVE), sides, dict(zip("ab", before, strict=True)), END
    )
    assert all(sound(change.after) for change in changes)
    for change, rank in zip(changes, ranks, strict=True):
        if ranks[0] != ranks[1] and rank == 1:
            assert change.after.value >= change.before.value


@given(st.lists(ratings, min_size=2, max_size=4), st.data())
def test_ludo_games_leave_sound_ratings(before: list[Rating], data: st.DataObject) -> None:
    count = len(before)
    ranks = data.draw(st.permutations(range(1, count + 1)))
    players = "abcd"[:count]
    sides = [Side((p,), r) for p, r in zip(players, ranks, strict=True)]
    changes = rate_game(
        Pool("ludo", Pace.LIVE), sides, dict(zip(players, before, strict=True)), END
    )
    assert all(sound(change.after) for change in changes)
    first = next(c for c, r in zip(changes, ranks, strict=True) if r == 1)
    assert first.after.value >= first.before.value
