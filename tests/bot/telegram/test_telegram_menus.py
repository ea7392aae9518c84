"""Telegram's command menus and the bot's descriptions (issue 24, item 2): per language, the
commands under the reader's own names with their summaries, per scope (groups without one's
own settings), set at start only where they differ from what Telegram has."""

from __future__ import annotations

import pytest

from bot.i18n import translate
from bot.service.command_table.table import TABLE
from bot.service.game_service import GameService
from bot.telegram import stop_front
from bot.telegram.commands import GROUP_MOVES_HELP
from bot.telegram.menus import DESCRIPTION, PERSONAL, SHORT_DESCRIPTION
from tests.bot.telegram.conftest import Bot, start_bot
from tests.fakes.telegram_api import FakeBotApi

PRIVATE, GROUPS = "all_private_chats", "all_group_chats"
INDEX = {None: 0, "pt": 1, "it": 2}


@pytest.mark.usefixtures("bot")
async def test_menus_in_each_language_and_scope(api: FakeBotApi) -> None:
    assert set(api.command_lists) == {
        (scope, language) for scope in (PRIVATE, GROUPS) for language in INDEX
    }
    for (scope, language), commands in api.command_lists.items():
        shown = [command for command in TABLE if scope == PRIVATE or command.name not in PERSONAL]
        assert [entry["command"] for entry in commands] == [
            command.names[INDEX[language]] for command in shown
        ]
        assert [entry["description"] for entry in commands] == [
            translate(language, command.summary) for command in shown
        ]
    portuguese = {entry["command"] for entry in api.command_lists[PRIVATE, "pt"]}
    assert {"novo", "jogar", "tabuleiro", "ferias"} <= portuguese
    assert "ferias" not in {entry["command"] for entry in api.command_lists[GROUPS, "pt"]}
    assert api.descriptions["description", "it"] == translate("it", DESCRIPTION)
    assert api.descriptions["short_description", None] == translate("en", SHORT_DESCRIPTION)
    assert api.descriptions["short_description", "pt"] == translate("pt", SHORT_DESCRIPTION)


async def test_a_restart_sets_nothing_that_is_set(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    await stop_front(bot.front, bot.settings)
    writes = ("setMyCommands", "setMyDescription", "setMyShortDescription")
    before = len(api.calls_of(*writes))
    again = await start_bot(service, api)
    try:
        assert len(api.calls_of(*writes)) == before
        assert api.calls_of("getMyCommands")
    finally:
        await stop_front(again.front, again.settings)


@pytest.mark.usefixtures("bot")
async def test_help_in_a_group_says_how_moves_are_typed_there(api: FakeBotApi) -> None:
    ana = api.user(1, "Ana", "ana", "pt-br")
    group = api.group(-100900, "Clube")
    api.send_text(ana, group, "/ajuda")
    hint = translate("pt", GROUP_MOVES_HELP)
    assert "/jogar c3-d4" in hint
    await api.wait_for(lambda: hint in api.texts(group), "the hint for groups")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/ajuda")
    await api.wait_for(lambda: api.texts(chat), "the help in private")
    assert hint not in api.texts(chat)
