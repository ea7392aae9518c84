"""Resign and abort by buttons, each confirmed by the player who asked, and the rematch under
a finished board: in Portuguese and Italian, through the fake Bot API."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.game_service import GameService
from tests.bot.telegram.conftest import current_board, move_buttons, press, wait_for_version
from tests.fakes.telegram_api import FakeBotApi


async def _group_game(api: FakeBotApi) -> tuple[dict[str, Any], ...]:
    ana = api.user(1, "Ana", "ana", "pt-br")
    bia = api.user(2, "Bia", "bia", "it")
    caio = api.user(3, "Caio", "caio", "pt-br")
    group = api.group(-100200, "Clube")
    api.send_text(bia, group, "ciao")  # the bot now knows @bia
    api.send_text(ana, group, "/novo brasileira contra @bia brancas")
    challenge = await api.wait_for(
        lambda: [m for m in api.bot_messages(group) if api.buttons(m)], "the challenge"
    )
    accept = next(d for d in api.buttons(challenge[0]).values() if d.startswith("a:"))
    await press(api, bia, challenge[0], accept)
    return ana, bia, caio, group


@pytest.mark.usefixtures("bot")
async def test_resign_asks_first_and_only_the_asker_confirms(
    api: FakeBotApi, service: GameService
) -> None:
    ana, bia, caio, group = await _group_game(api)
    state, board = await current_board(api, service, group, 1)
    key = (group["id"], board["message_id"])
    resign = api.buttons(board)["Abandonar"]
    assert resign == f"q:1:{state.version}"
    assert "Anular" in api.buttons(board)

    stranger = await press(api, caio, board, resign)
    assert stranger["text"] == "Você não está jogando a partida #1."
    await press(api, ana, board, resign)
    asked = await api.wait_for(
        lambda: api.buttons(api.messages[key]) if "Não" in api.buttons(api.messages[key]) else 0,
        "the confirmation",
    )
    yes = asked["Sim, abandonar a partida #1"]
    assert (await press(api, bia, api.messages[key], yes))["text"] == (
        "Solo chi ha chiesto può rispondere."
    )
    await press(api, ana, api.messages[key], asked["Não"])
    await api.wait_for(lambda: move_buttons(api, api.messages[key]), "the pieces again")
    assert (await service.kernel.state(1)).active, "No keeps the game on"

    await press(api, ana, api.messages[key], resign)
    await api.wait_for(lambda: "Não" in api.buttons(api.messages[key]), "the confirmation")
    await press(api, ana, api.messages[key], yes)
    state, board = await current_board(api, service, group, 1)
    assert state.record.status == "finished"
    assert state.record.result == {"winners": [1], "reason": "resignation"}

    # The rematch: Bia asks (colours swapped), Ana gets a challenge; a stranger is refused.
    rematch = api.buttons(board)["Revanche"]
    assert rematch == "w:1"
    assert (await press(api, caio, board, rematch))["text"] == "Você não está jogando a partida #1."
    assert await press(api, bia, board, rematch) == {"callback_query_id": str(len(api.answers))}
    await api.wait_for(
        lambda: [m for m in api.bot_messages(group) if "a:2" in api.buttons(m).values()],
        "the rematch challenge",
    )


@pytest.mark.usefixtures("bot")
async def test_abort_against_the_computer_then_a_rematch_starts_at_once(
    api: FakeBotApi, service: GameService
) -> None:
    eva = api.user(5, "Eva", "eva", "it")
    chat = api.private_chat(eva)
    api.send_text(eva, chat, "/nuova italiana contro computer bianco")
    state, board = await current_board(api, service, chat, 1)
    key = (chat["id"], board["message_id"])
    await press(api, eva, board, api.buttons(board)["Annulla"])
    asked = await api.wait_for(
        lambda: api.buttons(api.messages[key]) if "No" in api.buttons(api.messages[key]) else 0,
        "the confirmation",
    )
    await press(api, eva, api.messages[key], asked["Sì, annulla la partita #1"])
    state, board = await current_board(api, service, chat, 1)
    assert state.record.status == "aborted"
    await press(api, eva, board, api.buttons(board)["Rivincita"])
    second, _ = await current_board(api, service, chat, 2)
    assert second.active
    assert second.record.seats[1].player_id == state.record.seats[0].player_id


@pytest.mark.usefixtures("bot")
@pytest.mark.parametrize(
    ("language", "new", "move", "offer"),
    [
        (
            "pt-br",
            "/novo brasileira contra computador fen=W:W21,30:B17",
            "/jogar a3xc5",
            "A seguir: /analise 1 para a análise do computador.",
        ),
        (
            "it",
            "/nuova italiana contro computer fen=W:W22,30:B18",
            "/muovi 22x13",
            "E ora: /analisi 1 per l'analisi del computer.",
        ),
    ],
)
async def test_the_final_board_offers_the_review_beside_the_rematch_button(
    api: FakeBotApi, service: GameService, language: str, new: str, move: str, offer: str
) -> None:
    """Issue 37, item 10: the next step at a game's end, the review typed (the rematch has
    its button), on the one final board."""
    ana = api.user(1, "Ana", "ana", language)
    chat = api.private_chat(ana)
    api.send_text(ana, chat, new)
    started, _ = await current_board(api, service, chat, 1)
    api.send_text(ana, chat, move)
    await wait_for_version(service, 1, started.version)
    state, board = await current_board(api, service, chat, 1)
    assert state.record.status == "finished"
    assert offer in board["caption"].splitlines()
    assert list(api.buttons(board).values()) == ["w:1"]
    assert "/revanche" not in board["caption"]
    assert "/rivincita" not in board["caption"]
