"""/puzzle end to end on Telegram and Discord (their fakes): the picture with whose move it
is, typed answers and the slash command's `answer` option, the line going on, the end; a miss
shown its refutation, the same position offered again with a button for the solution; and
the daily puzzle the scheduler posts in a Telegram group and a Discord channel."""

from __future__ import annotations

import warnings
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from bot.service.kernel.game_flow.clocks import ManualClock
from bot.telegram import stop_front
from storage import ChatRef, Store
from tests.bot.conftest import START, make_service
from tests.bot.discord.clicks import ANA, BIA, CHANNEL, act, ids_like, menu_offering
from tests.bot.discord.conftest import Connect
from tests.bot.puzzle_set import use_known_puzzles
from tests.bot.telegram.conftest import start_bot
from tests.fakes.discord_api import FakeDiscord
from tests.fakes.telegram_api import FakeBotApi

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from tests.bot.discord.conftest import connect as connect  # the fixtures
    from tests.bot.discord.conftest import fake as fake
from tests.bot.telegram.conftest import api as api  # the fixture

DAILY_CHANNEL = "500000000000000009"
ANA_TELEGRAM = Actor("telegram", "1001", "Ana")
ANA_DISCORD = Actor("discord", ANA["user"]["id"], "Ana")


@pytest.fixture(autouse=True)
def known_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    use_known_puzzles(monkeypatch)


@pytest.fixture
async def service(store: Store) -> AsyncIterator[GameService]:
    # Ten in the morning: a daily puzzle set for nine is due.
    clock = ManualClock(START + timedelta(hours=1))
    created = make_service(store, clock)
    yield created
    await created.kernel.close()


async def test_a_puzzle_on_telegram(service: GameService, api: FakeBotApi) -> None:
    bot = await start_bot(service, api)
    try:
        ana = api.user(1001, "Ana")
        chat = api.private_chat(ana)
        api.send_text(ana, chat, "/puzzle")
        [picture] = await api.wait_for(lambda: api.boards(chat), "the puzzle")
        assert "Black to move and win" in picture["caption"]
        # The buttons work as a game's: the pieces, then the destinations of the one pressed
        # (with Back to the pieces).
        assert {"c5", "b6"} <= set(api.buttons(picture))
        api.press(ana, picture, api.buttons(picture)["c5"])
        await api.wait_for(lambda: "Back" in api.buttons(picture), "the destinations of c5")
        assert set(api.buttons(picture)) == {"b4", "d4", "Back"}
        api.press(ana, picture, api.buttons(picture)["Back"])
        await api.wait_for(lambda: "c5" in api.buttons(picture), "the pieces again")
        api.press(ana, picture, api.buttons(picture)["c5"])
        await api.wait_for(lambda: "b4" in api.buttons(picture), "the destinations again")
        api.press(ana, picture, api.buttons(picture)["b4"])
        await api.wait_for(lambda: len(api.boards(chat)) == 2, "the line going on")
        assert any(line.startswith("Right! a3xc5") for line in api.texts(chat))
        # The last move: one piece can move, so its destinations come at once.
        buttons = api.buttons(api.boards(chat)[-1])
        assert set(buttons) == {"h4"}
        api.press(ana, api.boards(chat)[-1], buttons["h4"])
        texts = await api.wait_for(
            lambda: [line for line in api.texts(chat) if "Solved!" in line], "the end"
        )
        assert "c5-b4 a3xc5 b6xh4" in "\n".join(api.texts(chat))
        assert texts

        # A miss: its refutation drawn, the position again with the solution's button.
        api.send_text(ana, chat, "/puzzle")
        await api.wait_for(lambda: len(api.boards(chat)) == 3, "the second puzzle")
        second = api.boards(chat)[-1]
        api.press(ana, second, api.buttons(second)["h6"])
        await api.wait_for(lambda: "g5" in api.buttons(second), "the destinations of h6")
        api.press(ana, second, api.buttons(second)["g5"])
        await api.wait_for(lambda: len(api.boards(chat)) == 5, "the refutation and the retry")
        refutation, retry = api.boards(chat)[-2:]
        assert refutation["caption"] == "Not this time: h6-g5 is answered by e3-d4."
        assert api.buttons(refutation) == {}
        assert "c5" in api.buttons(retry)
        api.press(ana, retry, api.buttons(retry)["Show the solution"])
        [shown] = await api.wait_for(
            lambda: [line for line in api.texts(chat) if "Here is the solution." in line],
            "the solution",
        )
        assert "The solution: c5-b4 a3xc5 b6xh4." in shown

        group = api.group(-100777, "Club")
        place = ChatRef("telegram", str(group["id"]))
        await service.daily.daily(ANA_TELEGRAM, place, True, 9, None, administrator=True)
        await service.scheduler.run_due()
        [post] = await api.wait_for(lambda: api.boards(group), "the daily puzzle")
        assert post["caption"].startswith("Daily puzzle. Puzzle #")
        await service.scheduler.run_due()
        assert len(api.boards(group)) == 1
        # Bia answers in the group: the group reads the verdict, Bia privately the solution.
        bia = api.user(1002, "Bia")
        bia_chat = api.private_chat(bia)
        api.send_text(bia, bia_chat, "/help")
        await api.wait_for(lambda: api.texts(bia_chat), "Bia's private chat")
        api.send_text(bia, group, "/puzzle c5-b4")
        await api.wait_for(lambda: len(api.boards(group)) == 2, "the line going on")
        api.send_text(bia, group, "/puzzle b6xh4")
        await api.wait_for(
            lambda: any("Solved! The solution is in your private" in t for t in api.texts(group)),
            "the verdict",
        )
        await api.wait_for(
            lambda: any("c5-b4 a3xc5 b6xh4" in line for line in api.texts(bia_chat)),
            "the solution, privately",
        )
        assert not any("b6xh4" in line for line in api.texts(group))
    finally:
        await stop_front(bot.front, bot.settings)


async def test_a_puzzle_on_discord(
    service: GameService, fake: FakeDiscord, connect: Connect
) -> None:
    await connect(service)
    shown = await act(fake, await fake.slash(ANA, CHANNEL, "puzzle", {}))
    assert "Black to move and win" in shown.ephemeral_text
    assert shown.original is not None
    [(name, content)] = fake.files[int(shown.original["id"])].items()
    assert name == "puzzle-1.png"
    assert content.startswith(b"\x89PNG")
    right = await act(fake, await fake.slash(ANA, CHANNEL, "puzzle", {"answer": "c5-b4"}))
    assert "Right! a3xc5" in right.ephemeral_text
    end = await act(fake, await fake.slash(ANA, CHANNEL, "puzzle", {"answer": "b6xh4"}))
    assert "Solved!" in end.ephemeral_text
    await act(fake, await fake.slash(ANA, CHANNEL, "puzzle", {"variant": "brazilian"}))
    miss = await act(fake, await fake.slash(ANA, CHANNEL, "puzzle", {"answer": "h6-g5"}))
    assert "Not this time: h6-g5 is answered by e3-d4." in miss.ephemeral_text
    assert "c5-b4 a3xc5 b6xh4" not in miss.ephemeral_text
    assert miss.original is not None
    names = sorted(fake.files[int(miss.original["id"])])
    assert names == ["puzzle-2-refutation.png", "puzzle-2.png"]
    # The retry's picture: its piece menu and, under it, the solution's button.
    [solution] = ids_like(miss.original, r"dmb:zs:2:0")
    shown = await act(fake, await fake.click(ANA, miss.original, solution))
    assert "Here is the solution." in shown.ephemeral_text
    assert "The solution: c5-b4 a3xc5 b6xh4." in shown.ephemeral_text
    typed = await act(fake, await fake.slash(ANA, CHANNEL, "puzzle", {"solution": True}))
    assert "You have no puzzle under way" in typed.ephemeral_text

    place = ChatRef("discord", DAILY_CHANNEL)
    await service.daily.daily(ANA_DISCORD, place, True, 9, "brazilian", administrator=True)
    await service.scheduler.run_due()
    await fake.wait_for(lambda: fake.channel_messages(DAILY_CHANNEL), what="the daily puzzle")
    [post] = fake.channel_messages(DAILY_CHANNEL)
    assert post["content"].startswith("Daily puzzle. Puzzle #")
    assert post["attachments"]
    # Bia answers with the post's menus, as on a game's board: the piece, then (in the
    # private answer) its destination.
    pieces = menu_offering(post, r"dmb:zp:1:0:\d+", "c5")
    picked = await act(fake, await fake.click(BIA, post, pieces, ["c5"]))
    assert picked.original is not None
    [menu] = ids_like(picked.original, r"dmb:z:1:0:\d+")
    options = [
        option
        for row in picked.original["components"]
        for item in row["components"]
        for option in item["options"]
    ]
    assert sorted(option["label"] for option in options) == ["→ b4", "→ d4"]
    index = next(option["value"] for option in options if option["label"] == "→ b4")
    chosen = await act(fake, await fake.click(BIA, picked.original, menu, [index]))
    assert "Right! a3xc5" in chosen.ephemeral_text
