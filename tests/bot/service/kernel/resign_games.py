"""A process that resigns games at once, for the tests of rated games ending together in
several processes (test_rating_races.py beside it):
`python tests/bot/service/kernel/resign_games.py DATABASE_URL START_FILE PLAYER:GAME ...`
says it is ready (START_FILE.ready-PID), waits until START_FILE exists (so that every process
starts resigning together), then has each PLAYER (a test actor's user id) resign GAME, all at
once."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from bot.service.kernel.rated.rated_games import rating_writes
from storage import open_store
from tests.waiting import eventually


async def main(database: str, start: Path, resignations: list[str]) -> None:
    store = await open_store(database, on_game_end=rating_writes())
    service = GameService(store)
    try:
        start.with_name(f"{start.name}.ready-{os.getpid()}").touch()
        await eventually(start.exists, "the start file", 60)
        calls = []
        for item in resignations:
            user, game = item.split(":")
            calls.append(service.results.resign(Actor("test", user, user.capitalize()), int(game)))
        await asyncio.gather(*calls)
    finally:
        await service.kernel.close()
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], Path(sys.argv[2]), sys.argv[3:]))
