"""Names are checked once, where an account's name enters the service (item 8 of issue 12)."""

from __future__ import annotations

import io

from bot.console import Console
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from bot.service.kernel.players.names import NAME_LIMIT, checked_name, is_reserved


def test_control_characters_never_reach_a_stored_name() -> None:
    assert checked_name("Ana\x1b[31m\n\u202eBia\x00", "7") == "Ana[31m Bia"


def test_a_long_name_is_cut_with_an_ellipsis() -> None:
    name = checked_name("x" * 200, "7")
    assert len(name) == NAME_LIMIT
    assert name.endswith("…")


def test_an_empty_name_falls_back_to_the_account() -> None:
    assert checked_name(" \t\x07 ", "123") == "player 123"


def test_no_one_poses_as_the_computer_in_any_language() -> None:
    for name in ("Computer", "computador", "Computador (Verde)", "COMPUTER (level 3)"):
        assert is_reserved(name)
        shown = checked_name(name, "1")
        assert shown.startswith("«")
        assert shown.endswith("»")
    assert not is_reserved("Computers Anonymous")
    assert checked_name("Ana", "1") == "Ana"


def test_every_actor_carries_a_checked_name() -> None:
    assert Actor("telegram", "5", "Computador\n").display_name == "«Computador»"
    # Checking a checked name changes nothing (names are read back from the store).
    once = Actor("telegram", "5", "Computer").display_name
    assert Actor("telegram", "5", once).display_name == once


async def test_as_refuses_the_computers_name_in_portuguese(service: GameService) -> None:
    output = io.StringIO()
    console = Console(service, output)
    await console.handle("/lang pt")
    await console.handle("/as Computador")
    await console.handle("/as Ana\x1b[2J")
    said = output.getvalue()
    assert "nome é do computador" in said
    assert "Ana[2J" in said
    assert "\x1b" not in said
