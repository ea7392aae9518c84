"""A game of a ballot in the console: against the computer, which plays from the ballot's
position; the PDN starts there; the game goes on after the process ends and starts again."""

from __future__ import annotations

from pathlib import Path

from games.damas.ballots import IDF_64_BASIC
from tests.bot.console.test_console import run_bot


def test_the_computer_plays_from_the_ballot_and_the_game_survives_a_restart(
    tmp_path: Path,
) -> None:
    database = tmp_path / "club.sqlite3"
    first = run_bot(database, ["/new brazilian vs computer white ballot=1-I", "/pdn"])
    assert "Ballot 1-I of the IDF Drawing Table 64, basic positions: c3-d4 b6-a5 d4-c5." in first
    # Black is to move after the ballot's three moves: the computer's capture is the first.
    assert "Computer (normal) played d6xb4." in first
    ballot = IDF_64_BASIC.find("1-I")
    assert ballot is not None
    pdn = (tmp_path / "club-game-1.pdn").read_text()
    assert f'[FEN "{ballot.fen}"]' in pdn
    assert "1... d6xb4 *" in pdn
    second = run_bot(database, ["/history", "/games", "/new italian vs computer ballot"])
    assert "1... d6xb4" in second
    assert "#1 Brazilian draughts: player - Computer (normal) (your turn)" in second
    assert "There are no ballots for this variant yet" in second
