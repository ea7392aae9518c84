"""The endgame databases of the bot's data folder: mapped and handed to the engine, a file that
does not read left out with a warning, and the worker processes playing with them (a review's
search of a long Italian king ending finds the win at once)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.computer.databases import load_databases
from bot.settings import endgame_folder
from games.damas.engine.compiled import COMPILED, new_endgame
from games.damas.engine.databases.__main__ import default_folder
from games.damas.engine.databases.build import build_material, hold
from games.damas.engine.databases.loaded import forget, loaded
from games.damas.engine.databases.materials import pairs
from games.damas.engine.databases.tables import decode, file_name
from games.damas.engine.search import WON
from games.damas.review import search_snapshot

# Built by the compiled core (CI builds it: tests/games/damas/engine/conftest.py).
pytestmark = pytest.mark.skipif(not COMPILED, reason="the compiled core is not built here")
# Three kings against one, 31 plies to the capture: too far for 2,000 nodes of search.
LONG_WIN = "W:WK4,K7,K8:BK15"


@pytest.fixture(autouse=True)
def no_databases_after() -> None:
    forget()


def _write_kings_only(folder: Path, variant: str) -> None:
    """The materials of kings alone, up to four pieces, as the build command writes them."""
    endgame = new_endgame(variant)
    (folder / variant).mkdir(parents=True)
    for material in pairs(variant, 4):
        if not material.a[1] and not material.b[1]:
            data = build_material(endgame, variant, material)
            hold(endgame, decode(data))
            (folder / variant / file_name(material)).write_bytes(data)


def test_the_databases_of_the_folder_are_given_to_the_engine(tmp_path: Path) -> None:
    _write_kings_only(tmp_path, "italian")
    assert load_databases(tmp_path) == ["italian"]
    tables = loaded("italian-familiar")
    assert tables is not None
    assert tables.most == 4
    assert loaded("brazilian") is None


def test_the_build_command_writes_where_the_bot_reads() -> None:
    assert default_folder() == endgame_folder()


def test_no_folder_no_databases(tmp_path: Path) -> None:
    assert load_databases(tmp_path / "absent") == []
    assert loaded("italian") is None


def test_a_file_that_does_not_read_leaves_its_variant_out(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    _write_kings_only(tmp_path, "italian")
    broken = tmp_path / "italian" / "2k0m-1k0m.egdb"
    broken.write_bytes(broken.read_bytes()[:-10])
    with caplog.at_level(logging.WARNING):
        assert load_databases(tmp_path) == []
    assert "endgame databases of italian left out: 2k0m-1k0m: sizes" in caplog.text
    assert loaded("italian") is None


def test_the_workers_play_with_the_databases_of_their_folder(tmp_path: Path) -> None:
    _write_kings_only(tmp_path, "italian")
    assert search_snapshot("italian", LONG_WIN, 2000).score < WON
    computers = ComputerPlayers(workers=1, databases=tmp_path)

    async def review() -> int:
        try:
            return (await computers.work(search_snapshot, "italian", LONG_WIN, 2000)).score
        finally:
            computers.close()

    assert asyncio.run(review()) > WON
