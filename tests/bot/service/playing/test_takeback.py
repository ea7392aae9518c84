"""Takebacks (issue 12 item 7): asked by a player, accepted or declined by the opponent, at
once against the computer, only in casual games; what is taken back leaves the log."""

from __future__ import annotations

import pytest

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.events import BoardUpdate, Event, ServiceError
from storage import Store
from tests.bot.conftest import ANA, BIA, CHAT
from tests.bot.service.test_service import latest, two_player_game


def headline(language: str, events: list[Event]) -> str:
    """The headline of the board the first event shows, in `language`."""
    board = events[0]
    assert isinstance(board, BoardUpdate), board
    assert board.headline is not None, board
    return translate(language, board.headline)


async def test_a_takeback_asked_and_accepted_leaves_the_log(service: GameService) -> None:
    state = await two_player_game(service, "brazilian", "casual")
    await service.play.move(ANA, "c3-d4", state.id)
    asked = await service.takebacks.takeback(ANA, None, state.id)
    assert headline("pt", asked) == (
        "Ana pede para voltar o último lance: /voltar aceitar ou /voltar recusar."
    )
    with pytest.raises(ServiceError, match="no takeback request"):
        await service.takebacks.takeback(ANA, "accept", state.id)
    taken = await service.takebacks.takeback(BIA, "accept", state.id)
    after = latest(taken)
    assert after.log == ()
    assert after.position.to_move() == 0
    assert headline("it", taken) == ("L'ultima mossa di Ana è stata ritirata; Ana gioca di nuovo.")
    assert len(await service.store.moves(state.id)) == 0
    assert (await service.kernel.state(state.id)).version == after.version


async def test_a_takeback_after_the_reply_takes_both_moves_and_can_be_declined(
    service: GameService,
) -> None:
    state = await two_player_game(service, "brazilian", "casual")
    await service.play.move(ANA, "c3-d4", state.id)
    await service.play.move(BIA, "f6-e5", state.id)
    await service.takebacks.takeback(ANA, None, state.id)
    declined = await service.takebacks.takeback(BIA, "decline", state.id)
    assert headline("pt", declined) == "Bia recusa voltar o lance."
    await service.takebacks.takeback(ANA, None, state.id)
    after = latest(await service.takebacks.takeback(BIA, "accept", state.id))
    assert after.log == ()
    assert after.position.to_move() == 0


async def test_a_request_lapses_when_the_board_changes(service: GameService) -> None:
    state = await two_player_game(service, "brazilian", "casual")
    await service.play.move(ANA, "c3-d4", state.id)
    await service.takebacks.takeback(ANA, None, state.id)
    await service.play.move(BIA, "f6-e5", state.id)
    with pytest.raises(ServiceError, match="no takeback request"):
        await service.takebacks.takeback(BIA, "accept", state.id)


async def test_takebacks_are_refused_in_rated_games_and_without_a_move(
    service: GameService,
) -> None:
    rated = await two_player_game(service, "brazilian")
    assert rated.record.rated
    await service.play.move(ANA, "c3-d4", rated.id)
    with pytest.raises(ServiceError, match="casual two-player games"):
        await service.takebacks.takeback(ANA, None, rated.id)
    casual = await two_player_game(service, "brazilian", "casual")
    with pytest.raises(ServiceError, match="no move to take back"):
        await service.takebacks.takeback(ANA, None, casual.id)


async def test_the_computer_accepts_at_once(service: GameService) -> None:
    state = latest(await service.challenges.new_game(ANA, CHAT, "brazilian", computer=True, seat=0))
    await service.play.move(ANA, "c3-d4", state.id)
    await service.kernel.background.idle()
    assert (await service.kernel.state(state.id)).plies == 2
    events = await service.takebacks.takeback(ANA, None, state.id)
    after = next(event.state for event in events if isinstance(event, BoardUpdate))
    assert after.log == ()
    assert after.position.to_move() == 0


async def test_a_request_is_answered_through_another_service_and_after_a_restart(
    service: GameService, store: Store
) -> None:
    # Another service on the same store: another process, or this one started again.
    state = await two_player_game(service, "brazilian", "casual")
    await service.play.move(ANA, "c3-d4", state.id)
    await service.play.move(BIA, "f6-e5", state.id)
    await service.takebacks.takeback(ANA, None, state.id)
    other = GameService(store)
    try:
        after = latest(await other.takebacks.takeback(BIA, "accept", state.id))
        assert after.log == ()
        assert after.position.to_move() == 0
        await other.play.move(ANA, "c3-d4", state.id)
        await other.takebacks.takeback(ANA, None, state.id)
    finally:
        await other.kernel.close()
    declined = await service.takebacks.takeback(BIA, "decline", state.id)
    assert headline("en", declined) == "Bia declines the takeback."
    assert (await service.kernel.state(state.id)).record.takeback_offer is None
