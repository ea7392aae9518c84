"""/new's ballot as Discord's slash option: the computer's game starts from a drawn ballot of
the official list, and says which; a variant without a list is refused in words."""

from __future__ import annotations

from bot.service.game_service import GameService
from games.damas.ballots import IDF_64_BASIC
from tests.bot.discord.clicks import ANA, CHANNEL, act
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord


async def test_the_ballot_option_starts_the_game_from_a_drawn_ballot(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    new = {"game": "brazilian", "computer": True, "side": 0, "ballot": True}
    answer = (await act(fake, await fake.slash(ANA, CHANNEL, "new", new))).ephemeral_text
    await service.kernel.background.idle()
    state = await service.kernel.state(1)
    ballot = IDF_64_BASIC.find(state.record.options["ballot"])
    assert ballot is not None
    played = IDF_64_BASIC.position(ballot)
    assert state.record.options["fen"] == played.fen()
    assert f"Ballot {ballot.code} of the IDF Drawing Table 64" in answer
    refused = await act(
        fake, await fake.slash(ANA, CHANNEL, "new", {**new, "game": "international"})
    )
    assert "There are no ballots for this variant yet" in refused.ephemeral_text
