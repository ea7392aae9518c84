"""A group's language chosen by its administrators (issue 21, item 3): /lang group pt from an
admin (Telegram's getChatMember says creator or administrator) makes the group's boards
Portuguese for everyone; a plain member is refused and nothing changes. Else the group speaks
the language of the first person who played there (issue 34, item 7), not of whoever wrote
first."""

from __future__ import annotations

import pytest
from telegram import Bot as TelegramBot
from telegram import ChatMemberAdministrator, ChatMemberMember, ChatMemberOwner
from telegram.error import BadRequest

from bot.service.game_service import GameService
from storage import Store
from tests.bot.telegram.conftest import current_board, wait_for_version
from tests.bot.telegram.test_telegram_group import group_game
from tests.fakes.telegram_api import TOKEN, FakeBotApi

REFUSAL = (
    "Only an administrator of this chat (on Discord, a member who may manage the server) "
    "chooses its language; /language pt chooses yours."
)


@pytest.mark.usefixtures("bot")
async def test_only_a_groups_admin_chooses_its_language(
    api: FakeBotApi, service: GameService, store: Store
) -> None:
    ana, bia, group, state, board = await group_game(api, service)
    assert "Brazilian draughts" in board["caption"]
    api.send_text(bia, group, "/lang group pt")
    await api.wait_for(lambda: REFUSAL in api.texts(group), "the refusal")
    asked = api.calls_of("getChatMember")
    assert [(call.params["chat_id"], str(call.params["user_id"])) for call in asked] == [
        (group["id"], str(bia["id"]))
    ]
    assert await store.chosen_chat_language("telegram", str(group["id"])) is None

    api.make_admin(group, ana)
    api.send_text(ana, group, "/lang group pt")
    done = "This chat's boards and public messages are in Portuguese now."
    await api.wait_for(lambda: api.texts(group)[-1] == done, "the answer, in Ana's English")
    # The next board of the group speaks Portuguese, though both players write English.
    api.send_text(ana, group, "/move c3-d4")
    await wait_for_version(service, 1, state.version)
    state, board = await current_board(api, service, group, 1)
    assert "Damas brasileiras" in board["caption"], board["caption"]
    # The owner may too, and Ana's own answers stay English.
    api.make_admin(group, bia, owner=True)
    api.send_text(bia, group, "/lingua gruppo it")
    await api.wait_for(
        lambda: api.texts(group)[-1].endswith("are in Italian now."), "the owner's choice"
    )
    assert await store.chosen_chat_language("telegram", str(group["id"])) == "it"


@pytest.mark.usefixtures("bot")
async def test_an_english_help_leaves_the_group_to_its_first_player(
    api: FakeBotApi, service: GameService
) -> None:
    ann = api.user(1, "Ann", "ann", "en")
    pedro = api.user(2, "Pedro", "pedro", "pt-br")
    group = api.group(-100310, "Clube")
    api.send_text(ann, group, "/help")
    api.send_text(ann, group, "/rules")
    await api.wait_for(lambda: len(api.texts(group)) >= 3, "the answers to Ann")
    api.send_text(pedro, group, "/new brazilian vs computer white")
    _, board = await current_board(api, service, group, 1)
    assert "Damas brasileiras" in board["caption"], board["caption"]
    # The group keeps it: Ann's own game there is shown in Portuguese too.
    api.send_text(ann, group, "/new brazilian vs computer white")
    _, board = await current_board(api, service, group, 2)
    assert "Damas brasileiras" in board["caption"], board["caption"]


async def test_get_chat_member_answers_as_the_bot_api_does(api: FakeBotApi) -> None:
    """The fake's getChatMember: ChatMemberOwner, ChatMemberAdministrator, ChatMemberMember,
    and the Bot API's errors; python-telegram-bot reads each answer."""
    ana = api.user(1, "Ana")
    bia = api.user(2, "Bia")
    caio = api.user(3, "Caio")
    group = api.group(-100400, "Clube")
    api.make_admin(group, ana, owner=True)
    api.make_admin(group, bia)
    async with TelegramBot(TOKEN, base_url=f"{api.url}/bot") as client:
        assert isinstance(await client.get_chat_member(group["id"], 1), ChatMemberOwner)
        admin = await client.get_chat_member(group["id"], 2)
        assert isinstance(admin, ChatMemberAdministrator)
        assert admin.can_manage_chat
        assert isinstance(await client.get_chat_member(group["id"], caio["id"]), ChatMemberMember)
        for chat_id, user_id, error in (
            (group["id"], 99, "User not found"),
            (-100999, 1, "Chat not found"),
        ):
            with pytest.raises(BadRequest) as refused:
                await client.get_chat_member(chat_id, user_id)
            assert refused.value.message == error
