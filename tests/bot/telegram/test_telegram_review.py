"""/review on Telegram, end to end against the fake Bot API: a finished game of a group
reviewed from a private chat (the message of its stages sent, then edited; the review; the
worst moment as a photo; the annotated PDN as a document), a pasted PDN in Portuguese, and
bad input answered in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import text, translate
from bot.service.core import GameService
from bot.service.events import Actor
from storage import ChatRef
from tests import planted_blunder as planted
from tests.bot.review_games import TEST_NODES, TEST_SECOND_LOOK, blundered_game, opening_pdn
from tests.fakes.telegram_api import FakeBotApi

GROUP = -100_27


def sent_texts(api: FakeBotApi, chat: dict[str, Any], method: str) -> list[str]:
    return [
        call.params["text"]
        for call in api.calls_of(method)
        if str(call.params.get("chat_id")) == str(chat["id"])
    ]


@pytest.mark.usefixtures("bot")
async def test_a_group_game_is_reviewed_in_a_private_chat(
    service: GameService, api: FakeBotApi
) -> None:
    service.reviews.nodes = TEST_NODES
    service.reviews.second_look_nodes = TEST_SECOND_LOOK
    api.user(1001, "Ana")
    bia_user = api.user(1002, "Bia")
    api.group(GROUP, "Club")
    private = api.private_chat(bia_user)
    ana = Actor("telegram", "1001", "Ana", "en")
    bia = Actor("telegram", "1002", "Bia", "en")
    game = await blundered_game(service, ana, bia, ChatRef("telegram", str(GROUP)))
    api.send_text(bia_user, private, "/review")
    await api.wait_for(
        lambda: any("??" in line for line in api.texts(private)), "the review in the chat"
    )
    review = next(line for line in api.texts(private) if "??" in line)
    assert f"1... {planted.BLUNDER}?? blunder" in review
    assert f"better {planted.BETTER}" in review
    assert f"Reviewing game #{game}: move 1 of 1." in sent_texts(api, private, "sendMessage")
    await api.wait_for(lambda: len(api.boards(private)) >= 1, "the worst moment's photo")
    assert "The worst moment" in api.boards(private)[-1]["caption"]
    await api.wait_for(
        lambda: any(chat == private["id"] for chat, _ in api.documents), "the annotated PDN"
    )
    name, content = next(
        value for (chat, _), value in api.documents.items() if chat == private["id"]
    )
    assert name == f"review-{game}.pdn"
    assert f"{planted.BLUNDER}??".encode() in content


@pytest.mark.usefixtures("bot")
async def test_a_pasted_pdn_is_reviewed_in_portuguese_with_its_stages(
    service: GameService, api: FakeBotApi
) -> None:
    service.reviews.nodes = TEST_NODES
    service.reviews.second_look_nodes = TEST_SECOND_LOOK
    ana_user = api.user(1001, "Ana", language="pt-br")
    private = api.private_chat(ana_user)
    api.send_text(ana_user, private, "/analise " + opening_pdn(6))
    await api.wait_for(
        lambda: any("Análise da partida em PDN Ana - Bia" in line for line in api.texts(private)),
        "the review in Portuguese",
    )
    stages = sent_texts(api, private, "sendMessage") + sent_texts(api, private, "editMessageText")
    assert "Analisando a partida em PDN Ana - Bia: lance 1 de 6." in stages
    # The stages are one message, edited (edits that a newer stage overtook are dropped).
    assert len([line for line in stages if line.startswith("Analisando")]) >= 2
    assert len([s for s in sent_texts(api, private, "sendMessage") if "Analisando" in s]) == 1


@pytest.mark.usefixtures("bot")
async def test_bad_input_is_answered_in_the_readers_language(
    api: FakeBotApi,
) -> None:
    ana_user = api.user(1001, "Ana", language="it")
    private = api.private_chat(ana_user)
    api.send_text(ana_user, private, "/analisi 99")
    nothing = translate("it", text("There is no game {game}.", game=99))
    await api.wait_for(lambda: nothing in api.texts(private), "the refusal")
    api.send_text(ana_user, private, '/analisi [GameType "26"] 1. c3-d9 *')
    await api.wait_for(
        lambda: any(
            line.startswith("Non riesco a rigiocare questo PDN") for line in api.texts(private)
        ),
        "the PDN's refusal",
    )
