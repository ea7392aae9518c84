"""`python -m bot puzzles`: the club's finished games grow the set of puzzles; a game whose
moves stop replaying is named and searched up to there; a second run adds nothing again."""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path

import pytest

from bot import puzzle_search
from bot.__main__ import main
from games.damas.puzzles.sources import puzzles_in
from storage import GameResult, PuzzleRecord, SeatRecord, open_store
from tests.bot.puzzle_set import CHOICES as SHOT

WON: GameResult = {"winners": [1], "reason": "resigned"}


async def club_games(database: Path) -> tuple[int, int]:
    """A game where the shot was played, one whose log stops replaying, an unfinished one
    and a Ludo game: the ids of the first two."""
    async with await open_store(database) as store:
        ana = await store.player_for_identity("test", "ana", "Ana", None)
        bia = await store.player_for_identity("test", "bia", "Bia", None)
        seats = [SeatRecord(0, ana.id), SeatRecord(1, bia.id)]
        options = {"fen": SHOT.fen}
        # The shot was on the board: Black played it.
        played = await store.create_game("brazilian", options, seats, "s", None)
        await store.append_move(played.id, 1, "d4-e3", 1, bia.id, "s")
        await store.finish_game(played.id, 2, "finished", WON)
        # A log that stops replaying (a move the rules refuse) is searched up to there.
        broken = await store.create_game("brazilian", options, seats, "s", None)
        await store.append_move(broken.id, 1, "a1-b2", 1, bia.id, "s")
        await store.finish_game(broken.id, 2, "finished", WON)
        # Unfinished games and Ludo are not searched.
        await store.create_game("brazilian", options, seats, "s", None)
        await store.create_game("ludo", {}, seats, "s", None)
    return played.id, broken.id


async def stored_puzzle(database: Path) -> PuzzleRecord | None:
    async with await open_store(database) as store:
        return await store.puzzle(1)


def test_the_club_games_grow_the_puzzles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The finder at 4 plies (checked again at 8) finds the puzzle in a fraction of the CPU.
    monkeypatch.setattr(puzzle_search, "puzzles_in", partial(puzzles_in, depth=4))
    database = tmp_path / "club.sqlite3"
    played, broken = asyncio.run(club_games(database))
    assert main(["puzzles", "--db", str(database)]) == 0
    out, err = capsys.readouterr()
    assert f"game #{broken}: move 1 a1-b2" in err
    assert "Searched 2 games: 2 puzzles, 1 of them new." in out
    assert main(["puzzles", "--db", str(database)]) == 0
    assert "Searched 2 games: 2 puzzles, 0 of them new." in capsys.readouterr().out
    puzzle = asyncio.run(stored_puzzle(database))
    assert puzzle is not None
    assert puzzle.puzzle.line == SHOT.line
    assert puzzle.puzzle.source == f"game #{played}"
