"""Abort by button, confirmed privately by the player who clicked, and the rematch button on
the final board (issue 12, item 7), answered in the clicker's language."""

from __future__ import annotations

import pytest

from bot.service.game_service import GameService
from tests.bot.discord.clicks import (
    ANA,
    BIA,
    CAIO,
    CHANNEL,
    act,
    game_of,
    ids_like,
    latest_board,
    start_duel,
)
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord


async def test_abort_asks_first_then_the_final_board_offers_a_rematch(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service)
    board = await start_duel(fake)
    game_id = game_of(board)
    [abort] = ids_like(board, rf"dmb:x:{game_id}:\d+")
    stranger = await act(fake, await fake.click(CAIO, board, abort, locale="pt-BR"))
    assert stranger.ephemeral_text == f"Você não está jogando a partida #{game_id}."
    asked = await act(fake, await fake.click(BIA, board, abort, locale="it"))
    assert asked.ephemeral_text == f"Annullare la partita #{game_id}? Finisce senza risultato."
    assert (await service.kernel.state(game_id)).active, "one click does not abort"
    assert asked.original is not None
    [confirm] = ids_like(asked.original, rf"dmb:e:{game_id}:\d+")
    await act(fake, await fake.click(BIA, asked.original, confirm, locale="it"))
    assert (await service.kernel.state(game_id)).record.status == "aborted"

    final = latest_board(fake)
    assert ids_like(final, r"dmb:.*") == [f"dmb:w:{game_id}"], "only the rematch is left"
    refused = await act(fake, await fake.click(CAIO, final, f"dmb:w:{game_id}", locale="pt-BR"))
    assert refused.ephemeral_text == f"Você não está jogando a partida #{game_id}."
    before = len(fake.channel_messages(CHANNEL))
    await act(fake, await fake.click(BIA, final, f"dmb:w:{game_id}"))
    challenge = fake.channel_messages(CHANNEL)[-1]
    assert len(fake.channel_messages(CHANNEL)) == before + 1
    assert ids_like(challenge, r"dmb:a:\d+"), "Ana is challenged to the rematch"
    assert f"<@{ANA['user']['id']}>" in challenge["content"]


@pytest.mark.parametrize(
    ("locale", "game", "fen", "move", "offer"),
    [
        ("pt-BR", "brazilian", "fen=W:W21,30:B17", "a3xc5", "A seguir: /analise {game} para"),
        ("it", "italian", "fen=W:W22,30:B18", "22x13", "E ora: /analisi {game} per"),
    ],
)
async def test_the_final_board_offers_the_review_beside_the_rematch_button(
    fake: FakeDiscord,
    connect: Connect,
    service: GameService,
    locale: str,
    game: str,
    fen: str,
    move: str,
    offer: str,
) -> None:
    """Issue 37, item 10: the next step at a game's end, the review typed (the rematch has
    its button), on the final board."""
    await connect(service)
    options = {"game": game, "computer": True, "options": fen}
    await act(fake, await fake.slash(ANA, CHANNEL, "new", options, locale=locale))
    game_id = game_of(latest_board(fake))
    await act(fake, await fake.slash(ANA, CHANNEL, "move", {"move": move}, locale=locale))
    await service.kernel.background.idle()
    assert (await service.kernel.state(game_id)).record.status == "finished"
    final = latest_board(fake)
    description = final["embeds"][0]["description"]
    assert offer.format(game=game_id) in description.splitlines()[-1], description
    assert ids_like(final, r"dmb:.*") == [f"dmb:w:{game_id}"]
