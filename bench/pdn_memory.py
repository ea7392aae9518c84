"""Benchmark: the time and memory of `python -m games.damas check-pdn` on large PDN files.

    python bench/pdn_memory.py [--tag-mb 20] [--file-mb 50]

Two files, each checked by a child process whose peak resident memory (its own, from wait4)
and time are measured:
- `tag`: one record whose Event tag holds `--tag-mb` MB of text, then an ordinary game;
- `file`: `--file-mb` MB of real games (the tournament records of tests/data/pdn, repeated).
The LAST line printed is a JSON object: for each file its MB, seconds, peak RSS and the
check's summary line.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from child_usage import run_measured

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "tests" / "data" / "pdn" / "international-nk2003-amsterdam.pdn"
ORDINARY_GAME = '[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *\n'


def write_tag_file(path: Path, megabytes: float) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write('[Event "')
        block = "x" * 1_000_000
        for _ in range(round(megabytes)):
            out.write(block)
        out.write('"]\n1. 32-28 *\n\n' + ORDINARY_GAME)


def write_games_file(path: Path, megabytes: float) -> None:
    games = GAMES.read_text(encoding="utf-8").strip() + "\n\n"
    with path.open("w", encoding="utf-8") as out:
        for _ in range(round(megabytes * 1e6 / len(games))):
            out.write(games)


def check(path: Path) -> dict[str, object]:
    run = run_measured([sys.executable, "-m", "games.damas", "check-pdn", str(path)], ROOT)
    lines = run.stdout.strip().splitlines()
    figures = {
        "mb": round(path.stat().st_size / 1e6, 1),
        "seconds": round(run.seconds, 1),
        "peak_rss_mb": round(run.peak_rss_mb, 1),
        "exit": run.exit_status,
        "summary": lines[-1] if lines else run.stderr.strip()[-200:],
        "first_line": (lines[:1] or run.stderr.strip().splitlines()[:1] or [""])[0][:200],
    }
    print(f"{path.name}: {figures}")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tag-mb", type=float, default=20)
    parser.add_argument("--file-mb", type=float, default=50)
    options = parser.parse_args()
    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="damas-pdn-bench-") as folder:
        tag_file = Path(folder) / "tag.pdn"
        write_tag_file(tag_file, options.tag_mb)
        results["tag"] = check(tag_file)
        games_file = Path(folder) / "games.pdn"
        write_games_file(games_file, options.file_mb)
        results["file"] = check(games_file)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
