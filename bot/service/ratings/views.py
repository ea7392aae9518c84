"""Ratings as people read them: pool names, a player's profile, leaderboards, the chart.

Pure: the Ratings capability (ratings.py) reads the store and hands the numbers here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.i18n import Text, plural, text, translate
from bot.i18n.commands import WORDS
from bot.render.rating_chart import ChartLabels, RatingSeries, render_rating_chart
from bot.service.kernel.families import game_title
from bot.service.kernel.words.counts import games_count
from competition.rating import Pace, Place, Pool, Shown
from storage import PuzzleRating

PACE_NAMES: Mapping[Pace, Text] = {
    Pace.LIVE: text("live"),
    Pace.CORRESPONDENCE: text("correspondence"),
}
# How people name a pace in `/top brazilian live` (`/ranking brasileira ao vivo`): the
# words of bot/i18n/commands.py, and the names the leaderboards show.
PACE_WORDS = {
    **dict.fromkeys(
        (*WORDS["live"], "blitz", "rapida", "rápida", "veloce", "in diretta"), Pace.LIVE
    ),
    **dict.fromkeys(
        (
            *WORDS["corr"],
            "correspondence",
            "correspondencia",
            "por correspondência",
            "por correspondencia",
            "per corrispondenza",
        ),
        Pace.CORRESPONDENCE,
    ),
}


def pool_name(pool: Pool) -> Text:
    """'Brazilian draughts (live)'."""
    return text("{game} ({pace})", game=game_title(pool.game), pace=PACE_NAMES[pool.pace])


@dataclass(frozen=True)
class PoolLine:
    """A player's rating in one pool: as shown, its change over the last 30 days, games."""

    pool: Pool
    shown: Shown
    month_change: int | None
    games: int


def pool_line(line: PoolLine) -> Text:
    if line.month_change is None:
        return text(
            "{pool}: {rating} ({games})",
            pool=pool_name(line.pool),
            rating=str(line.shown),
            games=games_count(line.games),
        )
    return text(
        "{pool}: {rating} ({change} in 30 days, {games})",
        pool=pool_name(line.pool),
        rating=str(line.shown),
        change=f"{line.month_change:+d}",
        games=games_count(line.games),
    )


def puzzle_line(rating: PuzzleRating) -> Text:
    """A player's puzzle rating in one variant's pool, and their tally."""
    return text(
        "Puzzles, {game}: {rating} ({solved}, {failed})",
        game=game_title(rating.variant),
        rating=round(rating.rating.rating),
        solved=plural("{count} solved", "{count} solved", rating.solved),
        failed=plural("{count} missed", "{count} missed", rating.failed),
    )


@dataclass(frozen=True)
class Record:
    wins: int = 0
    draws: int = 0
    losses: int = 0


def record_line(game: str, record: Record) -> Text:
    return text(
        "{game}: {wins}, {draws}, {losses}",
        game=game_title(game),
        wins=plural("{count} win", "{count} wins", record.wins),
        draws=plural("{count} draw", "{count} draws", record.draws),
        losses=plural("{count} loss", "{count} losses", record.losses),
    )


@dataclass(frozen=True)
class Standing:
    """One row of a leaderboard: the place, the player's name, the rating shown."""

    place: int
    name: str
    shown: Shown


@dataclass(frozen=True)
class Leaderboards:
    """A pool's leaderboard among the players seen in a chat, and among everyone."""

    pool: Pool
    chat: tuple[Standing, ...]
    everyone: tuple[Standing, ...]


def standings(
    places: Sequence[Place], names: Mapping[str, str], limit: int
) -> tuple[Standing, ...]:
    return tuple(Standing(p.place, names[p.player], p.shown) for p in places[:limit])


def standing_lines(rows: Sequence[Standing]) -> str:
    return "\n".join(f"{row.place}. {row.name} {row.shown}" for row in rows)


LEADERBOARD_HEADINGS = (text("In this chat:"), text("Everyone:"))
NOBODY = text("nobody yet")


def leaderboard_title(pool: Pool) -> Text:
    return text("Leaderboard, {pool}", pool=pool_name(pool))


def leaderboard_text(boards: Leaderboards) -> Text:
    """The two leaderboards as one plain message."""
    here, everyone = LEADERBOARD_HEADINGS
    return text(
        "{title}\n{here}\n{chat}\n{everyone}\n{all}",
        title=leaderboard_title(boards.pool),
        here=here,
        chat=standing_lines(boards.chat) or NOBODY,
        everyone=everyone,
        all=standing_lines(boards.everyone) or NOBODY,
    )


def chart(
    name: str, history: Mapping[Pool, Sequence[tuple[datetime, float]]], language: str | None
) -> bytes:
    """A player's rating history as a PNG, one line per pool, in the reader's language."""
    series = [
        RatingSeries(translate(language, pool_name(pool)), points)
        for pool, points in sorted(history.items(), key=lambda item: item[0].key)
    ]
    labels = ChartLabels(
        title=translate(language, text("Ratings of {name}", name=name)),
        rating_axis=translate(language, text("rating")),
        time_axis=translate(language, text("date")),
        no_games=translate(language, text("no rated games yet")),
    )
    return render_rating_chart(series, labels, lambda moment: chart_date(language, moment))


def chart_date(language: str | None, moment: datetime) -> str:
    """A date under the chart as the reader writes dates (01/09/2026 in pt and it)."""
    day = moment.date()
    return translate(
        language,
        text("{year}-{month}-{day}", year=day.year, month=f"{day.month:02d}", day=f"{day.day:02d}"),
    )
