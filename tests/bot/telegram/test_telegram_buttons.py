"""Telegram buttons within Telegram's limits: callback data round trips in at most 64 bytes,
keyboards of 10x10 boards keep to 100 buttons and 8 per row, capture routes are told apart;
and the fake Bot API refuses what Telegram refuses, so the end-to-end tests can trust it."""

from __future__ import annotations

import struct

import pytest
from telegram import InlineKeyboardMarkup

from bot.service import boards
from bot.service.game_service import GameService, events_state, seat_to_act
from bot.service.kernel.events import ChallengeUpdate, GameState
from bot.telegram.chats import chunks
from bot.telegram.posting.delivery import clip_caption
from bot.telegram.widgets.callbacks import MAX_CALLBACK_BYTES, Action, Press, decode
from bot.telegram.widgets.keyboards import MAX_BUTTONS, MAX_PER_ROW, board_keyboard
from tests.bot.conftest import ANA, BIA, CHAT
from tests.fakes.telegram_api import ApiError, FakeBotApi


@pytest.mark.parametrize(
    "press",
    [
        Press(Action.MOVE, 10**12, 10**9, 99),
        Press(Action.PIECE, 1, 0, 0),
        Press(Action.BACK, 7, 3),
        Press(Action.ROLL, 7, 3),
        Press(Action.ACCEPT, 10**15),
        Press(Action.DECLINE, 2),
        Press(Action.BEGIN, 2),
        Press(Action.ASK_RESIGN, 10**12, 10**9),
        Press(Action.RESIGN, 10**12, 10**9, 10**12),
        Press(Action.ABORT, 7, 0, 3),
        Press(Action.KEEP_PLAYING, 7, 0),
        Press(Action.REMATCH, 10**15),
        Press(Action.PUZZLE, 10**12, 3, 40),
    ],
)
def test_callback_data_round_trips_within_64_bytes(press: Press) -> None:
    data = press.encode()
    assert len(data.encode()) <= MAX_CALLBACK_BYTES
    assert decode(data) == press


@pytest.mark.parametrize(
    "data",
    [None, "", "x:1", "m:1:2", "m:1:2:3:4", "a:-1", "p:a:b:c", "zz", "k:1:2", "w:1:2", "z:1:2"],
)
def test_data_this_bot_never_wrote_decodes_to_nothing(data: str | None) -> None:
    assert decode(data) is None


def test_callback_data_too_long_for_telegram_is_refused() -> None:
    with pytest.raises(ValueError, match="64 bytes"):
        Press(Action.MOVE, 10**40, 10**20, 1).encode()


async def game(service: GameService, kind: str, fen: str) -> GameState:
    events = await service.challenges.new_game(
        ANA, CHAT, kind, opponent=BIA, seat=0, option_words=[fen]
    )
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    state = events_state(await service.challenges.accept(BIA, challenge.id, CHAT))
    assert state is not None
    return state


def all_data(keyboard: InlineKeyboardMarkup) -> list[str]:
    rows = keyboard.inline_keyboard
    assert sum(len(row) for row in rows) <= MAX_BUTTONS
    assert all(len(row) <= MAX_PER_ROW for row in rows)
    data = [str(button.callback_data) for row in rows for button in row]
    assert all(len(item.encode()) <= MAX_CALLBACK_BYTES for item in data)
    return data


def plays(data: str) -> bool:
    """Whether a button plays (a piece, a move, back, a roll) rather than ends the game."""
    return data[:2] in ("m:", "p:", "b:", "r:")


async def test_a_crowded_10x10_board_fits_the_keyboard_limits(service: GameService) -> None:
    # Men on every other row (each can step into the empty row ahead) and two flying kings.
    men = [*range(26, 31), *range(36, 41), *range(46, 51)]
    whites = ",".join(str(square) for square in men)
    state = await game(service, "international", f"fen=W:WK19,K23,{whites}:B1,2,3")
    choices = boards.move_choices(state)
    keyboard = board_keyboard(state, "en")
    assert keyboard is not None
    pieces = [data for data in all_data(keyboard) if plays(data)]
    assert len(pieces) == len({choice.piece for choice in choices}) > 8
    seen_moves: set[int] = set()
    for data in pieces:
        press = decode(data)
        assert press is not None
        assert press.action is Action.PIECE
        destinations = board_keyboard(state, "en", press.index)
        assert destinations is not None
        moves = [decode(item) for item in all_data(destinations) if plays(item)]
        assert moves[-1] == Press(Action.BACK, state.id, state.version)
        seen_moves.update(move.index for move in moves[:-1] if move and move.index is not None)
    assert seen_moves == {choice.index for choice in choices}, "every move is one press away"


async def test_two_capture_routes_to_one_square_are_offered_in_notation(
    service: GameService,
) -> None:
    state = await game(service, "italian", "fen=W:W18,31:B5,6,13,14,20")
    keyboard = board_keyboard(state, "pt")
    assert keyboard is not None
    rows = keyboard.inline_keyboard
    labels = [button.text for row in rows for button in row if plays(str(button.callback_data))]
    assert sorted(labels) == ["18x11x2", "18x9x2"]


async def test_the_computer_s_turn_has_no_buttons(service: GameService) -> None:
    events = await service.challenges.new_game(ANA, CHAT, "brazilian", computer=True, seat=1)
    state = events_state(events)
    assert state is not None
    assert seat_to_act(state) == 0
    assert board_keyboard(state, "en") is None


def test_long_replies_are_split_under_4096_characters() -> None:
    lines = ["a" * 3000, "b" * 3000, "c" * 9000]
    parts = chunks(lines)
    assert all(len(part) <= 4096 for part in parts)
    assert "".join(parts).replace("\n", "") == "".join(lines)


def test_the_fake_refuses_what_telegram_refuses() -> None:
    too_long = {"inline_keyboard": [[{"text": "x", "callback_data": "9" * 65}]]}
    too_wide = {"inline_keyboard": [[{"text": "x", "callback_data": "1"}] * 9]}
    too_many = {"inline_keyboard": [[{"text": "x", "callback_data": "1"}] * 5] * 21}
    api = FakeBotApi()
    for markup, reason in (
        (too_long, "BUTTON_DATA_INVALID"),
        (too_wide, "too many buttons in a row"),
        (too_many, "reply markup is too long"),
    ):
        with pytest.raises(ApiError, match=reason):
            api._check_markup(markup)
    ana = api.user(1, "Ana")
    chat = api.private_chat(ana)
    with pytest.raises(ApiError, match="initiate conversation"):
        api._api_sendMessage({"chat_id": 1, "text": "hi"}, {})
    api.send_text(ana, chat, "/start")
    sent = api._api_sendMessage({"chat_id": 1, "text": "hi"}, {})
    same = {"chat_id": 1, "message_id": sent["message_id"], "text": "hi"}
    with pytest.raises(ApiError, match="message is not modified"):
        api._api_editMessageText(same, {})
    with pytest.raises(ApiError, match="message to edit not found"):
        api._api_editMessageText({**same, "message_id": 99}, {})
    header = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 8, 8)
    with pytest.raises(ApiError, match="IMAGE_PROCESS_FAILED"):
        api._api_sendPhoto({"chat_id": 1}, {"photo": header[:12]})
    with pytest.raises(ApiError, match="caption is too long"):
        api._api_sendPhoto({"chat_id": 1, "caption": "c" * 1025}, {"photo": header})


def test_a_long_caption_drops_whole_headlines_first() -> None:
    """An HTML caption is never cut inside a tag or an entity: old headlines give way whole."""
    board = '<a href="tg://user?id=2">Bia &amp; Co</a>, your turn in game #1.\n#1 Brazilian'
    headlines = ("x" * 700, "Tom &amp; Jerry played 9-13.", "y" * 300)
    caption = clip_caption((*headlines, board))
    assert len(caption) <= 1024
    assert caption == "\n".join((*headlines[1:], board))
    assert clip_caption(("short", board)) == f"short\n{board}"
