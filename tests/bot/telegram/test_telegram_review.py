"""/review on Telegram, end to end against the fake Bot API: a finished game of a group
reviewed from a private chat (the message of its stages sent, then edited; the review; the
worst moment and the chart of the win chances as photos; the annotated PDN as a document), a
pasted PDN in Portuguese, a PDN of several lines without names in Italian, and bad input
answered in the reader's language."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import text, translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from storage import ChatRef
from tests import planted_blunder as planted
from tests.bot.review_games import PDN, TEST_NODES, TEST_SECOND_LOOK, blundered_game, opening_pdn
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
    await api.wait_for(lambda: len(api.boards(private)) >= 2, "the review's two photos")
    worst, chances = api.boards(private)[-2:]
    assert "The worst moment" in worst["caption"]
    assert "Green arrow: the better move, d4-e3" in worst["caption"]
    assert chances["caption"].startswith(f"White's win chances after each move of game #{game}")
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
    service: GameService, api: FakeBotApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    service.reviews.nodes = TEST_NODES
    service.reviews.second_look_nodes = TEST_SECOND_LOOK
    ana_user = api.user(1001, "Ana", language="pt-br")
    private = api.private_chat(ana_user)

    def shown_stages() -> list[str]:
        stages = sent_texts(api, private, "sendMessage") + sent_texts(
            api, private, "editMessageText"
        )
        return [line for line in stages if line.startswith("Analisando")]

    # A search waits until the stage before it is shown, so no stage is overtaken by the next
    # (which is dropped on purpose when the review outruns Telegram).
    search = service.reviews._search
    searched = 0

    async def search_once_shown(variant: str, position: Any, nodes: int) -> Any:
        nonlocal searched
        if nodes == TEST_NODES and searched < 6:
            searched += 1
            await api.wait_for(lambda: len(shown_stages()) >= searched, "the stage shown")
        return await search(variant, position, nodes)

    monkeypatch.setattr(service.reviews, "_search", search_once_shown)
    api.send_text(ana_user, private, "/analise " + opening_pdn(6))
    await api.wait_for(
        lambda: any("Análise da partida Ana - Bia" in line for line in api.texts(private)),
        "the review in Portuguese",
    )
    assert shown_stages()[:2] == [
        "Analisando a partida Ana - Bia: lance 1 de 6.",
        "Analisando a partida Ana - Bia: lance 2 de 6.",
    ]
    # The stages are one message, edited.
    assert len([s for s in sent_texts(api, private, "sendMessage") if "Analisando" in s]) == 1


@pytest.mark.usefixtures("bot")
async def test_a_pdn_of_several_lines_without_names_is_reviewed_whole_in_italian(
    service: GameService, api: FakeBotApi
) -> None:
    service.reviews.nodes = TEST_NODES
    service.reviews.second_look_nodes = TEST_SECOND_LOOK
    ana_user = api.user(1001, "Ana", language="it")
    private = api.private_chat(ana_user)
    pasted = f'[GameType "26"]\n[SetUp "1"]\n[FEN "{planted.FEN}"]\n\n1... {planted.BLUNDER} *'
    api.send_text(ana_user, private, "/analisi\n" + pasted)
    await api.wait_for(lambda: len(api.boards(private)) >= 2, "the review's two photos")
    review = next(line for line in api.texts(private) if "??" in line)
    assert review.startswith("Analisi della partita incollata:")
    assert "Bianco: 0 mosse" in review
    assert "Nero: 1 moss" in review
    assert "? - ?" not in review
    assert "?:" not in review
    chances = api.boards(private)[-1]
    assert chances["caption"].startswith(
        "Le probabilità di vittoria del Bianco dopo ogni mossa della partita incollata"
    )
    photo = api.photos[(private["id"], chances["message_id"])]
    assert photo.startswith(b"\x89PNG")
    await api.wait_for(lambda: any(c == private["id"] for c, _ in api.documents), "the PDN")
    caption = next(m["caption"] for m in api.bot_messages(private) if "document" in m)
    assert caption.startswith("Il PDN annotato della partita incollata")
    assert "in PDN" not in caption


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


@pytest.mark.usefixtures("bot")
async def test_a_pdn_file_is_reviewed_sent_with_the_command_or_replied_to(
    service: GameService, api: FakeBotApi
) -> None:
    service.reviews.nodes = TEST_NODES
    service.reviews.second_look_nodes = TEST_SECOND_LOOK
    ana_user = api.user(1001, "Ana")
    private = api.private_chat(ana_user)
    content = PDN.replace("] [", "]\n[").encode()
    api.send_document(ana_user, private, "club.pdn", content, caption="/review")
    await api.wait_for(
        lambda: any("Review of the game Ana - Bia" in line for line in api.texts(private)),
        "the review of the file",
    )
    review = next(line for line in api.texts(private) if "??" in line)
    assert f"1... {planted.BLUNDER}?? blunder" in review
    # Fetched as bots fetch files: getFile, then its download address.
    assert [call.params["file_id"] for call in api.calls_of("getFile")] == ["document-1"]
    # In a group, /review written as a reply to the file; it is stored already.
    group = api.group(GROUP, "Club")
    sent = api.send_document(ana_user, group, "club.pdn", content)
    api.send_text(ana_user, group, "/review", reply_to=sent)
    await api.wait_for(
        lambda: any(line.startswith("The stored review") for line in api.texts(group)),
        "the stored review, in the group",
    )


@pytest.mark.usefixtures("bot")
async def test_files_that_are_not_pdn_too_big_or_unknown_are_refused(api: FakeBotApi) -> None:
    ana_user = api.user(1001, "Ana", language="pt-br")
    private = api.private_chat(ana_user)
    api.send_document(ana_user, private, "notes.txt", b"hello", caption="/analise")
    await api.wait_for(
        lambda: (
            "notes.txt não é um arquivo PDN: envie uma partida salva como .pdn."
            in api.texts(private)
        ),
        "a file that is no PDN refused",
    )
    # Too big for one game: refused from the size Telegram gives, without downloading.
    api.send_document(ana_user, private, "big.pdn", b" " * 400_001)
    await api.wait_for(
        lambda: any(line.startswith("Esse PDN é longo demais") for line in api.texts(private)),
        "a file too big refused",
    )
    assert api.calls_of("getFile") == []
    # Without its size, the file over Telegram's 20 MB for bots: getFile refuses it.
    api.send_document(ana_user, private, "huge.pdn", b" " * (20 * 1024 * 1024 + 1), with_size=False)
    await api.wait_for(
        lambda: any("File is too big" in line for line in api.texts(private)),
        "Telegram's refusal of a file too big",
    )
    # A file id Telegram no longer knows.
    gone = api.send_document(ana_user, private, "gone.pdn", b"1. c3-d4 *", with_size=False)
    api.forget_file(gone["document"]["file_id"])
    await api.wait_for(
        lambda: any("Invalid file_id" in line for line in api.texts(private)),
        "Telegram's refusal of an unknown file",
    )
    assert [call.error for call in api.calls_of("getFile")] == [
        "Bad Request: file is too big",
        "Bad Request: invalid file_id",
    ]
