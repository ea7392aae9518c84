"""Ratings as a capability: a player's profile (/profile), the leaderboards (/top), and a
player's rating in a pool for whoever seeds by it (tournaments).

The changes themselves are written by storage when a rated game ends (rated_games.py), so
that they happen exactly once; this only reads them.
"""

from __future__ import annotations

import asyncio
import math
from collections import Counter
from collections.abc import Sequence
from datetime import datetime, timedelta

from bot.i18n import language_of, quote, text
from bot.service.kernel.capability import Capability
from bot.service.kernel.events import (
    Actor,
    Event,
    FileReady,
    GameRow,
    PlayerPage,
    Profile,
    Reply,
    ServiceError,
)
from bot.service.kernel.families import game_title, players_text
from bot.service.kernel.kernel import Kernel
from bot.service.kernel.rated.seat_ratings import pool_rating, readable_rating
from bot.service.kernel.words.file_names import file_name
from bot.service.ratings.views import (
    PACE_WORDS,
    Leaderboards,
    PoolLine,
    Record,
    chart,
    leaderboard_text,
    pool_line,
    puzzle_line,
    record_line,
    standings,
)
from competition.rating import Pace, Pool, Rating, leaderboard, shown
from games.base import find_game
from storage import (
    ChatRef,
    GameRecord,
    GameStore,
    Player,
    PlayerStore,
    PuzzleStore,
    RatingChangeRecord,
    RatingStore,
)

MONTH = timedelta(days=30)
# Rows of each leaderboard shown.
LEADERBOARD_ROWS = 10
DEFAULT_GAME = "brazilian"
TOP_USAGE = text("{/top} [GAME] [{=live|corr}]")


# Why the first games move a rating so much, and what the ? of "1500?" means.
PROVISIONAL_NOTE = text(
    "A rating with ? (1500?) is provisional: little is known yet, so each of the first games "
    "moves it a lot (+150 or more for a win); the ? goes once the rating settles."
)


class Ratings(Capability):
    def __init__(
        self,
        kernel: Kernel,
        players: PlayerStore,
        games: GameStore,
        ratings: RatingStore,
        puzzles: PuzzleStore,
    ) -> None:
        super().__init__(kernel)
        self.players = players
        self.games = games
        self.ratings = ratings
        self.puzzles = puzzles

    async def rating_of(self, player_id: int, pool: Pool) -> Rating:
        """A player's rating in a pool (a new player's, 1500 ± 350, if they have none): what a
        tournament seeds by. A tournament's games are rated in their pace's pool."""
        return await pool_rating(self.ratings, player_id, pool)

    async def profile(
        self, actor: Actor, someone: Actor | None = None, chat: ChatRef | None = None
    ) -> list[Event]:
        """A player's ratings with their change over 30 days, their record per game, their
        current games, and a chart of their ratings (PNG); asked in `chat`, whose link the
        name line carries."""
        shown = await self.profile_page(actor, someone, chat)
        games = [Reply(row.text) for row in shown.games]
        return [*shown.lines, *games, shown.chart]

    async def profile_page(
        self, actor: Actor, someone: Actor | None, chat: ChatRef | None
    ) -> Profile:
        """The profile as a page shows it: each current game with its id where the reader
        may see it from `chat` (`Kernel.check_visible`), for the page to link."""
        viewer = await self.kernel.roster.player(actor)
        player = viewer if someone is None else await self._known(someone)
        changes = await self.ratings.rating_changes(player.id)
        lines = [text("{name}", name=player.display_name)]
        ratings = await self.ratings.ratings_of(player.id)
        settled = True
        for stored in ratings:
            try:
                pool = Pool.from_key(stored.pool)
            except ValueError:
                continue
            rating = await readable_rating(self.ratings, stored)
            in_pool = [change for change in changes if change.pool == stored.pool]
            month = _month_change(in_pool, rating, self.kernel.clock() - MONTH)
            seen = shown(rating, pool.system)
            settled = settled and not seen.provisional
            lines.append(pool_line(PoolLine(pool, seen, month, rating.games)))
        if not ratings:
            lines.append(text("No rated games yet."))
        for puzzles in await self.puzzles.puzzle_ratings(player.id):
            lines.append(puzzle_line(puzzles))
        if not settled or not ratings:
            lines.append(PROVISIONAL_NOTE)
        finished = await self.games.games_of_player(player.id, "finished")
        for kind, record in _records(finished, player.id).items():
            lines.append(record_line(kind, record))
        language = viewer.language or language_of(actor.language)
        picture = await asyncio.to_thread(chart, player.display_name, _history(changes), language)
        # The name line carries the player's page, by the account he was asked by.
        account = someone or actor
        page = PlayerPage(account.platform, account.user_id, chat)
        return Profile(
            [Reply(lines[0], page), *(Reply(line) for line in lines[1:])],
            await self._playing(player.id, viewer.id, chat),
            FileReady(
                file_name("ratings", player.id, "png", language),
                picture,
                text("Ratings of {name}", name=player.display_name),
            ),
        )

    async def _playing(self, player_id: int, reader_id: int, chat: ChatRef | None) -> list[GameRow]:
        """The player's current games that the reader may see (a private game elsewhere is
        not named: its players and its number are its chat's)."""
        rows = []
        for game in await self.games.games_of_player(player_id):
            try:
                state = await self.kernel.state(game.id)
            except ServiceError as error:
                rows.append(GameRow(error.reason, None))
                continue
            try:
                await self.kernel.lookup.check_visible(state, reader_id, chat)
            except ServiceError:
                continue
            line = text(
                "Playing #{game} {title}: {players}",
                game=game.id,
                title=game_title(game.kind),
                players=players_text(state),
            )
            rows.append(GameRow(line, game.id))
        return rows

    async def _known(self, someone: Actor) -> Player:
        player = await self.players.known_player(someone.platform, someone.user_id)
        if player is None:
            raise ServiceError(text("I do not know {name}.", name=someone.display_name))
        return player

    async def leaderboards(
        self, chat: ChatRef | None, words: Sequence[str] = (), reader: Actor | None = None
    ) -> Leaderboards:
        """The leaderboard of a pool among the players seen in `chat` (who played a game
        there) and among everyone. `words`: a game and a pace (live, corr), both optional;
        without a game, the pool the reader plays most in, else the one most played in the
        chat; without a pace, the pool of the game with more players."""
        game = next((word for word in words if word.lower() not in PACE_WORDS), None)
        pace = next((word for word in words if word.lower() in PACE_WORDS), None)
        if len(words) > 2 or (len(words) == 2 and (game is None or pace is None)):
            raise ServiceError(text("Usage: {usage}", usage=TOP_USAGE))
        seen = (
            {str(player_id) for player_id in await self.ratings.players_in_chat(chat)}
            if chat
            else set()
        )
        usual = None if game is not None else await self._usual_pool(reader, pace, seen)
        pool = usual or await self._pool(game, pace)
        ratings = {
            str(stored.player_id): await readable_rating(self.ratings, stored)
            for stored in await self.ratings.pool_ratings(pool.key)
        }
        everyone = leaderboard(ratings, pool.system)
        here = leaderboard(ratings, pool.system, among=seen)
        names = {player: await self.kernel.roster.name(int(player)) for player in ratings}
        return Leaderboards(
            pool,
            standings(here, names, LEADERBOARD_ROWS),
            standings(everyone, names, LEADERBOARD_ROWS),
        )

    async def top(  # a command: anyone may
        self,
        actor: Actor,
        chat: ChatRef | None,
        words: Sequence[str],
    ) -> list[Event]:
        """/top [GAME] [live|corr]: the leaderboards as one message."""
        return [Reply(leaderboard_text(await self.leaderboards(chat, words, actor)))]

    async def _usual_pool(
        self, reader: Actor | None, pace: str | None, seen: set[str]
    ) -> Pool | None:
        """The pool a leaderboard without a game shows: the one the reader played most rated
        games in, else the one most played among the players of the chat (None: neither)."""
        player = await self.kernel.roster.player(reader) if reader is not None else None
        own = await self.ratings.ratings_of(player.id) if player is not None else []
        rows = own or [
            row for row in await self.ratings.all_ratings() if str(row.player_id) in seen
        ]
        played: Counter[Pool] = Counter()
        for row in rows:
            try:
                pool = Pool.from_key(row.pool)
            except ValueError:
                continue  # a damaged row: not a pool to show
            if pace is None or pool.pace is PACE_WORDS[pace.lower()]:
                played[pool] += max(row.games, 0) if own else 1
        return played.most_common(1)[0][0] if played else None

    async def _pool(self, game: str | None, pace: str | None) -> Pool:
        try:
            kind = find_game(game or DEFAULT_GAME)
        except KeyError:
            raise ServiceError(
                text(
                    "Unknown game {name}. Games: brazilian, international, italian, "
                    "italian-familiar, ludo.",
                    name=quote(game or DEFAULT_GAME),
                )
            ) from None
        if pace is not None:
            return Pool(kind.key, PACE_WORDS[pace.lower()])
        pools = [Pool(kind.key, Pace.CORRESPONDENCE), Pool(kind.key, Pace.LIVE)]
        sizes = [len(await self.ratings.pool_ratings(pool.key)) for pool in pools]
        return pools[sizes.index(max(sizes))]


def _month_change(changes: list[RatingChangeRecord], rating: Rating, since: datetime) -> int | None:
    """The change of the shown rating over the last 30 days (None: no rated game in them)."""
    recent = [change for change in changes if change.changed_at >= since]
    if not recent:
        return None
    return round(rating.value) - round(recent[0].rating_before)


def _records(games: list[GameRecord], player_id: int) -> dict[str, Record]:
    """Wins, draws and losses per game (kind), over every finished game."""
    counts: dict[str, Counter[str]] = {}
    for game in games:
        if game.result is None:
            continue
        seats = {seat.seat for seat in game.seats if seat.player_id == player_id}
        winners = set(game.result["winners"])
        outcome = "draws" if not winners else "wins" if seats & winners else "losses"
        counts.setdefault(game.kind, Counter())[outcome] += 1
    return {
        kind: Record(count["wins"], count["draws"], count["losses"])
        for kind, count in sorted(counts.items())
    }


def _history(changes: list[RatingChangeRecord]) -> dict[Pool, list[tuple[datetime, float]]]:
    """The points of the chart: each pool's rating before its first rated game (so that even
    one game draws a line, from where the player began), then after each rated game."""
    history: dict[Pool, list[tuple[datetime, float]]] = {}
    for change in changes:
        try:
            pool = Pool.from_key(change.pool)
        except ValueError:
            continue
        if not math.isfinite(change.rating_after):
            continue
        points = history.setdefault(pool, [])
        if not points and math.isfinite(change.rating_before):
            points.append((change.changed_at, change.rating_before))
        points.append((change.changed_at, change.rating_after))
    return history
