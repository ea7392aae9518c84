"""End to end: the real discord.py client against the fake Discord, games played by clicks."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.service import boards
from bot.service.command_table.table import BY_WORD, TABLE
from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.events import Actor, ChallengeUpdate
from storage import ChatRef, GameResult, Store
from tests.bot.discord.clicks import (
    ANA,
    BIA,
    CAIO,
    CHANNEL,
    act,
    boards_in,
    challenge_bia,
    game_of,
    ids_like,
    latest_board,
    menu_offering,
    play_choice,
    start_duel,
)
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import (
    FakeDiscord,
    custom_ids,
    member,
    message_problems,
)


async def test_commands_are_registered_with_portuguese_and_italian_names(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    by_name = {command["name"]: command for command in fake.commands}
    assert set(by_name) == {command.names[0] for command in TABLE}
    for typed, (english, portuguese, italian) in ((c.name, c.names) for c in TABLE):
        names = by_name[english]["name_localizations"]
        assert names == {"pt-BR": portuguese, "it": italian}
        for alias in (portuguese, italian):
            spec = BY_WORD.get(alias)
            assert spec is not None, f"{alias} is no alias of /{typed}"
            assert spec.name == typed, f"{alias} is no alias of /{typed}"
    descriptions = by_name["accept"]["description_localizations"]
    assert descriptions["pt-BR"] != by_name["accept"]["description"]
    assert descriptions["it"] != by_name["accept"]["description"]
    game_choices = next(o for o in by_name["new"]["options"] if o["name"] == "game")["choices"]
    assert {choice["value"] for choice in game_choices} >= {"brazilian", "ludo"}


async def test_a_game_between_two_members_played_by_components(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    players = {0: ANA, 1: BIA}
    plies = 0
    state = await service.kernel.state(game_id)
    while state.active and plies < 200:
        who = players[seat_to_act(state) or 0]
        assert board["content"] == f"<@{who['user']['id']}>", "the board names the player to move"
        await play_choice(fake, who, board, boards.move_choices(state)[-1])
        plies += 1
        state = await service.kernel.state(game_id)
        board = latest_board(fake)
        assert str(state.version) in board["embeds"][0]["image"]["url"]
    assert not state.active, "the game did not end"
    assert state.plies == plies
    assert ids_like(board, r"dmb:.*") == [f"dmb:w:{game_id}"], "a finished game: only a rematch"
    older = boards_in(fake)[:-1]
    assert all(ids_like(message, r"dmb:.*") == [] for message in older), "old boards keep buttons"
    assert fake.files[int(board["id"])], "the board picture is attached"
    [picture] = fake.files[int(board["id"])].values()
    assert picture.startswith(b"\x89PNG")


async def test_a_stranger_click_gets_a_private_answer_and_changes_nothing(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    before = await service.kernel.state(game_id)
    messages = len(fake.channel_messages(CHANNEL))
    for who, refusal in (  # a stranger, and the player who is not to move
        (CAIO, f"You are not playing in game #{game_id}."),
        (BIA, "It is not your turn: Ana is to move."),
    ):
        menu = ids_like(board, r"dmb:p:\d+:\d+:\d+")[0]
        first_piece = boards.move_choices(before)[0].piece
        answer = await act(fake, await fake.click(who, board, menu, [first_piece]))
        assert answer.original is not None
        assert answer.original["flags"] & 64
        assert answer.original["components"] == []
        assert refusal in answer.ephemeral_text
        move = ids_like(board, r"dmb:t:\d+:\d+")[0]
        modal = await fake.settled(await fake.click(who, board, move))
        assert modal.response_type == 9
        typed = await act(
            fake,
            await fake.submit(
                who, CHANNEL, f"dmb:tm:{game_id}:{before.version}", {"move": "c3-d4"}
            ),
        )
        assert refusal in typed.ephemeral_text
    after = await service.kernel.state(game_id)
    assert after.version == before.version
    assert after.log == before.log
    assert len(fake.channel_messages(CHANNEL)) == messages


async def test_a_stale_board_is_refused_with_the_fresh_one(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    old_board = await start_duel(fake)
    game_id = int(ids_like(old_board, r"dmb:p:\d+:\d+:\d+")[0].split(":")[2])
    state = await service.kernel.state(game_id)
    first = boards.move_choices(state)[0]
    picked = await act(
        fake, await fake.click(ANA, old_board, ids_like(old_board, r"dmb:p:.*")[0], [first.piece])
    )
    assert picked.original is not None
    await play_choice(fake, ANA, old_board, first)
    # Ana clicks again on the destination she picked before the move.
    destinations = menu_offering(picked.original, r"dmb:s:.*", str(first.index))
    again = await act(
        fake, await fake.click(ANA, picked.original, destinations, [str(first.index)])
    )
    assert "changed" in again.ephemeral_text
    assert again.original is not None, "the fresh board is shown"
    assert again.original["embeds"], "the fresh board is shown"
    fresh = await service.kernel.state(game_id)
    assert fresh.plies == 1
    fresh_ids = custom_ids(again.original)
    assert fresh_ids
    assert all(item.split(":")[3] == str(fresh.version) for item in fresh_ids)


async def test_a_game_against_the_computer_with_a_typed_move(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    started = await act(
        fake,
        await fake.slash(
            ANA, CHANNEL, "new", {"game": "international", "computer": True, "side": 0}
        ),
    )
    assert "starts" in started.ephemeral_text
    board = latest_board(fake)
    [typed] = ids_like(board, r"dmb:t:\d+:\d+")
    modal = await fake.settled(await fake.click(ANA, board, typed))
    assert modal.response is not None
    modal_id = modal.response["data"]["custom_id"]
    played = await act(fake, await fake.submit(ANA, CHANNEL, modal_id, {"move": "32-28"}))
    assert "32-28" in played.ephemeral_text
    await service.kernel.background.idle()
    game_id = int(modal_id.split(":")[2])
    state = await service.kernel.state(game_id)
    assert state.log[0] == "32-28", "the computer answered"
    assert state.plies == 2, "the computer answered"
    reply_board = latest_board(fake)
    assert state.log[1] in reply_board["embeds"][0]["description"]
    assert reply_board["content"] == f"<@{ANA['user']['id']}>"

    wrong = await act(fake, await fake.slash(ANA, CHANNEL, "move", {"move": "1-2"}))
    assert "1-2" in wrong.ephemeral_text
    assert (await service.kernel.state(game_id)).plies == 2

    legal = {choice.notation for choice in boards.move_choices(state)}
    prefix = min(legal)[:2]
    suggested = await fake.settled(await fake.autocomplete(ANA, CHANNEL, "move", "move", prefix))
    assert suggested.response is not None
    assert suggested.response["type"] == 8
    names = [choice["value"] for choice in suggested.response["data"]["choices"]]
    assert names
    assert set(names) == {name for name in legal if name.startswith(prefix)}

    exported = await act(fake, await fake.slash(ANA, CHANNEL, "pdn"))
    assert exported.original is not None
    [(name, content)] = fake.files[int(exported.original["id"])].items()
    assert name == f"game-{game_id}.pdn"
    assert b"32-28" in content


async def test_a_ludo_game_by_roll_and_pawn_buttons(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    await act(
        fake,
        await fake.slash(
            ANA, CHANNEL, "new", {"game": "ludo", "computer": True, "players": 2, "side": 0}
        ),
    )
    await service.kernel.background.idle()
    board = latest_board(fake)
    game_id = int(custom_ids(board)[0].split(":")[2])
    turns = 0
    state = await service.kernel.state(game_id)
    while state.active and turns < 12:
        [roll] = ids_like(board, r"dmb:r:\d+:\d+")
        await act(fake, await fake.click(ANA, board, roll))
        await service.kernel.background.idle()
        state = await service.kernel.state(game_id)
        board = latest_board(fake)
        pawn_moves = ids_like(board, r"dmb:m:\d+:\d+:\d+")
        if pawn_moves:
            await act(fake, await fake.click(ANA, board, pawn_moves[0]))
            await service.kernel.background.idle()
            board = latest_board(fake)
        turns += 1
        state = await service.kernel.state(game_id)
    assert sum(1 for notation in state.log if notation.startswith("roll")) >= turns
    assert any(not notation.startswith("roll") for notation in state.log), "no pawn ever moved"
    # One board for the whole game, and no private answers left behind by the clicks.
    assert len(boards_in(fake)) == 1
    left = [m for m in fake.messages.values() if m["flags"] & 64 and not m.get("deleted")]
    assert len(left) == 1, [m["content"] for m in left]  # the answer to /new


async def test_a_ludo_table_fills_up_and_the_host_starts_it(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    await act(fake, await fake.slash(ANA, CHANNEL, "new", {"game": "ludo", "players": 3}))
    table = fake.channel_messages(CHANNEL)[-1]
    [join] = ids_like(table, r"dmb:a:\d+")
    [begin] = ids_like(table, r"dmb:b:\d+")
    await act(fake, await fake.click(BIA, table, join))
    joined = fake.channel_messages(CHANNEL)[-1]
    assert "2 of 3" in joined["content"]
    assert ids_like(joined, r"dmb:b:\d+") == [begin]
    refused = await act(fake, await fake.click(BIA, joined, begin))
    assert "Only the player who opened the table" in refused.ephemeral_text
    await act(fake, await fake.click(ANA, joined, begin))
    await service.kernel.background.idle()
    board = latest_board(fake)
    game_id = int(custom_ids(board)[0].split(":")[2])
    state = await service.kernel.state(game_id)
    assert len(state.seat_names) == 3
    assert {"Ana", "Bia"} <= set(state.seat_names)


async def test_a_component_sent_before_a_restart_still_works(
    fake: FakeDiscord, connect: Connect, service: GameService, store: Store
) -> None:
    first = await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    first.cancel()
    await asyncio.gather(first, return_exceptions=True)

    restarted = GameService(store, ComputerPlayers())
    try:
        await connect(restarted)
        assert fake.identifications == 2
        state = await restarted.kernel.state(game_id)
        await play_choice(fake, ANA, board, boards.move_choices(state)[0])
        after = await restarted.kernel.state(game_id)
        assert after.plies == 1
        shown = latest_board(fake)
        assert shown["id"] == board["id"], "a live game edits its board in place"
        assert f"-{after.version}.png" in shown["embeds"][0]["image"]["url"]
    finally:
        await restarted.kernel.close()


async def test_after_a_dropped_gateway_connection_the_session_resumes(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    await fake.drop_connection()
    await asyncio.wait_for(fake.resumed.wait(), 5)
    assert fake.resumptions == 1
    assert fake.identifications == 1
    game_id = game_of(board)
    await play_choice(fake, ANA, board, boards.move_choices(await service.kernel.state(game_id))[0])
    assert (await service.kernel.state(game_id)).plies == 1


async def test_slow_work_is_acknowledged_first_and_answered_later(
    fake: FakeDiscord, connect: Connect, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    choice = boards.move_choices(await service.kernel.state(game_id))[0]
    move = service.play.move

    async def slow_move(*args: Any, **options: Any) -> Any:
        await asyncio.sleep(0.5)  # slow work, past the deadline to acknowledge: a pace, not a wait
        return await move(*args, **options)

    monkeypatch.setattr(service.play, "move", slow_move)
    fake.deadline = 0.2
    played = await play_choice(fake, ANA, board, choice)
    # Acknowledged at once; once played, the private menu it was chosen in goes away (the
    # board shows the move).
    assert played.response_type == 6
    assert played.original is not None
    assert played.original.get("deleted")
    assert (await service.kernel.state(game_id)).plies == 1


async def test_a_draw_offered_by_command_is_accepted_by_button(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    await act(fake, await fake.slash(ANA, CHANNEL, "draw", {"answer": "offer"}))
    offered = latest_board(fake)
    [accept] = ids_like(offered, r"dmb:y:\d+:\d+")
    own = await act(fake, await fake.click(ANA, offered, accept))
    assert own.ephemeral_text == (
        "This draw offer is yours: your opponent accepts or declines it. "
        "To withdraw it, decline it yourself (/draw decline)."
    )
    assert (await service.kernel.state(game_id)).active
    await act(fake, await fake.click(BIA, offered, accept))
    state = await service.kernel.state(game_id)
    assert not state.active
    assert state.record.result == GameResult(winners=[], reason="agreement")
    assert ids_like(latest_board(fake), r"dmb:.*") == [f"dmb:w:{game_id}"]


async def test_a_game_in_a_thread_of_its_own(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    await challenge_bia(fake, thread=True)
    [thread] = fake.threads.values()
    # The game's title, in the channel's language (Ana's: English), not its internal key.
    assert thread["parent_id"] == CHANNEL
    assert thread["name"] == "Brazilian draughts: Ana - Bia"
    assert fake.channel_messages(CHANNEL) == []
    challenge = fake.channel_messages(thread["id"])[-1]
    await act(fake, await fake.click(BIA, challenge, ids_like(challenge, r"dmb:a:\d+")[0]))
    board = latest_board(fake, thread["id"])
    game_id = game_of(board)
    state = await service.kernel.state(game_id)
    assert state.record.chat is not None
    assert state.record.chat.chat_id == thread["id"]
    await play_choice(fake, ANA, board, boards.move_choices(state)[0])
    assert (await service.kernel.state(game_id)).plies == 1
    assert latest_board(fake, thread["id"])["id"] == board["id"], "edited in place"


async def test_a_game_elsewhere_comes_privately_to_the_player_seen_on_discord(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    """Ana plays at the console; Bia, challenged there, plays from Discord by direct message."""
    await connect(service)
    room = ChatRef("console", "room")
    ana = Actor("console", "ana", "Ana")
    bia = Actor("discord", BIA["user"]["id"], "Bia")
    [opened] = await service.challenges.new_game(ana, room, "brazilian", opponent=bia, seat=0)
    assert isinstance(opened, ChallengeUpdate)
    await service.challenges.accept(bia, opened.challenge.id, room)
    await service.kernel.background.idle()
    assert fake.channel_messages(CHANNEL) == []
    assert fake.direct_messages(BIA["user"]["id"]) == []
    state = await service.kernel.state(1)
    await service.play.move(ana, boards.move_choices(state)[0].notation, 1)
    await service.kernel.background.idle()
    await fake.wait_for(
        lambda: fake.direct_messages(BIA["user"]["id"]), what="Bia's turn, privately"
    )
    [private] = fake.direct_messages(BIA["user"]["id"])
    assert private["content"] == "Bia, your turn in game #1."
    assert private["embeds"]
    state = await service.kernel.state(1)
    await play_choice(fake, BIA, private, boards.move_choices(state)[0])
    assert (await service.kernel.state(1)).plies == 2


async def test_a_bot_cannot_be_challenged(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    robot = member("100000000000000009", "Robot")
    robot["user"]["bot"] = True
    refused = await act(
        fake,
        await fake.slash(
            ANA,
            CHANNEL,
            "new",
            {"game": "brazilian", "opponent": robot["user"]["id"]},
            users={robot["user"]["id"]: robot},
        ),
    )
    assert "computer" in refused.ephemeral_text
    assert fake.channel_messages(CHANNEL) == []


@pytest.mark.parametrize("locale", ["pt-BR", "it"])
async def test_public_text_follows_the_language_of_the_players(
    fake: FakeDiscord, connect: Connect, service: GameService, locale: str
) -> None:
    """On a server whose locale the bot does not speak, the first player's language."""
    await connect(service)
    started = await act(
        fake,
        await fake.slash(
            ANA,
            CHANNEL,
            "new",
            {"game": "brazilian", "computer": True, "side": 0},
            locale=locale,
            guild_locale="es-ES",
        ),
    )
    assert "starts" not in started.ephemeral_text
    board = latest_board(fake)
    assert "Brazilian" not in board["embeds"][0]["description"]
    [menu] = [
        item for row in board["components"] for item in row["components"] if item["type"] == 3
    ]
    assert menu["placeholder"] != "Choose a piece to move"


@pytest.mark.usefixtures("fake")
async def test_a_board_that_breaks_the_limits_is_refused_by_the_fake() -> None:
    """The fake enforces what Discord does, so the other tests prove the limits are kept."""
    row = {"type": 1, "components": [{"type": 2, "custom_id": "x" * 101, "label": "ok"}]}
    too_many_rows = [{"type": 1, "components": [{"type": 2, "custom_id": "a", "label": "a"}]}] * 6
    options = [{"label": str(n), "value": str(n)} for n in range(26)]
    menu = {"type": 1, "components": [{"type": 3, "custom_id": "m", "options": options}]}
    assert message_problems({"components": [row]}) == [f"custom_id {'x' * 101!r} longer than 100"]
    assert message_problems({"components": too_many_rows}) == ["6 action rows (at most 5)"]
    assert message_problems({"components": [menu]}) == ["26 select options (1 to 25)"]
    assert message_problems({"content": "x" * 2001}) == [
        "content: Must be 2000 or fewer in length. (BASE_TYPE_MAX_LENGTH)"
    ]


async def test_a_reminder_comes_to_the_player_by_direct_message(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    state = await service.kernel.state(game_id)
    bia = await service.kernel.roster.player(Actor("discord", BIA["user"]["id"], "Bia"))
    assert bia.id in [seat.player_id for seat in state.record.seats]
    await service.store.add_notice(bia.id, game_id, "reminder_1h")
    await service.correspondence.deliver_notices()
    await fake.wait_for(lambda: fake.direct_messages(BIA["user"]["id"]), what="the reminder")
    [private] = fake.direct_messages(BIA["user"]["id"])
    assert f"#{game_id}" in private["content"]
    assert await service.store.unsent_notices() == [], "a delivered notice is marked sent"
