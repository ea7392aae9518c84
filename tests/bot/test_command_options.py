"""Each command's options are declared once (issue 35, item 5)."""

from __future__ import annotations

from bot.service.command_table.games import NEW


def test_a_number_before_a_whole_time_control_is_the_players() -> None:
    """"/new ludo 2 3d": two players, 3 days a move (the number was left among the game's
    words, where it made "23d" of the clock: 23 days, refused)."""
    assert NEW.read(["ludo", "2", "3d"]) == {"game": "ludo", "players": 2, "options": "3d"}
    assert NEW.read(["ludo", "3", "days"]) == {"game": "ludo", "options": "3 days"}
