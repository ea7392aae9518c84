"""Issue 40, item 2: a simul through the service, from its opening to its summary: the
host's colour on each board as the setting gives it, the desk in the order the boards have
waited for him (the next one by the desk's button), each board's result and the host's
score, every board's PDN; who may do what, and from where."""

from __future__ import annotations

import pytest

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, BoardUpdate, FileReady, ServiceError, TurnPing
from bot.service.kernel.game_flow.clocks import ManualClock
from bot.service.kernel.game_flow.turn_pings import PING_AFTER
from storage import ChatRef
from tests.bot.service.correspondence.test_correspondence import notices
from tests.bot.service.simuls.helpers import CHALLENGERS, CHAT, HOST, desk_of, news, opened

ELSEWHERE = ChatRef("test", "another")
STRANGER = Actor("test", "x", "X")


async def test_a_simul_from_its_opening_to_its_summary(service: GameService) -> None:
    simul_id = await opened(service, colour="alternate")
    started = await service.simuls.start(HOST, CHAT, simul_id)
    assert news(started)[0].startswith("Simul #1 starts: Host against 3 challengers.")
    facts = await service.store.simul_facts(simul_id)
    games = [board.game_id or 0 for board in facts.boards]
    states = [await service.kernel.state(game) for game in games]
    # By turns: the host White on boards 1 and 3, Black on board 2.
    assert [state.seat_names for state in states] == [
        ("Host", "C1"),
        ("C2", "Host"),
        ("Host", "C3"),
    ]
    assert all(state.simul == simul_id and not state.record.rated for state in states)
    boards = [e for e in started if isinstance(e, BoardUpdate)]
    assert [e.state.id for e in boards] == games
    assert boards[1].headline is not None

    # C2 moves on board 2: now it waits for the host too, after the two that waited longer.
    await service.play.move(CHALLENGERS[1], "23-19", games[1])
    first = desk_of(await service.desks.desk(HOST, CHAT))
    assert (first.game_id, first.more) == (games[0], True)
    said = translate("en", first.text)
    assert said.startswith("Simul #1, your desk: 3 boards wait for you, oldest first: board 1 (C1")
    assert said.index("board 3 (C3") < said.index("board 2 (C2"), said
    assert said.endswith(f"Now board 1 (game #{games[0]}).")
    shown = await service.desks.desk(HOST, CHAT, simul_id, after=first.game_id)
    second = desk_of(shown)
    assert second.game_id == games[2]
    assert [e.state.id for e in shown if isinstance(e, BoardUpdate)] == [games[2]]
    third = desk_of(await service.desks.desk(HOST, CHAT, simul_id, after=second.game_id))
    assert third.game_id == games[1]
    again = desk_of(await service.desks.desk(HOST, CHAT, simul_id, after=third.game_id))
    assert again.game_id == games[0], "the desk's button goes round"
    # The desk made the board it shows the host's game: a typed move goes there.
    await service.play.move(HOST, "22-18")
    assert (await service.kernel.state(games[0])).log == ("22-18",)
    after_move = desk_of(await service.desks.desk(HOST, CHAT))
    assert after_move.game_id == games[2]

    won = await service.results.resign(CHALLENGERS[0], games[0])
    assert news(won) == ["Simul #1: board 1, C1: the host won. The host's score so far: +1 =0 -0."]
    await service.results.draw(HOST, None, games[1])
    drawn = await service.results.draw(CHALLENGERS[1], "accept", games[1])
    assert news(drawn) == ["Simul #1: board 2, C2: drawn. The host's score so far: +1 =1 -0."]
    lost = await service.results.resign(HOST, games[2])
    assert news(lost) == [
        "Simul #1: board 3, C3: the host lost. The host's score so far: +1 =1 -1.",
        "Simul #1 is over: Host scored +1 =1 -1. The boards: board 1, C1: the host won; "
        "board 2, C2: drawn; board 3, C3: the host lost. Every board's game: /simul pdn 1.",
    ]
    assert (await service.store.get_simul(simul_id)).status == "finished"
    with pytest.raises(ServiceError, match="There is no simul here"):
        await service.desks.desk(HOST, CHAT)

    exported = await service.desks.export_pdn(CHALLENGERS[2], CHAT, simul_id)
    [pdn] = [event for event in exported if isinstance(event, FileReady)]
    content = pdn.content.decode()
    assert pdn.name == "simul-1.pdn"
    assert content.count('[Event "Simul #1: Italian draughts"]') == 3
    for board in (1, 2, 3):
        assert f'[Round "{board}"]' in content
    assert '[Result "1-0"]' in content
    assert '[Result "1/2-1/2"]' in content


async def test_the_desk_when_no_board_waits(service: GameService) -> None:
    simul_id = await opened(service, colour="black")
    await service.simuls.start(HOST, CHAT, simul_id)
    idle = desk_of(await service.desks.desk(HOST, CHAT))
    assert translate("en", idle.text) == "Simul #1: no board waits for you; 3 games go on."
    assert (idle.game_id, idle.more) == (None, False)


async def test_who_may_do_what(service: GameService) -> None:
    with pytest.raises(ServiceError, match="draughts"):
        await service.simuls.create(HOST, CHAT, "ludo", 5)
    with pytest.raises(ServiceError, match="1 to 50 boards"):
        await service.simuls.create(HOST, CHAT, "italian", 51)
    with pytest.raises(ServiceError, match="clock"):
        await service.simuls.create(HOST, CHAT, "italian", 5, "tomorrow")
    simul_id = await opened(service)
    with pytest.raises(ServiceError, match="The host plays every board"):
        await service.simuls.join(HOST, CHAT, simul_id)
    with pytest.raises(ServiceError, match="Only the host"):
        await service.simuls.start(CHALLENGERS[0], CHAT, simul_id)
    # Another chat does not see the simul; its challengers and host do, from anywhere.
    with pytest.raises(ServiceError, match="There is no simul #1"):
        await service.desks.show(STRANGER, ELSEWHERE, simul_id)
    assert await service.desks.show(CHALLENGERS[0], ELSEWHERE, simul_id)
    with pytest.raises(ServiceError, match="Simul #1 has not started"):
        await service.desks.desk(HOST, CHAT, simul_id)
    await service.simuls.start(HOST, CHAT, simul_id)
    with pytest.raises(ServiceError, match="Simul #1 no longer takes challengers"):
        await service.simuls.join(STRANGER, CHAT, simul_id)
    with pytest.raises(ServiceError, match="Only the host"):
        await service.desks.desk(CHALLENGERS[0], CHAT, simul_id)
    with pytest.raises(ServiceError, match="There is no simul #99"):
        await service.desks.desk(HOST, CHAT, 99)


async def test_the_host_is_not_pinged_a_board_at_a_time(
    timed: GameService, clock: ManualClock
) -> None:
    """A live turn that waits a minute pings its player (docs/notifications.md), but not the
    host's: his desk lists every board that waits for him."""
    seen = notices(timed)
    simul_id = await opened(timed, time="10m")
    await timed.simuls.start(HOST, CHAT, simul_id)
    games = [board.game_id or 0 for board in (await timed.store.simul_facts(simul_id)).boards]
    await timed.play.move(HOST, "22-18", games[0])
    clock.advance(2 * PING_AFTER)
    await timed.scheduler.run_due()
    challenger = await timed.kernel.roster.player(CHALLENGERS[0])
    assert [p.player_id for p in seen if isinstance(p, TurnPing)] == [challenger.id]
    await timed.play.move(CHALLENGERS[0], "11-15", games[0])
    # Well within the clock (10 minutes a player): the host's turn is not lost on time.
    clock.advance(2 * PING_AFTER)
    await timed.scheduler.run_due()
    assert (await timed.kernel.state(games[0])).active
    assert [p.player_id for p in seen if isinstance(p, TurnPing)] == [challenger.id]


async def test_the_host_calls_a_simul_off(service: GameService) -> None:
    simul_id = await opened(service)
    await service.simuls.start(HOST, CHAT, simul_id)
    games = [board.game_id or 0 for board in (await service.store.simul_facts(simul_id)).boards]
    await service.results.resign(CHALLENGERS[0], games[0])
    with pytest.raises(ServiceError, match="Only the host"):
        await service.simuls.cancel(CHALLENGERS[1], CHAT, simul_id)
    called_off = await service.simuls.cancel(HOST, CHAT, simul_id)
    # The boards still played are aborted, without a result line or a summary.
    assert news(called_off) == ["Simul #1 is cancelled."]
    states = [await service.kernel.state(game) for game in games]
    assert [state.record.status for state in states] == ["finished", "aborted", "aborted"]
    with pytest.raises(ServiceError, match="Simul #1 is over already"):
        await service.simuls.cancel(HOST, CHAT, simul_id)
