"""A knockout match between two sides: one game replayed with colours swapped while it is
drawn, or a micro-match of two games with colours swapped and the organiser's tie-break.

The games of a match form segments: the first has `games` games, each later one (only
needed while the sides are level) has the games of the tie-break rule. The side with more
points in a segment wins the match; a forfeit ends the match at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from competition.pairing.errors import PairingError
from competition.pairing.results import GameResult


class MatchTiebreak(StrEnum):
    """How a level micro-match is decided."""

    # Another pair of games with colours swapped, again until one side leads.
    EXTRA_PAIR = "extra_pair"
    # Single games, colours swapped each time, until one is won.
    DECIDER = "decider"
    # The table's coin.
    COIN = "coin"


_SEGMENT_GAMES = {MatchTiebreak.EXTRA_PAIR: 2, MatchTiebreak.DECIDER: 1}


@dataclass(frozen=True)
class MatchRule:
    """`games`: 1 (a single game) or 2 (a micro-match); `tiebreak` applies to micro-matches
    (a single game is always replayed until won)."""

    games: int = 1
    tiebreak: MatchTiebreak = MatchTiebreak.DECIDER

    def __post_init__(self) -> None:
        if self.games not in (1, 2):
            raise PairingError("pairing.bad_match_games", games=self.games)


def match_winner(rule: MatchRule, results: Sequence[GameResult], coin: int) -> int | None:
    """The winning side, 0 (White in the first game) or 1, or None while another game is
    needed. `coin` (0 or 1) is the side the coin favours, used by the COIN tie-break."""
    for index, result in enumerate(results):
        if result.forfeit:
            return 0 if result.points(as_white=index % 2 == 0) == 1.0 else 1
    start, size = 0, rule.games
    while start + size <= len(results):
        lead = sum(
            result.points(as_white=index % 2 == 0) - 0.5
            for index, result in enumerate(results[start : start + size], start)
        )
        if lead:
            return 0 if lead > 0 else 1
        if rule.games == 2 and rule.tiebreak is MatchTiebreak.COIN:
            return coin
        start += size
        size = _SEGMENT_GAMES[rule.tiebreak] if rule.games == 2 else 1
    return None
