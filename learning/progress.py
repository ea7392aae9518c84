"""A progress bar on standard error: done / total, the rate and the time left."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30


class Progress:
    """Call `advance()` per item; the bar is redrawn at most ten times a second."""

    def __init__(self, label: str, total: int, out: TextIO = sys.stderr) -> None:
        self.label, self.total, self.out = label, max(total, 1), out
        self.done = 0
        self.began = time.monotonic()
        self.drawn = 0.0

    def advance(self, count: int = 1) -> None:
        self.done += count
        now = time.monotonic()
        if now - self.drawn >= 0.1 or self.done >= self.total:
            self.drawn = now
            self.draw(now)

    def draw(self, now: float) -> None:
        elapsed = now - self.began
        share = min(self.done / self.total, 1.0)
        filled = round(WIDTH * share)
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        self.out.write(
            f"\r{self.label} [{'#' * filled}{'.' * (WIDTH - filled)}] {self.done}/{self.total}"
            f" {rate:.1f}/s, {elapsed:.0f} s, {left:.0f} s left "
        )
        if self.done >= self.total:
            self.out.write("\n")
        self.out.flush()
