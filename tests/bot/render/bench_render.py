"""Render time of every picture kind (not a test: run it to measure, and to save samples).

    python -m tests.bot.render.bench_render [--renders 200] [--samples DIR]

Prints per kind the time of the first render (which builds the cached background) and p50
and p99 of the next ones, in milliseconds, and as its last line a JSON object with them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bot.render import (
    BLACK,
    WHITE,
    Colour,
    DraughtsView,
    LudoView,
    render_bracket,
    render_crosstable,
    render_draughts,
    render_ludo,
    render_standings,
)
from tests.bot.render.tournaments import crosstable, knockout, standings


def _start(size: int) -> dict[int, tuple[Colour, bool]]:
    per_side = (size // 2 - 1) * size // 2
    count = size * size // 2
    black = dict.fromkeys(range(1, per_side + 1), (BLACK, False))
    white = dict.fromkeys(range(count - per_side + 1, count + 1), (WHITE, False))
    return black | white | {size // 2 + 1: (BLACK, True)}


def _draughts(size: int, corner_left: bool, viewer: Colour) -> Callable[[], bytes]:
    count = size * size // 2
    view = DraughtsView(
        size,  # type: ignore[arg-type]
        corner_left,
        _start(size),
        labels="alphanumeric" if size == 8 and corner_left else "numeric",
        last_move=(count - size, count - size - size // 2, count - size - size),
        captured=(count - size - size // 2 + 1,),
        viewer=viewer,
        highlight=(count - 1, count - 2),
    )
    return lambda: render_draughts(view)


def _ludo(viewer: int) -> Callable[[], bytes]:
    view = LudoView(
        (1, 2, 3, 4),
        {1: (5, 5, -1, 56), 2: (0, 30, 53, -1), 3: (12, -1, -1, 50), 4: (56, 56, 44, 44)},
        last_move=(1, 2, 5),
        viewer_colour=viewer,
        dice=3,
        capture=True,
    )
    return lambda: render_ludo(view)


KINDS: dict[str, Callable[[], bytes]] = {
    "brazilian-white": _draughts(8, True, WHITE),
    "brazilian-black": _draughts(8, True, BLACK),
    "italian-white": _draughts(8, False, WHITE),
    "international-black": _draughts(10, True, BLACK),
    "ludo-4-red": _ludo(1),
    "ludo-4-blue": _ludo(4),
    "knockout-8": partial(render_bracket, knockout(8)),
    "knockout-13-teams": partial(render_bracket, knockout(13, team=True)),
    "knockout-64": partial(render_bracket, knockout(64)),
    "crosstable-7-double": partial(render_crosstable, crosstable(7, double=True)),
    "standings-64": partial(render_standings, standings(64)),
}


def _percentile(sorted_values: list[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, round(fraction * (len(sorted_values) - 1)))
    return sorted_values[index]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=200, help="renders per kind")
    parser.add_argument("--samples", type=Path, help="save one PNG per kind in this folder")
    arguments = parser.parse_args()
    figures: dict[str, dict[str, float]] = {}
    every: list[float] = []
    for name, render in KINDS.items():
        began = time.perf_counter()
        sample = render()  # builds the cached background
        cold = (time.perf_counter() - began) * 1000
        if arguments.samples:
            arguments.samples.mkdir(parents=True, exist_ok=True)
            (arguments.samples / f"{name}.png").write_bytes(sample)
        times = []
        for _ in range(arguments.renders):
            began = time.perf_counter()
            render()
            times.append((time.perf_counter() - began) * 1000)
        times.sort()
        every += times
        figures[name] = {
            "p50_ms": round(statistics.median(times), 2),
            "p99_ms": round(_percentile(times, 0.99), 2),
            "cold_ms": round(cold, 1),
            "png_kb": round(len(sample) / 1024, 1),
        }
        p50, p99 = figures[name]["p50_ms"], figures[name]["p99_ms"]
        print(f"{name:22} p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  first {cold:6.1f} ms")
    every.sort()
    overall = {
        "p50_ms": round(statistics.median(every), 2),
        "p99_ms": round(_percentile(every, 0.99), 2),
    }
    print(json.dumps({"renders_per_kind": arguments.renders, "all": overall, "kinds": figures}))


if __name__ == "__main__":
    main()
