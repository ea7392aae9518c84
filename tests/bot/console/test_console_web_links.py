"""The console prints the address of the web page of what it shows (issue 28): the
tournament's after /tournament show (signed unless open), the player's after /profile (signed
for the console's chat, whose games it links), the chat's after /games (issue 37, item 11);
no address without WEB_URL."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.console import CHAT, Console
from bot.service.game_service import GameService
from bot.settings import WebSettings, read_settings
from bot.web.links import chat_link, player_link, tournament_link

WEB = read_settings({"WEB_URL": "https://damas.example", "WEB_SECRET": "console links"}).web


def settings() -> WebSettings:
    assert WEB is not None
    return WEB


@pytest.mark.parametrize("opened", [False, True])
async def test_tournament_show_prints_the_tournament_page(
    service: GameService, opened: bool, tmp_path: Path
) -> None:
    output = io.StringIO()
    console = Console(service, output, web=settings(), folder=tmp_path)
    await console.handle("/tournament new brazilian knockout" + " open" * opened)
    await console.handle("/tournament show")
    shown = output.getvalue().splitlines()
    address = f"{settings().url}/tournament/1" if opened else tournament_link(settings(), 1)
    assert f"Tournament page: {address}" in shown


async def test_profile_prints_the_player_page_in_the_readers_language(
    service: GameService, tmp_path: Path
) -> None:
    output = io.StringIO()
    console = Console(service, output, web=settings(), folder=tmp_path)
    await console.handle("/lang pt")
    await console.handle("/profile")
    lines = output.getvalue().splitlines()
    assert f"Página do jogador: {player_link(settings(), 'console', 'player', CHAT)}" in lines


async def test_games_prints_the_chats_page(service: GameService, tmp_path: Path) -> None:
    output = io.StringIO()
    console = Console(service, output, web=settings(), folder=tmp_path)
    await console.handle("/lang it")
    await console.handle("/partite")
    lines = output.getvalue().splitlines()
    assert f"Pagina della chat: {chat_link(settings(), CHAT)}" in lines


async def test_no_address_without_web_url(service: GameService, tmp_path: Path) -> None:
    output = io.StringIO()
    console = Console(service, output, folder=tmp_path)
    await console.handle("/tournament new brazilian knockout")
    await console.handle("/tournament show")
    await console.handle("/profile")
    await console.handle("/games")
    assert "https://" not in output.getvalue()


async def test_web_prints_the_sign_in_link_and_without_pages_says_so(
    service: GameService, tmp_path: Path
) -> None:
    """/web's link is printed (the console is read by its player alone); a bot without
    WEB_URL has no pages to sign in to, and says so instead of promising a link."""
    output = io.StringIO()
    console = Console(service, output, web=settings(), folder=tmp_path)
    await console.handle("/web")
    lines = output.getvalue().splitlines()
    assert any(
        line.startswith(f"Sign in to the web pages: {settings().url}/signin?key=") for line in lines
    )
    bare = io.StringIO()
    await Console(service, bare, folder=tmp_path).handle("/web")
    assert "This bot has no web pages: its organiser has not set WEB_URL." in bare.getvalue()
    assert "signin" not in bare.getvalue()
