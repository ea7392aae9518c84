"""Durability: moves confirmed by a process killed with SIGKILL are all in the database."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

MOVE_WRITER = Path(__file__).with_name("move_writer.py")
ROUNDS = 6
MOST_ROUNDS = 60


def start_writer(db_path: Path, output: Path, *arguments: str) -> subprocess.Popen[bytes]:
    # Output to a file, not a pipe: a full pipe would stall the writer between commits, and
    # the kills must land in the middle of real work.
    with output.open("wb") as stdout:
        return subprocess.Popen([sys.executable, MOVE_WRITER, db_path, *arguments], stdout=stdout)


def confirmed_plies(output: Path) -> list[int]:
    lines = output.read_text().splitlines()
    # A kill can cut the last line short; "confirmed 1" may be a cut "confirmed 12".
    complete = lines if output.read_bytes().endswith(b"\n") else lines[:-1]
    return [int(line.removeprefix("confirmed ")) for line in complete]


def test_confirmed_moves_survive_sigkill_and_the_game_goes_on(tmp_path: Path) -> None:
    db_path = tmp_path / "durable.sqlite"
    rng = random.Random(20261121)
    confirmed: set[int] = set()
    # At least ROUNDS kills, and more until enough moves were confirmed between them (a loaded
    # machine writes fewer in the same time).
    round_number = 0
    while round_number < ROUNDS or (len(confirmed) <= 50 and round_number < MOST_ROUNDS):
        output = tmp_path / f"round{round_number}.txt"
        writer = start_writer(db_path, output)
        # Some kills land while the process starts or migrates, most while it writes moves:
        # a crash at a random moment, not a wait.
        time.sleep(rng.uniform(0.4, 1.5))
        writer.send_signal(signal.SIGKILL)
        assert writer.wait(timeout=10) == -signal.SIGKILL
        confirmed.update(confirmed_plies(output))
        round_number += 1
    assert len(confirmed) > 50, "the writer should have confirmed moves before the kills"

    with closing(sqlite3.connect(db_path)) as database:
        assert database.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        stored = database.execute("SELECT ply, notation FROM moves ORDER BY ply").fetchall()
        (snapshot,) = database.execute("SELECT snapshot FROM games").fetchone()
    plies = [ply for ply, _ in stored]
    assert confirmed <= set(plies)
    assert plies == list(range(1, len(plies) + 1))
    assert all(notation == f"m{ply}" for ply, notation in stored)
    assert snapshot == f"after {plies[-1]}"

    output = tmp_path / "continued.txt"
    continued = start_writer(db_path, output, "3")
    assert continued.wait(timeout=10) == 0
    last = plies[-1]
    assert confirmed_plies(output) == [last + 1, last + 2, last + 3]
