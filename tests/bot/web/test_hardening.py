"""Web hardening (issue 34, item 3): every answer carries nosniff and no server version,
every page a Content-Security-Policy that lets only its own script run and only Telegram
frame the Mini App; a connection that sends its headers slowly is closed; ids are ASCII
digits only; a malformed request writes at most one short log line, never a traceback.
(The policy in a real browser: test_browser.py.)"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import AsyncIterator, Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.i18n import translate
from bot.refusals import SettingsRefused
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, ChallengeUpdate, GameState
from bot.settings import read_settings
from bot.web import connections, server, serving_web
from bot.web.links import game_link, player_link, tournament_link
from storage import ChatRef
from tests.bot.service.tournaments.helpers import CHAT, ORGANISER
from tests.bot.web.helpers import DEADLINE, SETTINGS, init_data, local, web_client
from tests.waiting import eventually

Client = TestClient[Any, Any]
GROUP = ChatRef("telegram", "-100900")
ANA = Actor("telegram", "11", "ana")
BIA = Actor("telegram", "22", "bia")
TELEGRAM_WEB = "https://web.telegram.org"
# The loggers a request can write to: the web companion's and aiohttp's.
WEB_LOGS = ("bot", "aiohttp")


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service):
        yield opened


async def group_game(service: GameService) -> GameState:
    """Game 1: Ana and Bia in a Telegram group."""
    events = await service.challenges.new_game(ANA, GROUP, "brazilian", opponent=BIA, seat=0)
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, GROUP)
    return await service.kernel.state(challenge.game_id or 1)


def assert_hardened(headers: Mapping[str, str], what: str) -> None:
    assert headers.get("X-Content-Type-Options") == "nosniff", what
    server = headers.get("Server", "")
    assert "aiohttp" not in server.lower(), what
    assert "python" not in server.lower(), what
    assert not any(character.isdigit() for character in server), what


def policy(headers: Mapping[str, str]) -> dict[str, str]:
    directives = headers["Content-Security-Policy"].split(";")
    return {part.split()[0]: part.strip() for part in directives if part.strip()}


async def test_every_answer_is_hardened_and_every_page_has_a_policy(
    service: GameService, client: Client
) -> None:
    state = await group_game(service)
    await service.entries.create(ORGANISER, CHAT, ["brazilian", "swiss", "rounds=2", "open"])
    game = local(game_link(SETTINGS, state.id))
    base, _, query = game.partition("?")
    pages = {
        "game": game,
        "tournament": local(tournament_link(SETTINGS, 1)),
        "open tournament": "/tournament/1",
        "player": local(player_link(SETTINGS, "telegram", "11")),
        "unknown": "/nothing",
        "refused game": f"/game/{state.id}",
        "mini app": f"/app?game={state.id}",
    }
    for what, address in pages.items():
        response = await client.get(address)
        assert response.content_type == "text/html", what
        assert_hardened(response.headers, what)
        shown = policy(response.headers)
        assert shown["default-src"] == "default-src 'none'", what
        assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"], what
        assert "'unsafe-eval'" not in response.headers["Content-Security-Policy"], what
        if what == "mini app":
            assert TELEGRAM_WEB in shown["frame-ancestors"]
            assert "'none'" not in shown["frame-ancestors"]
            assert "X-Frame-Options" not in response.headers
            assert "https://telegram.org/js/telegram-web-app.js" in shown["script-src"]
        else:
            assert shown["frame-ancestors"] == "frame-ancestors 'none'", what
            assert response.headers["X-Frame-Options"] == "DENY", what
    others = {
        "replay": await client.get(f"{base}/ply/0?{query}"),
        "pdn": await client.get(f"{base}/pdn?{query}"),
        "mini app api": await client.post("/app/api/state", json={"game": str(state.id)}),
        "bad json": await client.post("/app/api/state", data=b"{", headers={"X": "1"}),
        "not allowed": await client.post(game),
        "events": await client.get(f"{base}/events?{query}"),
        "tournament events": await client.get("/tournament/1/events"),
    }
    for what, response in others.items():
        assert_hardened(response.headers, what)
        assert policy(response.headers)["frame-ancestors"] == "frame-ancestors 'none'", what
        assert response.headers["X-Frame-Options"] == "DENY", what
        response.close()


# Requests aiohttp itself refuses before the application sees them, and requests the
# application refuses: each answered 4xx with the headers above, and logged in a line at most.
MALFORMED = {
    "TLS on the HTTP port": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n",
    "a method that is none": b"G\x00T / HTTP/1.1\r\nHost: x\r\n\r\n",
    "an HTTP version that is none": b"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
    "a header without a colon": b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",
    "a huge header": b"GET / HTTP/1.1\r\nHost: x\r\nX-A: " + b"a" * 20000 + b"\r\n\r\n",
    "too many headers": b"GET / HTTP/1.1\r\n" + b"X: a\r\n" * 300 + b"\r\n",
    "bytes that are no UTF-8": b"GET /game/\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n",
    "a length that is no number": b"POST /app/api/state HTTP/1.1\r\nContent-Length: x\r\n\r\n",
    "a superscript id": b"GET /game/%C2%B2 HTTP/1.1\r\nHost: x\r\n\r\n",
    "a circled id": b"GET /game/%E2%91%A0?t=00 HTTP/1.1\r\nHost: x\r\n\r\n",
    "a token that is no hex": b"GET /game/1?t=%ff%C3%A9 HTTP/1.1\r\nHost: x\r\n\r\n",
    "a superscript tournament": b"GET /tournament/%C2%B2/events HTTP/1.1\r\nHost: x\r\n\r\n",
    "a superscript ply": b"GET /game/1/ply/%C2%B2 HTTP/1.1\r\nHost: x\r\n\r\n",
    "JSON that is none": b"POST /app/api/state HTTP/1.1\r\nContent-Length: 5\r\n\r\n{bad}",
    "JSON nested too deep": b"POST /app/api/state HTTP/1.1\r\nContent-Length: 200000\r\n\r\n"
    + b"[" * 100000
    + b"]" * 100000,
    "a charset that is none": b"POST /app/api/state HTTP/1.1\r\n"
    b"Content-Type: application/json; charset=nope\r\nContent-Length: 2\r\n\r\n{}",
    "JSON that is no UTF-8": b'POST /app/api/state HTTP/1.1\r\nContent-Length: 4\r\n\r\n"\xff\xfe"',
    "initData with a lone surrogate": b"POST /app/api/state HTTP/1.1\r\n"
    b'Content-Length: 42\r\n\r\n{"initData": "a=\\ud800&hash=\\u00e9\\u00e9"}',
}


async def served(service: GameService) -> AsyncIterator[int]:
    """The web server as the bot runs it, on a free port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    async with serving_web(service, replace(SETTINGS, port=port)):
        yield port


@pytest.fixture
async def port(service: GameService) -> AsyncIterator[int]:
    async for listening in served(service):
        yield listening


@pytest.fixture
def handled(monkeypatch: pytest.MonkeyPatch) -> list[None]:
    """An item for each connection the server is done with: what it logs of a request, it
    has logged by then (the connection's handler ends after its last answer and log line)."""
    ends: list[None] = []

    class Watched(connections.Connection):
        async def start(self) -> None:
            try:
                await super().start()
            finally:
                ends.append(None)

    monkeypatch.setattr(server, "Connection", Watched)
    return ends


async def exchange(port: int, request: bytes, close: bool = False) -> bytes:
    """Send raw bytes; the answer, until the server closes or DEADLINE."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        if close:
            writer.close()
            return b""
        return await asyncio.wait_for(reader.read(1_000_000), DEADLINE)
    finally:
        writer.close()


@pytest.mark.parametrize("name", MALFORMED)
async def test_a_malformed_request_is_refused_in_one_short_log_line(
    service: GameService,
    port: int,
    handled: list[None],
    caplog: pytest.LogCaptureFixture,
    name: str,
) -> None:
    await group_game(service)
    with caplog.at_level(logging.DEBUG):
        answer = await exchange(port, MALFORMED[name])
        await eventually(lambda: handled, "the server done with the connection")
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    assert status_line.split()[1].startswith("4"), status_line
    headers = dict(line.split(": ", 1) for line in lines)
    assert_hardened(headers, name)
    assert b"Traceback" not in body
    logged = [record for record in caplog.records if record.name.startswith(WEB_LOGS)]
    assert len(logged) <= 1, [record.getMessage() for record in logged]
    for record in logged:
        line = logging.Formatter().format(record)
        assert "\n" not in line
        assert "Traceback" not in line
        assert len(line) <= connections.LINE_LIMIT


async def test_a_request_broken_off_is_not_logged(
    port: int, handled: list[None], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG):
        await exchange(
            port, b"POST /app/api/state HTTP/1.1\r\nContent-Length: 100\r\n\r\n{", close=True
        )
        await eventually(lambda: handled, "the server done with the connection")
    assert not [record for record in caplog.records if record.exc_info], caplog.text


async def test_a_connection_sending_its_headers_slowly_is_closed(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connections, "HEAD_TIMEOUT", 1.0)
    async for port in served(service):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        started = asyncio.get_running_loop().time()
        closed = None
        try:
            for byte in b"GET /nothing HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100:
                writer.write(bytes([byte]))
                await writer.drain()
                if reader.at_eof() or await _closed(reader):
                    closed = asyncio.get_running_loop().time() - started
                    break
        except ConnectionError:
            closed = asyncio.get_running_loop().time() - started
        finally:
            writer.close()
        assert closed is not None, "the slow connection stayed open"
        assert 0.9 <= closed <= 5
        # A whole request in time is answered as ever.
        answer = await exchange(port, b"GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 404")


async def _closed(reader: asyncio.StreamReader) -> bool:
    """Whether the server closed the connection within a quarter of a second."""
    try:
        return await asyncio.wait_for(reader.read(1), 0.25) == b""
    except TimeoutError:
        return False


@pytest.mark.parametrize("written", ["²", "①", "٣", "1²", "¹", "𝟙"])
async def test_digits_that_are_not_ascii_are_no_ids(
    service: GameService, client: Client, written: str
) -> None:
    state = await group_game(service)
    token = game_link(SETTINGS, state.id).partition("?")[2]
    for address in (
        f"/game/{written}",
        f"/game/{written}?{token}",
        f"/game/{written}/events",
        f"/game/{state.id}/ply/{written}?{token}",
        f"/tournament/{written}",
        f"/tournament/{written}/events",
    ):
        response = await client.get(address)
        assert response.status == 404, address
        assert "There is no such page." in await response.text()
    data = init_data(11, "ana", datetime.now(UTC))
    for body in ({"game": written}, {"start": f"{written}-{token.partition('=')[2]}"}):
        response = await client.post("/app/api/state", json={"initData": data, **body})
        assert response.status == 404, body
        assert "Open a game from the bot" in (await response.json())["refused"]
    listen = {"WEB_URL": "https://x.example", "WEB_SECRET": "s", "WEB_LISTEN": f":{written}"}
    with pytest.raises(SettingsRefused) as refused:
        read_settings(listen)
    assert "WEB_LISTEN is host:port" in translate(None, refused.value.reason)
