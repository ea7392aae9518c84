"""The pages in a real browser (issue 28, "How it is checked"): Debian's Chromium driven by
Playwright for Python with the system's browser (never a downloaded one). The Mini App page
plays moves by taps with signed test initData while a second page watches the game live, a
forged initData is refused on the page, and screenshots of the game page in pt and it show
the board drawn. Skipped, saying why, where Chromium or Playwright is missing (.ci/run
installs both)."""

from __future__ import annotations

import importlib.util
import io
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from aiohttp.test_utils import TestClient
from PIL import Image

from bot.render import ludo
from bot.render.draughts import DARK
from bot.service import boards
from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.events import Actor, BoardUpdate, ChallengeUpdate, GameState
from bot.service.kernel.game_flow.clocks import ManualClock
from bot.web.links import chat_link, game_link, tournament_link
from storage import ChatRef
from tests.bot.service.tournaments.helpers import end_game
from tests.bot.web.helpers import DEADLINE, SETTINGS, init_data, local, web_client
from tests.bot.web.test_ludo_turns import ludo_played
from tests.bot.web.test_mini_app_routes import BRAZILIAN_DOUBLE, ITALIAN_TWO_ROUTES
from tests.bot.web.test_mini_app_soffio import MISSED
from tests.bot.web.test_tournament_live import running_tournament
from tests.waiting import eventually

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="no /usr/bin/chromium (apt-get install chromium)"
    ),
    pytest.mark.skipif(
        importlib.util.find_spec("playwright") is None,
        reason="Playwright for Python is not installed (pip install -e '.[test]')",
    ),
]
Client = TestClient[Any, Any]
GROUP = ChatRef("telegram", "-100700")
ANA = Actor("telegram", "11", "ana", "pt")
BIA = Actor("telegram", "22", "bia", "it")


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(service):
        yield opened


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox"]
        )
        yield launched
        await launched.close()


async def group_game(service: GameService, kind: str = "brazilian", *words: str) -> GameState:
    """Ana (White) and Bia play in a Telegram group, from the position `words` may set."""
    events = await service.challenges.new_game(
        ANA, GROUP, kind, opponent=BIA, seat=0, option_words=words
    )
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, GROUP)
    return await service.kernel.state(challenge.game_id or 1)


async def mini_app(browser: Any, client: Client, game: int, data: str) -> Any:
    """The Mini App opened as Telegram opens it: initData in the address's fragment; nothing
    leaves the machine (Telegram's own script is refused)."""
    page = await browser.new_page(viewport={"width": 390, "height": 844})
    await page.route("https://telegram.org/**", lambda route: route.abort())
    # Written after the address is made: yarl would decode the fragment's escapes.
    address = f"{client.make_url(f'/app?game={game}')}#tgWebAppData={quote(data, safe='')}"
    await page.goto(address)
    return page


async def holds(page: Any, expression: str) -> None:
    """Wait, at most DEADLINE, until a JavaScript expression holds on the page. Polled from
    here: the pages' policy refuses the eval of Playwright's own wait_for_function."""
    await eventually(lambda: page.evaluate(expression), expression, DEADLINE)


async def tap_move(page: Any, start: str, end: str) -> None:
    await page.locator(f'#board rect[data-name="{start}"]').click()
    await page.locator(f'#board rect.target[data-name="{end}"]').wait_for()
    await page.locator(f'#board rect[data-name="{end}"]').click()


async def test_moves_by_taps_reach_the_game_and_a_watching_page(
    service: GameService, client: Client, browser: Any
) -> None:
    state = await group_game(service)
    now = datetime.now(UTC)
    ana = await mini_app(browser, client, state.id, init_data(11, "ana", now, language="pt"))
    bia = await mini_app(browser, client, state.id, init_data(22, "bia", now, language="it"))
    watcher = await browser.new_page()
    await watcher.goto(str(client.make_url(local(game_link(SETTINGS, state.id)))))
    plies = (("c3", "d4", ana), ("f6", "e5", bia), ("d4", "f6", ana), ("g7", "e5", bia))
    for number, (start, end, page) in enumerate(plies, start=1):
        await page.locator("#board svg").wait_for()
        await holds(page, f"document.body.dataset.version >= {state.version}")
        await tap_move(page, start, end)

        async def played(count: int = number, game: int = state.id) -> bool:
            return len((await service.kernel.state(game)).log) == count

        await eventually(played, f"ply {number} played", DEADLINE)
        state = await service.kernel.state(state.id)
        await holds(watcher, f"document.body.dataset.plies == {number}")
    assert state.log == ("c3-d4", "f6-e5", "d4xf6", "g7xe5")
    assert await watcher.locator("#board .piece").count() == 22


async def test_the_soffio_is_a_button_on_the_mini_app(
    service: GameService, client: Client, browser: Any
) -> None:
    state = await familiar_game_with_a_missed_capture(service)
    page = await mini_app(
        browser, client, state.id, init_data(22, "bia", datetime.now(UTC), language="it")
    )
    huff = page.locator("#own button", has_text="22")
    await huff.wait_for(timeout=DEADLINE * 1000)
    assert await huff.count() == 1
    await huff.click()

    async def huffed() -> bool:
        return (await service.kernel.state(state.id)).log == ("28-24", "soffio 22")

    await eventually(huffed, "the soffio", DEADLINE)
    await holds(page, f"document.body.dataset.version > {state.version}")
    assert await page.locator("#own button").count() == 0


async def test_a_tapped_piece_shows_the_pieces_its_capture_takes(
    service: GameService, client: Client, browser: Any
) -> None:
    state = await group_game(service, "brazilian", BRAZILIAN_DOUBLE)
    page = await mini_app(browser, client, state.id, init_data(11, "ana", datetime.now(UTC)))
    await page.locator("#board svg").wait_for()
    assert await page.locator("#board .taken").count() == 0
    await page.locator('#board rect[data-name="a3"]').click()
    taken = page.locator("#board .piece.taken")
    await taken.first.wait_for()
    assert sorted(await _names(taken)) == ["b4", "d6"]
    assert await _names(page.locator("#board rect.target")) == ["e7"]
    assert await _names(page.locator("#board rect.via")) == ["c5"]
    await page.locator('#board rect[data-name="e7"]').click()
    await holds(page, f"document.body.dataset.version > {state.version}")
    assert (await service.kernel.state(state.id)).log == ("a3xe7",)
    pieces = await _names(page.locator("#board .piece"))
    assert "e7" in pieces
    assert not {"a3", "b4", "d6"} & set(pieces)
    assert await page.locator("#board .taken, #board .target, #board .via").count() == 0


async def test_each_of_two_routes_to_one_square_shows_its_own_captures(
    service: GameService, client: Client, browser: Any
) -> None:
    state = await group_game(service, "italian", ITALIAN_TWO_ROUTES)
    page = await mini_app(browser, client, state.id, init_data(11, "ana", datetime.now(UTC)))
    await page.locator("#board svg").wait_for()
    await page.locator('#board rect[data-square="26"]').click()
    assert sorted(await _squares(page.locator("#board .piece.taken"))) == ["13", "14", "21", "22"]
    await page.locator('#board rect[data-square="10"]').click()
    routes = page.locator("#own button")
    assert await routes.count() == 2
    assert "toque" in await page.locator("#routes").inner_text()
    by_17 = page.locator("#own button", has_text="26x17x10")
    # What it takes, in Ana's words (Portuguese).
    assert await by_17.inner_text() == "26x17x10 \u00b7 toma 21, 13"
    await by_17.click()
    assert sorted(await _squares(page.locator("#board .piece.taken"))) == ["13", "21"]
    assert await _squares(page.locator("#board rect.via")) == ["17"]
    assert await by_17.get_attribute("aria-pressed") == "true"
    by_19 = page.locator("#own button", has_text="26x19x10")
    await by_19.click()
    assert sorted(await _squares(page.locator("#board .piece.taken"))) == ["14", "22"]
    assert await by_17.get_attribute("aria-pressed") == "false"
    assert (await service.kernel.state(state.id)).log == ()
    await by_19.click()

    async def played() -> bool:
        return (await service.kernel.state(state.id)).log == ("26x19x10",)

    await eventually(played, "the capture 26x19x10", DEADLINE)


async def _names(elements: Any) -> list[str]:
    return [str(await element.get_attribute("data-name")) for element in await elements.all()]


async def _squares(elements: Any) -> list[str]:
    return [str(await element.get_attribute("data-square")) for element in await elements.all()]


async def familiar_game_with_a_missed_capture(service: GameService) -> GameState:
    events = await service.challenges.new_game(
        ANA, GROUP, "familiare", opponent=BIA, seat=0, option_words=[MISSED]
    )
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    await service.challenges.accept(BIA, challenge.id, GROUP)
    await service.play.move(ANA, "28-24", challenge.game_id)
    return await service.kernel.state(challenge.game_id or 1)


async def test_a_forged_init_data_is_refused_on_the_page(
    service: GameService, client: Client, browser: Any
) -> None:
    state = await group_game(service)
    forged = init_data(11, "ana", datetime.now(UTC)).replace("11", "22", 1)
    page = await mini_app(browser, client, state.id, forged)
    await page.locator("#note.refused").wait_for()
    assert "Telegram" in await page.locator("#note").inner_text()
    assert await page.locator("#board svg").count() == 0


async def test_a_tournament_page_shows_a_new_result_without_reloading(
    service: GameService, client: Client, browser: Any
) -> None:
    tournament_id, players = await running_tournament(service, ["brazilian", "swiss", "rounds=2"])
    page = await browser.new_page()
    await page.goto(str(client.make_url(local(tournament_link(SETTINGS, tournament_id)))))
    await holds(page, "document.body.dataset.shown >= 1")
    # A reload would make a new window object and lose this mark.
    await page.evaluate("window.stayed = true")
    assert "+1 =0 -0" not in await page.locator("#live").inner_text()
    facts = await service.store.tournament_facts(tournament_id)
    first = next(game.game_id for game in facts.games if game.game_id is not None)
    await end_game(service, players, first, "white")
    await page.locator("#live", has_text="+1 =0 -0").wait_for(timeout=DEADLINE * 1000)
    assert await page.evaluate("window.stayed") is True


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_screenshot_of_the_game_page_shows_the_board(
    service: GameService, client: Client, browser: Any, language: str
) -> None:
    state = await group_game(service)
    page = await browser.new_page(viewport={"width": 390, "height": 844})
    await page.goto(str(client.make_url(local(game_link(SETTINGS, state.id, language)))))
    shot = Image.open(io.BytesIO(await page.locator("#board").screenshot())).convert("RGB")
    assert shot.width >= 300
    colours = shot.getcolors(shot.width * shot.height) or []
    dark = sum(int(count) for count, colour in colours if colour == DARK)
    # 32 dark squares of about (390 / 10) squared pixels each, less the pieces on them.
    assert dark > shot.width * shot.width / 10


@pytest.mark.parametrize("language", ["pt", "it"])
async def test_a_screenshot_of_a_ludo_page_shows_the_board_drawn(
    service: GameService, client: Client, browser: Any, language: str
) -> None:
    events = await service.challenges.new_game(ANA, GROUP, "ludo", opponent=BIA, players=2)
    challenge = next(e for e in events if isinstance(e, ChallengeUpdate)).challenge
    accepted = await service.challenges.accept(BIA, challenge.id, GROUP)
    state = next(e.state for e in accepted if isinstance(e, BoardUpdate))
    game = state.id
    seat = seat_to_act(state)
    assert seat is not None
    ana = await service.kernel.roster.player(ANA)
    first = ANA if state.record.seats[seat].player_id == ana.id else BIA
    await service.play.roll(first, game)
    page = await browser.new_page(viewport={"width": 390, "height": 844})
    await page.goto(str(client.make_url(local(game_link(SETTINGS, game, language)))))
    assert await page.locator("#board .pawn").count() == 8
    assert await page.locator("#board .die").count() == 1
    shot = Image.open(io.BytesIO(await page.locator("#board").screenshot())).convert("RGB")
    assert shot.width >= 300
    counts = {colour: count for count, colour in shot.getcolors(shot.width * shot.height) or []}
    cell = shot.width / 15
    # The two yards in play (Red and Yellow: 6x6 squares less their white inside) and the two
    # pale ones, each in its own colour; the frame around them.
    for colour in (ludo.COLOUR_FILL[1], ludo.COLOUR_FILL[3]):
        assert counts.get(colour, 0) > 6 * cell * cell, colour
    for colour in (ludo._pale(ludo.COLOUR_FILL[2]), ludo._pale(ludo.COLOUR_FILL[4])):
        assert counts.get(colour, 0) > 6 * cell * cell, colour
    assert counts.get(ludo.BOARD, 0) > 20 * cell * cell


@pytest.fixture
async def timed_client(timed: GameService) -> AsyncIterator[Client]:
    async for opened in web_client(timed):
        yield opened


async def test_a_whole_game_is_played_on_the_mini_app(
    timed: GameService, timed_client: Client, browser: Any, clock: ManualClock
) -> None:
    """Every move tapped on the players' pages until the game ends by rule; the service's clock
    moves on as people play (the rate limit counts in it)."""
    service, client = timed, timed_client
    state = await group_game(service)
    pages = [
        await mini_app(browser, client, state.id, init_data(user, name, clock()))
        for user, name in ((11, "ana"), (22, "bia"))
    ]
    while state.active and state.plies < MOST_PLIES:
        seat = seat_to_act(state)
        assert seat is not None
        page = pages[seat]
        await holds(page, f"document.body.dataset.version == {state.version}")
        choice = boards.move_choices(state)[0]
        await page.locator(f'#board rect[data-name="{choice.piece}"]').click()
        await page.locator(f'#board rect[data-name="{choice.target}"]').click()
        routes = page.locator("#own button", has_text=choice.notation)
        if await routes.count():
            # The first tap shows the route's captures, the second plays it.
            await routes.first.click()
            await routes.first.click()
        moved = partial(_moved_past, service, state.id, state.version)
        await eventually(moved, f"a move past version {state.version}", DEADLINE)
        state = await service.kernel.state(state.id)
        clock.advance(SECONDS_A_PLY)
    assert not state.active, f"no end after {state.plies} plies"
    assert state.record.result is not None


MOST_PLIES = 400
SECONDS_A_PLY = timedelta(seconds=3)


async def _moved_past(service: GameService, game: int, version: int) -> bool:
    return (await service.kernel.state(game)).version > version


async def watched(browser: Any) -> tuple[Any, list[str]]:
    """A new page, and what its console says of the pages' policy (a script or style it
    refused)."""
    page = await browser.new_page(viewport={"width": 390, "height": 844})
    refused: list[str] = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.on("pageerror", lambda error: refused.append(str(error)))
    return page, refused


async def test_the_pages_work_under_their_policy(
    service: GameService, client: Client, browser: Any
) -> None:
    """Every page's own script runs (live boards, the replay's buttons, the tournament's
    stream, the Mini App) and the browser refuses nothing of them."""
    state = await group_game(service)
    tournament_id, _ = await running_tournament(service, ["brazilian", "swiss", "rounds=2"])
    live, live_refused = await watched(browser)
    await live.goto(str(client.make_url(local(game_link(SETTINGS, state.id)))))
    await holds(live, "document.body.dataset.plies == 0")
    await service.play.move(ANA, "c3-d4", state.id)
    await holds(live, "document.body.dataset.plies == 1")
    for actor, move in ((BIA, "f6-e5"), (ANA, "d4xf6")):
        await service.play.move(actor, move, state.id)
    await service.results.resign(BIA, state.id)
    replay, replay_refused = await watched(browser)
    await replay.goto(str(client.make_url(local(game_link(SETTINGS, state.id)))))
    await holds(replay, "document.body.dataset.plies == 3")
    await replay.locator('nav button[data-step="-1"]').click()
    await holds(replay, "document.body.dataset.plies == 2")
    await replay.locator('nav button[data-step="-1000"]').click()
    await holds(replay, "document.body.dataset.plies == 0")
    assert await replay.locator("#board .piece").count() == 24
    standings, standings_refused = await watched(browser)
    await standings.goto(str(client.make_url(local(tournament_link(SETTINGS, tournament_id)))))
    await holds(standings, "document.body.dataset.shown >= 1")
    app, app_refused = await watched(browser)
    await app.route("https://telegram.org/**", lambda route: route.abort())
    data = quote(init_data(11, "ana", datetime.now(UTC)), safe="")
    await app.goto(f"{client.make_url(f'/app?game={state.id}')}#tgWebAppData={data}")
    await app.locator("#board svg").wait_for()
    # The Mini App's own script ran; only Telegram's, refused here by the test, is missing.
    assert [line for line in app_refused if "telegram.org" not in line] == []
    assert live_refused == replay_refused == standings_refused == []


FRAMING = '<!doctype html><iframe src="{address}"></iframe>'
# The pages' public address in the framing test, served by the test server through the
# browser's routing: a parent on the internet may not frame a loopback address at all.
PUBLIC = "https://damas.example"
REFUSED_FRAME = "chrome-error://chromewebdata/"


async def framed(browser: Any, client: Client, parent: str, address: str) -> bool:
    """Whether a page of the origin `parent` shows the page at `address` in a frame."""
    page = await browser.new_page()

    async def serve(route: Any) -> None:
        await route.fulfill(response=await route.fetch(url=str(client.make_url(local_of(route)))))

    async def framing(route: Any) -> None:
        await route.fulfill(content_type="text/html", body=FRAMING.format(address=address))

    await page.route("https://telegram.org/**", lambda route: route.abort())
    await page.route(f"{PUBLIC}/**", serve)
    await page.route(f"{parent}/**", framing)
    await page.goto(f"{parent}/framing")
    # The frame ends on the page, or on the browser's error page where it refused it (a
    # frame object of its own: the browser may move a refused frame to another process).
    ends = await eventually(
        lambda: {address, REFUSED_FRAME} & {frame.url for frame in page.frames},
        f"the frame of {address} shown or refused",
        DEADLINE,
    )
    # The framed page's own requests may still be on their way: they no longer matter.
    await page.unroute_all(behavior="ignoreErrors")
    await page.close()
    return address in ends


def local_of(route: Any) -> str:
    return str(route.request.url).removeprefix(PUBLIC)


async def test_only_telegram_frames_the_mini_app_and_nobody_the_other_pages(
    service: GameService, client: Client, browser: Any
) -> None:
    state = await group_game(service)
    mini_app_page = f"{PUBLIC}/app?game={state.id}"
    game_page = PUBLIC + local(game_link(SETTINGS, state.id))
    for telegram in ("https://web.telegram.org", "https://webk.telegram.org"):
        assert await framed(browser, client, telegram, mini_app_page)
        assert not await framed(browser, client, telegram, game_page)
    assert not await framed(browser, client, "https://evil.example", mini_app_page)
    assert not await framed(browser, client, "https://evil.example", game_page)


async def test_a_ludo_pages_turns_fit_a_phone_and_follow_the_game(
    service: GameService, client: Client, browser: Any
) -> None:
    """Issue 37, item 12: the moves by turn, a row each, as wide as a phone and no wider,
    and kept up to date while the game is played."""
    state = await ludo_played(service, 30)
    page = await browser.new_page(viewport={"width": 390, "height": 844})
    await page.goto(str(client.make_url(local(game_link(SETTINGS, state.id, "it")))))
    assert await page.locator("#turns tr").count() == len(boards.turns(state))
    assert await page.locator("#moves").count() == 0
    assert await page.evaluate("document.documentElement.scrollWidth") <= 390
    first = await page.locator("#turns tr").first.locator("td").all_inner_texts()
    assert first[0] in {"Ana (Rosso)", "Computer (Giallo)"}
    state = await ludo_played(service, 6, state)
    await holds(page, f"document.body.dataset.version === '{state.version}'")
    assert await page.locator("#turns tr").count() == len(boards.turns(state))
    last = await page.locator("#turns tr").last.locator("td").all_inner_texts()
    assert last[1] == boards.turns(state)[-1].rolls


async def test_a_chats_index_shows_a_new_game_without_reloading(
    service: GameService, client: Client, browser: Any
) -> None:
    """Issue 37, item 11: the chat's page (the link /games gives) lists its live games and
    adds one as it starts; the index without a link names the command in the reader's
    language."""
    page = await browser.new_page(viewport={"width": 390, "height": 844})
    await page.goto(str(client.make_url(local(chat_link(SETTINGS, GROUP)))))
    assert await page.locator("#games").count() == 0
    await holds(page, "document.body.dataset.shown >= 1")  # its stream is open
    state = await group_game(service)
    await page.locator("#games a").wait_for(timeout=DEADLINE * 1000)
    # The link is the site's public address (WEB_URL), the game's signed page.
    assert await page.locator("#games a").get_attribute("href") == game_link(
        SETTINGS, state.id, "en"
    )
    anonymous = await browser.new_page(locale="it-IT", extra_http_headers={"Accept-Language": "it"})
    await anonymous.goto(str(client.make_url("/")))
    assert "/partite" in await anonymous.locator("#live").inner_text()
    assert await anonymous.locator("#games a").count() == 0
