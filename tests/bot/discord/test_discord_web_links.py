"""Links to the web companion's pages from Discord (issue 28): with WEB_URL set, /tournament
show answers with a link button to the tournament's page (signed unless the tournament is
open) and /profile with one to the player's page; none without WEB_URL. The fake refuses link
buttons that break Discord's rules."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.game_service import GameService
from bot.settings import WebSettings, read_settings
from bot.web.links import player_link, tournament_link
from storage import ChatRef
from tests.bot.discord.clicks import ANA, BIA, CHANNEL, act
from tests.bot.discord.conftest import Connect
from tests.fakes.discord_api import FakeDiscord, message_problems

ENVIRONMENT = {"WEB_URL": "https://damas.example", "WEB_SECRET": "discord links"}


@pytest.fixture
def web() -> WebSettings:
    settings = read_settings(ENVIRONMENT).web
    assert settings is not None
    return settings


def link_buttons(answer: dict[str, Any] | None) -> list[dict[str, Any]]:
    assert answer is not None
    return [
        item
        for row in answer.get("components") or []
        for item in row["components"]
        if item.get("style") == 5
    ]


async def new_tournament(fake: FakeDiscord, *words: str) -> None:
    options: dict[str, Any] = {"variant": "brazilian", "format": "knockout"}
    options |= dict.fromkeys(words, True)
    opened = await act(
        fake, await fake.slash(ANA, CHANNEL, "tournament", options, subcommand="new")
    )
    assert "opens tournament #1" in opened.ephemeral_text


async def show(fake: FakeDiscord) -> list[dict[str, Any]]:
    shown = await act(
        fake, await fake.slash(BIA, CHANNEL, "tournament", {"tournament": 1}, subcommand="show")
    )
    assert "Tournament #1" in shown.ephemeral_text
    return link_buttons(shown.original)


async def test_tournament_show_links_the_signed_tournament_page(
    fake: FakeDiscord, connect: Connect, service: GameService, web: WebSettings
) -> None:
    await connect(service, web=web)
    await new_tournament(fake)
    [button] = await show(fake)
    assert button["url"] == tournament_link(web, 1)
    assert "?t=" in button["url"]
    assert button["label"] == "Tournament page"
    assert "custom_id" not in button


async def test_an_open_tournament_is_linked_without_a_signature(
    fake: FakeDiscord, connect: Connect, service: GameService, web: WebSettings
) -> None:
    await connect(service, web=web)
    await new_tournament(fake, "open")
    [button] = await show(fake)
    assert button["url"] == f"{web.url}/tournament/1"


async def test_profile_links_the_signed_player_page(
    fake: FakeDiscord, connect: Connect, service: GameService, web: WebSettings
) -> None:
    await connect(service, web=web)
    ana = ANA["user"]["id"]
    own = await act(fake, await fake.slash(ANA, CHANNEL, "profile"))
    [mine] = link_buttons(own.original)
    # Signed for the channel it is given in: the page links the games it may see.
    assert mine["url"] == player_link(web, "discord", ana, ChatRef("discord", CHANNEL))
    assert mine["label"] == "Player page"
    asked = await act(
        fake, await fake.slash(BIA, CHANNEL, "profile", {"player": ana}, users={ana: ANA})
    )
    assert asked.original is not None
    assert asked.original["embeds"][0]["title"] == "Ana"
    [hers] = link_buttons(asked.original)
    assert hers["url"] == player_link(web, "discord", ana, ChatRef("discord", CHANNEL))


async def test_no_link_without_web_url(
    fake: FakeDiscord, connect: Connect, service: GameService
) -> None:
    await connect(service, web=read_settings({}).web)
    await new_tournament(fake)
    assert await show(fake) == []
    profile = await act(fake, await fake.slash(BIA, CHANNEL, "profile"))
    assert link_buttons(profile.original) == []


def test_the_fake_holds_link_buttons_to_discords_rules() -> None:
    def problems(button: dict[str, Any]) -> list[str]:
        return message_problems({"components": [{"type": 1, "components": [button]}]})

    link = {"type": 2, "style": 5, "label": "Page", "url": "https://damas.example/x"}
    assert problems(link) == []
    assert problems({**link, "url": None}) == ["a link button without a url"]
    assert problems({**link, "custom_id": "x"}) == ["a link button with a custom_id"]
    too_long = "https://damas.example/" + "x" * 500
    assert problems({**link, "url": too_long}) == ["a link button url longer than 512"]
    assert problems({**link, "url": "javascript:alert(1)"}) == [
        "Scheme 'javascript' is not supported"
    ]
    assert problems({**link, "label": "x" * 81}) == [f"button label {'x' * 81!r} longer than 80"]
    plain = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}
    assert problems(plain) == []
    assert problems({**plain, "url": "https://x.example"}) == ["a url on a button of style 1"]
    assert problems({"type": 2, "style": 1, "label": "Go"}) == [
        "a button of style 1 without a custom_id"
    ]


async def test_web_answers_only_its_asker_with_the_sign_in_link(
    fake: FakeDiscord, connect: Connect, service: GameService, web: WebSettings
) -> None:
    """/web's link signs its holder in: an ephemeral answer, seen by him alone."""
    await connect(service, web=web)
    answer = await act(fake, await fake.slash(ANA, CHANNEL, "web", {}))
    assert answer.original is not None
    assert answer.original["flags"] & 64
    [button] = link_buttons(answer.original)
    assert button["url"].startswith(f"{web.url}/signin?key=")
    assert "Your own link" in answer.ephemeral_text
