"""Whole games through the service: challenges, moves, draws, resignation, abort, the
computer, stale boards, concurrency, a corrupt snapshot, PDN export."""

from __future__ import annotations

import asyncio
import random
import secrets
from pathlib import Path

import aiosqlite
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import translate
from bot.service.game_service import GameService, events_state, seat_to_act
from bot.service.kernel.events import (
    Actor,
    BoardChanged,
    BoardUpdate,
    ChallengeUpdate,
    Event,
    FileReady,
    GameState,
    ServiceError,
    TurnNotice,
)
from games.base import CHANCE, replay
from games.damas.pdn import read_games
from games.damas.pdn_replay import replay_game
from games.ludo.dice import roll, verify
from storage import ChatRef, GameResult, Store
from tests.bot.conftest import ANA, BIA, CAIO, CHAT

DRAUGHTS = ("brazilian", "international", "italian", "italian-familiar")


def latest(events: list[Event]) -> GameState:
    state = events_state(events)
    assert state is not None, events
    return state


async def two_player_game(service: GameService, kind: str, *extra: str) -> GameState:
    """Ana (White) challenges Bia, who accepts."""
    challenge_events = await service.challenges.new_game(
        ANA, CHAT, kind, opponent=BIA, seat=0, option_words=extra
    )
    challenge = next(e for e in challenge_events if isinstance(e, ChallengeUpdate)).challenge
    return latest(await service.challenges.accept(BIA, challenge.id, CHAT))


def actor_for(seat: int) -> Actor:
    return {0: ANA, 1: BIA, 2: CAIO}[seat]


@pytest.mark.parametrize("kind", DRAUGHTS)
async def test_a_whole_draughts_game_between_two_people_ends_by_rule(
    service: GameService, kind: str
) -> None:
    state = await two_player_game(service, kind)
    rng = random.Random(kind)
    for _ in range(600):
        if not state.active:
            break
        seat = seat_to_act(state)
        assert seat is not None
        moves = state.position.legal_moves()
        move = rng.choice([m for m in moves if m.captures] or list(moves))
        state = latest(
            await service.play.move(
                actor_for(seat), state.position.notation(move), state.id, state.version
            )
        )
    assert state.record.status == "finished"
    outcome = state.position.outcome()
    assert outcome is not None
    assert state.record.result == {"winners": sorted(outcome.winners), "reason": outcome.reason}
    assert len(await service.store.moves(state.id)) == state.plies


async def test_threefold_repetition_ends_the_game_as_a_draw(service: GameService) -> None:
    state = await two_player_game(service, "brazilian", "fen=W:WK29:BK1")
    shuffle = ["a1-b2", "b8-a7", "b2-a1", "a7-b8"] * 2
    for number, notation in enumerate(shuffle):
        state = latest(await service.play.move(actor_for(number % 2), notation, state.id))
    assert state.record.status == "finished"
    assert state.record.result == GameResult(winners=[], reason="repetition")


async def test_the_deciding_move_and_the_result_come_on_one_board(service: GameService) -> None:
    """Issue 37, item 10: the final board is shown once, its headline the move and the
    result."""
    state = await two_player_game(service, "brazilian", "fen=W:W21,30:B17")
    events = await service.play.move(ANA, "a3xc5", state.id)
    [board] = [event for event in events if isinstance(event, BoardUpdate)]
    assert not board.state.active
    assert board.headline is not None
    assert translate("pt", board.headline) == (
        "Ana jogou a3xc5. Partida #1 vencida por Ana: não restam peças."
    )


async def test_resignation_gives_the_game_to_the_opponent(service: GameService) -> None:
    state = await two_player_game(service, "international")
    state = latest(await service.play.move(ANA, "32-28", state.id))
    state = latest(await service.results.resign(BIA, state.id))
    assert state.record.result == {"winners": [0], "reason": "resignation"}
    with pytest.raises(ServiceError, match="over"):
        await service.play.move(BIA, "19-23", state.id)


async def test_draw_by_agreement_offer_then_accept(service: GameService) -> None:
    state = await two_player_game(service, "italian")
    state = latest(await service.results.draw(ANA, None, state.id))
    assert state.record.draw_offer == 0
    with pytest.raises(ServiceError, match="already offered"):
        await service.results.draw(ANA, None, state.id)
    state = latest(await service.results.draw(BIA, "accept", state.id))
    assert state.record.result == GameResult(winners=[], reason="agreement")


async def test_a_declined_or_moved_past_draw_offer_lapses(service: GameService) -> None:
    state = await two_player_game(service, "brazilian")
    latest(await service.results.draw(ANA, None, state.id))
    state = latest(await service.results.draw(BIA, "decline", state.id))
    assert state.record.draw_offer is None
    assert state.active
    latest(await service.results.draw(ANA, None, state.id))
    state = latest(await service.play.move(ANA, "c3-d4", state.id))
    assert state.record.draw_offer is None


async def test_abort_only_before_the_first_move(service: GameService) -> None:
    state = await two_player_game(service, "brazilian")
    aborted = latest(await service.results.abort(BIA, state.id))
    assert aborted.record.status == "aborted"
    state = await two_player_game(service, "brazilian")
    latest(await service.play.move(ANA, "c3-d4", state.id))
    with pytest.raises(ServiceError, match="before its first move"):
        await service.results.abort(ANA, state.id)


async def test_claim_needs_a_draw_the_rules_allow(service: GameService) -> None:
    state = await two_player_game(service, "brazilian")
    with pytest.raises(ServiceError, match="No draw can be claimed"):
        await service.results.claim(ANA, state.id)


async def test_turns_strangers_and_bad_notation_are_refused_clearly(
    service: GameService,
) -> None:
    state = await two_player_game(service, "international")
    with pytest.raises(ServiceError, match="not your turn"):
        await service.play.move(BIA, "19-23", state.id)
    with pytest.raises(ServiceError, match="not playing"):
        await service.play.move(CAIO, "32-28", state.id)
    with pytest.raises(ServiceError) as bad:
        await service.play.move(ANA, "99-100", state.id)
    assert "32-28" in translate("en", bad.value.reason)
    with pytest.raises(ServiceError) as illegal:
        await service.play.move(ANA, "46-41", state.id)
    assert "Legal" in translate("en", illegal.value.reason)


async def test_a_move_on_an_old_board_gets_the_fresh_board(service: GameService) -> None:
    state = await two_player_game(service, "brazilian")
    old_version = state.version
    await service.play.move(ANA, "c3-d4", state.id, old_version)
    with pytest.raises(BoardChanged) as changed:
        await service.play.move(BIA, "f6-e5", state.id, old_version)
    assert changed.value.state.version == old_version + 1


async def test_fifty_clicks_at_one_version_land_exactly_once(service: GameService) -> None:
    state = await two_player_game(service, "brazilian")
    results = await asyncio.gather(
        *(service.play.move(ANA, "c3-d4", state.id, state.version) for _ in range(50)),
        return_exceptions=True,
    )
    landed = [result for result in results if isinstance(result, list)]
    refused = [result for result in results if isinstance(result, BoardChanged)]
    assert (len(landed), len(refused)) == (1, 49)
    assert [move.notation for move in await service.store.moves(state.id)] == ["c3-d4"]


async def test_two_accepts_of_one_challenge_make_one_game(service: GameService) -> None:
    events = await service.challenges.new_game(ANA, CHAT, "brazilian")
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    results = await asyncio.gather(
        service.challenges.accept(BIA, challenge.id, CHAT),
        service.challenges.accept(CAIO, challenge.id, CHAT),
        return_exceptions=True,
    )
    assert sum(isinstance(result, list) for result in results) == 1
    assert sum(isinstance(result, ServiceError) for result in results) == 1


async def test_challenges_are_accepted_only_by_whom_they_name(service: GameService) -> None:
    events = await service.challenges.new_game(ANA, CHAT, "italian", opponent=BIA)
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    with pytest.raises(ServiceError, match="own challenge"):
        await service.challenges.accept(ANA, challenge.id, CHAT)
    with pytest.raises(ServiceError, match="someone else"):
        await service.challenges.accept(CAIO, challenge.id, CHAT)
    declined = await service.challenges.decline(BIA, challenge.id, CHAT)
    assert isinstance(declined[0], ChallengeUpdate)
    assert declined[0].challenge.status == "declined"
    with pytest.raises(ServiceError, match="no longer open"):
        await service.challenges.accept(BIA, challenge.id, CHAT)


async def test_a_challenge_is_answered_only_where_it_lives_or_by_its_players(
    service: GameService,
) -> None:
    """Ana's open challenge in one group: Zed, from another group or his private chat, gets
    the answer of an id no challenge has, for /accept, /decline and /begin alike, and never
    a seat in a game of a chat he is not in; the challenged player answers from anywhere."""
    zed = Actor("test", "zed", "Zed")
    elsewhere, private = ChatRef("test", "chat-2"), ChatRef("test", "zed-private")
    events = await service.challenges.new_game(ANA, CHAT, "italian")
    table = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    nothing = f"There is no challenge {table.id}."
    for chat in (elsewhere, private):
        for answer in (
            service.challenges.accept,
            service.challenges.decline,
            service.challenges.begin,
        ):
            with pytest.raises(ServiceError) as refused:
                await answer(zed, table.id, chat)
            assert translate("en", refused.value.reason) == nothing
    assert (await service.store.get_challenge(table.id)).status == "open"
    named = await service.challenges.new_game(ANA, CHAT, "italian", opponent=BIA)
    challenge = next(e for e in named if isinstance(e, ChallengeUpdate)).challenge
    started = latest(await service.challenges.accept(BIA, challenge.id, elsewhere))
    assert started.record.chat == CHAT
    await service.challenges.accept(BIA, table.id, CHAT)
    with pytest.raises(ServiceError) as closed:
        await service.challenges.accept(zed, table.id, elsewhere)
    assert translate("en", closed.value.reason) == nothing, "not even that it was taken"


async def test_the_computer_answers_in_the_background(
    service: GameService, published: list[Event]
) -> None:
    events = await service.challenges.new_game(ANA, CHAT, "brazilian", computer=True, seat=0)
    state = latest(events)
    # A live game in Ana's own chat: its board tells her whose turn it is, nothing else.
    assert not any(isinstance(event, TurnNotice) for event in events)
    state = latest(await service.play.move(ANA, "c3-d4", state.id))
    await service.kernel.background.idle()
    replies = [event for event in published if isinstance(event, BoardUpdate)]
    assert replies, "the computer did not move"
    after = await service.kernel.state(state.id)
    assert after.plies == 2
    assert seat_to_act(after) == 0


async def test_the_computer_moves_first_when_it_has_white(service: GameService) -> None:
    state = latest(
        await service.challenges.new_game(ANA, CHAT, "international", computer=True, seat=1)
    )
    await service.kernel.background.idle()
    after = await service.kernel.state(state.id)
    assert after.plies == 1


async def test_a_corrupt_snapshot_is_rebuilt_from_the_log(
    service: GameService, store: Store, tmp_path: Path
) -> None:
    state = await two_player_game(service, "brazilian")
    state = latest(await service.play.move(ANA, "c3-d4", state.id))
    database = tmp_path / "games.sqlite3"
    async with aiosqlite.connect(database) as raw:
        await raw.execute("UPDATE games SET snapshot = 'garbage' WHERE id = ?", (state.id,))
        await raw.commit()
    rebuilt = await service.kernel.state(state.id)
    assert rebuilt.position == state.position
    assert (await store.get_game(state.id)).snapshot == state.position.snapshot()


async def test_pdn_export_has_the_tags_and_replays(service: GameService) -> None:
    state = await two_player_game(service, "brazilian")
    for seat, notation in enumerate(["c3-d4", "f6-e5", "d4xf6", "g7xe5"]):
        state = latest(await service.play.move(actor_for(seat % 2), notation, state.id))
    latest(await service.results.resign(BIA, state.id))
    files = [e for e in await service.records.export_pdn(ANA, state.id) if isinstance(e, FileReady)]
    (game,) = read_games(files[0].content.decode())
    assert game.tags["White"] == "Ana"
    assert game.tags["Black"] == "Bia"
    assert game.tags["GameType"].startswith("26")
    assert game.result == "1-0"  # the 8x8 convention of PDN (docs/rules-applied.md)
    assert replay_game(game).problem is None


async def test_a_bare_move_goes_to_the_chosen_game(service: GameService) -> None:
    first = await two_player_game(service, "brazilian")
    second = await two_player_game(service, "italian")
    await service.records.use(ANA, first.id)
    state = latest(await service.play.move(ANA, "c3-d4"))
    assert state.id == first.id
    await service.records.use(ANA, second.id)
    state = latest(await service.play.move(ANA, "21-17"))
    assert state.id == second.id


async def test_ludo_against_three_computers_with_verifiable_dice(service: GameService) -> None:
    state = latest(
        await service.challenges.new_game(ANA, CHAT, "ludo", computer=True, players=4, seat=0)
    )
    rng = random.Random(7)
    for _ in range(3000):
        await service.kernel.background.idle()
        state = await service.kernel.state(state.id)
        if not state.active:
            break
        assert seat_to_act(state) == 0
        if state.position.to_move() == CHANCE:
            state = latest(await service.play.roll(ANA, state.id))
        else:
            move = rng.choice(list(state.position.legal_moves()))
            state = latest(await service.play.move(ANA, state.position.notation(move), state.id))
    state = await service.kernel.state(state.id)
    assert state.record.status == "finished"
    rolls = [int(n.split()[1]) for n in state.log if n.startswith("roll")]
    options = state.record.options
    assert verify(bytes.fromhex(options["seed"]), options["commitment"], rolls)


async def test_a_ludo_player_cannot_type_a_roll_or_make_someone_leave(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ana draws the first turn and the dice's first roll is a 6: she brings a pawn out and
    # must move it, so both refusals are reached every time, not only when chance allows.
    six_first = next(s for s in (bytes([n]) * 32 for n in range(256)) if roll(s, 0) == 6)
    monkeypatch.setattr("bot.service.kernel.families.ludo.new_seed", lambda: six_first)
    monkeypatch.setattr(secrets, "randbelow", lambda _players: 0)
    state = latest(
        await service.challenges.new_game(ANA, CHAT, "ludo", computer=True, players=2, seat=0)
    )
    await service.kernel.background.idle()
    state = await service.kernel.state(state.id)
    assert state.position.to_move() == CHANCE, "Ana's turn begins with her roll"
    with pytest.raises(ServiceError, match="Roll"):
        await service.play.move(ANA, "roll 6", state.id)
    state = latest(await service.play.roll(ANA, state.id))
    assert state.log[-1] == "roll 6"
    assert state.position.to_move() == 0, "a 6 brings a pawn out: Ana moves"
    with pytest.raises(ServiceError, match="leave 2 is not a move you can play here"):
        await service.play.move(ANA, "leave 2", state.id)


async def test_a_ludo_table_fills_up_and_starts_when_full(service: GameService) -> None:
    events = await service.challenges.new_game(ANA, CHAT, "ludo", players=3)
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    joined = await service.challenges.accept(BIA, challenge.id, CHAT)
    assert isinstance(joined[0], ChallengeUpdate)
    assert joined[0].challenge.status == "open"
    state = latest(await service.challenges.accept(CAIO, challenge.id, CHAT))
    assert state.active
    people = {seat.player_id for seat in state.record.seats}
    assert len(people) == 3
    assert None not in people


async def test_the_host_starts_a_table_early_with_the_computer(service: GameService) -> None:
    events = await service.challenges.new_game(ANA, CHAT, "ludo", players=4)
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, CHAT)
    with pytest.raises(ServiceError, match="Only the player who opened"):
        await service.challenges.begin(BIA, challenge.id, CHAT)
    state = latest(await service.challenges.begin(ANA, challenge.id, CHAT))
    computers = [seat for seat in state.record.seats if seat.computer is not None]
    assert len(computers) == 2
    await service.kernel.background.idle()


async def test_after_a_restart_the_computer_moves_where_it_is_its_turn(
    service: GameService, store: Store
) -> None:
    state = latest(await service.challenges.new_game(ANA, CHAT, "brazilian", computer=True, seat=0))
    latest(await service.play.move(ANA, "c3-d4", state.id))
    await service.kernel.close()  # the bot stops before the computer answered
    assert (await service.kernel.state(state.id)).plies == 1
    restarted = GameService(store, service.kernel.computers)
    await restarted.resume()
    await restarted.kernel.background.idle()
    assert (await restarted.kernel.state(state.id)).plies == 2


_MOVE_TEXT = st.one_of(
    st.text(max_size=30),
    st.lists(
        st.sampled_from(
            [
                "32",
                "28",
                "c3",
                "d4",
                "x",
                "-",
                "roll",
                "6",
                "p1",
                "leave",
                "soffio",
                "0",
                "99",
                "yard",
                "home",
                " ",
                ":",
            ]
        ),
        max_size=6,
    ).map("".join),
)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(kind=st.sampled_from([*DRAUGHTS, "ludo"]), typed=_MOVE_TEXT)
async def test_any_typed_move_is_played_or_refused_with_a_reason(
    service: GameService, kind: str, typed: str
) -> None:
    state = (
        await two_player_game(service, kind)
        if kind != "ludo"
        else latest(
            await service.challenges.new_game(ANA, CHAT, "ludo", computer=True, players=2, seat=0)
        )
    )
    await service.kernel.background.idle()
    try:
        await service.play.move(ANA, typed, state.id)
    except ServiceError as error:  # either outcome is right: a move, or words saying why not
        assert translate("en", error.reason).strip()  # noqa: PT017
    after = await service.kernel.state(state.id)
    assert after.position == replay_position(after)


def replay_position(state: GameState) -> object:
    """The position the stored log gives: a refused move never damages the game."""
    kind = state.record.kind
    options = state.record.options.get("rules", {}) if kind == "ludo" else {}
    return replay(kind, options, state.log)


async def test_turn_notices_only_where_the_board_does_not_tell(service: GameService) -> None:
    """A live game's board names the player to move: no notice. A correspondence game (a
    move days later) tells the player."""
    live = await two_player_game(service, "brazilian")
    events = await service.play.move(ANA, "c3-d4", live.id)
    assert not [event for event in events if isinstance(event, TurnNotice)]
    slow = await two_player_game(service, "italian", "3d")
    events = await service.play.move(ANA, "22-18", slow.id)
    notices = [event for event in events if isinstance(event, TurnNotice)]
    assert [notice.player_id for notice in notices] == [slow.record.seats[1].player_id]
