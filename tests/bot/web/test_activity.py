"""The Discord Activity's sign-in and play (issue 38, items 2 and 4): the SDK's OAuth2 code
exchanged on the bot's server at the fake Discord (`/oauth2/token`, a form, the client's id
and secret; `/users/@me` with the access token), a session for the Discord user it names,
his game in the Activity's channel; his moves through the board's API with the session as a
bearer token. Refused: a code made up, used twice or exchanged with a wrong secret, another
site's origin, no session or a made-up one, another person's game; Discord out of reach."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, ChallengeUpdate, GameState
from bot.settings.parts import DiscordClient
from storage import ChatRef
from tests.bot.web.helpers import SETTINGS, web_client
from tests.fakes.discord_api import TOKEN as DISCORD_TOKEN
from tests.fakes.discord_api import FakeDiscord
from tests.fakes.discord_oauth import CLIENT_ID, CLIENT_SECRET, FORM

Client = TestClient[Any, Any]
CHANNEL = "700000000000000123"
ANA = Actor("discord", "501", "Ana")
BIA = Actor("discord", "502", "Bia")
ANA_USER = {"id": "501", "username": "ana", "global_name": "Ana", "locale": "pt-BR"}
CAIO_USER = {"id": "503", "username": "caio", "global_name": None}
IN_DISCORD = {"Origin": f"https://{CLIENT_ID}.discordsays.com"}


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    discord_api = FakeDiscord()
    await discord_api.start()
    yield discord_api
    await discord_api.close()


def activity_settings(fake: FakeDiscord, secret: str = CLIENT_SECRET) -> Any:
    return replace(
        SETTINGS, discord_client=DiscordClient(CLIENT_ID, secret), discord_api=fake.api_url
    )


@pytest.fixture
async def client(service: GameService, fake: FakeDiscord) -> AsyncIterator[Client]:
    async for opened in web_client(service, activity_settings(fake)):
        yield opened


async def channel_game(service: GameService) -> GameState:
    chat = ChatRef("discord", CHANNEL)
    events = await service.challenges.new_game(ANA, chat, "brazilian", opponent=BIA, seat=0)
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, chat)
    return await service.kernel.state(challenge.game_id or 1)


async def exchange(client: Client, code: str, **headers: str) -> tuple[int, dict[str, Any]]:
    response = await client.post(
        "/activity/token",
        json={"code": code, "channel": CHANNEL, "instance": "i-1"},
        headers=headers or IN_DISCORD,
    )
    return response.status, await response.json()


async def test_the_code_signs_in_the_discord_user_who_plays_his_channels_game(
    service: GameService, client: Client, fake: FakeDiscord
) -> None:
    state = await channel_game(service)
    status, signed = await exchange(client, fake.oauth.authorize(ANA_USER))
    assert status == 200
    assert signed["start"].startswith(f"{state.id}-")
    assert signed["access_token"] in fake.oauth.tokens  # for the SDK's AUTHENTICATE
    (sent,) = fake.oauth.exchanges
    assert sent["grant_type"] == "authorization_code"
    assert sent["client_secret"] == CLIENT_SECRET
    bearer = {**IN_DISCORD, "Authorization": f"Bearer {signed['session']}"}
    body = {
        "start": signed["start"],
        "move": "c3-d4",
        "version": state.version,
        "nonce": "a-000001",
    }
    moved = await client.post("/activity/api/move", json=body, headers=bearer)
    assert moved.status == 200, await moved.text()
    assert (await service.kernel.state(state.id)).log == ("c3-d4",)
    assert await service.web_sessions.reader(signed["session"]) == Actor("discord", "501", "Ana")


async def test_the_fake_token_endpoint_takes_a_form_only(fake: FakeDiscord) -> None:
    """As Discord documents it: JSON is refused; the client by its secret."""
    import aiohttp

    code = fake.oauth.authorize(ANA_USER)
    form = {
        "client_id": CLIENT_ID,
        "client_secret": CLIENT_SECRET,
        "grant_type": "authorization_code",
        "code": code,
    }
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{fake.api_url}/oauth2/token", json=form) as response:
            assert response.status == 400
            assert (await response.json())["error"] == "unsupported_grant_type"
        wrong = {**form, "client_secret": "guess"}
        async with http.post(f"{fake.api_url}/oauth2/token", data=wrong) as response:
            assert response.status == 401
            assert (await response.json()) == {"error": "invalid_client"}
        async with http.post(f"{fake.api_url}/oauth2/token", data={**form, "code": ""}) as response:
            assert (await response.json())["error"] == "invalid_request"
        async with http.post(f"{fake.api_url}/oauth2/token", data=form) as response:
            assert response.status == 200
            assert response.headers["Content-Type"].startswith("application/json")
            token = (await response.json())["access_token"]
        async with http.post(f"{fake.api_url}/oauth2/token", data=form) as response:
            assert response.status == 400
            assert (await response.json())["error"] == "invalid_grant"
        me = {"Authorization": f"Bearer {token}"}
        async with http.get(f"{fake.api_url}/users/@me", headers=me) as response:
            assert (await response.json())["id"] == "501"
        forged = {"Authorization": "Bearer forged"}
        async with http.get(f"{fake.api_url}/users/@me", headers=forged) as response:
            assert response.status == 401
    assert FORM == "application/x-www-form-urlencoded"


async def test_codes_made_up_or_used_twice_sign_nobody_in(
    service: GameService, client: Client, fake: FakeDiscord
) -> None:
    await channel_game(service)
    code = fake.oauth.authorize(ANA_USER)
    assert (await exchange(client, code))[0] == 200
    for forged in (code, "made-up-code", ""):
        status, answer = await exchange(client, forged)
        assert status in (400, 401)
        assert "Discord" in answer["refused"]
        assert "session" not in answer
    status, _ = await exchange(
        client, fake.oauth.authorize(ANA_USER), Origin="https://evil.example"
    )
    assert status == 403


async def test_made_up_codes_from_one_address_stop_reaching_discord(
    service: GameService, client: Client, fake: FakeDiscord
) -> None:
    """A script guessing codes spends none of the bot's calls to Discord past a few; someone
    at another address still signs in."""
    await channel_game(service)
    statuses = [(await exchange(client, f"guess{n}"))[0] for n in range(12)]
    assert statuses[-2:] == [429, 429]
    assert len(fake.oauth.exchanges) == 10
    code = fake.oauth.authorize(ANA_USER)
    elsewhere = {**IN_DISCORD, "X-Forwarded-For": "198.51.100.1"}
    assert (await exchange(client, code, **elsewhere))[0] == 200


async def test_a_wrong_client_secret_signs_nobody_in(
    service: GameService, fake: FakeDiscord
) -> None:
    async for client in web_client(service, activity_settings(fake, "not-the-secret")):
        status, answer = await exchange(client, fake.oauth.authorize(ANA_USER))
        assert status == 401
        assert "session" not in answer


async def test_discord_out_of_reach_is_said(service: GameService, fake: FakeDiscord) -> None:
    unreachable = replace(activity_settings(fake), discord_api="http://127.0.0.1:9/api/v10")
    async for client in web_client(service, unreachable):
        status, answer = await exchange(client, "any-code")
        assert status == 502
        assert "Discord" in answer["refused"]


async def test_the_activitys_requests_need_its_session_and_origin(
    service: GameService, client: Client, fake: FakeDiscord
) -> None:
    state = await channel_game(service)
    _, ana = await exchange(client, fake.oauth.authorize(ANA_USER))
    _, caio = await exchange(client, fake.oauth.authorize(CAIO_USER))
    assert caio["start"] == ""  # he plays no game there
    body = {"start": ana["start"], "move": "c3-d4", "version": state.version, "nonce": "a-000002"}
    refusals = [
        ({**IN_DISCORD}, 401),
        ({**IN_DISCORD, "Authorization": "Bearer made-up"}, 401),
        ({**IN_DISCORD, "Authorization": f"Basic {ana['session']}"}, 401),
        ({"Origin": "https://evil.example", "Authorization": f"Bearer {ana['session']}"}, 403),
        ({"Authorization": f"Bearer {ana['session']}"}, 403),
        ({**IN_DISCORD, "Authorization": f"Bearer {caio['session']}"}, 409),  # not his game
    ]
    for headers, expected in refusals:
        response = await client.post("/activity/api/move", json=body, headers=headers)
        assert response.status == expected, headers
    assert (await service.kernel.state(state.id)).log == ()


async def test_without_the_applications_client_there_is_no_activity(
    service: GameService,
) -> None:
    async for client in web_client(service):
        assert (await client.get("/activity")).status == 404
        status = (
            await client.post(
                "/activity/token", json={"code": "x", "channel": "1"}, headers=IN_DISCORD
            )
        ).status
        assert status == 503
        index = await client.get("/?frame_id=f&instance_id=i")
        assert 'data-surface="activity"' not in await index.text()


async def test_discord_opens_the_activity_at_the_root_with_its_launch_parameters(
    client: Client,
) -> None:
    page = await client.get(f"/?frame_id=f1&instance_id=i1&channel_id={CHANNEL}&platform=desktop")
    html = await page.text()
    assert 'data-surface="activity"' in html
    assert f'data-client="{CLIENT_ID}"' in html
    policy = page.headers["Content-Security-Policy"]
    assert "frame-ancestors https://discord.com" in policy
    assert "X-Frame-Options" not in page.headers


async def test_whom_discord_puts_in_the_channels_activity_watches_its_game(
    service: GameService, fake: FakeDiscord
) -> None:
    """The page's channel is its own word: the bot asks Discord where the instance runs and
    who is in it (Get Activity Instance, with the bot's token)."""
    state = await channel_game(service)
    await service.records.board(ANA, state.id, ChatRef("discord", CHANNEL))
    fake.activity_instance("i-1", CHANNEL, ["501", "503"])
    fake.activity_instance("i-2", "700000000000000999", ["503"])
    settings = activity_settings(fake)
    client_with_bot = replace(settings.discord_client, bot_token=DISCORD_TOKEN)
    async for client in web_client(service, replace(settings, discord_client=client_with_bot)):

        async def start(instance: str, channel: str = CHANNEL, web: Client = client) -> str:
            response = await web.post(
                "/activity/token",
                json={
                    "code": fake.oauth.authorize(CAIO_USER),
                    "channel": channel,
                    "instance": instance,
                },
                headers=IN_DISCORD,
            )
            found: str = (await response.json())["start"]
            return found

        watched = await start("i-1")
        assert watched.startswith(f"{state.id}-")
        # Another channel's instance, a made-up one, or one he is not in: nothing to watch.
        assert await start("i-2") == ""
        assert await start("i-3") == ""
        fake.activity_instance("i-4", CHANNEL, ["501"])
        assert await start("i-4") == ""
        _, caio = await exchange(client, fake.oauth.authorize(CAIO_USER))
        bearer = {**IN_DISCORD, "Authorization": f"Bearer {caio['session']}"}
        shown = await client.post("/activity/api/state", json={"start": watched}, headers=bearer)
        answer = await shown.json()
        assert shown.status == 200
        assert answer["choices"] == []
        assert answer["resign"] is False
