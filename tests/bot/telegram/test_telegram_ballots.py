"""A ballot through Telegram: a challenge typed in Portuguese with the ballot's code, accepted
by button, starts from the ballot's position and says which it is; the rematch plays the same
ballot with the colours swapped."""

from __future__ import annotations

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.events import GameState
from games.damas import Position
from games.damas.ballots import IDF_64_BASIC
from tests.bot.telegram.conftest import current_board, press
from tests.fakes.telegram_api import FakeBotApi
from tests.waiting import eventually


async def _accept(api: FakeBotApi, user: dict[str, object], group: dict[str, object]) -> None:
    challenge = await api.wait_for(
        lambda: [m for m in api.bot_messages(group) if "a:" in str(api.buttons(m))],
        "the challenge",
    )
    accept = next(data for data in api.buttons(challenge[-1]).values() if data.startswith("a:"))
    await press(api, user, challenge[-1], accept)


@pytest.mark.usefixtures("bot")
async def test_a_ballot_challenge_and_its_rematch_with_colours_swapped(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "pt-br")
    bia = api.user(2, "Bia", "bia", "pt-br")
    group = api.group(-100200, "Clube")
    api.send_text(bia, group, "oi")  # the bot now knows @bia
    api.send_text(ana, group, "/novo brasileira contra @bia brancas sorteio=3-iv")
    await _accept(api, bia, group)
    state, board = await current_board(api, service, group, 1)
    ballot = IDF_64_BASIC.find("3-IV")
    assert ballot is not None
    assert _fen(state) == IDF_64_BASIC.position(ballot).fen()
    assert state.record.options["ballot"] == "3-IV"
    assert "3-IV" in board["caption"]
    assert "c3-b4 h6-g5" in board["caption"]
    # Ana (White) moves first from the ballot's position; then she resigns.
    api.send_text(ana, group, "/desistir 1 sim")
    await eventually(lambda: _over(service, 1), "the end of game 1")

    api.send_text(bia, group, "/revanche 1")
    await _accept(api, ana, group)
    second, _ = await current_board(api, service, group, 2)
    assert second.record.options["ballot"] == "3-IV"
    assert _fen(second) == _fen(state)
    assert [seat.player_id for seat in second.record.seats] == [
        seat.player_id for seat in reversed(state.record.seats)
    ]


async def _over(service: GameService, game_id: int) -> bool:
    return not (await service.kernel.state(game_id)).active


def _fen(state: GameState) -> str:
    position = state.position
    assert isinstance(position, Position)
    return position.fen()
