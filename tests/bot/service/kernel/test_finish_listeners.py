"""The end of every game passes one place (the kernel's finish listeners): the seam where
tournaments and ratings will hear of results. Each ending is heard once, with its result."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.i18n import text
from bot.service.game_service import GameService
from bot.service.kernel.events import Event, GameState, Reply
from bot.service.kernel.game_flow.clocks import ManualClock
from storage import GameResult, open_store
from tests.bot.conftest import ANA, BIA
from tests.bot.service.test_service import latest, two_player_game

Heard = list[tuple[int, str, GameResult | None]]


def listen(service: GameService) -> Heard:
    heard: Heard = []

    async def listener(state: GameState) -> Sequence[Event]:
        heard.append((state.id, state.record.status, state.record.result))
        return [Reply(text("Game #{game} is over.", game=state.id))]

    service.kernel.changes.on_finish(listener)
    return heard


def told(events: list[Event]) -> bool:
    """The listener's event comes back with the game's end."""
    return any(isinstance(event, Reply) for event in events)


async def test_a_deciding_move_is_heard_once_with_its_result(service: GameService) -> None:
    heard = listen(service)
    state = await two_player_game(service, "brazilian", "fen=W:WK29:BK1")
    shuffle = ["a1-b2", "b8-a7", "b2-a1", "a7-b8"] * 2
    for number, notation in enumerate(shuffle):
        events = await service.play.move((ANA, BIA)[number % 2], notation, state.id)
        state = latest(events)
    assert heard == [(state.id, "finished", GameResult(winners=[], reason="repetition"))]
    assert told(events)


async def test_resignation_draw_and_abort_are_each_heard_once(service: GameService) -> None:
    heard = listen(service)
    resigned = await two_player_game(service, "international")
    assert told(await service.results.resign(BIA, resigned.id))
    drawn = await two_player_game(service, "italian")
    await service.results.draw(ANA, None, drawn.id)
    assert told(await service.results.draw(BIA, "accept", drawn.id))
    aborted = await two_player_game(service, "brazilian")
    assert told(await service.results.abort(ANA, aborted.id))
    assert heard == [
        (resigned.id, "finished", {"winners": [0], "reason": "resignation"}),
        (drawn.id, "finished", {"winners": [], "reason": "agreement"}),
        (aborted.id, "aborted", None),
    ]


async def test_a_loss_on_time_is_heard_once(tmp_path: Path) -> None:
    clock = ManualClock(datetime(2026, 5, 4, 9, 0, tzinfo=UTC))
    async with await open_store(tmp_path / "games.sqlite3", clock=clock) as store:
        service = GameService(store, clock=clock)
        heard = listen(service)
        state = await two_player_game(service, "brazilian", "1d")
        # A first move: a game nobody started is aborted at its deadline, not lost.
        await service.play.move(ANA, "c3-d4", state.id)
        clock.advance(timedelta(days=1, seconds=1))
        await service.scheduler.run_due()
        await service.scheduler.run_due()
        assert heard == [(state.id, "finished", {"winners": [0], "reason": "timeout"})]
        await service.kernel.close()
