"""Benchmark: the memory and time of `python -m storage copy` for a large SQLite database.

    python bench/copy_memory.py [--games 9500] [--plies 80]

Builds a damas-bot SQLite database of `--games` finished games of `--plies` moves each
(about 50 MB with the defaults), written straight into the schema's tables (the store's own
migrations make the schema), starts a PostgreSQL server of its own (tests/postgres_server.py)
and copies the database into it with `python -m storage copy`, run as a child process whose
peak resident memory (its own, from wait4) and time are measured. The LAST line printed is a
JSON object: source_mb, peak_rss_mb, seconds, rows.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from child_usage import run_measured

from games.damas import Position
from storage import open_store
from tests.postgres_server import start_server

PLAYERS = 500
# One made-up move per ply (the copy checks move logs, not their legality).
NOTATIONS = ("32-28", "19-23", "28x19", "14x23", "37-32", "10-14", "31-27", "16-21")
PLAYED_AT = "2026-01-31T12:{minute:02d}:{second:02d}.000000+00:00"


def build_source(path: Path, games: int, plies: int) -> int:
    """Write the database; the number of rows it holds."""

    async def create_schema() -> None:
        await (await open_store(path)).close()

    asyncio.run(create_schema())
    snapshot = Position.start("international").snapshot()
    connection = sqlite3.connect(path)
    with connection:
        connection.executemany(
            "INSERT INTO players (id, display_name, created_at) VALUES (?, ?, ?)",
            [
                (number, f"player {number}", PLAYED_AT.format(minute=0, second=0))
                for number in range(1, PLAYERS + 1)
            ],
        )
        for game_id in range(1, games + 1):
            white, black = game_id % PLAYERS + 1, (game_id * 7 + 1) % PLAYERS + 1
            connection.execute(
                "INSERT INTO games (id, kind, options, status, version, result, snapshot, "
                "created_at, updated_at) VALUES (?, 'international', '{}', 'finished', ?, "
                '\'{"winners": [0], "reason": "resigned"}\', ?, ?, ?)',
                (
                    game_id,
                    plies + 1,
                    snapshot,
                    PLAYED_AT.format(minute=0, second=0),
                    PLAYED_AT.format(minute=59, second=59),
                ),
            )
            connection.executemany(
                "INSERT INTO game_seats (game_id, seat, player_id) VALUES (?, ?, ?)",
                [(game_id, 0, white), (game_id, 1, black)],
            )
            connection.executemany(
                "INSERT INTO moves (game_id, ply, notation, seat, player_id, played_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        ply,
                        NOTATIONS[ply % len(NOTATIONS)],
                        (ply - 1) % 2,
                        (white, black)[(ply - 1) % 2],
                        PLAYED_AT.format(minute=ply // 60 % 60, second=ply % 60),
                    )
                    for ply in range(1, plies + 1)
                ],
            )
    connection.close()
    return PLAYERS + games * (1 + 2 + plies)


def copy_and_measure(source: Path, target: str) -> tuple[float, float, str]:
    """Run the copy as a child; its peak RSS in MB, its seconds and its output."""
    command = [sys.executable, "-m", "storage", "copy", str(source), target]
    run = run_measured(command, Path(__file__).resolve().parents[1])
    if run.exit_status != 0:
        raise SystemExit(f"the copy failed (exit {run.exit_status}): {run.stderr.strip()}")
    return run.peak_rss_mb, run.seconds, run.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=9_500)
    parser.add_argument("--plies", type=int, default=80)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="damas-copy-bench-") as folder:
        source = Path(folder) / "large.sqlite3"
        began = time.perf_counter()
        rows = build_source(source, options.games, options.plies)
        source_mb = source.stat().st_size / 1e6
        print(
            f"source: {source_mb:.1f} MB, {rows} rows, built in {time.perf_counter() - began:.1f} s"
        )
        server = start_server()
        try:
            peak_mb, seconds, output = copy_and_measure(source, server.new_database())
        finally:
            server.stop()
    print(output)
    print(f"copy: {seconds:.1f} s, peak RSS {peak_mb:.1f} MB")
    print(
        json.dumps(
            {
                "source_mb": round(source_mb, 1),
                "peak_rss_mb": round(peak_mb, 1),
                "seconds": round(seconds, 1),
                "rows": rows,
            }
        )
    )


if __name__ == "__main__":
    main()
