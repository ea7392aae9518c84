"""The Discord Activity in a real browser (issue 38, items 2 and 4): a page at discord.com
frames the Activity at APPLICATION_ID.discordsays.com, as Discord's client does, and answers
the Embedded App SDK's messages as a test double of the client (the handshake, READY,
AUTHORIZE with a code the fake Discord issued, AUTHENTICATE); every address of the frame
reaches the bot's server as through Discord's proxy (`/.proxy/` taken off). The player taps
his move in the frame; the game has it. Skipped where Chromium or Playwright is missing."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, ChallengeUpdate, GameState
from bot.settings.parts import DiscordClient
from storage import ChatRef
from tests.bot.web.helpers import DEADLINE, SETTINGS, web_client
from tests.bot.web.test_browser import browser, pytestmark
from tests.fakes.discord_api import FakeDiscord
from tests.fakes.discord_oauth import CLIENT_ID, CLIENT_SECRET
from tests.waiting import eventually

__all__ = ["browser", "pytestmark"]
Client = TestClient[Any, Any]
CHANNEL = "700000000000000777"
ANA = Actor("discord", "501", "Ana")
BIA = Actor("discord", "502", "Bia")
ANA_USER = {"id": "501", "username": "ana", "global_name": "Ana", "locale": "pt-BR"}
DISCORD = "https://discord.com"
PROXY = f"https://{CLIENT_ID}.discordsays.com"
# The Discord client's part of the Embedded App SDK's messages: READY after the handshake,
# the code for AUTHORIZE, the user for AUTHENTICATE (whose token it keeps, to be checked).
CLIENT_DOUBLE = """<!doctype html><body><script>
const code=CODE;window.seen=[];
addEventListener('message',e=>{const [op,m]=e.data;window.seen.push([op,m.cmd||null]);
const reply=d=>e.source.postMessage([1,d],'*');
if(op===0)return reply({cmd:'DISPATCH',evt:'READY',nonce:null,data:{v:1}});
if(m.cmd==='AUTHORIZE')return reply({cmd:'AUTHORIZE',evt:null,nonce:m.nonce,data:{code}});
if(m.cmd==='AUTHENTICATE'){window.authenticated=m.args.access_token;
return reply({cmd:'AUTHENTICATE',evt:null,nonce:m.nonce,data:{access_token:m.args.access_token,
user:{id:'501',username:'ana'}}});}});
</script><iframe src="FRAME" style="width:390px;height:800px"></iframe></body>"""


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    discord_api = FakeDiscord()
    await discord_api.start()
    yield discord_api
    await discord_api.close()


@pytest.fixture
async def client(service: GameService, fake: FakeDiscord) -> AsyncIterator[Client]:
    settings = replace(
        SETTINGS, discord_client=DiscordClient(CLIENT_ID, CLIENT_SECRET), discord_api=fake.api_url
    )
    async for opened in web_client(service, settings):
        yield opened


async def channel_game(service: GameService) -> GameState:
    chat = ChatRef("discord", CHANNEL)
    events = await service.challenges.new_game(ANA, chat, "brazilian", opponent=BIA, seat=0)
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, chat)
    return await service.kernel.state(challenge.game_id or 1)


async def test_a_move_tapped_in_the_activity_reaches_the_game(
    service: GameService, client: Client, browser: Any, fake: FakeDiscord
) -> None:
    state = await channel_game(service)
    frame_address = f"{PROXY}/?frame_id=f1&instance_id=i1&channel_id={CHANNEL}&platform=desktop"
    parent = CLIENT_DOUBLE.replace("CODE", json.dumps(fake.oauth.authorize(ANA_USER)))
    parent = parent.replace("FRAME", frame_address)
    page = await browser.new_page(viewport={"width": 420, "height": 860})

    async def through_the_proxy(route: Any) -> None:
        path = str(route.request.url).removeprefix(PROXY).removeprefix("/.proxy")
        if "/events" in path:
            await route.abort()  # a stream: the double's routing cannot pass one on
            return
        await route.fulfill(response=await route.fetch(url=str(client.make_url(path))))

    async def discord_client(route: Any) -> None:
        await route.fulfill(content_type="text/html", body=parent)

    await page.route(f"{PROXY}/**", through_the_proxy)
    await page.route(f"{DISCORD}/**", discord_client)
    await page.goto(f"{DISCORD}/channels/1/{CHANNEL}")
    frame = page.frame_locator("iframe")
    await frame.locator("#board svg").wait_for(timeout=DEADLINE * 1000)
    assert await page.evaluate("window.authenticated") in fake.oauth.tokens
    await frame.locator('#board rect[data-name="c3"]').click()
    await frame.locator('#board rect.target[data-name="d4"]').wait_for()
    await frame.locator('#board rect[data-name="d4"]').click()

    async def played() -> bool:
        return (await service.kernel.state(state.id)).log == ("c3-d4",)

    await eventually(played, "the move tapped in the Activity", DEADLINE)
    commands = [entry[1] for entry in await page.evaluate("window.seen")]
    assert commands[:3] == [None, "AUTHORIZE", "AUTHENTICATE"]
    await page.unroute_all(behavior="ignoreErrors")
