"""What a Discord channel and answer read around the computer's moves (issue 25): the typing
indicator ("Damas is typing...") where the game's board is while the computer thinks, once
per move it thinks about, before its move, and a channel that refuses it still gets the move
(item 11); the private answer to a move gives the soffio in the mover's words (item 5)."""

from __future__ import annotations

import pytest

from bot.service.game_service import GameService
from tests.bot.discord.clicks import ANA, CHANNEL, act, ids_like, latest_board
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord


def _typing_calls(fake: FakeDiscord) -> list[int]:
    return [
        index
        for index, call in enumerate(fake.calls)
        if (call.method, call.path) == ("POST", f"/channels/{CHANNEL}/typing")
    ]


@pytest.mark.parametrize("refused", [False, True])
async def test_the_channel_shows_the_computer_typing_while_it_thinks(
    fake: FakeDiscord, connect: Connect, service: GameService, refused: bool
) -> None:
    await connect(service)
    if refused:
        fake.denied_channels.add(CHANNEL)
    await act(
        fake,
        await fake.slash(ANA, CHANNEL, "new", {"game": "brazilian", "computer": True, "side": 1}),
    )
    await service.kernel.background.idle()
    if refused:
        assert fake.typing == []
        assert _typing_calls(fake), "asked for, refused with Missing Permissions"
        assert (await service.kernel.state(1)).plies == 1, "the computer moved all the same"
        return
    assert fake.typing == [CHANNEL], "once, for the computer's first move"
    game_id = int(ids_like(latest_board(fake), r"dmb:p:\d+:\d+:\d+")[0].split(":")[2])
    state = await service.kernel.state(game_id)
    assert state.plies == 1
    board_posts = [
        index
        for index, call in enumerate(fake.calls)
        if call.method == "POST" and call.path == f"/channels/{CHANNEL}/messages"
    ]
    # The typing comes before the board that shows the computer's move.
    assert _typing_calls(fake)[0] < board_posts[-1]
    move = state.position.notation(state.position.legal_moves()[0])
    await act(fake, await fake.slash(ANA, CHANNEL, "move", {"move": move}))
    await service.kernel.background.idle()
    assert (await service.kernel.state(game_id)).plies == 3
    assert fake.typing == [CHANNEL, CHANNEL]


@pytest.mark.parametrize(
    ("locale", "offer"),
    [
        (
            "pt-BR",
            "Soffio: você não fez a tomada obrigatória: Computador (normal, Pretas) pode soprar a "
            "sua peça em 22, ou então jogar normalmente.",
        ),
        (
            "it",
            "Soffio: non hai fatto la presa dovuta: Computer (normale, Nero) può soffiare la tua "
            "pedina in 22, oppure giocare normalmente.",
        ),
    ],
)
async def test_the_private_answer_gives_the_soffio_in_the_mover_s_words(
    fake: FakeDiscord, connect: Connect, service: GameService, locale: str, offer: str
) -> None:
    """(Issue 25 item 5.) The answer to a move is its player's alone: the one who skipped the
    capture reads that the computer may huff his piece."""
    await connect(service)
    new = {"game": "italian-familiar", "computer": True, "side": 0}
    await act(
        fake,
        await fake.slash(
            ANA, CHANNEL, "new", {**new, "options": "fen=W:W22,28:B18,1"}, locale=locale
        ),
    )
    played = await act(
        fake, await fake.slash(ANA, CHANNEL, "move", {"move": "28-24"}, locale=locale)
    )
    assert offer in played.ephemeral_text, played.ephemeral_text
