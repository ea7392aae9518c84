"""Which turns are pinged, and when (bot/service/kernel/game_flow/turn_pings.py,
docs/notifications.md):
a live turn between people that waits a minute (half the move time under a shorter clock), once;
not a game against the computer, not a correspondence game (its notice goes at once), not a
game that ended meanwhile (tests/bot/service/test_two_services.py: once with two processes)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import TurnNotice, TurnPing
from bot.service.kernel.game_flow.clocks import ManualClock
from bot.service.kernel.game_flow.turn_pings import PING_AFTER
from tests.bot.conftest import ANA, BIA, CHAT
from tests.bot.service.correspondence.test_correspondence import notices
from tests.bot.service.test_service import latest, two_player_game

SECOND = timedelta(seconds=1)


def pings(seen: Sequence[object]) -> list[TurnPing]:
    return [notice for notice in seen if isinstance(notice, TurnPing)]


async def wait(service: GameService, clock: ManualClock, span: timedelta) -> None:
    clock.advance(span)
    await service.scheduler.run_due()


async def test_a_waiting_live_turn_is_pinged_once(timed: GameService, clock: ManualClock) -> None:
    seen = notices(timed)
    state = await two_player_game(timed, "brazilian")
    await timed.play.move(ANA, "c3-d4", state.id)
    await wait(timed, clock, PING_AFTER - SECOND)
    assert pings(seen) == []
    await wait(timed, clock, 2 * SECOND)
    [ping] = pings(seen)
    bia = await timed.kernel.roster.player(BIA)
    assert ping.player_id == bia.id
    assert ping.state is not None
    assert ping.state.plies == 1
    assert translate("en", ping.text) == f"Game #{state.id} is waiting for your move."
    await wait(timed, clock, 10 * PING_AFTER)
    assert len(pings(seen)) == 1


async def test_a_short_clock_pings_at_half_the_move_time(
    timed: GameService, clock: ManualClock
) -> None:
    seen = notices(timed)
    state = await two_player_game(timed, "brazilian", "1m")
    await timed.play.move(ANA, "c3-d4", state.id)
    await wait(timed, clock, timedelta(seconds=29))
    assert pings(seen) == []
    await wait(timed, clock, timedelta(seconds=2))
    assert [p.player_id for p in pings(seen)] == [(await timed.kernel.roster.player(BIA)).id]


async def test_the_first_turn_is_told_by_the_first_board_not_pinged(
    timed: GameService, clock: ManualClock
) -> None:
    seen = notices(timed)
    await two_player_game(timed, "brazilian")
    await wait(timed, clock, 10 * PING_AFTER)
    assert pings(seen) == []


async def test_no_ping_against_the_computer_in_correspondence_or_after_the_end(
    timed: GameService, clock: ManualClock
) -> None:
    seen = notices(timed)
    await timed.challenges.new_game(ANA, CHAT, "brazilian", computer=True, seat=0)
    correspondence = await two_player_game(timed, "italian", "3d")
    ended = await two_player_game(timed, "brazilian")
    await timed.results.resign(ANA, ended.id)
    await wait(timed, clock, 10 * PING_AFTER)
    assert pings(seen) == []
    # The correspondence turn is told at once instead, by its turn notice.
    started = await timed.kernel.state(correspondence.id)
    assert started.record.options["time"]["correspondence"]


async def test_a_correspondence_turn_notice_goes_at_once(timed: GameService) -> None:
    state = await two_player_game(timed, "brazilian", "3d")
    events = await timed.play.move(ANA, "c3-d4", state.id)
    [notice] = [e for e in events if isinstance(e, TurnNotice)]
    assert notice.player_id == (await timed.kernel.roster.player(BIA)).id
    assert latest(events).plies == 1
