"""Correspondence play with a controlled clock: reminders, losses on time, vacations, a
restart between a deadline and its processing, Ludo timeouts, linked accounts, urgency."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.i18n import translate
from bot.service import boards
from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.events import (
    Actor,
    BoardUpdate,
    ChallengeUpdate,
    Event,
    FileReady,
    PlayerNotice,
    Reply,
    ServiceError,
)
from bot.service.kernel.game_flow.clocks import ManualClock
from games.base import CHANCE
from storage import ChatRef, Store
from tests.bot.conftest import ANA, BIA, CAIO, CHAT, make_service, said
from tests.bot.service.test_service import latest

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


def notices(service: GameService) -> list[PlayerNotice]:
    """Collect the notices the service delivers from now on."""
    seen: list[PlayerNotice] = []

    async def sink(event: Event) -> None:
        if isinstance(event, PlayerNotice):
            seen.append(event)

    service.kernel.bus.subscribe(sink)
    return seen


async def timed_game(service: GameService, kind: str = "brazilian", *words: str) -> int:
    events = await service.challenges.new_game(
        ANA, CHAT, kind, opponent=BIA, seat=0, option_words=["3d", *words]
    )
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    return latest(await service.challenges.accept(BIA, challenge.id, CHAT)).id


async def advance(service: GameService, clock: ManualClock, span: timedelta) -> None:
    clock.advance(span)
    await service.scheduler.run_due()


async def test_the_clock_is_on_the_board_caption(timed: GameService) -> None:
    game = await timed_game(timed)
    caption = translate("en", boards.caption(await timed.kernel.state(game)))
    assert "Ana (White) to move, 3d 0h left" in caption


async def test_reminders_come_at_24_hours_and_1_hour_left_and_never_twice(
    timed: GameService, clock: ManualClock
) -> None:
    seen = notices(timed)
    await timed_game(timed)
    await advance(timed, clock, DAY)
    assert seen == []
    await advance(timed, clock, DAY + HOUR)  # 23 hours left
    assert [translate("en", n.text) for n in seen] == ["Game #1: it is your move, 23h 0m left."]
    await advance(timed, clock, HOUR)
    assert len(seen) == 1, "the 24-hour reminder is sent once"
    await advance(timed, clock, 21 * HOUR)  # 1 hour left
    assert len(seen) == 2
    assert "1h 0m left" in translate("en", seen[1].text)
    await timed.scheduler.run_due()
    assert len(seen) == 2
    player = await timed.kernel.roster.player(ANA)
    assert {n.player_id for n in seen} == {player.id}


async def test_the_notices_of_a_loss_on_time_are_stored_with_the_result(
    timed: GameService, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = notices(timed)
    game = await timed_game(timed)
    await timed.play.move(ANA, "c3-d4", game)

    async def no_separate_write(*_arguments: object) -> None:
        raise AssertionError("a notice written apart from the result: a crash can lose it")

    monkeypatch.setattr(timed.store, "add_notice", no_separate_write)
    await advance(timed, clock, 3 * DAY + timedelta(seconds=1))
    assert (await timed.kernel.state(game)).record.result == {"winners": [0], "reason": "timeout"}
    texts = sorted(translate("en", n.text) for n in seen if n.text.message != "{notice}")
    assert "You ran out of time in game #1." in texts
    assert "Bia ran out of time in game #1." in texts


async def test_reminders_due_together_are_sent_once(timed: GameService, clock: ManualClock) -> None:
    # The scheduler was down from the start of the turn until 50 minutes before its end: the
    # 24-hour and the 1-hour reminder are both due, and would say the same thing.
    seen = notices(timed)
    await timed_game(timed)
    await advance(timed, clock, 3 * DAY - timedelta(minutes=50))
    assert [translate("en", n.text) for n in seen] == ["Game #1: it is your move, 50m left."]
    await advance(timed, clock, timedelta(minutes=10))
    assert len(seen) == 1


async def test_a_muted_player_gets_no_reminders(timed: GameService, clock: ManualClock) -> None:
    seen = notices(timed)
    await timed.correspondence.set_reminders(ANA, False)
    await timed_game(timed)
    await advance(timed, clock, 3 * DAY - 30 * timedelta(minutes=1))
    assert seen == []


async def test_a_deadline_passes_and_the_player_loses_on_time(
    timed: GameService, clock: ManualClock
) -> None:
    seen = notices(timed)
    game = await timed_game(timed)
    await timed.play.move(ANA, "c3-d4", game)
    await advance(timed, clock, 3 * DAY + timedelta(seconds=1))
    state = await timed.kernel.state(game)
    assert state.record.result == {"winners": [0], "reason": "timeout"}
    texts = {translate("en", n.text) for n in seen if n.text.message != "{notice}"}
    assert "You ran out of time in game #1." in texts
    assert "Bia ran out of time in game #1." in texts
    pdn = next(e for e in await timed.records.export_pdn(ANA, game) if isinstance(e, FileReady))
    assert b'[Result "1-0"]' in pdn.content
    assert b'[Termination "time ran out"]' in pdn.content


async def test_a_restart_between_the_deadline_and_its_processing_times_out_once(
    timed_store: Store, clock: ManualClock
) -> None:
    before = make_service(timed_store, clock)
    game = await timed_game(before)
    await before.play.move(ANA, "c3-d4", game)
    await before.kernel.close()  # the bot is down while the deadline passes
    clock.advance(4 * DAY)
    after = make_service(timed_store, clock)
    seen = notices(after)
    await after.scheduler.run_due()
    await after.scheduler.run_due()
    state = await after.kernel.state(game)
    assert state.record.result == {"winners": [0], "reason": "timeout"}
    assert len(await timed_store.moves(game)) == 1
    assert len(seen) == 2, "each player is told once"
    await after.kernel.close()


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_game_whose_first_player_never_moves_is_aborted_not_lost(
    timed: GameService, clock: ManualClock, language: str
) -> None:
    seen = notices(timed)
    game = await timed_game(timed)
    await advance(timed, clock, 3 * DAY + timedelta(seconds=1))
    state = await timed.kernel.state(game)
    assert state.record.status == "aborted"
    assert state.record.result is None
    told = {translate(language, notice.text) for notice in seen}
    expected = {
        "pt": "A partida #1 foi anulada: Ana não fez o primeiro lance a tempo.",
        "it": "La partita #1 è annullata: Ana non ha fatto la prima mossa in tempo.",
    }
    assert expected[language] in told


@pytest.mark.usefixtures("clock")
async def test_bare_vacation_and_remind_show_the_setting(timed: GameService) -> None:
    (status,) = await timed.correspondence.vacation_status(ANA)
    assert isinstance(status, Reply)
    assert translate("pt", status.text).startswith("Você não está de férias; restam 30 dias")
    await timed.correspondence.vacation(ANA, 3)
    (status,) = await timed.correspondence.vacation_status(ANA)
    assert isinstance(status, Reply)
    assert translate("it", status.text) == (
        "Sei in vacanza fino al 2026-05-07 09:00 UTC: /vacanza no la termina."
    )
    await timed.correspondence.set_reminders(ANA, False)
    (reminders,) = await timed.correspondence.reminder_status(ANA)
    assert isinstance(reminders, Reply)
    assert translate("en", reminders.text) == "Reminders before your deadlines are off."


async def test_a_vacation_stops_every_clock_and_a_move_ends_it(
    timed: GameService, clock: ManualClock
) -> None:
    game = await timed_game(timed)
    await advance(timed, clock, DAY)
    (reply,) = await timed.correspondence.vacation(ANA, 10)
    assert isinstance(reply, Reply)
    caption = translate("en", boards.caption(await timed.kernel.state(game)))
    assert "Ana on vacation" in caption
    assert "2d 0h left" in caption
    await advance(timed, clock, 8 * DAY)
    assert (await timed.kernel.state(game)).active, "no loss on time during a vacation"
    await timed.play.move(ANA, "c3-d4", game)
    assert (await timed.kernel.state(game)).away == frozenset()
    with pytest.raises(ServiceError, match="not on vacation"):
        await timed.correspondence.vacation(ANA, 0)


async def test_a_vacation_ends_by_itself_and_the_allowance_is_30_days(
    timed: GameService, clock: ManualClock
) -> None:
    game = await timed_game(timed)
    await timed.correspondence.vacation(ANA, 5)
    await advance(timed, clock, 5 * DAY)
    state = await timed.kernel.state(game)
    assert state.away == frozenset()
    assert state.time_left == 3 * DAY
    with pytest.raises(ServiceError, match="at most 25 days"):
        await timed.correspondence.vacation(ANA, 26)
    await timed.correspondence.vacation(ANA, 25)
    await timed.correspondence.vacation(ANA, 0)
    with pytest.raises(ServiceError, match=r"at most 25 days|no vacation days"):
        await timed.correspondence.vacation(ANA, 30)


async def test_a_ludo_player_who_runs_out_of_time_leaves_and_the_others_play_on(
    timed: GameService, clock: ManualClock
) -> None:
    events = await timed.challenges.new_game(ANA, CHAT, "ludo", players=3, option_words=["1d"])
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await timed.challenges.accept(BIA, challenge.id, CHAT)
    state = latest(await timed.challenges.accept(CAIO, challenge.id, CHAT))
    late = seat_to_act(state)
    assert late is not None
    assert state.position.to_move() == CHANCE
    await advance(timed, clock, DAY + HOUR)
    after = await timed.kernel.state(state.id)
    assert after.active
    assert after.log[-1] == f"leave {late + 1}"
    assert seat_to_act(after) != late


async def test_a_linked_player_plays_a_telegram_game_from_discord(
    timed: GameService,
) -> None:
    telegram_chat = ChatRef("telegram", "-100")
    ana_telegram = Actor("telegram", "11", "Ana")
    ana_discord = Actor("discord", "77", "ana")
    bia_telegram = Actor("telegram", "22", "Bia")
    published: list[Event] = []

    async def sink(event: Event) -> None:
        published.append(event)

    timed.kernel.bus.subscribe(sink)
    events = await timed.challenges.new_game(
        ana_telegram, telegram_chat, "italian", opponent=bia_telegram, seat=0, option_words=["2d"]
    )
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    state = latest(await timed.challenges.accept(bia_telegram, challenge.id, telegram_chat))
    (code_reply,) = await timed.identities.link(ana_telegram, None)
    assert isinstance(code_reply, Reply)
    code = code_reply.text.values["code"]
    await timed.identities.link(ana_discord, code)
    returned = await timed.play.move(ana_discord, "21-17", state.id)
    await timed.kernel.background.idle()
    assert not any(isinstance(event, BoardUpdate) for event in returned)
    boards_sent = [event for event in published if isinstance(event, BoardUpdate)]
    assert boards_sent
    assert boards_sent[-1].chat == telegram_chat
    listing = await timed.records.my_games(ana_discord)
    assert "#1 Italian draughts" in said("en", listing[0])


@pytest.mark.usefixtures("clock")
async def test_my_games_lists_the_most_urgent_first(timed: GameService) -> None:
    slow = await timed_game(timed, "brazilian")
    events = await timed.challenges.new_game(
        ANA, CHAT, "italian", opponent=BIA, seat=0, option_words=["1d"]
    )
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    fast = latest(await timed.challenges.accept(BIA, challenge.id, CHAT)).id
    waiting = await timed_game(timed, "international")
    await timed.play.move(ANA, "32-28", waiting)
    lines = [
        translate("en", e.text) for e in await timed.records.my_games(ANA) if isinstance(e, Reply)
    ]
    order = [int(line.split("#")[1].split()[0]) for line in lines]
    assert order == [fast, slow, waiting]
    assert "your turn, 1d 0h left" in lines[0]
    assert "Bia to move" in lines[2]


@pytest.mark.usefixtures("clock")
async def test_games_lists_challenges_finished_games_and_who_is_on_vacation(
    timed: GameService,
) -> None:
    game = await timed_game(timed)
    await timed.correspondence.vacation(BIA, 5)
    listing = [said("pt", e) for e in await timed.records.my_games(ANA, CHAT)]
    assert listing[0].endswith("[Bia de férias]"), listing
    await timed.challenges.new_game(ANA, CHAT, "italian", opponent=CAIO)
    await timed.challenges.new_game(CAIO, CHAT, "ludo", players=2)
    sent = [said("it", e) for e in await timed.records.my_games(ANA, CHAT)]
    assert "Sfida 2 inviata: Dama italiana." in sent
    assert "Sfida 3 da Caio: Ludo; /accetta 3 o /rifiuta 3." in sent
    (none,) = await timed.records.my_games(ANA, CHAT, done=True)
    assert said("pt", none) == "Você ainda não tem partidas terminadas."
    await timed.results.resign(ANA, game)
    (finished,) = await timed.records.my_games(ANA, CHAT, done=True)
    assert said("pt", finished).startswith(f"#{game} Damas brasileiras: Ana - Bia - ")


async def test_a_vacation_never_stops_a_live_game(timed: GameService, clock: ManualClock) -> None:
    events = await timed.challenges.new_game(
        ANA, CHAT, "brazilian", opponent=BIA, seat=0, option_words=["5m"]
    )
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    live = latest(await timed.challenges.accept(BIA, challenge.id, CHAT)).id
    correspondence = await timed_game(timed)
    await timed.play.move(ANA, "c3-d4", live)
    await timed.play.move(ANA, "c3-d4", correspondence)
    await timed.correspondence.vacation(BIA, 10)
    state = await timed.kernel.state(live)
    assert not state.away, "nobody is 'on vacation' in a live game"
    assert (await timed.kernel.state(correspondence)).away == {1}
    await advance(timed, clock, timedelta(minutes=6))
    assert (await timed.kernel.state(live)).record.result == {"winners": [0], "reason": "timeout"}
    assert (await timed.kernel.state(correspondence)).active
