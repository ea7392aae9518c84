"""What a front end remembers (bot/recent.py) forgets the least recently written beyond its
size."""

from __future__ import annotations

from bot.recent import Recent


def test_what_the_bot_remembers_forgets_the_oldest_beyond_its_size() -> None:
    recent: Recent[str, int] = Recent(2)
    recent["ana"] = 1
    recent["bia"] = 2
    recent["ana"] = 3  # written again: now the newest
    recent.setdefault("caio", 4)
    assert dict(recent) == {"ana": 3, "caio": 4}
