"""The learned evaluation's pipeline on a tiny run: each step's command makes what the next
reads, and the last one a weight file the engine loads and plays with."""

from __future__ import annotations

import os
import random
from dataclasses import replace
from pathlib import Path

import pytest

from games.damas import Position
from games.damas.engine import Limit, think
from games.damas.engine.compiled import core_of, tools
from games.damas.engine.evaluate import weights_for
from games.damas.engine.patterns import STATES, block_origins, decode
from learning import generate, label

# numpy is the `learn` extra's (pyproject.toml): CI installs it, a bare checkout may not.
if os.environ.get("CI") != "true":
    pytest.importorskip("numpy")

from learning import fit, write


def test_the_steps_make_a_weight_file_the_engine_plays_with(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert (
        generate.main(
            ["--variant", "brazilian", "--games", "2", "--nodes", "150", "--data", str(data)]
        )
        == 0
    )
    lines = (data / "brazilian.positions").read_text().splitlines()
    assert len(lines) > 20
    again = tmp_path / "again"
    jobs = ["--jobs", "2", "--data", str(again)]
    generate.main(["--variant", "brazilian", "--games", "2", "--nodes", "150", *jobs])
    # From the seed, whatever the processes.
    assert (again / "brazilian.positions").read_text().splitlines() == lines
    fields = lines[0].split()
    assert len(fields) == 6
    assert fields[3] in ("0", "1")  # the side to move
    assert fields[4] in ("0", "1", "2")  # White's result
    assert label.main(["--variant", "brazilian", "--nodes", "300", "--data", str(data)]) == 0
    labelled = (data / "brazilian.labelled").read_text().splitlines()
    assert [line.rsplit(" ", 1)[0] for line in labelled] == lines
    label.main(["--variant", "brazilian", "--nodes", "300", "--data", str(again), "--jobs", "2"])
    assert (again / "brazilian.labelled").read_text().splitlines() == labelled
    assert fit.main(["--variant", "brazilian", "--epochs", "5", "--data", str(data)]) == 0
    modules = tmp_path / "modules"
    with pytest.raises(SystemExit, match="no such folder"):
        write.main(["--variant", "brazilian", "--data", str(data), "--to", str(modules)])
    modules.mkdir()
    assert write.main(["--variant", "brazilian", "--data", str(data), "--to", str(modules)]) == 0
    patterns = decode((modules / "brazilian.dpat").read_bytes())
    assert patterns.origins == block_origins(8)
    assert all(len(table) == STATES for table in patterns.middle)
    assert any(any(table) for table in patterns.middle), "the fit moved no weight"
    # The engine plays with them, both searches alike.
    learned = replace(weights_for("brazilian", "hand"), patterns=patterns)
    position = Position.start("brazilian")
    evaluate, _ = tools("brazilian", learned)
    side = (position.white, position.black, position.kings, 0)
    assert core_of("brazilian", learned).evaluate(*side) == evaluate(*side)
    thought = think(position, Limit(nodes=500, seconds=100.0), random.Random(0), learned)
    assert thought.move in position.legal_moves()


def test_the_labels_take_the_positions_game_by_game() -> None:
    start = Position.start("brazilian")
    opening = start.play(start.legal_moves()[0])
    line = "{:x} {:x} 0 0 1 0"
    first = line.format(start.white, start.black)
    later = line.format(opening.white, opening.black)
    emptier = line.format(opening.white & (opening.white - 1), opening.black)
    # Pieces only go: a game goes on while they do not grow.
    assert label.games_of([first, later, emptier, first, emptier]) == [
        [first, later, emptier],
        [first, emptier],
    ]
