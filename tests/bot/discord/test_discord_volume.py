"""Message volume on Discord (issue 11, item 11): a live game edits its one board message in
place and its result lands in it; a menu move leaves no private message behind; a
correspondence game posts a new board per move, the one before losing its components."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.service import boards
from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.events import Actor
from storage import Store
from tests.bot.discord.clicks import (
    ANA,
    BIA,
    CAIO,
    CHANNEL,
    act,
    boards_in,
    game_of,
    ids_like,
    latest_board,
    play_choice,
    start_duel,
)
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord
from tests.waiting import eventually


def shown_messages(fake: FakeDiscord) -> int:
    """The bot's messages that are still there (public or private)."""
    return len([message for message in fake.messages.values() if not message.get("deleted")])


async def test_a_live_game_keeps_one_board_and_no_private_message_per_move(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    players = {0: ANA, 1: BIA}
    for _ in range(4):
        state = await service.kernel.state(game_id)
        who = players[seat_to_act(state) or 0]
        before = shown_messages(fake)
        played = await play_choice(fake, who, latest_board(fake), boards.move_choices(state)[0])
        # The piece's private menu goes once the move is played: the board shows it.
        assert played.response_type == 6
        assert shown_messages(fake) == before, "a move leaves no private message behind"
    assert [message["id"] for message in boards_in(fake)] == [board["id"]]
    await act(fake, await fake.slash(ANA, CHANNEL, "resign", {"confirm": True}))
    final = latest_board(fake)
    assert final["id"] == board["id"], "the result goes into the last board's message"
    assert "resign" in final["embeds"][0]["description"]
    assert ids_like(final, r"dmb:.*") == [f"dmb:w:{game_id}"]


async def test_a_correspondence_game_posts_a_board_per_move(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    await start_duel(fake, options="3d")
    first = latest_board(fake)
    state = await service.kernel.state(game_of(first))
    assert boards.correspondence(state)
    await play_choice(fake, ANA, first, boards.move_choices(state)[0])
    second = latest_board(fake)
    assert second["id"] != first["id"], "a move days later gets a board of its own"
    assert ids_like(fake.messages[int(first["id"])], r"dmb:.*") == []


async def test_only_the_controls_that_can_be_used_now(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    """A Ludo table's earlier messages lose Join/Start once someone joins, all of them once
    the game began."""
    await connect(service)
    await act(fake, await fake.slash(ANA, CHANNEL, "new", {"game": "ludo", "players": 3}))
    table = fake.channel_messages(CHANNEL)[-1]
    [join] = ids_like(table, r"dmb:a:\d+")
    await act(fake, await fake.click(BIA, table, join))
    assert ids_like(fake.messages[int(table["id"])], r"dmb:.*") == [], "the first table message"
    joined = fake.channel_messages(CHANNEL)[-1]
    [begin] = ids_like(joined, r"dmb:b:\d+")
    await act(fake, await fake.click(ANA, joined, begin))
    await service.kernel.background.idle()
    for message in (table, joined):
        assert ids_like(fake.messages[int(message["id"])], r"dmb:.*") == []


async def test_a_board_on_the_computers_turn_has_no_controls(
    fake: FakeDiscord, connect: Connect, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The computer waits until the first board is out: a quick move would otherwise replace
    # that board before it is posted, and there would be no board on the computer's turn.
    first_board_out = asyncio.Event()
    choose = service.kernel.computers.choose

    async def after_the_first_board(*args: Any, **kwargs: Any) -> Any:
        await first_board_out.wait()
        return await choose(*args, **kwargs)

    monkeypatch.setattr(service.kernel.computers, "choose", after_the_first_board)
    await connect(service)
    await act(
        fake,
        await fake.slash(ANA, CHANNEL, "new", {"game": "brazilian", "computer": True, "side": 1}),
    )

    def boards_posted() -> list[dict[str, Any]]:
        return [
            call.payload
            for call in fake.calls_to("POST", rf"^/channels/{CHANNEL}/messages$")
            if isinstance(call.payload, dict) and call.payload.get("embeds")
        ]

    await fake.wait_for(boards_posted, what="the first board")
    first_board_out.set()
    await service.kernel.background.idle()
    posted = boards_posted()
    assert "Computer (normal, White) to move" in posted[0]["embeds"][0]["description"]
    assert not posted[0].get("components"), "controls on the computer's turn"
    board = latest_board(fake)
    assert ids_like(board, r"dmb:p:.*"), "Ana's turn now: her menu"


async def test_a_board_sent_as_a_follow_up_mentions_the_player_to_move(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    """The channel refuses the bot (403): the board goes out as a follow-up of the click; it
    mentions the player to move, becomes the game's board, and the board before it is asked
    to drop its menu (issue 11, item 13)."""
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    fake.denied_channels.add(CHANNEL)
    state = await service.kernel.state(game_id)
    played = await play_choice(fake, ANA, board, boards.move_choices(state)[0])
    await fake.wait_for(lambda: played.followups, what="the board as a follow-up")
    followup = played.followups[-1]
    assert followup["embeds"]
    assert f"<@{BIA['user']['id']}>" in followup["content"]

    async def stored_as_the_board() -> bool:
        [shown] = await service.records.board_messages(game_id)
        return bool(shown.message_id == followup["id"])

    # The follow-up is stored as the board once Discord answered.
    await eventually(stored_as_the_board, "the follow-up stored as the board")
    await fake.wait_for(
        lambda: [
            call
            for call in fake.calls_to("PATCH", rf"^/channels/{CHANNEL}/messages/{board['id']}$")
            if isinstance(call.payload, dict) and call.payload.get("components") == []
        ],
        what="the old board's menu taken away",
    )


async def test_discord_help_and_every_capability(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    """/help lists Discord's own commands with their options (not the typed usage of the
    console); history, claim, abort, vacation, reminders and links are slash commands; a
    `game` option offers the person's games (issue 11, item 10); /abort asks for a yes first
    (issue 23)."""
    await connect(service)
    names = {command["name"] for command in fake.commands}
    assert {"history", "claim", "abort", "vacation", "remind", "link"} <= names
    helped = await act(fake, await fake.slash(ANA, CHANNEL, "help", {}))
    lines = helped.ephemeral_text.splitlines()
    assert any(line.startswith("/move move [game] - ") for line in lines), lines
    assert any(line.startswith("/vacation [days] [on] - ") for line in lines), lines
    # One table: the typed commands are Discord's too (/use, /rules), the console's own not.
    assert any(line.startswith("/use [game] - ") for line in lines), lines
    assert not [line for line in lines if line.startswith(("/as", "/lang "))], lines
    portuguese = await act(fake, await fake.slash(CAIO, CHANNEL, "help", {}, locale="pt-BR"))
    assert any(
        line.startswith("/jogar lance [jogo] - ") for line in portuguese.ephemeral_text.splitlines()
    ), portuguese.ephemeral_text
    board = await start_duel(fake)
    game_id = game_of(board)
    history = await act(fake, await fake.slash(ANA, CHANNEL, "history", {"game": game_id}))
    assert history.ephemeral_text == f"No moves yet in game #{game_id}."
    linked = await act(fake, await fake.slash(ANA, CHANNEL, "link", {}))
    assert linked.ephemeral_text
    suggested = await fake.settled(await fake.autocomplete(ANA, CHANNEL, "board", "game", ""))
    assert suggested.response is not None
    choices = suggested.response["data"]["choices"]
    assert [choice["value"] for choice in choices] == [game_id]
    assert choices[0]["name"] == f"#{game_id} Brazilian draughts"
    asked = await act(fake, await fake.slash(ANA, CHANNEL, "abort", {"game": game_id}))
    assert asked.ephemeral_text.startswith(f"Call off game #{game_id}?"), asked.ephemeral_text
    confirmed = {"game": game_id, "confirm": True}
    aborted = await act(fake, await fake.slash(ANA, CHANNEL, "abort", confirmed))
    assert "aborted" in aborted.ephemeral_text, aborted.ephemeral_text


async def test_resign_and_draw_by_buttons(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    """The board offers a draw and resigning as buttons; resigning asks first, privately."""
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    [offer] = ids_like(board, rf"dmb:o:{game_id}:\d+")
    await act(fake, await fake.click(ANA, board, offer))
    board = latest_board(fake)
    assert (await service.kernel.state(game_id)).record.draw_offer == 0
    assert ids_like(board, rf"dmb:y:{game_id}:\d+"), "Bia can answer the offer"
    [resign] = ids_like(board, rf"dmb:q:{game_id}:\d+")
    asked = await act(fake, await fake.click(BIA, board, resign))
    assert asked.ephemeral_text == f"Resign game #{game_id}? This cannot be undone."
    assert (await service.kernel.state(game_id)).active, "one click does not resign"
    assert asked.original is not None
    [confirm] = ids_like(asked.original, rf"dmb:k:{game_id}:\d+")
    await act(fake, await fake.click(BIA, asked.original, confirm))
    state = await service.kernel.state(game_id)
    assert state.record.result == {"winners": [0], "reason": "resignation"}
    assert ids_like(latest_board(fake), r"dmb:.*") == [f"dmb:w:{game_id}"], "only the rematch"


async def test_a_restart_brings_a_board_that_fell_behind_up_to_date(
    fake: FakeDiscord, connect: Connect, service: GameService, store: Store
) -> None:
    """A move stored while the bot was down (or whose board a crash cut off): once connected
    again, the board message shows it, edited once (issue 11, item 2)."""
    first = await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    first.cancel()
    await asyncio.gather(first, return_exceptions=True)
    state = await service.kernel.state(game_id)
    ana = Actor("discord", ANA["user"]["id"], "Ana")
    notation = boards.move_choices(state)[0].notation
    await service.play.move(ana, notation, game_id)
    edit = rf"^/channels/{CHANNEL}/messages/{board['id']}$"
    before = len(fake.calls_to("PATCH", edit))
    restarted = GameService(store, ComputerPlayers())
    try:
        await connect(restarted)
        await fake.wait_for(
            lambda: f"-{state.version + 1}.png" in latest_board(fake)["embeds"][0]["image"]["url"],
            what="the current board after the restart",
        )
        await asyncio.sleep(0.2)  # a window: a second edit would come in it
        assert len(fake.calls_to("PATCH", edit)) == before + 1, "edited once"
        assert [message["id"] for message in boards_in(fake)] == [board["id"]]
        # Nobody saw the move played: the board says what it was (issue 21, item 3).
        assert latest_board(fake)["embeds"][0]["title"] == f"Ana played {notation}."
    finally:
        await restarted.kernel.close()
