"""What a person typed and a refusal repeats (issue 22, item 10): cut to a few words, with no
control or bidirectional-override character, wherever it is echoed."""

from __future__ import annotations

import io
from collections.abc import Awaitable

import pytest

from bot.console import Console
from bot.i18n import QUOTE_LIMIT, translate
from bot.service.game_service import GameService
from bot.service.kernel.events import ServiceError
from tests.bot.conftest import ANA, CHAT

# A right-to-left override (U+202E) would turn the rest of the line around in a chat; a
# megabyte of text would flood it.
TRICKS = ["\u202egnp.exe", "x" * 1_000_000]


async def refusal(call: Awaitable[object]) -> str:
    with pytest.raises(ServiceError) as refused:
        await call
    return translate("en", refused.value.reason)


@pytest.mark.parametrize("typed", TRICKS)
async def test_every_echo_is_cut_and_cleaned(service: GameService, typed: str) -> None:
    said = [
        await refusal(service.challenges.new_game(ANA, CHAT, typed, computer=True)),
        await refusal(service.challenges.new_game(ANA, CHAT, "brazilian", option_words=[typed])),
        await refusal(service.challenges.new_game(ANA, CHAT, "ludo", option_words=[typed])),
        await refusal(service.entries.create(ANA, CHAT, ["brazilian", "swiss", typed])),
        await refusal(service.entries.create(ANA, CHAT, ["brazilian", typed])),
        await refusal(service.entries.create(ANA, CHAT, [typed, "swiss"])),
        await refusal(service.ratings.top(ANA, CHAT, [typed])),
    ]
    for line in said:
        assert "\u202e" not in line, line
        assert len(line) < 300, line[:300]
        assert "gnp.exe" in line or "x" * (QUOTE_LIMIT - 1) in line, line


@pytest.mark.parametrize(
    "line",
    [
        "/tournament settle ² 1",
        "/tournament new brazilian swiss rounds=²",
        "/new brazilian vs bia ²d",
    ],
)
async def test_a_superscript_digit_is_refused_not_a_crash(service: GameService, line: str) -> None:
    # "²".isdigit() is true, and int("²") raises: the words are read with isdecimal.
    output = io.StringIO()
    console = Console(service, output, player="ana")
    await console.handle(line)
    said = output.getvalue()
    assert said.strip(), "no answer"
    assert "went wrong" not in said, said
    assert "Traceback" not in said, said
