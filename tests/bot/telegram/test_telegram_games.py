"""Whole games through Telegram: the real Application against the fake Bot API.

A group game between two people by buttons (challenge, accept, pieces, capture routes, turn
notices, presses by strangers and out of turn), a private game against the computer, Ludo with
its roll button, stale buttons, menus, typed commands and the PDN file.
"""

from __future__ import annotations

import random

import pytest

from bot.i18n import text, translate
from bot.service.command_table.table import TABLE
from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.events import PlayerNotice
from tests.bot.telegram.conftest import (
    Bot,
    current_board,
    move_buttons,
    play_one_move_by_buttons,
    press,
    wait_for_version,
)
from tests.fakes.telegram_api import PNG_SIGNATURE, FakeBotApi
from tests.waiting import eventually

TWO_ROUTES = "W:W18,31:B5,6,13,14,20"  # Italian: 18x9x2 and 18x11x2 both end on 2


@pytest.mark.usefixtures("bot")
async def test_a_whole_game_between_two_people_in_a_group_by_buttons(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "pt-br")
    bia = api.user(2, "Bia", "bia", "it")
    caio = api.user(3, "Caio", "caio", "en")
    group = api.group(-100100, "Clube")
    ana_private = api.private_chat(ana)
    api.send_text(ana, ana_private, "/start")  # Ana can be written to privately; Bia cannot
    await api.wait_for(lambda: api.texts(ana_private), "the help for Ana")
    api.send_text(bia, group, "ciao a tutti")  # chatter: ignored, but the bot now knows @bia
    api.send_text(ana, group, f"/new italian vs @bia white fen={TWO_ROUTES}")
    challenge = await api.wait_for(
        lambda: [m for m in api.bot_messages(group) if api.buttons(m)], "the challenge"
    )
    challenge_message = challenge[0]
    accept = next(data for data in api.buttons(challenge_message).values() if data.startswith("a:"))

    stranger = await press(api, caio, challenge_message, accept)
    assert stranger["text"] == "This challenge is for someone else."
    assert await press(api, bia, challenge_message, accept) == {"callback_query_id": "2"}
    state, board = await current_board(api, service, group, 1)
    assert api.photos[(group["id"], board["message_id"])].startswith(PNG_SIGNATURE)
    assert api.messages[(group["id"], challenge_message["message_id"])].get("reply_markup") is None

    # Ana (White) is to move: the live board says so, mentioning her; no other notice.
    assert '<a href="tg://user?id=1">Ana</a>' in board["caption"]
    # Only the man on 18 can move, by two routes to the same square: the keyboard offers the
    # routes at once, in notation.
    routes = move_buttons(api, board)
    assert set(routes) == {"18x9x2", "18x11x2"}, routes
    edits_before = len(api.calls_of("editMessageMedia", "editMessageReplyMarkup"))
    refused = await press(api, caio, board, routes["18x9x2"])
    assert refused["text"] == "You are not playing in game #1."
    refused = await press(api, bia, board, routes["18x9x2"])
    assert refused["text"] == translate(
        "it", text("It is not your turn: {name} is to move.", name="Ana")
    )
    assert len(api.calls_of("editMessageMedia", "editMessageReplyMarkup")) == edits_before
    assert (await service.kernel.state(1)).version == state.version

    await press(api, ana, board, routes["18x11x2"])
    await wait_for_version(service, 1, state.version)
    state, board = await current_board(api, service, group, 1)
    assert state.log == ("18x11x2",)
    # Bia is to move: the board's caption mentions her.
    assert '<a href="tg://user?id=2">Bia</a>' in board["caption"]

    rng = random.Random(5)
    players = {0: ana, 1: bia}
    for _ in range(200):
        state, board = await current_board(api, service, group, 1)
        if not state.active:
            break
        seat = seat_to_act(state)
        assert seat is not None
        await play_one_move_by_buttons(api, service, players[seat], group, board, rng)
        await api.wait_for(lambda: len(api.answers) > 0, "answers")
    state, board = await current_board(api, service, group, 1)
    assert state.record.status == "finished"
    assert list(api.buttons(board).values()) == ["w:1"], "only the rematch is left"
    assert len(api.boards(group)) == 1, "a live game edits its one board in place"
    assert len(api.answers) == len(api.pressed_at), "every press was answered"
    # The board was the turn notice: no notice in the group, none privately to Ana.
    assert not [line for line in api.texts(group) if "your turn" in line]
    assert not [line for line in api.texts(ana_private) if "your turn" in line]


@pytest.mark.usefixtures("bot")
async def test_a_game_against_the_computer_in_a_private_chat(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/new brazilian vs computer white normal")
    state, board = await current_board(api, service, chat, 1)
    pieces = move_buttons(api, board)
    assert set(pieces) == {"a3", "c3", "e3", "g3"}
    await press(api, ana, board, pieces["c3"])
    key = (chat["id"], board["message_id"])
    await api.wait_for(
        lambda: set(move_buttons(api, api.messages[key])) == {"b4", "d4", "Back"}, "c3's"
    )
    await press(api, ana, api.messages[key], api.buttons(api.messages[key])["Back"])
    await api.wait_for(lambda: move_buttons(api, api.messages[key]) == pieces, "the pieces again")
    rng = random.Random(2)
    for ply in range(3):
        state, board = await current_board(api, service, chat, 1)
        assert state.plies == 2 * ply
        await play_one_move_by_buttons(api, service, ana, chat, board, rng)
    state, board = await current_board(api, service, chat, 1)
    assert state.plies == 6
    assert state.record.seats[1].computer is not None
    assert "last move" in board["caption"]

    api.send_text(ana, chat, "/pdn")
    document = await api.wait_for(lambda: list(api.documents.values()), "the PDN file")
    name, content = document[0]
    assert name == "game-1.pdn"
    assert b"1. " in content
    assert state.log[0].encode() in content

    api.send_text(ana, chat, "/resign yes")
    await api.wait_for(
        lambda: (
            list(api.buttons(api.messages[(chat["id"], board["message_id"])]).values()) == ["w:1"]
            and "resignation" in api.messages[(chat["id"], board["message_id"])]["caption"]
        ),
        "the final board",
    )
    assert (await service.kernel.state(1)).record.result == {
        "winners": [1],
        "reason": "resignation",
    }
    assert len(api.boards(chat)) == 1
    # Every press was answered at once, before the move and the computer's reply.
    delays = [api.answered_at[query] - api.pressed_at[query] for query in api.answers]
    assert delays, delays
    assert max(delays) < 1.0, delays


@pytest.mark.usefixtures("bot")
async def test_ludo_by_the_roll_button_and_the_pawn_buttons(
    api: FakeBotApi, service: GameService
) -> None:
    bia = api.user(2, "Bia", "bia", "it")
    chat = api.private_chat(bia)
    api.send_text(bia, chat, "/nuovo ludo vs computer 2")
    rng = random.Random(1)
    pressed: list[str] = []
    # The dice are the game's own (a secret seed): press on until a pawn has moved by a
    # button (a six is needed to leave the yard), which takes a few dozen rolls at most.
    for _ in range(150):
        state, board = await current_board(api, service, chat, 1)
        if not state.active or (len(pressed) >= 12 and any(d.startswith("m:") for d in pressed)):
            break
        buttons = move_buttons(api, board)
        if any(data.startswith("r:") for data in buttons.values()):
            assert len(buttons) == 1
        pressed.append(await play_one_move_by_buttons(api, service, bia, chat, board, rng))
    assert any(data.startswith("r:") for data in pressed)
    assert any(data.startswith("m:") for data in pressed), pressed
    state = await service.kernel.state(1)
    assert sum(1 for move in state.log if move.startswith("roll")) >= 8
    assert "Ludo" in board["caption"]
    assert len(api.boards(chat)) == 1


async def test_a_press_on_an_old_board_changes_nothing(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/new international vs computer white normal")
    state, board = await current_board(api, service, chat, 1)
    old_board = dict(board)
    await play_one_move_by_buttons(api, service, ana, chat, board, random.Random(3))
    state, board = await current_board(api, service, chat, 1)
    assert state.plies == 2

    # The message must be known to show the newest version (else the press is answered with
    # the current board, as for a message a crash left behind).
    async def known_as_newest() -> bool:
        shown = await service.records.board_messages(1)
        return any(message.version == state.version for message in shown)

    await eventually(known_as_newest, "the board message known to show the newest version")
    # Every board asked for is out (the line of Ana's own move may join the caption after
    # the computer's reply): only the press's own calls are counted.
    await bot.front.desk.settled()
    calls_before = len(api.calls)
    old_data = next(data for data in api.buttons(old_board).values())
    answer = await press(api, ana, board, old_data)
    assert answer["text"] == "This board is old: play on the newest one."
    await api.wait_for(lambda: len(api.calls) > calls_before, "the answer call")
    assert [call.method for call in api.calls[calls_before:]] == ["answerCallbackQuery"] or all(
        call.method in ("answerCallbackQuery", "getUpdates") for call in api.calls[calls_before:]
    )
    assert (await service.kernel.state(1)).version == state.version


@pytest.mark.usefixtures("bot")
async def test_typed_moves_and_commands_in_a_group(api: FakeBotApi, service: GameService) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    dan = api.user(4, "Dan", None, "en")  # no username: named by a text mention
    group = api.group(-100200, "Club")
    api.send_text(ana, group, "/new@someone_else_bot brazilian vs computer")
    api.send_text(ana, group, "/new brazilian vs @nobody")
    await api.wait_for(lambda: api.texts(group), "the refusal")
    assert api.texts(group) == ["I do not know @nobody yet: ask them to write in this chat first."]
    content = "/new brazilian vs Dan Smith white"
    api.send_text(
        ana,
        group,
        content,
        entities=[{"type": "text_mention", "offset": 18, "length": 9, "user": dan}],
    )
    await api.wait_for(lambda: len(api.texts(group)) == 2, "the challenge")
    assert "Ana challenges Dan to Brazilian draughts." in api.texts(group)[1]
    api.send_text(dan, group, "/accept")
    state, board = await current_board(api, service, group, 1)
    assert state.seat_names == ("Ana", "Dan")
    api.send_text(ana, group, "c3-d4", reply_to=board)  # a bare move answering the board
    api.send_text(ana, group, "just chatting")  # not for the bot
    await api.wait_for(lambda: len(api.calls_of("editMessageMedia")) >= 1, "the edited board")
    state, board = await current_board(api, service, group, 1)
    assert state.log == ("c3-d4",)
    api.send_text(dan, group, "/jogar f6-e5")
    await api.wait_for(lambda: len(api.calls_of("editMessageMedia")) >= 2, "the edited board")
    state, board = await current_board(api, service, group, 1)
    assert state.log == ("c3-d4", "f6-e5")
    api.send_text(dan, group, "/move b6-a5")
    reply = await api.wait_for(
        lambda: [m for m in api.bot_messages(group) if "not your turn" in m.get("text", "")],
        "the refusal of a move out of turn",
    )
    assert reply


@pytest.mark.usefixtures("bot")
async def test_a_correspondence_game_posts_a_new_board_for_each_move(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    bia = api.user(2, "Bia", "bia", "en")
    group = api.group(-100400, "Club")
    api.send_text(bia, group, "hi")
    api.send_text(ana, group, "/new brazilian vs @bia white 3d")
    await api.wait_for(lambda: api.texts(group), "the challenge")
    api.send_text(bia, group, "/accept")
    state, first = await current_board(api, service, group, 1)
    assert "left" in first["caption"], "the clock shows in the caption"
    await play_one_move_by_buttons(api, service, ana, group, first, random.Random(6))
    state, second = await current_board(api, service, group, 1)
    assert state.plies == 1
    assert second["message_id"] != first["message_id"]
    await api.wait_for(
        lambda: not api.buttons(api.messages[(group["id"], first["message_id"])]),
        "the old board without buttons",
    )
    assert api.buttons(second)


async def test_a_notice_for_a_player_who_never_started_the_bot_mentions_them(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    bia = api.user(2, "Bia", "bia", "en")
    group = api.group(-100500, "Club")
    api.send_text(bia, group, "hi")
    api.send_text(ana, group, "/new brazilian vs @bia white")
    await api.wait_for(lambda: api.texts(group), "the challenge")
    api.send_text(bia, group, "/accept")
    state, _ = await current_board(api, service, group, 1)
    player = await service.kernel.roster.player(bot.front.people.users["2"])
    await bot.front.showing.show([PlayerNotice(player.id, text("time ran out"), state)], None)
    [mention] = [m for m in api.bot_messages(group) if "time ran out" in m.get("text", "")]
    assert mention["text"] == '<a href="tg://user?id=2">Bia</a>: time ran out'


@pytest.mark.usefixtures("bot")
async def test_language_help_and_my_games_by_typed_commands(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/lang it")
    await api.wait_for(lambda: api.texts(chat), "the answer to /lang")
    assert api.texts(chat) == [translate("it", text("From now on I write to you in English."))]
    api.send_text(ana, chat, "/aiuto")
    await api.wait_for(lambda: len(api.texts(chat)) == 2, "the help")
    assert translate("it", TABLE[0].summary) in api.texts(chat)[1]
    api.send_text(ana, chat, "/nuova brazilian contro computer bianco normale")
    await current_board(api, service, chat, 1)
    api.send_text(ana, chat, "/partite")
    await api.wait_for(lambda: len(api.texts(chat)) == 3, "the list of games")
    assert "#1" in api.texts(chat)[2]
    api.send_text(ana, chat, "/sconosciuto")
    await api.wait_for(lambda: len(api.texts(chat)) == 4, "the unknown command")
    assert "/sconosciuto" in api.texts(chat)[3]


@pytest.mark.usefixtures("bot")
async def test_a_challenge_written_as_a_reply_names_the_person_replied_to(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    eva = api.user(5, "Eva", None, "en")  # no username: only the reply names her
    group = api.group(-100700, "Club")
    greeting = api.send_text(eva, group, "anyone for a game?")
    api.send_text(ana, group, "/new international", reply_to=greeting)
    await api.wait_for(lambda: api.texts(group), "the challenge")
    assert api.texts(group) == ["Ana challenges Eva to International draughts."]
    [challenge] = api.bot_messages(group)
    assert await press(api, eva, challenge, api.buttons(challenge)["Accept"]) == {
        "callback_query_id": "1"
    }
    state, _ = await current_board(api, service, group, 1)
    assert set(state.seat_names) == {"Ana", "Eva"}
