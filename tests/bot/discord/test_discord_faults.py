"""End to end: what the Discord front does when Discord refuses, limits or loses its answers
(an expired token, a click that cannot be acknowledged, a rate limit, a missing permission,
a board that could not be posted or was deleted): the move stands and the board comes."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.service import boards
from bot.service.game_service import GameService
from tests.bot.discord.clicks import (
    ANA,
    CHANNEL,
    act,
    game_of,
    ids_like,
    latest_board,
    menu_offering,
    pick_piece,
    play_choice,
    start_duel,
)
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord


async def test_an_answer_after_the_interaction_token_expired_is_refused(
    fake: FakeDiscord, connect: Connect, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Work that outlasts the interaction's token (15 minutes, here shortened) cannot edit its
    answer any more: Discord refuses the edit, and the move stands all the same."""
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    choice = boards.move_choices(await service.kernel.state(game_id))[0]
    move = service.play.move

    async def slow_move(*args: Any, **options: Any) -> Any:
        await asyncio.sleep(0.8)  # slow work, past the token's life: a pace, not a wait
        return await move(*args, **options)

    monkeypatch.setattr(service.play, "move", slow_move)
    fake.deadline = 0.2
    fake.token_lifetime = 0.4
    menu = menu_offering(board, r"dmb:p:\d+:\d+:\d+", choice.piece)
    picked = await act(fake, await fake.click(ANA, board, menu, [choice.piece]))
    assert picked.original is not None
    destinations = menu_offering(picked.original, r"dmb:s:\d+:\d+:\d+", str(choice.index))
    await fake.click(ANA, picked.original, destinations, [str(choice.index)])
    late = "a webhook call"
    await fake.wait_for(lambda: any(late in v for v in fake.violations), 10, "the refused edit")
    assert (await service.kernel.state(game_id)).plies == 1
    # The refusal was the point: the session's check of the bot's conduct is not about it.
    fake.violations[:] = [v for v in fake.violations if late not in v]


async def test_a_click_that_cannot_be_acknowledged_does_nothing(
    fake: FakeDiscord, connect: Connect, service: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    choice = boards.move_choices(await service.kernel.state(game_id))[0]
    picked, destinations = await pick_piece(fake, ANA, board, choice)
    assert picked.original is not None
    fake.fail_next("POST", r"/callback$", 404, code=10062)
    with caplog.at_level(logging.WARNING):
        await fake.click(ANA, picked.original, destinations, [str(choice.index)])
        # The bot gives the click up once its acknowledgement is refused: nothing follows.
        await fake.wait_for(
            lambda: "could not be acknowledged" in caplog.text, what="the bot giving the click up"
        )
    assert (await service.kernel.state(game_id)).plies == 0, "a move without acknowledgement"
    await play_choice(fake, ANA, board, choice)
    assert (await service.kernel.state(game_id)).plies == 1


async def test_a_rate_limited_board_is_posted_after_the_wait(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    state = await service.kernel.state(game_id)
    edit = rf"^/channels/{CHANNEL}/messages/{board['id']}$"
    fake.fail_next("PATCH", edit, 429, retry_after=0.3)
    await play_choice(fake, ANA, board, boards.move_choices(state)[0])
    edits = fake.calls_to("PATCH", edit)
    assert [call.status for call in edits[-2:]] == [429, 200]
    assert (await service.kernel.state(game_id)).plies == 1
    assert latest_board(fake)["id"] == board["id"], "a live game edits its board in place"


async def test_without_permission_the_move_is_kept_and_the_board_comes_later(
    fake: FakeDiscord, connect: Connect, service: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    await connect(service)
    await act(
        fake,
        await fake.slash(ANA, CHANNEL, "new", {"game": "brazilian", "computer": True, "side": 0}),
    )
    board = latest_board(fake)
    game_id = game_of(board)
    fake.denied_channels.add(CHANNEL)
    state = await service.kernel.state(game_id)
    played = await play_choice(fake, ANA, board, boards.move_choices(state)[0])
    # Ana's board went out as a public follow-up of her click (after her private answer).
    await fake.wait_for(lambda: played.followups, what="the board as a follow-up")
    assert played.followups
    assert played.followups[-1]["embeds"]
    assert not played.followups[-1]["flags"] & 64
    await service.kernel.background.idle()
    after = await service.kernel.state(game_id)
    assert after.plies == 2, "both moves are stored"

    def refused() -> int:
        return sum("cannot be posted" in record.getMessage() for record in caplog.records)

    # The computer's board is refused too, in the front end's own task: once that is logged
    # the board waits for the channel's next interaction.
    await fake.wait_for(lambda: refused() >= 2, what="the computer's board refused")
    fake.denied_channels.clear()
    await act(fake, await fake.slash(ANA, CHANNEL, "games"))
    await fake.wait_for(
        lambda: after.log[1] in latest_board(fake)["embeds"][0]["description"],
        what="the computer's board, sent again",
    )
    resent = latest_board(fake)
    assert after.log[1] in resent["embeds"][0]["description"]
    assert ids_like(resent, rf"dmb:p:{game_id}:{after.version}:0")


async def test_a_board_that_could_not_be_posted_is_resent_without_any_click(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    await act(
        fake,
        await fake.slash(ANA, CHANNEL, "new", {"game": "brazilian", "computer": True, "side": 1}),
    )
    await service.kernel.background.idle()
    game_id = int(ids_like(latest_board(fake), r"dmb:p:\d+:\d+:\d+")[0].split(":")[2])
    fake.denied_channels.add(CHANNEL)
    await act(fake, await fake.slash(ANA, CHANNEL, "move", {"move": "f6-e5"}))
    await service.kernel.background.idle()
    state = await service.kernel.state(game_id)
    assert state.plies == 3
    assert state.log[1] == "f6-e5"
    fake.denied_channels.clear()
    await fake.wait_for(
        lambda: state.log[2] in latest_board(fake)["embeds"][0]["description"],
        timeout=3,
        what="the computer's board, sent again",
    )


async def test_a_deleted_board_is_replaced_by_the_next_one(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    fake.delete_message(board["id"])
    state = await service.kernel.state(game_id)
    await play_choice(fake, ANA, board, boards.move_choices(state)[0])
    assert (await service.kernel.state(game_id)).plies == 1
    assert latest_board(fake)["id"] != board["id"]
    edits = fake.calls_to("PATCH", rf"/channels/{CHANNEL}/messages/{board['id']}")
    assert edits
    assert {call.status for call in edits} == {404}
