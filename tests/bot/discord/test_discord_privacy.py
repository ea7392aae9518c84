"""Another channel's game through Discord (issue 22, item 11): slash commands and a stray
component from another channel answer exactly as for a game number nothing has."""

from __future__ import annotations

from bot.service.game_service import GameService
from tests.bot.discord.clicks import CAIO, act, game_of, start_duel
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord

OTHER_CHANNEL = "500000000000000077"


async def test_another_channels_game_is_as_unknown(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game = game_of(board)
    for name, options, answer in (
        ("board", {"game": game}, f"There is no game {game}."),
        ("board", {"game": 77}, "There is no game 77."),
        ("history", {"game": game}, f"There is no game {game}."),
        ("resign", {"game": game}, f"There is no game {game}."),
        ("move", {"move": "c3-d4", "game": game}, f"There is no game {game}."),
    ):
        answered = await act(fake, await fake.slash(CAIO, OTHER_CHANNEL, name, options))
        assert answered.ephemeral_text == answer, (name, answered.ephemeral_text)
    # A component naming the game, pressed on a message of the other channel.
    message = {**board, "channel_id": OTHER_CHANNEL}
    stray = await act(fake, await fake.click_stray(CAIO, message, f"dmb:old:{game}:0:1"))
    assert stray.ephemeral_text == f"There is no game {game}.", stray.ephemeral_text
    assert (await service.kernel.state(game)).plies == 0
