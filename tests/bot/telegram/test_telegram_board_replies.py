"""A move typed as a reply to a board belongs to that board's game: a player with games in
two groups who answers game #1's board never moves in game #2, whichever game his commands
go to otherwise; a reply to a board of a game he does not play, or out of his turn, is
refused there."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.game_service import GameService
from tests.bot.telegram.conftest import current_board, wait_for_version
from tests.fakes.telegram_api import FakeBotApi


async def _game_in_group(
    api: FakeBotApi,
    service: GameService,
    white: dict[str, Any],
    black: dict[str, Any],
    group: dict[str, Any],
    game_id: int,
    extra: str = "",
) -> dict[str, Any]:
    """A game between two people started in `group`, White's first move played: its board."""
    api.send_text(black, group, "hi")  # the bot now knows the challenged person by name
    api.send_text(white, group, f"/new brazilian vs @{black['username']} white {extra}".strip())
    await api.wait_for(lambda: api.texts(group), "the challenge")
    api.send_text(black, group, "/accept")
    state, board = await current_board(api, service, group, game_id)
    api.send_text(white, group, "c3-d4", reply_to=board)
    await wait_for_version(service, game_id, state.version)
    state, board = await current_board(api, service, group, game_id)
    assert state.log == ("c3-d4",)
    return board


async def _two_games_of_ana(
    api: FakeBotApi, service: GameService
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Ana plays Black in game #1 (group one, against Bia) and in game #2 (group two, against
    Caio), each at her turn; #2, started last, is where her commands go without a number."""
    ana = api.user(1, "Ana", "ana", "en")
    bia = api.user(2, "Bia", "bia", "en")
    caio = api.user(3, "Caio", "caio", "en")
    one, two = api.group(-100810, "Club one"), api.group(-100820, "Club two")
    first = await _game_in_group(api, service, bia, ana, one, 1, "3d")
    await _game_in_group(api, service, caio, ana, two, 2)
    return ana, bia, one, first


@pytest.mark.usefixtures("bot")
async def test_a_move_replying_to_a_board_is_played_in_that_boards_game(
    api: FakeBotApi, service: GameService
) -> None:
    ana, _, one, first = await _two_games_of_ana(api, service)
    api.send_text(ana, one, "f6-e5", reply_to=first)
    state = await wait_for_version(service, 1, (await service.kernel.state(1)).version)
    assert state.log == ("c3-d4", "f6-e5")
    assert (await service.kernel.state(2)).log == ("c3-d4",)


@pytest.mark.usefixtures("bot")
async def test_a_reply_to_an_older_board_of_the_game_still_belongs_to_it(
    api: FakeBotApi, service: GameService
) -> None:
    """A correspondence game posts a new board for each move: the reply to the one before
    (no longer the game's newest message) is still about game #1, and out of turn there."""
    ana, _, one, first = await _two_games_of_ana(api, service)
    api.send_text(ana, one, "f6-e5", reply_to=first)
    await wait_for_version(service, 1, (await service.kernel.state(1)).version)
    _, newest = await current_board(api, service, one, 1)
    assert newest["message_id"] != first["message_id"]
    api.send_text(ana, one, "g7-f6", reply_to=first)
    refusal = await api.wait_for(
        lambda: [m for m in api.bot_messages(one) if "not your turn" in m.get("text", "")],
        "the refusal of a move out of turn in game #1",
    )
    assert refusal[0]["text"] == "It is not your turn: Bia is to move."
    assert (await service.kernel.state(1)).log == ("c3-d4", "f6-e5")
    assert (await service.kernel.state(2)).log == ("c3-d4",)


@pytest.mark.usefixtures("bot")
async def test_a_reply_to_a_board_of_someone_elses_game_is_refused(
    api: FakeBotApi, service: GameService
) -> None:
    """Caio, at his turn as Black in game #3 against Dan, answers game #1's board (Ana and
    Bia's) in its group: refused as a game he does not play, and game #3 does not move."""
    _, _, one, first = await _two_games_of_ana(api, service)
    caio = api.user(3, "Caio", "caio", "en")
    dan = api.user(4, "Dan", "dan", "en")
    await _game_in_group(api, service, dan, caio, api.group(-100830, "Club three"), 3)
    api.send_text(caio, one, "f6-e5", reply_to=first)
    refusal = await api.wait_for(
        lambda: [m for m in api.bot_messages(one) if "not playing in game #1" in m.get("text", "")],
        "the refusal of a move in a game Caio does not play",
    )
    assert refusal[0]["text"] == "You are not playing in game #1."
    assert (await service.kernel.state(1)).log == ("c3-d4",)
    assert (await service.kernel.state(3)).log == ("c3-d4",)
