"""The Bot API's documented limits in the fake Telegram: each rule refuses what breaks it with
Telegram's description and takes what keeps it, checked alone and through
python-telegram-bot's own Bot against the fake server."""

from __future__ import annotations

import struct
from collections.abc import AsyncIterator
from typing import Any

import pytest
from telegram import Bot, BotCommand, BotCommandScopeChat, BotCommandScopeChatAdministrators
from telegram.constants import ParseMode
from telegram.error import BadRequest

from tests.fakes import telegram_rules as rules
from tests.fakes.telegram_api import TOKEN, ApiError, FakeBotApi


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("<b>Ana</b> &amp; <i>Bia</i> &lt;3 &#233;&#x41; &nbsp;", "Ana & Bia <3 éA &nbsp;"),
        ('<a href="tg://user?id=1">Ana</a> <code>1500</code>', "Ana 1500"),
        ('<span class="tg-spoiler">x</span><tg-spoiler>y</tg-spoiler>', "xy"),
        ("<B>loud</B> 3 > 2", "loud 3 > 2"),
        ("<blockquote expandable>q</blockquote><pre><code>c</code></pre>", "qc"),
    ],
)
def test_html_is_read_as_telegram_reads_it(text: str, shown: str) -> None:
    assert rules.html_text(text) == shown


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("a <foo>x</foo>", 'Unsupported start tag "foo" at byte offset 2'),
        ("é <br/>", 'Unsupported start tag "br" at byte offset 3'),
        ("<b>x", 'Can\'t find end tag corresponding to start tag "b"'),
        ("x</b>", "Unexpected end tag at byte offset 1"),
        ("<b><i>x</b></i>", 'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"'),
        ("1 < 2 >", 'Unsupported start tag "" at byte offset 2'),
        ("a <b", "Unclosed start tag at byte offset 2"),
        ("<span>x</span>", 'Tag "span" must have class "tg-spoiler" at byte offset 0'),
    ],
)
def test_html_telegram_cannot_parse_is_refused(text: str, error: str) -> None:
    with pytest.raises(rules.EntityError) as refused:
        rules.html_text(text)
    assert str(refused.value) == error
    assert rules.message_text_problem(text, "HTML") == f"Bad Request: can't parse entities: {error}"


def test_message_text_is_1_to_4096_characters_after_parsing() -> None:
    assert rules.message_text_problem("x" * 4096, None) is None
    assert rules.message_text_problem("<b>" + "x" * 4096 + "</b>", "HTML") is None
    assert rules.message_text_problem("x" * 4097, None) == "Bad Request: message is too long"
    assert rules.message_text_problem("&amp;" * 4097, "HTML") == "Bad Request: message is too long"
    for empty in ("", "  \n", "<b> </b>"):
        assert rules.message_text_problem(empty, "HTML") == "Bad Request: message text is empty"
    assert rules.message_text_problem("x", "Fancy") == "Bad Request: unsupported parse_mode"
    assert rules.message_text_problem("<x>", None) is None  # no parse mode: plain text


def test_captions_are_0_to_1024_characters_after_parsing() -> None:
    assert rules.caption_problem(None, None) is None
    assert rules.caption_problem("", None) is None
    assert rules.caption_problem("<i>" + "c" * 1024 + "</i>", "html") is None
    assert rules.caption_problem("c" * 1025, None) == "Bad Request: message caption is too long"
    assert rules.caption_problem("<u>c", "HTML") == (
        "Bad Request: can't parse entities: Can't find end tag corresponding to start tag \"u\""
    )


@pytest.mark.parametrize(
    ("button", "problem"),
    [
        ({"text": "ok", "callback_data": "x" * 64}, None),
        ({"text": "ok", "url": "https://example.org"}, None),
        ({"text": "ok", "url": "tg://resolve?domain=damas_bot"}, None),
        ({"text": "ok", "url": "ftp://example.org"}, "Bad Request: BUTTON_URL_INVALID"),
        ({"text": "ok", "url": "damas.example/tournament/1"}, "Bad Request: BUTTON_URL_INVALID"),
        ({"text": "ok", "callback_data": "é" * 33}, "Bad Request: BUTTON_DATA_INVALID"),
        ({"text": "ok", "callback_data": ""}, "Bad Request: BUTTON_DATA_INVALID"),
        ({"text": "ok"}, "Bad Request: text buttons are unallowed in the inline keyboard"),
        (
            {"text": "", "callback_data": "x"},
            "Bad Request: text buttons are unallowed in the inline keyboard",
        ),
        (
            {"text": "ok", "callback_data": "x", "url": "https://example.org"},
            "Bad Request: can't parse inline keyboard button: exactly one field expected",
        ),
        (
            {"text": "ok", "callback_data": "x", "colour": "red"},
            'Bad Request: unknown field "colour" of InlineKeyboardButton',
        ),
    ],
)
def test_buttons(button: dict[str, Any], problem: str | None) -> None:
    assert rules.button_problem(button) == problem


def test_answers_are_0_to_200_characters() -> None:
    assert rules.answer_problem(None) is None
    assert rules.answer_problem("a" * 200) is None
    assert rules.answer_problem("a" * 201) == "Bad Request: answer text is too long"


def _command(name: str, description: str = "d") -> dict[str, str]:
    return {"command": name, "description": description}


@pytest.mark.parametrize(
    ("commands", "problem"),
    [
        ([_command("new_game2", "d" * 256)] * 100, None),
        ([_command("x")] * 101, "Bad Request: BOT_COMMANDS_TOO_MUCH"),
        ([_command("")], "Bad Request: command must be non-empty"),
        ([_command("x" * 33)], "Bad Request: command length must not exceed 32"),
        ([_command("New")], "Bad Request: BOT_COMMAND_INVALID"),
        ([_command("new-game")], "Bad Request: BOT_COMMAND_INVALID"),
        ([_command("novo", "")], "Bad Request: command description must be non-empty"),
        (
            [_command("novo", "d" * 257)],
            "Bad Request: command description length must not exceed 256",
        ),
        ([{**_command("x"), "hint": "?"}], 'Bad Request: unknown field "hint" of BotCommand'),
    ],
)
def test_command_lists(commands: list[dict[str, str]], problem: str | None) -> None:
    assert rules.commands_problem(commands) == problem


def test_language_codes_are_empty_or_two_letters() -> None:
    for good in (None, "", "pt", "it"):
        assert rules.language_problem(good) is None
    for bad in ("pt-BR", "pt_BR", "por", "PT", "p"):
        assert rules.language_problem(bad) == "Bad Request: invalid language code specified"


@pytest.mark.parametrize(
    ("scope", "problem"),
    [
        (None, None),
        ({"type": "default"}, None),
        ({"type": "all_chat_administrators"}, None),
        ({"type": "chat_member", "chat_id": -5, "user_id": 7}, None),
        ({"type": "everyone"}, "Bad Request: Unsupported type specified"),
        ({"chat_id": 5}, 'Bad Request: Can\'t find field "type"'),
        ({"type": "chat"}, 'Bad Request: Can\'t find field "chat_id"'),
        ({"type": "chat_member", "chat_id": 5}, 'Bad Request: Can\'t find field "user_id"'),
        (
            {"type": "default", "chat_id": 5},
            'Bad Request: unknown field "chat_id" of BotCommandScope',
        ),
    ],
)
def test_command_scopes(scope: dict[str, Any] | None, problem: str | None) -> None:
    assert rules.scope_problem(scope) == problem


def test_descriptions() -> None:
    assert rules.description_problem("d" * 512, rules.MAX_DESCRIPTION, "description") is None
    assert (
        rules.description_problem("d" * 513, rules.MAX_DESCRIPTION, "description")
        == "Bad Request: description is too long"
    )
    assert rules.description_problem("d" * 121, rules.MAX_SHORT_DESCRIPTION, "short description")


def test_methods_take_only_documented_parameters() -> None:
    assert rules.unknown_parameter("sendPhoto", {"chat_id": 1, "photo__filename": "b.png"}) is None
    assert (
        rules.unknown_parameter("sendMessage", {"chat_id": 1, "text": "x", "parsemode": "HTML"})
        == 'Bad Request: unknown parameter "parsemode" of sendMessage'
    )
    api = FakeBotApi()
    with pytest.raises(ApiError, match='unknown parameter "caption" of editMessageReplyMarkup'):
        api._api_editMessageReplyMarkup({"chat_id": 1, "message_id": 1, "caption": "x"}, {})


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotApi]:
    # The rules of each call, not the flood limits (tests/bot/telegram/test_telegram_flood.py).
    api = FakeBotApi(limit_scale=None)
    await api.start()
    yield api
    await api.close()


@pytest.fixture
async def bot(fake: FakeBotApi) -> AsyncIterator[Bot]:
    """python-telegram-bot's Bot, talking to the fake."""
    client = Bot(TOKEN, base_url=f"{fake.url}/bot")
    async with client:
        yield client


async def test_the_client_reads_telegram_s_refusals(fake: FakeBotApi, bot: Bot) -> None:
    ana = fake.user(1, "Ana")
    fake.send_text(ana, fake.private_chat(ana), "/start")
    sent = await bot.send_message(1, "<b>Ana</b> &amp; Bia", parse_mode=ParseMode.HTML)
    assert sent.text == "<b>Ana</b> &amp; Bia"
    with pytest.raises(BadRequest, match='Can\'t parse entities: unsupported start tag "p"'):
        await bot.send_message(1, "<p>Ana</p>", parse_mode=ParseMode.HTML)
    with pytest.raises(BadRequest, match="Message caption is too long"):
        await bot.send_document(1, b"[Event]", filename="g.pdn", caption="c" * 1025)
    with pytest.raises(BadRequest, match="Message text is empty"):
        await bot.edit_message_text("<i></i>", 1, sent.message_id, parse_mode=ParseMode.HTML)
    refused = [
        'Bad Request: can\'t parse entities: Unsupported start tag "p" at byte offset 0',
        "Bad Request: message caption is too long",
        "Bad Request: message text is empty",
    ]
    assert [call.error for call in fake.calls if call.error] == refused
    # Kept for the end-to-end fixtures, which fail a test whose bot broke a limit.
    assert fake.violations == refused


async def test_command_lists_by_scope_and_language(fake: FakeBotApi, bot: Bot) -> None:
    group = fake.group(-100, "Club")
    ana = fake.user(1, "Ana")
    fake.send_text(ana, fake.private_chat(ana), "/start")
    english = [BotCommand("new", "Start a game")]
    portuguese = [BotCommand("novo", "Começar uma partida")]
    assert await bot.set_my_commands(english)
    assert await bot.set_my_commands(portuguese, language_code="pt")
    assert await bot.set_my_commands(portuguese, scope=BotCommandScopeChat(group["id"]))
    assert [c.command for c in await bot.get_my_commands()] == ["new"]
    assert [c.command for c in await bot.get_my_commands(language_code="pt")] == ["novo"]
    scoped = await bot.get_my_commands(scope=BotCommandScopeChat(group["id"]))
    assert [c.command for c in scoped] == ["novo"]
    assert set(fake.commands) == {None, "pt"}  # the default scope's lists
    assert await bot.delete_my_commands(language_code="pt")
    assert await bot.get_my_commands(language_code="pt") == ()
    with pytest.raises(BadRequest, match="Invalid language code specified"):
        await bot.set_my_commands(english, language_code="pt-BR")
    with pytest.raises(BadRequest, match="Chat not found"):
        await bot.set_my_commands(english, scope=BotCommandScopeChat(-999))
    with pytest.raises(BadRequest, match="Can't use specified scope in private chats"):
        await bot.set_my_commands(english, scope=BotCommandScopeChatAdministrators(1))
    with pytest.raises(BadRequest, match="Bot_commands_too_much"):
        await bot.set_my_commands([BotCommand(f"c{n}", "d") for n in range(101)])


@pytest.mark.usefixtures("fake")
async def test_descriptions_by_language(bot: Bot) -> None:
    assert await bot.set_my_description("Draughts and Ludo")
    assert await bot.set_my_description("Damas e Ludo", language_code="pt")
    assert await bot.set_my_short_description("Play draughts")
    assert (await bot.get_my_description("pt")).description == "Damas e Ludo"
    assert (await bot.get_my_description("it")).description == "Draughts and Ludo"
    assert (await bot.get_my_short_description()).short_description == "Play draughts"
    assert await bot.set_my_description("", language_code="pt")
    assert (await bot.get_my_description("pt")).description == "Draughts and Ludo"
    with pytest.raises(BadRequest, match="Description is too long"):
        await bot.set_my_description("d" * 513)
    with pytest.raises(BadRequest, match="Short description is too long"):
        await bot.set_my_short_description("d" * 121)


async def test_chat_actions_are_the_documented_ones_in_a_known_chat(
    fake: FakeBotApi, bot: Bot
) -> None:
    ana = fake.user(1, "Ana")
    chat = fake.private_chat(ana)
    fake.send_text(ana, chat, "/start")  # a private chat is open to the bot once started
    assert await bot.send_chat_action(chat["id"], "typing")
    with pytest.raises(BadRequest, match="Wrong parameter action in request"):
        await bot.send_chat_action(chat["id"], "thinking")
    with pytest.raises(BadRequest, match="Chat not found"):
        await bot.send_chat_action(-999, "typing")
    assert fake.chat_actions == [(chat["id"], "typing")]


@pytest.mark.parametrize(
    ("url", "private", "problem"),
    [
        ("https://damas.example/app", True, None),
        ("https://damas.example/app", False, "Bad Request: BUTTON_TYPE_INVALID"),
        (
            "http://damas.example/app",
            True,
            "Bad Request: inline keyboard button Web App URL 'http://damas.example/app' is "
            "invalid: Only HTTPS links are allowed",
        ),
    ],
)
def test_web_app_buttons_only_in_private_chats_to_https(
    url: str, private: bool, problem: str | None
) -> None:
    button = {"text": "Play", "web_app": {"url": url}}
    assert rules.button_problem(button, private) == problem


async def test_files_are_lent_to_bots_up_to_20_mb(fake: FakeBotApi) -> None:
    client = Bot(TOKEN, base_url=f"{fake.url}/bot", base_file_url=f"{fake.url}/file/bot")
    async with client:
        ana = fake.user(1001, "Ana")
        chat = fake.private_chat(ana)
        small = fake.send_document(ana, chat, "game.pdn", b"1. c3-d4 *")["document"]
        found = await client.get_file(small["file_id"])
        assert bytes(await found.download_as_bytearray()) == b"1. c3-d4 *"
        limit = b"x" * rules.MAX_DOWNLOAD
        at_limit = fake.send_document(ana, chat, "big.pdn", limit)["document"]
        assert (await client.get_file(at_limit["file_id"])).file_size == rules.MAX_DOWNLOAD
        over = fake.send_document(ana, chat, "bigger.pdn", limit + b"x")["document"]
        with pytest.raises(BadRequest, match="File is too big"):
            await client.get_file(over["file_id"])
        with pytest.raises(BadRequest, match="Invalid file_id"):
            await client.get_file("no-such-file")
    assert [call.error for call in fake.calls_of("getFile")][-2:] == [
        "Bad Request: file is too big",
        "Bad Request: invalid file_id",
    ]


def _png(width: int, height: int) -> bytes:
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I4sII", 13, b"IHDR", width, height) + bytes(5)


def test_photos_are_at_most_10000_pixels_around_and_20_to_1() -> None:
    assert rules.photo_problem(_png(800, 460)) is None
    assert rules.photo_problem(_png(5000, 5000)) is None
    assert rules.photo_problem(_png(6000, 4001)) == "Bad Request: PHOTO_INVALID_DIMENSIONS"
    assert rules.photo_problem(_png(2100, 100)) == "Bad Request: PHOTO_INVALID_DIMENSIONS"
    assert rules.photo_problem(_png(640, 640) + bytes(10_000_000)) is not None
