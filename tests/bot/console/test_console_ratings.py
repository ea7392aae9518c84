"""Ratings in the console: a rated game between two people at one keyboard, its change at the
end, /profile (with the chart saved as a PNG) and /top."""

from __future__ import annotations

from pathlib import Path

from tests.bot.console.test_console import run_bot


def test_a_rated_game_at_one_keyboard_then_profile_and_top(tmp_path: Path) -> None:
    output = run_bot(
        tmp_path / "bot.sqlite3",
        [
            "/as ana",
            "/new brazilian vs bia white",
            "/as bia",
            "/accept",
            "/as ana",
            "c3-d4",
            "/as bia",
            "f6-g5",
            "/as ana",
            "g3-h4",
            "/as bia",
            "b6-a5",
            "/resign yes",
            "/perfil ana",
            "/profile zeca",
            "/classifica",
        ],
    )
    assert "ana (White, 1500?) - bia (Black, 1500?)" in output
    assert "ana (White, 1662? +162) - bia (Black, 1338? -162)" in output
    # Face to face at one keyboard, without a clock: the live pool (docs/ratings.md).
    assert "Brazilian draughts (live): 1662? (+162 in 30 days, 1 game)" in output
    (chart,) = tmp_path.glob("*ratings-*.png")
    assert chart.read_bytes().startswith(b"\x89PNG")
    assert "I do not know zeca." in output
    assert "In this chat:\n1. ana 1662?\n2. bia 1338?\nEveryone:" in output
