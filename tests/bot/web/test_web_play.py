"""The game's page, playable by its players (issue 38, item 1): /web's link signs a person in
once (an HttpOnly, SameSite cookie), the page then plays through the board's API with the
Mini App's checks; the chat's board follows. Refused, with nothing changed: no session,
another person's session, another game, a stale board, a request sent again, another site's
origin or a missing CSRF token, a session ended by /web logout."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.service.game_service import GameService
from bot.service.kernel.events import (
    Actor,
    BoardUpdate,
    ChallengeUpdate,
    Event,
    GameState,
    Reply,
    SignInPage,
)
from bot.web.links import game_link
from bot.web.play.sessions import COOKIE
from storage import ChatRef
from tests.bot.web.helpers import SETTINGS, local, web_client

Client = TestClient[Any, Any]
GROUP = ChatRef("telegram", "-100900")
ANA = Actor("telegram", "101", "ana", "pt")
BIA = Actor("telegram", "202", "bia")
CAIO = Actor("telegram", "303", "caio")
SITE = {"Origin": SETTINGS.url}


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service):
        yield opened


async def group_game(service: GameService, kind: str = "brazilian") -> GameState:
    events = await service.challenges.new_game(ANA, GROUP, kind, opponent=BIA, seat=0)
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, GROUP)
    return await service.kernel.state(challenge.game_id or 1)


async def sign_in_key(service: GameService, actor: Actor) -> str:
    (reply,) = await service.web_sessions.sign_in_link(actor)
    assert isinstance(reply, Reply)
    assert isinstance(reply.page, SignInPage)
    return reply.page.key


class Browser:
    """A signed-in browser: its session cookie and the CSRF token its pages carry."""

    def __init__(self, client: Client, cookie: str, csrf: str) -> None:
        self.client = client
        self.cookie = cookie
        self.csrf = csrf

    def headers(self, **changed: str) -> dict[str, str]:
        sent = {**SITE, "Cookie": f"{COOKIE}={self.cookie}", "X-CSRF-Token": self.csrf}
        return {name: value for name, value in (sent | changed).items() if value}

    async def post(
        self, action: str, body: dict[str, Any], **headers: str
    ) -> tuple[int, dict[str, Any]]:
        response = await self.client.post(
            f"/play/api/{action}", json=body, headers=self.headers(**headers)
        )
        return response.status, await response.json()


async def signed_in(client: Client, service: GameService, actor: Actor, game: int) -> Browser:
    key = await sign_in_key(service, actor)
    response = await client.post("/signin", json={"key": key}, headers=SITE)
    assert response.status == 200
    cookie = response.cookies[COOKIE]
    assert cookie["httponly"]
    assert cookie["samesite"] == "Lax"
    assert cookie["secure"]  # the site is https
    page = await client.get(
        local(game_link(SETTINGS, game)), headers={"Cookie": f"{COOKIE}={cookie.value}"}
    )
    html = await page.text()
    assert 'data-surface="web"' in html
    # The page to play on keeps what the watching page links: the PDN and the players.
    assert f'href="/game/{game}/pdn?' in html
    assert "/player/" in html
    found = re.search(r'data-csrf="([0-9a-f]+)"', html)
    assert found is not None
    return Browser(client, cookie.value, found.group(1))


def played(version: int, move: str, nonce: str = "nonce-0001", **more: Any) -> dict[str, Any]:
    return {"move": move, "version": version, "nonce": nonce, **more}


async def test_a_link_signs_in_once_and_the_page_plays_the_chats_board_follows(
    service: GameService, client: Client
) -> None:
    state = await group_game(service)
    seen: list[Event] = []

    async def watch(event: Event) -> None:
        seen.append(event)

    service.kernel.bus.watch(watch)
    ana = await signed_in(client, service, ANA, state.id)
    status, shown = await ana.post("state", {"game": state.id})
    assert status == 200
    assert {c["piece"] for c in shown["choices"]} == {"a3", "c3", "e3", "g3"}
    assert shown["draw"] == "offer"
    assert shown["resign"] is True
    status, shown = await ana.post("move", played(state.version, "c3-d4", game=state.id))
    assert status == 200
    assert (await service.kernel.state(state.id)).log == ("c3-d4",)
    assert shown["choices"] == []  # Bia's turn now
    boards = [e for e in seen if isinstance(e, BoardUpdate)]
    assert boards
    assert boards[-1].chat == GROUP


async def test_a_link_is_used_once_and_an_unknown_one_never(
    service: GameService, client: Client
) -> None:
    key = await sign_in_key(service, ANA)
    first = await client.post("/signin", json={"key": key}, headers=SITE)
    assert first.status == 200
    for sent in ({"key": key}, {"key": "x" * 43}, {"key": 12}, {}):
        again = await client.post("/signin", json=sent, headers=SITE)
        assert again.status == 403
        assert COOKIE not in again.cookies
        assert "/web" in (await again.json())["refused"]


async def test_guessing_keys_from_one_address_is_slowed_and_no_one_else_is(
    service: GameService, client: Client
) -> None:
    """The proxy (on loopback) names the client last in X-Forwarded-For; a client's own
    entries before it change nothing."""
    guesser = {**SITE, "X-Forwarded-For": "203.0.113.7"}
    answers = [
        (await client.post("/signin", json={"key": f"guess{n}"}, headers=guesser)).status
        for n in range(12)
    ]
    assert answers == [403] * 10 + [429] * 2
    disguised = {**SITE, "X-Forwarded-For": "198.51.100.1, 203.0.113.7"}
    key = await sign_in_key(service, ANA)
    refused = await client.post("/signin", json={"key": key}, headers=disguised)
    assert refused.status == 429
    assert (await refused.json())["refused"] == "Too many requests; wait a moment and try again."
    other = {**SITE, "X-Forwarded-For": "198.51.100.1"}
    assert (await client.post("/signin", json={"key": key}, headers=other)).status == 200


async def test_a_sign_in_from_another_site_is_refused_and_spends_nothing(
    service: GameService, client: Client
) -> None:
    """A page elsewhere cannot sign a visitor in as someone else (login CSRF)."""
    key = await sign_in_key(service, ANA)
    for origin in ("https://evil.example", "null", ""):
        refused = await client.post("/signin", json={"key": key}, headers={"Origin": origin})
        assert refused.status == 403
    assert (await client.post("/signin", json={"key": key}, headers=SITE)).status == 200


async def test_the_sign_in_address_itself_changes_nothing(
    service: GameService, client: Client
) -> None:
    """A link previewer that fetches the address leaves the link usable."""
    key = await sign_in_key(service, ANA)
    page = await client.get(f"/signin?key={key}")
    assert page.status == 200
    assert COOKIE not in page.cookies
    assert (await client.post("/signin", json={"key": key}, headers=SITE)).status == 200


async def test_every_forged_request_is_refused_and_changes_nothing(
    service: GameService, client: Client
) -> None:
    state = await group_game(service)
    ana = await signed_in(client, service, ANA, state.id)
    caio = await signed_in(client, service, CAIO, state.id)
    move = played(state.version, "c3-d4", game=state.id)
    refusals = [
        (await ana.post("move", move, Origin="https://evil.example"), 403),
        (await ana.post("move", move, Origin=""), 403),
        (await ana.post("move", move, **{"X-CSRF-Token": ""}), 403),
        (await ana.post("move", move, **{"X-CSRF-Token": caio.csrf}), 403),
        (await ana.post("move", move, Cookie=f"{COOKIE}=forged"), 401),
        (await ana.post("move", move, Cookie=""), 401),
        # Caio's own session on Ana's board: not his game (the page's signed link shows it).
        (await caio.post("move", {**move, "start": f"{state.id}-{_token(state.id)}"}), 409),
        # Another game: without its signed link, one he may not see.
        (await caio.post("state", {"game": state.id}), 404),
        (await ana.post("move", {**move, "version": state.version - 1, "nonce": "stale-01"}), 409),
        (await ana.post("move", {**move, "version": True, "nonce": "boolean-1"}), 400),
        (await ana.post("move", {**move, "nonce": "short"}), 400),
    ]
    for (status, answer), expected in refusals:
        assert status == expected, answer
        assert answer["refused"]
    assert (await service.kernel.state(state.id)).log == ()
    assert (await ana.post("move", {**move, "nonce": "played-01"}))[0] == 200
    # The same request again, or with the next version: refused, the move made once.
    status, answer = await ana.post("move", {**move, "nonce": "played-01"})
    assert status == 409
    assert "já foi enviado" in answer["refused"]
    status, _ = await ana.post("move", {**move, "version": state.version + 1, "nonce": "next-001"})
    assert status == 409
    assert (await service.kernel.state(state.id)).log == ("c3-d4",)


def _token(game: int) -> str:
    return game_link(SETTINGS, game).rpartition("t=")[2]


async def test_logout_in_the_chat_ends_the_pages_session(
    service: GameService, client: Client
) -> None:
    state = await group_game(service)
    ana = await signed_in(client, service, ANA, state.id)
    await service.web_sessions.log_out(ANA)
    status, answer = await ana.post("move", played(state.version, "c3-d4", game=state.id))
    assert status == 401
    assert "/web" in answer["refused"]
    page = await client.get(
        local(game_link(SETTINGS, state.id)), headers={"Cookie": f"{COOKIE}={ana.cookie}"}
    )
    assert 'data-surface="web"' not in await page.text()  # watching only
    assert (await service.kernel.state(state.id)).log == ()


async def test_the_page_signs_out_everywhere(service: GameService, client: Client) -> None:
    state = await group_game(service)
    ana = await signed_in(client, service, ANA, state.id)
    other = await signed_in(client, service, ANA, state.id)
    assert (
        await client.post("/signout", headers=ana.headers(Origin="https://x.example"))
    ).status == 403
    assert (await client.post("/signout", headers=ana.headers())).status == 200
    assert (await other.post("state", {"game": state.id}))[0] == 401


async def test_me_lists_the_readers_games(service: GameService, client: Client) -> None:
    state = await group_game(service)
    ana = await signed_in(client, service, ANA, state.id)
    page = await (await client.get("/me?lang=en", headers=ana.headers())).text()
    assert "Signed in as ana." in page
    assert game_link(SETTINGS, state.id, "en").removeprefix(SETTINGS.url) in page.replace(
        "&amp;", "&"
    )
    anonymous = await (await client.get("/me?lang=en")).text()
    assert "You are not signed in" in anonymous


async def test_draws_and_resigning_on_the_page(service: GameService, client: Client) -> None:
    state = await group_game(service)
    ana = await signed_in(client, service, ANA, state.id)
    bia = await signed_in(client, service, BIA, state.id)
    game = {"game": state.id}
    status, shown = await ana.post(
        "draw", {**game, "answer": "offer", "version": state.version, "nonce": "draw-0001"}
    )
    assert status == 200
    assert shown["draw"] == "withdraw"
    status, shown = await bia.post("state", game)
    assert shown["draw"] == "answer"
    status, shown = await bia.post(
        "draw",
        {**game, "answer": "decline", "version": shown["view"]["version"], "nonce": "draw-0002"},
    )
    assert status == 200
    version = shown["view"]["version"]
    # Resigning asks twice: the page sends it confirmed.
    status, _ = await bia.post("resign", {**game, "version": version, "nonce": "resign-001"})
    assert status == 400
    assert (await service.kernel.state(state.id)).active
    status, shown = await bia.post(
        "resign", {**game, "version": version, "nonce": "resign-002", "confirm": True}
    )
    assert status == 200
    finished = await service.kernel.state(state.id)
    assert not finished.active
    assert finished.record.result == {"winners": [0], "reason": "resignation"}
