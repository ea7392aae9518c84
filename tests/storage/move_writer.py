"""The subprocess of the durability test: plays moves into one game and reports each commit.

    python tests/storage/move_writer.py DB [MOVES]

Opens the store at DB, takes the writer's active game (creating it the first time), then
appends moves "m<ply>" with the snapshot "after <ply>" and prints "confirmed <ply>" once
`append_move` has returned, i.e. once the move is committed. Plays MOVES moves and exits, or
without MOVES plays until killed.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from itertools import count

from storage import SeatRecord, open_store


async def play(path: str, moves_to_play: int | None) -> None:
    async with await open_store(path) as store:
        writer = await store.player_for_identity("test", "move-writer", "Move writer")
        active = await store.games_of_player(writer.id)
        game = (
            active[0]
            if active
            else await store.create_game(
                "brazilian",
                {},
                [SeatRecord(0, writer.id), SeatRecord(1, None, "easy")],
                "start",
                None,
            )
        )
        played_before = len(await store.moves(game.id))
        plies: Iterator[int] = count(played_before + 1)
        if moves_to_play is not None:
            plies = iter(range(played_before + 1, played_before + 1 + moves_to_play))
        for ply in plies:
            game = await store.append_move(
                game.id, game.version, f"m{ply}", (ply - 1) % 2, writer.id, f"after {ply}"
            )
            print(f"confirmed {ply}", flush=True)


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None))
