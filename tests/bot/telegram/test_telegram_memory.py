"""What the Telegram front end remembers stays within its bounds (bot/recent.py: a bot runs for
months, across ever more people, chats and games), keeps its newest entries working, and
asks the service again for what it forgot."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.events import ServiceError
from storage import ChatRef
from tests.bot.telegram.conftest import Bot, current_board
from tests.fakes.telegram_api import FakeBotApi

BOUND = 2


async def test_people_chats_and_boards_beyond_the_bound_are_forgotten_oldest_first(
    api: FakeBotApi, service: GameService, bot: Bot
) -> None:
    front = bot.front
    memories = (
        front.people.users,
        front.people.usernames,
        front.people.chat_languages,
        front.people.private_chats,
        front.desk._latest,
        front.desk._chosen,
        front.showing.challenge_messages,
        front.showing.tournament_messages,
        front.showing.tournament_boards.board_places,
        front.showing.tournament_boards.topics,
        front.showing.tournament_boards.told_no_topics,
    )
    for memory in memories:
        memory.size = BOUND
    names = ("Ana", "Bia", "Caio")
    people = [api.user(10 + n, name, name.lower(), "en") for n, name in enumerate(names, 1)]
    for game_id, person in enumerate(people, start=1):
        chat = api.private_chat(person)
        api.send_text(person, chat, "/new brazilian vs computer black")
        await current_board(api, service, chat, game_id)
    assert all(len(memory) <= BOUND for memory in memories), [len(m) for m in memories]
    assert list(front.people.users) == ["12", "13"]
    # The newest person is known by his name; the oldest must write again to be named.
    caio = await front.people.resolve_opponent("@caio")
    assert caio is not None
    assert caio.display_name == "Caio"
    with pytest.raises(ServiceError):
        await front.people.resolve_opponent("@ana")

    # Ana's game, forgotten by the desk: an older board of it does not replace the newest,
    # whose version the service stored with its message.
    ana_chat = api.private_chat(people[0])
    newest, message = await current_board(api, service, ana_chat, 1)
    older = replace(newest, record=replace(newest.record, version=newest.version - 1))
    front.desk.post(ChatRef("telegram", "11"), older, None, viewer=None, new_message=False)
    await front.desk.settled()
    shown = api.messages[(ana_chat["id"], message["message_id"])]
    assert api.buttons(shown)
    assert all(f":1:{newest.version}" in data for data in api.buttons(shown).values())
    assert api.boards(ana_chat)[-1]["message_id"] == message["message_id"]
