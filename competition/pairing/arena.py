"""Arena tournaments (pure; no I/O): lichess's scoring, and the pairing of the players who
are free.

Scoring, as lichess scores an arena: a win is 2 points, a draw 1, a loss 0. Two wins in a
row light a player's streak ("on fire"): while it lasts a win is 4 and a draw 2; the first
game he does not win ends it. A berserk player (who halved his own clock before his first
move) gets one point more for a win, if the game lasted at least `BERSERK_PLIES` half-moves:
lichess's "at least 7 moves", counted here as seven by each side, so that a quick
resignation or a loss on time at the start earns nothing extra.

Pairing: the free players are ranked by score (then by number); from the top, each is paired
with the free player nearest him in the ranking who was not his last opponent. His last
opponent is paired with him again only when both have waited `REMATCH_AFTER` or nobody else
can become free (no game of the arena goes on): so two players who finish together do not
meet again at once, and two lone players still play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from competition.pairing.results import Outcome

# Seven moves by each side (lichess: "at least 7 moves").
BERSERK_PLIES = 14
# How long two players who just met wait for someone else before they meet again.
REMATCH_AFTER = timedelta(seconds=20)


@dataclass(frozen=True)
class ArenaGame:
    """One finished game of the arena, in the order the games ended. `berserk`: the entries
    that went berserk in it; `plies`: the half-moves played."""

    white: str
    black: str
    outcome: Outcome
    plies: int = 0
    berserk: frozenset[str] = frozenset()


@dataclass
class ArenaScore:
    """An entry's score so far: its points, each game's points in order (a streak's shown
    doubled), and whether it is on fire now."""

    entry: str
    points: int = 0
    sheet: list[int] = field(default_factory=list)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    berserk_wins: int = 0
    on_fire: bool = False
    _won_in_a_row: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, won: bool, drew: bool, berserk_point: bool) -> None:
        """One more game: its points by lichess's rule."""
        doubled = self.on_fire
        if won:
            gained = (4 if doubled else 2) + (1 if berserk_point else 0)
            self.wins += 1
            self.berserk_wins += berserk_point
            self._won_in_a_row += 1
        else:
            gained = (2 if doubled else 1) if drew else 0
            self.draws += drew
            self.losses += not drew
            self._won_in_a_row = 0
        self.points += gained
        self.sheet.append(gained)
        self.on_fire = self._won_in_a_row >= 2


def arena_scores(entries: Iterable[str], games: Sequence[ArenaGame]) -> dict[str, ArenaScore]:
    """Every entry's score after `games` (in the order they ended)."""
    scores = {entry: ArenaScore(entry) for entry in entries}
    for game in games:
        for side, won in ((game.white, Outcome.WHITE), (game.black, Outcome.BLACK)):
            score = scores.setdefault(side, ArenaScore(side))
            wins = game.outcome is won
            berserk_point = wins and side in game.berserk and game.plies >= BERSERK_PLIES
            score.add(wins, game.outcome is Outcome.DRAW, berserk_point)
    return scores


def arena_ranking(scores: Mapping[str, ArenaScore], numbers: Mapping[str, int]) -> list[str]:
    """The entries from first to last: most points, then most wins, then fewest games (the
    same points in fewer games), then the lower number."""
    return sorted(
        scores,
        key=lambda entry: (
            -scores[entry].points,
            -scores[entry].wins,
            scores[entry].games,
            numbers.get(entry, 0),
        ),
    )


@dataclass(frozen=True)
class Waiting:
    """A free player: since when he waits, his last opponent (None before his first game)
    and how many more games he had White than Black."""

    entry: str
    since: datetime
    last_opponent: str | None = None
    white_balance: int = 0


def pair_free(
    waiting: Sequence[Waiting],
    ranking: Sequence[str],
    now: datetime,
    *,
    others_playing: bool,
) -> list[tuple[str, str]]:
    """The pairs (White, Black) to start now among the `waiting` players; `ranking` orders
    every entry (arena_ranking); `others_playing`: some game of the arena goes on, so a
    player may soon be free."""
    place = {entry: n for n, entry in enumerate(ranking)}
    free = sorted(waiting, key=lambda w: (place.get(w.entry, len(place)), w.entry))
    pairs: list[tuple[str, str]] = []
    while len(free) > 1:
        top = free.pop(0)
        partner = _partner(top, free, place, now, others_playing)
        if partner is None:
            continue
        free.remove(partner)
        pairs.append(_colours(top, partner))
    return pairs


def _partner(
    player: Waiting,
    free: Sequence[Waiting],
    place: Mapping[str, int],
    now: datetime,
    others_playing: bool,
) -> Waiting | None:
    """The free player nearest `player` in the ranking that he may meet now."""
    mine = place.get(player.entry, len(place))
    for other in sorted(free, key=lambda w: (abs(place.get(w.entry, len(place)) - mine), w.entry)):
        if not _met_last(player, other):
            return other
        waited = min(now - player.since, now - other.since) >= REMATCH_AFTER
        if waited or not others_playing:
            return other
    return None


def _met_last(one: Waiting, other: Waiting) -> bool:
    return one.last_opponent == other.entry or other.last_opponent == one.entry


def _colours(one: Waiting, other: Waiting) -> tuple[str, str]:
    """White to the one who had it less often (the higher ranked one when level)."""
    if other.white_balance < one.white_balance:
        return other.entry, one.entry
    return one.entry, other.entry


def rematch_due(waiting: Sequence[Waiting]) -> datetime | None:
    """When a rematch may first be allowed among the players left waiting (both of a pair
    must have waited), for the scheduler to look again."""
    if len(waiting) < 2:
        return None
    return sorted(w.since for w in waiting)[1] + REMATCH_AFTER
