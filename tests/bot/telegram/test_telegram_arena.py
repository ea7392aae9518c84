"""An arena in a Telegram group through the fake Bot API (with Telegram's flood limits): its
leaderboard is one message, edited no more often than the pacing allows, with only the
newest standings sent when several games end inside one interval; Join works while it runs
and "Take a break" pauses."""

from __future__ import annotations

import asyncio
import re
from itertools import pairwise
from typing import Any

import pytest

from bot.service.game_service import GameService
from bot.telegram import stop_front
from storage import Store
from tests.bot.telegram.conftest import Bot, current_board, press, start_bot
from tests.fakes.telegram_api import FakeBotApi

# Short, so that the test need not wait for the production pacing (15 s).
INTERVAL = 1.0


def leaderboards(api: FakeBotApi, group: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in api.bot_messages(group) if m.get("text", "").startswith("Arena #1:")]


def edits_of(api: FakeBotApi, message_id: int) -> list[Any]:
    return [
        call
        for call in api.calls_of("editMessageText")
        if call.params.get("message_id") == message_id and call.error is None
    ]


async def test_the_leaderboard_is_one_message_edited_at_a_pace(
    api: FakeBotApi, service: GameService, bot: Bot
) -> None:
    bot.front.showing.arena_boards.edits.interval = INTERVAL
    names = ("Ana", "Bia", "Caio", "Duda", "Edu")
    people = [api.user(n, name, name.lower(), "en") for n, name in enumerate(names, 1)]
    group = api.group(-100500, "Clube")
    api.send_text(people[0], group, "/tournament new brazilian arena 45m 1m boards=group")
    await api.wait_for(lambda: api.texts(group), "the arena opens")
    for person in people[:4]:
        api.send_text(person, group, "/tournament join")
    await api.wait_for(lambda: len(api.texts(group)) >= 5, "the entries")
    api.send_text(people[0], group, "/tournament start")
    [board] = await api.wait_for(lambda: leaderboards(api, group), "the leaderboard")
    # Join while it runs, by the button of the news.
    [news] = await api.wait_for(
        lambda: [m for m in api.bot_messages(group) if "Take a break" in api.buttons(m)],
        "the news with Join and Take a break",
    )
    assert "text" not in await press(api, people[4], news, "tj:1")
    await api.wait_for(
        lambda: [t for t in api.texts(group) if "joins arena #1 as number 5" in t], "a late entry"
    )
    # Two games end at once: one edit shows both, within the pace.
    facts = await service.store.tournament_facts(1)
    by_name = {person["first_name"]: person for person in people}
    before = len(edits_of(api, board["message_id"]))
    for game in facts.games:
        state = await service.kernel.state(game.game_id or 0)
        api.send_text(by_name[state.seat_names[1]], group, f"/resign {state.id} yes")

    async def both_ended() -> bool:
        games = (await service.store.tournament_facts(1)).games
        return sum(game.status == "finished" for game in games) == 2

    await api.wait_for(both_ended, "the two resignations")
    await service.kernel.background.idle()
    await asyncio.sleep(INTERVAL * 2.5)
    edits = edits_of(api, board["message_id"])[before:]
    assert 1 <= len(edits) <= 2, [e.params["text"] for e in edits]
    assert edits[-1].params["text"].count("(1 game: +1") == 2
    gaps = [b.at - a.at for a, b in pairwise(edits)]
    assert all(gap >= INTERVAL * 0.9 for gap in gaps)
    assert leaderboards(api, group) == [api.messages[group["id"], board["message_id"]]]
    # The late entry takes a break with the news's other button.
    assert "text" not in await press(api, people[4], news, "tl:1")
    await api.wait_for(
        lambda: [t for t in api.texts(group) if "Edu takes a break from arena #1" in t],
        "the break",
    )


@pytest.mark.usefixtures("bot")
async def test_berserk_is_a_button_under_an_arena_board_until_each_player_moved(
    api: FakeBotApi, service: GameService
) -> None:
    ana, bia = (api.user(n, name, name.lower(), "en") for n, name in ((1, "Ana"), (2, "Bia")))
    group = api.group(-100501, "Clube")
    api.send_text(ana, group, "/tournament new brazilian arena 45m 2m boards=group")
    await api.wait_for(lambda: api.texts(group), "the arena opens")
    for person in (ana, bia):
        api.send_text(person, group, "/tournament join")
    await api.wait_for(lambda: len(api.texts(group)) >= 3, "the entries")
    api.send_text(ana, group, "/tournament start")

    async def first_game() -> int | None:
        games = (await service.store.tournament_facts(1)).games
        return games[0].game_id if games else None

    game_id = await api.wait_for(first_game, "the first pairing")
    state, board = await current_board(api, service, group, game_id)
    assert api.buttons(board)["Berserk"] == f"bz:{game_id}:{state.version}"
    white, black = (ana, bia) if state.seat_names[0] == "Ana" else (bia, ana)
    before = await service.store.clock(game_id)
    assert before is not None
    # White goes berserk on his turn: the minutes of his turn going on are halved.
    assert "text" not in await press(api, white, board, f"bz:{game_id}:{state.version}")
    state, board = await current_board(api, service, group, game_id)
    after = await service.store.clock(game_id)
    assert after is not None
    assert after.per_move == before.per_move / 2
    assert "goes berserk" in board["caption"]
    assert "Berserk" in api.buttons(board), "Black has not moved yet"
    # A player goes berserk once: the second press is refused in its toast.
    again = await press(api, white, board, f"bz:{game_id}:{state.version}")
    assert "already" in again["text"]
    assert "text" not in await press(api, black, board, f"bz:{game_id}:{state.version}")
    state, board = await current_board(api, service, group, game_id)
    assert "Berserk" not in api.buttons(board)
    assert state.record.options["berserk"] == {"0": True, "1": True}


async def test_after_a_restart_the_same_leaderboard_is_edited_and_a_deleted_one_posted_once(
    api: FakeBotApi, store: Store
) -> None:
    names = ("Ana", "Bia", "Caio", "Duda", "Edu", "Fabi")
    people = {name: api.user(n, name, name.lower(), "en") for n, name in enumerate(names, 1)}
    group = api.group(-100502, "Clube")
    service = GameService(store)
    bot = await start_bot(service, api)
    try:
        api.send_text(people["Ana"], group, "/tournament new brazilian arena 45m 1m")
        await api.wait_for(lambda: api.texts(group), "the arena opens")
        for person in people.values():
            api.send_text(person, group, "/tournament join")
        await api.wait_for(lambda: len(api.texts(group)) >= 7, "the entries")
        api.send_text(people["Ana"], group, "/tournament start")
        [board] = await api.wait_for(lambda: leaderboards(api, group), "the leaderboard")
        games = [game.game_id or 0 for game in (await store.tournament_facts(1)).games]
        assert len(games) == 3
        # A restart: a new service and front end, which remember nothing of the last ones.
        await stop_front(bot.front, bot.settings)
        await service.kernel.close()
        service = GameService(store)
        await service.resume()
        bot = await start_bot(service, api)
        bot.front.showing.arena_boards.edits.interval = 0.0

        async def resign(game_id: int, games_done: int) -> None:
            state = await service.kernel.state(game_id)
            api.send_text(people[state.seat_names[1]], group, f"/resign {game_id} yes")
            await api.wait_for(
                lambda: [m for m in leaderboards(api, group) if games_done_in(m) == games_done],
                f"the leaderboard after {games_done} games",
            )

        await resign(games[0], 1)
        assert leaderboards(api, group) == [api.messages[group["id"], board["message_id"]]]
        assert edits_of(api, board["message_id"]), "edited in place"
        # Someone deletes the leaderboard: the next standings are posted anew, once, and
        # that message is edited from then on.
        api.delete_message(board)
        await resign(games[1], 2)
        [replaced] = leaderboards(api, group)
        await resign(games[2], 3)
        assert leaderboards(api, group) == [api.messages[group["id"], replaced["message_id"]]]
        posted = [c for c in api.calls_of("sendMessage") if "Arena #1:" in c.params["text"]]
        assert len(posted) == 2, "the first leaderboard and the one replacing the deleted one"
    finally:
        await stop_front(bot.front, bot.settings)
        await service.kernel.close()


def games_done_in(message: dict[str, Any]) -> int:
    """How many games the leaderboard counts (each player line says its games)."""
    return sum(int(found) for found in re.findall(r"\((\d+) games?", message["text"])) // 2
