"""What a Telegram chat reads around the computer's moves (issue 25): the chat action
"typing" in the game's chat while the computer thinks, once for each move it thinks about,
before that move's board (item 11); in a private chat, the soffio in its person's own words
(item 5)."""

from __future__ import annotations

import pytest

from bot.service.game_service import GameService
from tests.bot.telegram.conftest import current_board
from tests.fakes.telegram_api import FakeBotApi

BOARD_CALLS = ("sendPhoto", "editMessageMedia")


@pytest.mark.usefixtures("bot")
@pytest.mark.parametrize(("language", "new"), [("pt-br", "/novo"), ("it", "/nuova")])
async def test_the_chat_shows_typing_while_the_computer_thinks(
    api: FakeBotApi, service: GameService, language: str, new: str
) -> None:
    ana = api.user(1, "Ana", "ana", language)
    chat = api.private_chat(ana)
    api.send_text(ana, chat, f"{new} brasileira vs computer black")
    state, _board = await current_board(api, service, chat, 1)
    assert state.plies == 1, "the computer (White) opened"
    assert api.chat_actions == [(chat["id"], "typing")]
    methods = [call.method for call in api.calls]
    typing = methods.index("sendChatAction")
    assert any(method in BOARD_CALLS for method in methods[typing:]), "the move's board after"
    move = state.position.notation(state.position.legal_moves()[0])
    api.send_text(ana, chat, f"/move {move}")
    await api.wait_for(lambda: len(api.chat_actions) == 2, "the typing of the second answer")
    state, _board = await current_board(api, service, chat, 1)
    assert state.plies == 3
    assert api.chat_actions == [(chat["id"], "typing")] * 2


@pytest.mark.usefixtures("bot")
@pytest.mark.parametrize(
    ("language", "new", "offer"),
    [
        (
            "pt-br",
            "/novo familiare vs computer brancas",
            "Soffio: você não fez a tomada obrigatória: Computador (normal, Pretas) pode soprar a "
            "sua peça em 22, ou então jogar normalmente.",
        ),
        (
            "it",
            "/nuova familiare vs computer bianco",
            "Soffio: non hai fatto la presa dovuta: Computer (normale, Nero) può soffiare la tua "
            "pedina in 22, oppure giocare normalmente.",
        ),
    ],
)
async def test_a_private_chat_reads_the_soffio_in_its_person_s_words(
    api: FakeBotApi, service: GameService, language: str, new: str, offer: str
) -> None:
    """(Issue 25 item 5.) In a private chat the reader is known: the one who skipped the
    capture reads that the computer may huff his piece, not that he may huff."""
    ana = api.user(1, "Ana", "ana", language)
    chat = api.private_chat(ana)
    api.send_text(ana, chat, f"{new} fen=W:W22,28:B18,1")
    await current_board(api, service, chat, 1)
    api.send_text(ana, chat, "/move 28-24")
    await service.kernel.background.idle()
    await api.wait_for(
        lambda: any(offer in str(call.params) for call in api.calls), "the addressed offer"
    )
    shown = " ".join(str(call.params) for call in api.calls)
    for wrong in ("você pode soprar", "puoi soffiare"):
        assert wrong not in shown
