"""What the console remembers of its games stays within its bound (bot/recent.py) and keeps
working for the newest: a computer's notice that comes after its move says nothing."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from bot.console import Console
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, BoardUpdate, ComputerThinking

BOUND = 2


async def test_the_console_remembers_the_boards_of_its_latest_games_only(
    service: GameService, tmp_path: Path
) -> None:
    output = io.StringIO()
    console = Console(service, output, folder=tmp_path)
    console._shown.size = BOUND
    for name in ("ana", "bia", "caio"):
        await console.handle(f"/as {name}")
        await console.handle("/new brazilian vs computer black")
    assert list(console._shown) == [2, 3]

    events = await service.records.board(Actor("console", "caio", "caio"), 3)
    state = next(event.state for event in events if isinstance(event, BoardUpdate))
    assert state.last_move, "the computer has moved"
    before = output.getvalue()
    answered = replace(state, record=replace(state.record, version=state.version - 1))
    await console.show([ComputerThinking(answered)])
    assert output.getvalue() == before
