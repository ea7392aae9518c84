"""Properties of the knockout over every field size 1..64 and random results (draws and
their replays, forfeits, micro-matches): one winner, everyone else out exactly once, one
game at a time per entry, no entry with two byes (so never two while another has none)."""

from __future__ import annotations

import math
from collections import Counter
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from competition.pairing.knockout import bracket
from competition.pairing.match import MatchRule, MatchTiebreak
from competition.pairing.results import GameResult, Outcome

RESULTS = [GameResult(outcome) for outcome in Outcome] + [
    GameResult(Outcome.WHITE, forfeit=True),
    GameResult(Outcome.BLACK, forfeit=True),
]


@settings(max_examples=150, deadline=None)
@given(
    size=st.integers(1, 64),
    seed=st.binary(min_size=32, max_size=32),
    rule=st.builds(
        MatchRule, games=st.sampled_from([1, 2]), tiebreak=st.sampled_from(MatchTiebreak)
    ),
    rng=st.randoms(use_true_random=False),
)
def test_every_bracket_ends_with_one_winner(
    size: int, seed: bytes, rule: MatchRule, rng: Random
) -> None:
    entries = [f"e{number}" for number in range(1, size + 1)]
    results: dict[tuple[int, int], list[GameResult]] = {}
    while (played := bracket(entries, seed, rule, results, {})).winner is None:
        last = played.rounds[-1]
        for table in last.tables:
            if (last.number, table.number) not in played.winners:
                results.setdefault((last.number, table.number), []).append(rng.choice(RESULTS))

    assert played.winner in entries
    assert len(played.rounds) == math.ceil(math.log2(size))
    losers: Counter[str] = Counter()
    for paired in played.rounds:
        seated = [side for table in paired.tables for side in (table.first, table.second)]
        if paired.bye is not None:
            seated.append(paired.bye)
        assert len(seated) == len(set(seated)), "an entry plays at most one game at a time"
        for table in paired.tables:
            winner = played.winners[paired.number, table.number]
            losers[table.second if winner == table.first else table.first] += 1
    assert set(losers) == set(entries) - {played.winner}
    assert set(losers.values()) <= {1}
    byes = Counter(paired.bye for paired in played.rounds if paired.bye is not None)
    assert all(count == 1 for count in byes.values()), byes
