"""A stored arena as competition/pairing/arena.py sees it, and what it says (pure; no I/O):
the finished games in the order they ended, the scores, who waits for an opponent, the
leaderboard, the podium and the standings as CSV."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import datetime

from bot.i18n import Text, plural, text, translate
from bot.service.kernel.game_flow.clocks import describe_time
from bot.service.tournaments.state import game_result
from bot.service.tournaments.text import Names, joined
from competition.pairing.arena import (
    ArenaGame,
    ArenaScore,
    Waiting,
    arena_ranking,
    arena_scores,
)
from storage import TableGameRecord, TournamentFacts

# The most lines the leaderboard message shows (a chat message is read at a glance; the
# web page and the CSV have everyone).
LEADERBOARD_LINES = 15


@dataclass(frozen=True)
class ArenaView:
    """An arena's state rebuilt from its facts."""

    scores: dict[str, ArenaScore]
    ranking: list[str]
    playing: frozenset[str]
    waiting: list[Waiting]


def finished_games(facts: TournamentFacts) -> list[ArenaGame]:
    """The arena's finished games in the order they ended."""
    done = []
    for game in facts.games:
        result = game_result(game)
        if result is None or game.game_id is None:
            continue
        seats = game.berserk
        sides = (str(game.white_entry), str(game.black_entry))
        done.append((game.updated_at, game.round, game, result.outcome, seats, sides))
    done.sort(key=lambda item: (item[0] is None, item[0], item[1]))
    return [
        ArenaGame(
            sides[0],
            sides[1],
            outcome,
            game.plies,
            frozenset(sides[seat] for seat in seats),
        )
        for _, _, game, outcome, seats, sides in done
    ]


def view_of(facts: TournamentFacts, now: datetime) -> ArenaView:
    """The scores, the ranking, who plays and who waits (not paused, no game going on)."""
    numbers = {str(entry.id): entry.number or 0 for entry in facts.entries}
    scores = arena_scores(numbers, finished_games(facts))
    ranking = arena_ranking(scores, numbers)
    playing = frozenset(
        str(side)
        for game in facts.games
        if game.status == "active"
        for side in (game.white_entry, game.black_entry)
    )
    games_of: dict[int, list[TableGameRecord]] = {}
    for game in facts.games:  # in round order: each entry's last game is its list's last
        games_of.setdefault(game.white_entry, []).append(game)
        games_of.setdefault(game.black_entry, []).append(game)
    waiting = []
    for entry in facts.entries:
        key = str(entry.id)
        if entry.paused or key in playing:
            continue
        mine = games_of.get(entry.id, [])
        last = mine[-1] if mine else None
        since = max(
            [moment for moment in (entry.back_at, last and last.updated_at) if moment] or [now]
        )
        opponent = None if last is None else _opponent(last, entry.id)
        balance = sum(1 if g.white_entry == entry.id else -1 for g in mine)
        waiting.append(Waiting(key, since, opponent, balance))
    return ArenaView(scores, ranking, playing, waiting)


def _opponent(game: TableGameRecord, entry: int) -> str:
    return str(game.black_entry if game.white_entry == entry else game.white_entry)


def score_line(place: int, score: ArenaScore, name: str) -> Text:
    """ "3. Ana 14 🔥 (5 games: +4 =0 -1)"."""
    fire = " 🔥" if score.on_fire else ""
    return text(
        "{place}. {name} {points}{fire} ({games}: +{wins} ={draws} -{losses})",
        place=place,
        name=name,
        points=score.points,
        fire=fire,
        games=plural("{count} game", "{count} games", score.games),
        wins=score.wins,
        draws=score.draws,
        losses=score.losses,
    )


def leaderboard(
    facts: TournamentFacts, view: ArenaView, names: Names, now: datetime, lines: int
) -> Text:
    """The arena's leaderboard: its head (time left, or over), the top `lines` entries, and
    how many play and wait."""
    record = facts.tournament
    if record.status == "finished":
        head = text("Arena #{id} is over. Final standings:", id=record.id)
    elif record.ends_at is not None and record.ends_at > now:
        head = text(
            "Arena #{id}: {left} left; {playing} playing, {waiting} waiting for an opponent.",
            id=record.id,
            left=describe_time(record.ends_at - now),
            playing=len(view.playing),
            waiting=len(view.waiting),
        )
    else:
        head = text("Arena #{id}: time is up; the games going on finish and count.", id=record.id)
    rows = [
        score_line(place, view.scores[entry], names[entry])
        for place, entry in enumerate(view.ranking[:lines], 1)
    ]
    if not rows:
        rows = [text("Nobody has played yet.")]
    return joined([head, *rows])


def podium(facts: TournamentFacts, view: ArenaView, names: Names) -> Text:
    """The end: the first three, then the full standings, and where the files are."""
    medals = ("🥇", "🥈", "🥉")
    top = [
        text(
            "{medal} {name}: {points}",
            medal=medal,
            name=names[entry],
            points=plural("{count} point", "{count} points", view.scores[entry].points),
        )
        for medal, entry in zip(medals, view.ranking, strict=False)
        if view.scores[entry].games
    ]
    head = text("Arena #{id} is over. The podium:", id=facts.tournament.id)
    files = text(
        "Every game: {/tournament pdn} {id}; the standings: {/tournament csv} {id}.",
        id=facts.tournament.id,
    )
    return joined([head, *top, files])


def arena_csv(view: ArenaView, names: Names, language: str | None) -> str:
    """The standings as CSV, headed in the reader's language: place, entry, points, games,
    wins, draws, losses, berserk wins, and each game's points in order."""
    heads = [
        text("place"),
        text("entry"),
        text("points"),
        text("games"),
        text("wins"),
        text("draws"),
        text("losses"),
        text("berserk wins"),
        text("points by game"),
    ]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([translate(language, head) for head in heads])
    for place, entry in enumerate(view.ranking, 1):
        score = view.scores[entry]
        writer.writerow(
            [
                place,
                names[entry],
                score.points,
                score.games,
                score.wins,
                score.draws,
                score.losses,
                score.berserk_wins,
                " ".join(map(str, score.sheet)),
            ]
        )
    return out.getvalue()
