"""The Telegram Mini App's API (issue 28, items 3, 4): initData checked on every request,
the user acting through the chat's calls with the page's game version; forged or stale
initData, a replayed request, a move out of turn or on a stale page, too many requests:
refused with the reason, nothing changed."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlencode

import pytest
from aiohttp.test_utils import TestClient

from bot.i18n import translate
from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.events import Actor, BoardUpdate, ChallengeUpdate, Event, GameState
from bot.web.guards import REQUESTS_PER_WINDOW
from bot.web.links import start_parameter
from bot.web.play.init_data import FORGED, InitDataRefused, checked_user
from storage import ChatRef
from tests.bot.web.helpers import SETTINGS, init_data, web_client
from tests.fakes.telegram_api import TOKEN

Client = TestClient[Any, Any]
GROUP = ChatRef("telegram", "-100500")
ANA = Actor("telegram", "101", "ana", "pt")
BIA = Actor("telegram", "202", "bia", "it")
CAIO = Actor("telegram", "303", "caio")


def now() -> datetime:
    return datetime.now(UTC)


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service):
        yield opened


async def group_game(service: GameService) -> GameState:
    """Ana (White) and Bia play brazilian draughts in a Telegram group."""
    events = await service.challenges.new_game(ANA, GROUP, "brazilian", opponent=BIA, seat=0)
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, GROUP)
    return await service.kernel.state(challenge.game_id or 1)


def as_user(actor: Actor, **extra: Any) -> dict[str, Any]:
    return {"initData": init_data(int(actor.user_id), actor.display_name, now()), **extra}


async def post(client: Client, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    response = await client.post(f"/app/api/{path}", json=body)
    answer: dict[str, Any] = await response.json()
    return response.status, answer


async def test_a_player_sees_his_legal_moves_and_plays_one(
    service: GameService, client: Client
) -> None:
    state = await group_game(service)
    status, shown = await post(client, "state", as_user(ANA, game=state.id))
    assert status == 200
    assert shown["view"]["svg"].count('class="piece"') == 24
    pieces = {choice["piece"] for choice in shown["choices"]}
    assert pieces == {"a3", "c3", "e3", "g3"}
    assert {c["target"] for c in shown["choices"] if c["piece"] == "c3"} == {"b4", "d4"}
    status, moved = await post(
        client,
        "move",
        as_user(ANA, game=state.id, move="c3-d4", version=state.version, nonce="n-000001"),
    )
    assert status == 200
    fresh = await service.kernel.state(state.id)
    assert fresh.log == ("c3-d4",)
    assert moved["view"]["version"] == fresh.version
    assert moved["choices"] == []  # Bia's turn now
    # In Portuguese: Ana's Telegram language.
    assert "Partida #" not in moved["view"]["caption"]
    assert "vez" in moved["view"]["caption"] or "jogar" in moved["view"]["caption"]


async def test_the_opponent_sees_no_moves_and_a_move_out_of_turn_changes_nothing(
    service: GameService, client: Client
) -> None:
    state = await group_game(service)
    status, shown = await post(client, "state", as_user(BIA, game=state.id))
    assert status == 200
    assert shown["choices"] == []
    status, refused = await post(
        client,
        "move",
        as_user(BIA, game=state.id, move="f6-e5", version=state.version, nonce="n-000002"),
    )
    assert status == 409
    assert refused["refused"]
    assert (await service.kernel.state(state.id)).log == ()


@pytest.mark.parametrize("forgery", ["other token", "edited user", "no hash", "garbage"])
async def test_forged_init_data_is_refused(
    service: GameService, client: Client, forgery: str
) -> None:
    state = await group_game(service)
    signed = init_data(101, "ana", now())
    forged = {
        "other token": init_data(101, "ana", now(), token="4242:another-bot"),
        "edited user": signed.replace("101", "202", 1),
        "no hash": signed.rpartition("&hash=")[0],
        "garbage": "%%%",
    }[forgery]
    body = {"initData": forged, "game": state.id, "move": "c3-d4", "version": state.version}
    status, refused = await post(client, "move", body | {"nonce": "n-000003"})
    assert status == 401
    assert refused["refused"] == translate("en", FORGED)
    assert (await service.kernel.state(state.id)).log == ()


async def test_stale_init_data_is_refused(service: GameService, client: Client) -> None:
    state = await group_game(service)
    old = init_data(101, "ana", now() - timedelta(hours=2), language="it")
    body = {"initData": old, "game": state.id, "move": "c3-d4", "version": state.version}
    status, refused = await post(client, "move", body | {"nonce": "n-000004"})
    assert status == 401
    assert "open it again" in refused["refused"]
    assert (await service.kernel.state(state.id)).log == ()


async def test_a_replayed_request_and_a_stale_page_change_nothing(
    service: GameService, client: Client
) -> None:
    state = await group_game(service)
    move = as_user(ANA, game=state.id, move="c3-d4", version=state.version, nonce="n-000005")
    assert (await post(client, "move", move))[0] == 200
    moved = await service.kernel.state(state.id)
    status, refused = await post(client, "move", move)
    assert status == 409
    # In Ana's language (her Telegram's).
    assert refused["refused"] == "Este pedido já foi enviado; nada mudou."
    reply = as_user(BIA, game=state.id, move="f6-e5", version=state.version, nonce="n-000006")
    status, stale = await post(client, "move", reply)
    assert status == 409
    assert stale["view"]["version"] == moved.version  # the fresh board comes with the refusal
    assert (await service.kernel.state(state.id)).log == moved.log


async def test_someone_else_sees_a_group_game_only_through_its_signed_start_link(
    service: GameService, client: Client
) -> None:
    state = await group_game(service)
    status, refused = await post(client, "state", as_user(CAIO, game=state.id))
    assert status == 404
    assert refused["refused"] == f"There is no game {state.id}."
    start = start_parameter(SETTINGS, state.id)
    status, shown = await post(client, "state", as_user(CAIO, start=start))
    assert status == 200
    assert shown["choices"] == []
    forged = f"{state.id}-{'0' * 32}"
    assert (await post(client, "state", as_user(CAIO, start=forged)))[0] == 404


async def test_too_many_requests_are_refused(service: GameService, client: Client) -> None:
    state = await group_game(service)
    statuses = [
        (await post(client, "state", as_user(ANA, game=state.id)))[0]
        for _ in range(REQUESTS_PER_WINDOW + 1)
    ]
    assert statuses[:-1] == [200] * REQUESTS_PER_WINDOW
    assert statuses[-1] == 429
    assert (await post(client, "state", as_user(BIA, game=state.id)))[0] == 200


async def test_a_move_on_the_page_is_published_for_the_chat(
    service: GameService, client: Client, published: list[Event]
) -> None:
    state = await group_game(service)
    move = as_user(ANA, game=state.id, move="c3-d4", version=state.version, nonce="n-000007")
    assert (await post(client, "move", move))[0] == 200
    await service.kernel.background.idle()
    shown = [e for e in published if isinstance(e, BoardUpdate) and e.chat == GROUP]
    assert shown
    assert shown[-1].state.log == ("c3-d4",)


def test_init_data_is_checked_as_telegram_documents_it() -> None:
    """Signed here by hand, step by step as core.telegram.org/bots/webapps writes it, not by
    the code under test."""
    user = '{"id":7,"first_name":"Rui","language_code":"pt-br"}'
    signed_at = int(now().timestamp())
    data_check_string = f"auth_date={signed_at}\nquery_id=AAE\nuser={user}"
    key = hmac.new(b"WebAppData", TOKEN.encode(), hashlib.sha256).digest()
    digest = hmac.new(key, data_check_string.encode(), hashlib.sha256).hexdigest()
    written = urlencode({"query_id": "AAE", "user": user, "auth_date": signed_at, "hash": digest})
    checked = checked_user(written, TOKEN, now())
    assert (checked.user_id, checked.name, checked.language) == ("7", "Rui", "pt-br")
    with pytest.raises(InitDataRefused):
        checked_user(written.replace("Rui", "Ivo"), TOKEN, now())


async def test_ludo_on_the_mini_app_rolls_then_offers_the_pawns(
    service: GameService, client: Client
) -> None:
    events = await service.challenges.new_game(ANA, GROUP, "ludo", opponent=BIA, players=2)
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, GROUP)
    state = await service.kernel.state(challenge.game_id or 1)
    seat = seat_to_act(state)
    assert seat is not None
    mover = ANA if state.seat_names[seat] == ANA.display_name else BIA
    status, shown = await post(client, "state", as_user(mover, game=state.id))
    assert status == 200
    assert shown["roll"] is True
    assert shown["choices"] == []
    status, rolled = await post(
        client, "roll", as_user(mover, game=state.id, version=state.version, nonce="ludo-roll-1")
    )
    assert status == 200
    fresh = await service.kernel.state(state.id)
    assert fresh.plies == 1
    if rolled["choices"]:  # a pawn may move: the die is cast, the pawns are offered
        assert rolled["roll"] is False
    for choice in rolled["choices"]:
        assert choice["label"]  # each pawn move is a button of its own


async def test_the_mini_app_reads_as_its_verified_user_by_the_chats_rules(
    service: GameService, client: Client
) -> None:
    """Issue 28, item 4: the reader of the Mini App is known (verified initData), so the page
    reads the service as him: his own games anywhere and the boards shown in his private chat
    with the bot open without a signed link, as a button pressed there would; nothing else."""
    state = await group_game(service)
    # A player of the group's game, from anywhere: his own game.
    assert (await post(client, "state", as_user(BIA, game=state.id)))[0] == 200
    # Caio sees it only once its board is shown in his private chat with the bot.
    assert (await post(client, "state", as_user(CAIO, game=state.id)))[0] == 404
    await service.store.set_board_message(state.id, "telegram", CAIO.user_id, "77")
    status, shown = await post(client, "state", as_user(CAIO, game=state.id))
    assert status == 200
    assert shown["view"]["game"] == state.id
    assert shown["choices"] == []  # he sees it; he does not play in it
    # A board shown in someone else's private chat opens nothing for Caio.
    events = await service.challenges.new_game(BIA, None, "brazilian", computer=True, seat=0)
    other = next(e.state for e in events if isinstance(e, BoardUpdate))
    assert other.id != state.id
    await service.store.set_board_message(other.id, "telegram", "404", "78")
    assert (await post(client, "state", as_user(CAIO, game=other.id)))[0] == 404
    assert (await post(client, "state", as_user(BIA, game=other.id)))[0] == 200
