"""The soffio on the Mini App (issue 28, item 3): where the rules allow it (Italian household
draughts, docs RULES.md: after the opponent skipped a required capture) the player sees a
button for it and taking it goes through service.play.move as the chat's "soffio 22" does;
where they do not (the capture was made, or Brazilian rules), no such button."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.i18n import text, translate
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, ChallengeUpdate, Event, GameState
from tests.bot.web.helpers import web_client
from tests.bot.web.test_mini_app import ANA, BIA, GROUP, as_user, post

Client = TestClient[Any, Any]
# White may take 22x13; 28-24 skips it, and Black may then huff the piece on 22.
MISSED = "fen=W:W22,28:B18,1"


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service):
        yield opened


async def game(service: GameService, kind: str, *words: str) -> GameState:
    events = await service.challenges.new_game(
        ANA, GROUP, kind, opponent=BIA, seat=0, option_words=words
    )
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, GROUP)
    return await service.kernel.state(challenge.game_id or 1)


def huffs(shown: dict[str, Any]) -> list[dict[str, Any]]:
    return [choice for choice in shown["choices"] if choice["label"]]


async def test_the_soffio_is_offered_and_taken_through_the_chats_call(
    service: GameService, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = await game(service, "familiare", MISSED)
    await service.play.move(ANA, "28-24", state.id)
    state = await service.kernel.state(state.id)
    status, shown = await post(client, "state", as_user(BIA, game=state.id))
    assert status == 200
    [huff] = huffs(shown)
    # Bia reads Italian (her Telegram language): the button's words are hers.
    offer = text("Soffio: huff the piece on {square}", square="22")
    assert huff["label"] == translate("it", offer) != translate("en", offer)
    assert huff["notation"] == "soffio 22"

    calls: list[tuple[Actor, str, int | None, int | None]] = []
    chats_move = service.play.move

    async def move(
        actor: Actor, notation: str, game_id: int | None = None, version: int | None = None
    ) -> list[Event]:
        calls.append((actor, notation, game_id, version))
        return await chats_move(actor, notation, game_id, version)

    monkeypatch.setattr(service.play, "move", move)
    body = as_user(BIA, game=state.id, move=huff["notation"], version=state.version)
    status, after = await post(client, "move", body | {"nonce": "huff-0001"})
    assert status == 200, after
    assert [(a.user_id, n, g) for a, n, g, _ in calls] == [(BIA.user_id, "soffio 22", state.id)]
    fresh = await service.kernel.state(state.id)
    assert fresh.log == ("28-24", "soffio 22")
    # The huff does not end Bia's turn: she moves next, and the piece on 22 is gone.
    assert fresh.active
    assert after["choices"]
    assert huffs(after) == []
    assert after["view"]["svg"].count('class="piece"') == 3  # of the four


@pytest.mark.parametrize(
    ("kind", "words", "first"),
    [
        ("familiare", (MISSED,), "22x13"),  # the capture was made: nothing to huff
        ("brazilian", (), "c3-d4"),  # Brazilian rules have no soffio
        ("italian", (), "21-17"),  # nor do the standard Italian ones
    ],
)
async def test_no_soffio_where_it_does_not_apply(
    service: GameService, client: Client, kind: str, words: tuple[str, ...], first: str
) -> None:
    state = await game(service, kind, *words)
    await service.play.move(ANA, first, state.id)
    status, shown = await post(client, "state", as_user(BIA, game=state.id))
    assert status == 200
    assert shown["choices"], "Bia has moves"
    assert huffs(shown) == []
