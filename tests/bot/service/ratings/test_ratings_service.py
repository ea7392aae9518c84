"""What people see of ratings: /profile, /top (this chat and everyone), the ratings rebuilt
from the results (equal to the stored ones; a damaged row rebuilt), rating_of."""

from __future__ import annotations

import io
import math
import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import translate
from bot.recompute_ratings import run as recompute_ratings
from bot.render.rating_chart import SERIES_COLOURS
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, FileReady, Reply, ServiceError
from bot.service.kernel.rated.rating_rebuild import recompute
from bot.service.ratings.views import chart_date
from competition.rating import Pace, Pool
from storage import ChatRef, Store
from tests.bot.rated_play import ANA, BIA, CHAT, RATED_DATABASE, play, rated_store_at, start
from tests.postgres_server import PostgresServer
from tests.processes import bot_environment

CAIO = Actor("test", "caio", "Caio")
POOL = Pool("brazilian", Pace.CORRESPONDENCE)
PNG = b"\x89PNG"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / RATED_DATABASE


@pytest.fixture
def store(rated_store: Store) -> Store:
    return rated_store


async def rated_win(service: GameService, winner: Actor, loser: Actor) -> int:
    """A rated game that `loser` resigns after two moves each."""
    state = await start(service, white=winner, black=loser)
    await play(service, state.id, 4, white=winner, black=loser)
    await service.results.resign(loser, state.id)
    return state.id


def lines(events: list[Event]) -> list[str]:
    return [translate("en", event.text) for event in events if isinstance(event, Reply)]


async def test_a_profile_shows_ratings_record_games_and_a_chart(service: GameService) -> None:
    await rated_win(service, ANA, BIA)
    await start(service, white=ANA, black=CAIO)
    events = await service.ratings.profile(BIA, ANA)
    shown = lines(events)
    assert shown[0] == "Ana"
    assert shown[1] == ("Brazilian draughts (correspondence): 1662? (+162 in 30 days, 1 game)")
    assert "Brazilian draughts: 1 win, 0 draws, 0 losses" in shown
    assert any(line.startswith("Playing #2 Brazilian draughts: Ana - Caio") for line in shown)
    (picture,) = [event for event in events if isinstance(event, FileReady)]
    assert picture.content.startswith(PNG)


async def test_one_rated_game_draws_a_line_from_where_the_player_began(
    service: GameService,
) -> None:
    """Issue 37, item 13: the chart joins the rating before the first game to the one after
    it, instead of one dot."""
    await rated_win(service, ANA, BIA)
    events = await service.ratings.profile(ANA)
    (picture,) = [event for event in events if isinstance(event, FileReady)]
    image = Image.open(io.BytesIO(picture.content)).convert("RGB")
    line = SERIES_COLOURS[0]
    drawn = 0
    for count, pixel in image.getcolors(maxcolors=image.width * image.height) or []:
        if isinstance(pixel, tuple) and all(
            abs(a - b) <= 12 for a, b in zip(pixel, line, strict=True)
        ):
            drawn += count
    assert drawn > 300, "a dot and the legend's dash are fewer"


@pytest.mark.parametrize(
    ("language", "written"), [("pt", "01/09/2026"), ("it", "01/09/2026"), ("en", "2026-09-01")]
)
def test_the_charts_dates_are_written_as_the_reader_writes_them(
    language: str, written: str
) -> None:
    assert chart_date(language, datetime(2026, 9, 1, 12, tzinfo=UTC)) == written


async def test_the_profile_of_someone_unknown_says_who(service: GameService) -> None:
    with pytest.raises(ServiceError) as refused:
        await service.ratings.profile(ANA, Actor("test", "zeca", "Zeca"))
    assert translate("en", refused.value.reason) == "I do not know Zeca."


async def test_the_leaderboard_of_a_chat_holds_the_players_seen_there(
    service: GameService,
) -> None:
    await rated_win(service, ANA, BIA)
    elsewhere = ChatRef("test", "chat-2")
    boards = await service.ratings.leaderboards(elsewhere)
    assert boards.chat == ()
    assert [row.name for row in boards.everyone] == ["Ana", "Bia"]
    boards = await service.ratings.leaderboards(CHAT, ["brazilian", "corr"])
    assert [(row.place, row.name, str(row.shown)) for row in boards.chat] == [
        (1, "Ana", "1662?"),
        (2, "Bia", "1338?"),
    ]
    (message,) = lines(await service.ratings.top(ANA, CHAT, ["brazilian"]))
    assert message.splitlines()[:3] == [
        "Leaderboard, Brazilian draughts (correspondence)",
        "In this chat:",
        "1. Ana 1662?",
    ]


async def test_top_refuses_an_unknown_game(service: GameService) -> None:
    with pytest.raises(ServiceError):
        await service.ratings.top(ANA, CHAT, ["chess"])


async def test_recomputing_gives_the_stored_ratings(service: GameService, store: Store) -> None:
    await rated_win(service, ANA, BIA)
    await rated_win(service, BIA, CAIO)
    await rated_win(service, CAIO, ANA)
    stored = await store.all_ratings()
    changes = [await store.game_rating_changes(game_id) for game_id in (1, 2, 3)]
    rebuilt = await recompute(store)
    assert (rebuilt.games, rebuilt.players, rebuilt.pools) == (3, 3, 1)
    assert rebuilt.differences == ()
    assert await store.all_ratings() == stored
    assert [await store.game_rating_changes(game_id) for game_id in (1, 2, 3)] == changes


async def test_a_damaged_rating_is_shown_rebuilt_and_recomputed(
    service: GameService, store: Store, db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await rated_win(service, ANA, BIA)
    ana = await service.kernel.roster.player(ANA)
    (before,) = await store.ratings_of(ana.id)
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:
        raw.execute(
            "UPDATE ratings SET rating = 'garbage', games = -7 WHERE player_id = ?", (ana.id,)
        )
    assert (await service.ratings.rating_of(ana.id, POOL)).value == before.rating
    assert "1662?" in lines(await service.ratings.profile(ANA))[1]
    await service.kernel.close()
    await store.close()
    assert await recompute_ratings(db) == 0
    output = capsys.readouterr().out.splitlines()
    assert output[0] == "Rebuilt the ratings from 1 rated game: 2 players in 1 pool."
    assert output[1] == "1 stored rating differed and was replaced:"
    assert output[2].startswith("  Ana, brazilian/correspondence: stored nan")
    async with await rated_store_at(db) as reopened:
        assert await reopened.ratings_of(ana.id) == [before]


def recompute_command(
    folder: Path, *arguments: str, **environment: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "recompute-ratings", *arguments],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=folder,
        env=bot_environment(**environment),
    )


def test_the_command_line_refuses_a_database_that_is_not_there(tmp_path: Path) -> None:
    database = tmp_path / "typo.sqlite3"
    done = recompute_command(tmp_path, "--db", str(database))
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"damas-bot: There is no database at {database}: give the one the bot uses with --db "
        "(a file, or a postgresql:// URL), or set DATABASE_URL."
    ]
    assert not database.exists()


async def test_the_command_line_says_when_there_was_nothing_to_rebuild(tmp_path: Path) -> None:
    database = tmp_path / "empty.sqlite3"
    await (await rated_store_at(database)).close()
    done = recompute_command(tmp_path, "--db", str(database))
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == (
        "Rebuilt the ratings from 0 rated games: 0 players in 0 pools."
    )
    assert done.stderr.splitlines() == [
        f"damas-bot: {database} holds no rated games: nothing was rebuilt. Is it the database "
        "the bot uses (--db, or DATABASE_URL)?"
    ]


@pytest.mark.parametrize("given", ["--db", "DATABASE_URL"])
async def test_the_command_line_rebuilds_a_postgresql_database(
    tmp_path: Path, postgres_server: PostgresServer, given: str
) -> None:
    url = postgres_server.new_database()
    async with await rated_store_at(url) as store:
        service = GameService(store)
        await rated_win(service, ANA, BIA)
        await service.kernel.close()
    if given == "--db":
        done = recompute_command(tmp_path, "--db", url)
    else:
        done = recompute_command(tmp_path, DATABASE_URL=url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Rebuilt the ratings from 1 rated game: 2 players in 1 pool.",
        "The stored ratings were the same as the rebuilt ones.",
    ]
    assert list(tmp_path.iterdir()) == [], "a URL was taken for a path"


async def test_a_damaged_rating_with_damaged_changes_is_replayed_from_the_results(
    service: GameService, store: Store, db: Path
) -> None:
    await rated_win(service, ANA, BIA)
    ana = await service.kernel.roster.player(ANA)
    (before,) = await store.ratings_of(ana.id)
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:
        raw.execute("UPDATE ratings SET deviation = 'x' WHERE player_id = ?", (ana.id,))
        raw.execute("UPDATE rating_changes SET rating_after = 'y' WHERE player_id = ?", (ana.id,))
    assert (await service.ratings.rating_of(ana.id, POOL)).value == before.rating
    # A new game's end goes on from a sound rating, never from the damaged one.
    await rated_win(service, ANA, BIA)
    (after,) = await store.ratings_of(ana.id)
    assert math.isfinite(after.rating)
    assert after.deviation > 0


async def test_linking_two_accounts_rebuilds_their_ratings_as_one_player(
    service: GameService, store: Store
) -> None:
    other_ana = Actor("other", "ana", "Ana")
    await rated_win(service, ANA, BIA)
    await rated_win(service, BIA, other_ana)
    (code_reply,) = await service.identities.link(ANA, None)
    assert isinstance(code_reply, Reply)
    code = str(code_reply.text.values["code"])
    await service.identities.link(other_ana, code)
    ana = await service.kernel.roster.player(ANA)
    (rating,) = await store.ratings_of(ana.id)
    assert rating.games == 2
    assert (await recompute(store)).differences == ()


async def test_a_profile_names_the_computer_in_the_readers_language(service: GameService) -> None:
    await service.challenges.new_game(ANA, CHAT, "brazilian", computer=True, seat=0)
    shown = [
        translate("pt", event.text)
        for event in await service.ratings.profile(ANA)
        if isinstance(event, Reply)
    ]
    playing = [line for line in shown if line.startswith("Jogando #")]
    assert playing, shown
    assert playing[0].endswith(": Ana - Computador (normal)"), playing
