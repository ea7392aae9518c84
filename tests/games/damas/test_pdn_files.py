"""The PDN files in tests/data/pdn: every game replays with no illegal move, and survives
being written and read again.

The files go through `python -m games.damas check-pdn` itself (its `main`), one test per file;
the number of games read must match the number of records in the file.
"""

import re
from pathlib import Path

import pytest

from games.damas.__main__ import main
from games.damas.pdn import read_games
from games.damas.pdn_write import write_games

PDN_DIR = Path(__file__).parents[2] / "data" / "pdn"
PDN_FILES = sorted(PDN_DIR.glob("*.pdn"))
# The first tag of each record: Event in the standard files, Dati in the Italian one.
RECORD_START = re.compile(r"^\[(?:Event|Dati) ", re.MULTILINE)


def test_the_data_files_are_there(data_dir: Path) -> None:
    assert data_dir / "pdn" == PDN_DIR
    assert len(PDN_FILES) >= 6, f"PDN test files missing in {PDN_DIR}"
    assert (data_dir / "perft.md").is_file()


@pytest.mark.parametrize("path", PDN_FILES, ids=[path.name for path in PDN_FILES])
def test_every_game_of_the_file_replays(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["check-pdn", str(path)])
    report = capsys.readouterr().out.splitlines()
    records = len(RECORD_START.findall(path.read_text(encoding="utf-8")))
    assert report[:-1] == [], "illegal moves reported"
    final = re.fullmatch(r"games=(\d+) moves=(\d+) illegal=(\d+) unread=0", report[-1])
    assert final is not None, report[-1]
    games, moves, illegal = map(int, final.groups())
    assert (games, illegal, status) == (records, 0, 0)
    assert moves >= games


@pytest.mark.parametrize("path", PDN_FILES, ids=[path.name for path in PDN_FILES])
def test_written_file_reads_back_to_the_same_games(path: Path) -> None:
    games = read_games(path.read_text(encoding="utf-8"))
    text = write_games(games)
    again = read_games(text)
    assert [(game.variant, game.moves, game.result, game.fen) for game in again] == [
        (game.variant, game.moves, game.result, game.fen) for game in games
    ]
    for original, read_back in zip(games, again, strict=True):
        assert original.tags.items() <= read_back.tags.items()
    assert write_games(again) == text
