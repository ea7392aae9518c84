"""A busy tournament group on Telegram (issue 21, item 5; docs/tournaments.md): with
`boards=private` each game's board goes to its players privately, each from his own side,
and the group reads one line at the game's start and one at its end; a game with a player
who never started the bot stays in the group. With `boards=threads` each game has a forum
topic of its own (found again after a restart); without topics the group is told why."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest
from telegram.error import BadRequest

from bot.service import boards
from bot.service.game_service import GameService
from bot.telegram import stop_front
from tests.bot.telegram.conftest import Bot, current_board, play_one_move_by_buttons, start_bot
from tests.fakes.telegram_api import FakeBotApi


async def private_tournament(
    api: FakeBotApi, started_bot: tuple[bool, bool], settings: str = "boards=private"
) -> tuple[list[dict[str, Any]], dict[str, Any], list[dict[str, Any]]]:
    """Ana and Bia (each having started the bot or not) enter Ana's knockout with
    `settings` (boards=private), and it starts: (people, group, their private chats)."""
    people = [api.user(1, "Ana", "ana", "en"), api.user(2, "Bia", "bia", "en")]
    chats = [api.private_chat(person) for person in people]
    for person, chat, started in zip(people, chats, started_bot, strict=True):
        if started:
            api.send_text(person, chat, "/start")
            await api.wait_for(partial(api.texts, chat), "the answer to /start")
    group = api.group(-100900, "Clube")
    api.send_text(people[0], group, f"/tournament new brazilian knockout {settings}")
    await api.wait_for(lambda: api.texts(group), "the tournament")
    for person in people:
        api.send_text(person, group, "/tournament join")
    await api.wait_for(lambda: len(api.texts(group)) >= 3, "the entries")
    api.send_text(people[0], group, "/tournament start")
    await api.wait_for(
        lambda: [line for line in api.texts(group) if "starts with 2 entries" in line], "the start"
    )
    return people, group, chats


@pytest.mark.usefixtures("bot")
async def test_private_boards_keep_the_group_to_one_line_per_start_and_end(
    api: FakeBotApi, service: GameService
) -> None:
    people, group, chats = await private_tournament(api, (True, True))
    game_id = (await service.store.tournament_facts(1)).games[0].game_id or 0
    [start] = await api.wait_for(
        lambda: [line for line in api.texts(group) if f"game #{game_id}," in line],
        "the start line",
    )
    assert start.endswith("Each player has the board in a private chat with me.")
    seen = {}
    for person, chat in zip(people, chats, strict=True):
        state, seen[person["id"]] = await current_board(api, service, chat, game_id)
        seat = state.seat_names.index(person["first_name"])
        key = (chat["id"], seen[person["id"]]["message_id"])
        assert api.photos[key] == boards.picture(state, seat), "each reads from his own side"
    # The player to move plays by the buttons of his private board; both boards follow.
    mover = 0 if state.seat_names[0] == "Ana" else 1
    await play_one_move_by_buttons(
        api, service, people[mover], chats[mover], seen[people[mover]["id"]], random.Random(3)
    )
    for chat in chats:
        state, _ = await current_board(api, service, chat, game_id)
        assert state.plies == 1
    api.send_text(people[1 - mover], group, "/resign yes")
    await api.wait_for(
        lambda: [line for line in api.texts(group) if "winner" in line.lower()], "the end"
    )
    assert api.boards(group) == [], "no board of the game in the group"
    about_the_game = [line for line in api.texts(group) if f"game #{game_id}" in line]
    assert about_the_game[1:] == [
        f"{people[mover]['first_name']} won game #{game_id}: resignation."
    ]
    assert len(about_the_game) == 2, about_the_game


@pytest.mark.usefixtures("bot")
async def test_a_live_tournament_in_a_group_sends_its_boards_privately_unless_told(
    api: FakeBotApi, service: GameService
) -> None:
    """A group's twenty messages a minute are shared by all its games, topics included
    (bench/tournament_boards.py): a live tournament's boards go privately by default."""
    _, group, chats = await private_tournament(api, (True, True), "10m")
    [opening] = [line for line in api.texts(group) if "opens tournament #1" in line]
    assert opening.endswith("To keep every board here, open it with boards=group."), opening
    game_id = (await service.store.tournament_facts(1)).games[0].game_id or 0
    for chat in chats:
        await current_board(api, service, chat, game_id)
    assert api.boards(group) == [], "no board of the game in the group"


@pytest.mark.usefixtures("bot")
async def test_a_game_with_a_player_who_never_started_the_bot_stays_in_the_group(
    api: FakeBotApi, service: GameService
) -> None:
    _, group, chats = await private_tournament(api, (True, False))
    game_id = (await service.store.tournament_facts(1)).games[0].game_id or 0
    _, board = await current_board(api, service, group, game_id)
    assert api.buttons(board), "played in the group"
    assert api.boards(chats[0]) == []
    assert api.boards(chats[1]) == []


async def threads_tournament(
    api: FakeBotApi, group: dict[str, Any], *words: str
) -> list[dict[str, Any]]:
    """Ana and Bia enter Ana's knockout with boards=threads in `group`, and it starts."""
    people = [api.user(1, "Ana", "ana", "en"), api.user(2, "Bia", "bia", "en")]
    api.send_text(people[0], group, " ".join(["/tournament new brazilian knockout", *words]))
    await api.wait_for(lambda: api.texts(group), "the tournament")
    for person in people:
        api.send_text(person, group, "/tournament join")
    await api.wait_for(lambda: len(api.texts(group)) >= 3, "the entries")
    api.send_text(people[0], group, "/tournament start")
    return people


async def test_each_game_in_a_forum_topic_of_its_own_also_after_a_restart(
    api: FakeBotApi, service: GameService
) -> None:
    running = await start_bot(service, api)
    group = api.forum(-100950, "Clube")
    people = await threads_tournament(api, group, "tabuleiros=topicos", "3d")
    [opened] = await api.wait_for(lambda: api.calls_of("createForumTopic"), "the topic")
    assert opened.params["name"] == "#1 Ana - Bia" or opened.params["name"] == "#1 Bia - Ana"
    thread = (await api.wait_for(lambda: api.boards(group), "the board"))[0]["message_thread_id"]
    state, board = await current_board(api, service, group, 1)
    assert board["message_thread_id"] == thread
    assert api.buttons(board)
    assert [m["message_id"] for m in api.boards(group)] == [board["message_id"]]
    # A correspondence game posts a new board per move: in its topic, after a restart too.
    await stop_front(running.front, running.settings)
    running = await start_bot(service, api)
    mover = people[0] if state.seat_names[0] == "Ana" else people[1]
    await play_one_move_by_buttons(api, service, mover, group, board, random.Random(5))
    state, second = await current_board(api, service, group, 1)
    assert second["message_id"] != board["message_id"]
    assert second["message_thread_id"] == thread
    assert len(api.calls_of("createForumTopic")) == 1
    await stop_front(running.front, running.settings)


@pytest.mark.usefixtures("bot")
@pytest.mark.parametrize(
    ("forum", "reason"),
    [(False, "this group has no topics"), (True, "I may not manage its topics")],
)
async def test_without_topics_the_games_stay_in_the_group_and_the_group_is_told_why(
    api: FakeBotApi, service: GameService, forum: bool, reason: str
) -> None:
    if forum:
        group = api.forum(-100960, "Clube", can_manage_topics=False)
    else:
        group = api.group(-100960, "Clube")
    await threads_tournament(api, group, "boards=threads")
    _, board = await current_board(api, service, group, 1)
    assert "message_thread_id" not in board
    assert api.buttons(board)
    [told] = [line for line in api.texts(group) if "topic of its own" in line]
    assert reason in told
    [refused] = api.calls_of("createForumTopic")
    assert refused.error in (
        "Bad Request: the chat is not a forum",
        "Bad Request: not enough rights to create a topic",
    )


async def test_the_fake_refuses_a_topic_that_does_not_exist(bot: Bot, api: FakeBotApi) -> None:
    group = api.forum(-100970, "Clube")
    with pytest.raises(BadRequest, match=r"(?i)message thread not found"):
        await bot.front.bot.send_message(group["id"], "hello", message_thread_id=999)
    [refused] = api.calls_of("sendMessage")
    assert refused.error == "Bad Request: message thread not found"
