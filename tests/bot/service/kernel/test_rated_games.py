"""Rated games end to end in the service: the change is written with the result, exactly once
(also when the end is processed twice, or fails halfway), and only for games that count."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.i18n import translate
from bot.service import boards
from bot.service.game_service import GameService
from bot.service.kernel.events import FileReady
from bot.service.kernel.rated.rated_games import as_rated_game, rated_at_start, update_ratings
from storage import GameRecord, RatingLedger, SeatRecord, Store, ratings_at_game_end
from storage.sql.engines.engine import Connection
from tests.bot.rated_play import ANA, BIA, play, rated_store_at, start


@pytest.fixture
def store(rated_store: Store) -> Store:
    return rated_store


async def changes_by_name(service: GameService, game_id: int) -> dict[str, float]:
    changes = await service.store.game_rating_changes(game_id)
    return {
        (await service.store.get_player(c.player_id)).display_name: c.rating_after - c.rating_before
        for c in changes
    }


async def test_a_resignation_after_two_moves_each_is_a_rated_loss(service: GameService) -> None:
    state = await start(service)
    assert state.record.rated
    assert translate("en", boards.caption(state)).count("1500?") == 2
    await play(service, state.id, 4)
    await service.results.resign(BIA, state.id)
    changes = await changes_by_name(service, state.id)
    assert changes["Ana"] > 0 > changes["Bia"]
    ended = await service.kernel.state(state.id)
    caption = translate("en", boards.caption(ended))
    assert "1662? +162" in caption
    assert "1338? -162" in caption


async def test_a_game_with_fewer_than_two_moves_each_changes_nothing(
    service: GameService,
) -> None:
    state = await start(service)
    await play(service, state.id, 3)
    await service.results.resign(BIA, state.id)
    assert await service.store.game_rating_changes(state.id) == []
    assert await service.store.all_ratings() == []


async def test_casual_and_set_up_games_are_not_rated(service: GameService) -> None:
    casual = await start(service, ["casual"])
    assert not casual.record.rated
    await service.results.resign(ANA, casual.id)
    set_up = await start(service, ["fen=W:W31,32:B1,2"])
    assert not set_up.record.rated


async def test_games_against_the_computer_are_never_rated(service: GameService) -> None:
    await service.challenges.new_game(ANA, None, "brazilian", computer=True, option_words=["rated"])
    player = await service.kernel.roster.player(ANA)
    (game,) = await service.store.games_of_player(player.id)
    assert not game.rated


def test_one_player_on_both_seats_is_never_rated() -> None:
    seats = [SeatRecord(0, 7), SeatRecord(1, 7)]
    assert not rated_at_start(seats, {}, True)
    assert rated_at_start([SeatRecord(0, 7), SeatRecord(1, 8)], {}, None)


async def test_processing_the_end_twice_applies_the_change_once(tmp_path: Path) -> None:
    twice = ratings_at_game_end(update_ratings)
    async with await rated_store_at(tmp_path / "twice.sqlite3", [twice]) as store:
        service = GameService(store)
        state = await start(service)
        await play(service, state.id, 4)
        await service.results.resign(BIA, state.id)
        changes = await store.game_rating_changes(state.id)
        assert len(changes) == 2
        ana = await store.ratings_of(changes[0].player_id)
        assert ana[0].games == 1
        assert ana[0].rating == changes[0].rating_after
        await service.kernel.close()


async def crash(_connection: Connection, _game: GameRecord) -> None:
    raise OSError("the process died after the rating change was written")


async def test_a_crash_during_the_end_leaves_the_game_to_be_finished_again(
    tmp_path: Path,
) -> None:
    path = tmp_path / "crash.sqlite3"
    async with await rated_store_at(path, [crash]) as store:
        service = GameService(store)
        state = await start(service)
        await play(service, state.id, 4)
        with pytest.raises(OSError, match="process died"):
            await service.results.resign(BIA, state.id)
        assert (await store.get_game(state.id)).status == "active"
        assert await store.all_ratings() == []
        await service.kernel.close()
    async with await rated_store_at(path) as store:
        service = GameService(store)
        await service.results.resign(BIA, state.id)
        assert len(await store.game_rating_changes(state.id)) == 2
        # The end processed again (a restart replaying it) changes nothing more.
        before = await store.all_ratings()
        game = await store.get_game(state.id)
        writes = ratings_at_game_end(update_ratings)
        async with store._engine.writing() as connection:  # type: ignore[attr-defined]
            await writes(connection, game)
            assert await RatingLedger(connection).applied(game.id)
        assert await store.all_ratings() == before
        await service.kernel.close()


async def test_a_loss_on_time_counts_as_a_loss(service: GameService, store: Store) -> None:
    state = await start(service)
    state = await play(service, state.id, 4)
    await store.finish_game(
        state.id, state.version, "finished", {"winners": [1], "reason": "timeout"}
    )
    changes = await changes_by_name(service, state.id)
    assert changes["Bia"] > 0 > changes["Ana"]


async def test_the_pdn_of_a_rated_game_carries_the_elo_tags(service: GameService) -> None:
    state = await start(service)
    await play(service, state.id, 4)
    await service.results.resign(BIA, state.id)
    (pdn,) = await service.records.export_pdn(ANA, state.id)
    assert isinstance(pdn, FileReady)
    assert '[WhiteElo "1500"]' in pdn.content.decode()
    assert '[BlackElo "1500"]' in pdn.content.decode()
    casual = await start(service, ["casual"])
    (casual_pdn,) = await service.records.export_pdn(ANA, casual.id)
    assert isinstance(casual_pdn, FileReady)
    assert b"Elo" not in casual_pdn.content


def test_a_ludo_team_game_is_rated_by_teams_in_its_pool() -> None:
    moment = datetime(2026, 3, 1, tzinfo=UTC)
    game = GameRecord(
        id=9,
        kind="ludo",
        options={
            "rules": {"players": 4, "teams": True},
            "time": {"per_move": 120.0, "correspondence": False},
        },
        status="finished",
        version=40,
        result={"winners": [1, 3], "reason": "team_home"},
        snapshot="",
        seats=tuple(SeatRecord(seat, 10 + seat) for seat in range(4)),
        chat=None,
        draw_offer=None,
        created_at=moment,
        updated_at=moment,
        rated=True,
    )
    rated = as_rated_game(game, dict.fromkeys(range(4), 5))
    assert rated is not None
    assert rated.pool.key == "ludo/live"
    assert [(side.players, side.rank) for side in rated.sides] == [
        (("10", "12"), 2),
        (("11", "13"), 1),
    ]
    assert as_rated_game(game, {0: 5, 1: 5, 2: 1, 3: 5}) is None
