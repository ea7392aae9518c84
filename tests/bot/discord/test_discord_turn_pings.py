"""Turn pings on Discord (issue 21, item 4; docs/notifications.md): a live board is edited in
place, and Discord does not notify a mention an edit adds; so a turn that waits a minute gets
one new message for its player: a direct message, or where he takes none a mention in the
game's channel. None for a player who moves in time."""

from __future__ import annotations

from datetime import timedelta

from bot.service import boards
from bot.service.game_service import GameService
from bot.service.kernel.game_flow.clocks import ManualClock
from bot.service.kernel.game_flow.turn_pings import PING_AFTER
from tests.bot.discord.clicks import (
    ANA,
    BIA,
    CHANNEL,
    game_of,
    latest_board,
    play_choice,
    start_duel,
)
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord

SECOND = timedelta(seconds=1)
BIA_ID = BIA["user"]["id"]


async def bia_to_move(fake: FakeDiscord, timed: GameService) -> int:
    """A duel in the channel where Ana (White) has moved: Bia's turn begins; the game id."""
    board = await start_duel(fake)
    game_id = game_of(board)
    state = await timed.kernel.state(game_id)
    await play_choice(fake, ANA, board, boards.move_choices(state)[0])
    assert latest_board(fake)["id"] == board["id"], "a live board is edited in place"
    return game_id


def pings_in(messages: list[dict[str, object]], game_id: int) -> list[dict[str, object]]:
    wanted = f"Game #{game_id} is waiting for your move."
    return [message for message in messages if wanted in str(message["content"])]


async def test_a_waiting_turn_is_pinged_once_by_direct_message(
    fake: FakeDiscord, connect: Connect, timed: GameService, clock: ManualClock
) -> None:
    await connect(timed)
    game_id = await bia_to_move(fake, timed)
    clock.advance(PING_AFTER - SECOND)
    await timed.scheduler.run_due()
    assert pings_in(fake.direct_messages(BIA_ID), game_id) == []
    clock.advance(2 * SECOND)
    await timed.scheduler.run_due()
    await fake.wait_for(lambda: fake.direct_messages(BIA_ID), what="the ping")
    clock.advance(10 * PING_AFTER)
    await timed.scheduler.run_due()
    assert len(pings_in(fake.direct_messages(BIA_ID), game_id)) == 1
    assert pings_in(fake.channel_messages(CHANNEL), game_id) == []


async def test_without_direct_messages_the_ping_mentions_him_in_the_channel(
    fake: FakeDiscord, connect: Connect, timed: GameService, clock: ManualClock
) -> None:
    await connect(timed)
    fake.closed_dms.add(BIA_ID)
    game_id = await bia_to_move(fake, timed)
    clock.advance(PING_AFTER + SECOND)
    await timed.scheduler.run_due()
    await fake.wait_for(lambda: pings_in(fake.channel_messages(CHANNEL), game_id), what="a ping")
    [ping] = pings_in(fake.channel_messages(CHANNEL), game_id)
    # A new message of its own (not the board's edit) that mentions Bia: Discord notifies it.
    assert str(ping["content"]).startswith(f"<@{BIA_ID}>")
    assert not ping["embeds"]
