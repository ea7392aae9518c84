"""/review on Discord, end to end against the fake: the slash command with a pasted PDN (of
several lines, read whole) shows its stages in the acknowledged answer, then the review with
the worst moment's picture, the chart of the win chances and the annotated PDN attached; a
PDN file in the `file` option reviewed, one not PDN, too big or gone refused; a game of
another channel is refused as if there were none."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from storage import ChatRef
from tests import planted_blunder as planted
from tests.bot.discord.clicks import ANA, CHANNEL, act
from tests.bot.discord.conftest import Connect
from tests.bot.review_games import PDN, TEST_NODES, TEST_SECOND_LOOK, blundered_game
from tests.fakes.discord_api import ATTACHMENT_SIZE_LIMIT, FakeDiscord


async def test_a_pasted_pdn_is_reviewed_with_its_stages(
    service: GameService, fake: FakeDiscord, connect: Connect
) -> None:
    service.reviews.nodes = TEST_NODES
    service.reviews.second_look_nodes = TEST_SECOND_LOOK
    await connect(service)
    several_lines = PDN.replace("] [", "]\n[").replace("] 1...", "]\n\n1...")
    interaction = await act(fake, await fake.slash(ANA, CHANNEL, "review", {"pdn": several_lines}))
    await fake.wait_for(lambda: "??" in interaction.ephemeral_text, what="the review")
    answer = interaction.ephemeral_text
    assert f"1... {planted.BLUNDER}?? blunder" in answer
    assert f"better {planted.BETTER}" in answer
    # "Reviewing ...: move 1 of 1." first, then the review: two edits of the answer.
    assert interaction.edits >= 2
    assert interaction.original is not None
    files = fake.files[int(interaction.original["id"])]
    assert set(files) == {"review.pdn", "review-worst.png", "review-chances.png"}
    assert files["review-chances.png"].startswith(b"\x89PNG")
    assert "White's win chances after each move of the game Ana - Bia" in answer
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


async def test_an_attached_pdn_file_is_reviewed(
    service: GameService, fake: FakeDiscord, connect: Connect
) -> None:
    service.reviews.nodes = TEST_NODES
    service.reviews.second_look_nodes = TEST_SECOND_LOOK
    await connect(service)
    attached = fake.upload(CHANNEL, "club.pdn", PDN.replace("] [", "]\n[").encode())
    interaction = await act(fake, await fake.slash(ANA, CHANNEL, "review", {"file": attached}))
    await fake.wait_for(lambda: "??" in interaction.ephemeral_text, what="the review")
    assert "Review of the game Ana - Bia" in interaction.ephemeral_text
    assert f"1... {planted.BLUNDER}?? blunder" in interaction.ephemeral_text
    # Downloaded from the attachment's url.
    assert fake.fetched == [urlparse(attached["url"]).path]


async def test_attached_files_that_are_not_pdn_too_big_or_gone_are_refused(
    service: GameService, fake: FakeDiscord, connect: Connect
) -> None:
    await connect(service)
    notes = fake.upload(CHANNEL, "notes.txt", b"hello")
    refused = await act(
        fake, await fake.slash(ANA, CHANNEL, "review", {"file": notes}, locale="it")
    )
    assert refused.ephemeral_text == (
        "notes.txt non è un file PDN: invia una partita salvata come .pdn."
    )
    # Discord takes it (under its upload limit), but no PDN of one game is that big: refused
    # from the attachment's size, without downloading it.
    big = fake.upload(CHANNEL, "big.pdn", b" " * 400_001)
    refused = await act(fake, await fake.slash(ANA, CHANNEL, "review", {"file": big}))
    # Ana's language is Italian now (her Discord's, learnt with the first command).
    assert refused.ephemeral_text == "Questo PDN è troppo lungo: al massimo 100,000 caratteri."
    assert fake.fetched == []
    gone = fake.upload(CHANNEL, "gone.pdn", b"1. c3-d4 *")
    fake.expire(gone)
    refused = await act(fake, await fake.slash(ANA, CHANNEL, "review", {"file": gone}))
    assert refused.ephemeral_text.startswith("Discord non mi ha dato quel file (404 Not Found")
    # Over Discord's upload limit there is no attachment at all.
    with pytest.raises(Exception, match="Request entity too large"):
        fake.upload(CHANNEL, "huge.pdn", b" " * (ATTACHMENT_SIZE_LIMIT + 1))
