"""/review on Discord, end to end against the fake: the slash command with a pasted PDN shows
its stages in the acknowledged answer, then the review with the worst moment's picture and
the annotated PDN attached; a game of another channel is refused as if there were none."""

from __future__ import annotations

from bot.service.core import GameService
from bot.service.events import Actor
from storage import ChatRef
from tests import planted_blunder as planted
from tests.bot.discord.conftest import Connect
from tests.bot.discord.test_discord_front import ANA, CHANNEL, act
from tests.bot.review_games import PDN, TEST_NODES, TEST_SECOND_LOOK, blundered_game
from tests.fakes.discord_api import FakeDiscord


async def test_a_pasted_pdn_is_reviewed_with_its_stages(
    service: GameService, fake: FakeDiscord, connect: Connect
) -> None:
    service.reviews.nodes = TEST_NODES
    service.reviews.second_look_nodes = TEST_SECOND_LOOK
    await connect(service)
    interaction = await act(fake, await fake.slash(ANA, CHANNEL, "review", {"pdn": PDN}))
    await fake.wait_for(lambda: "??" in interaction.ephemeral_text, what="the review")
    answer = interaction.ephemeral_text
    assert f"1... {planted.BLUNDER}?? blunder" in answer
    assert f"better {planted.BETTER}" in answer
    # "Reviewing ...: move 1 of 1." first, then the review: two edits of the answer.
    assert interaction.edits >= 2
    assert interaction.original is not None
    files = fake.files[int(interaction.original["id"])]
    assert set(files) == {"review.pdn", "review-worst.png"}
    assert f"{planted.BLUNDER}??".encode() in files["review.pdn"]


async def test_another_channels_game_is_refused_as_unknown(
    service: GameService, fake: FakeDiscord, connect: Connect
) -> None:
    service.reviews.nodes = TEST_NODES
    service.reviews.second_look_nodes = TEST_SECOND_LOOK
    ana, bia = Actor("discord", "7", "Ana"), Actor("discord", "8", "Bia")
    game = await blundered_game(service, ana, bia, ChatRef("discord", "500000000000000099"))
    await connect(service)
    interaction = await act(fake, await fake.slash(ANA, CHANNEL, "review", {"game": game}))
    assert interaction.ephemeral_text == f"There is no game {game}."
